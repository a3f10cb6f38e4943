#include "content/widening/widening.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "content/pruning/block_shapes.hpp"
#include "text/phrases/boilerplate.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract::content_detail {
namespace {

// The heading a block opens with, when the block holds more than it: a card that is only its
// linked title heads nothing. Else kNoNode.
NodeId part_heading(const PageStats& page, NodeId id) {
  const Document& doc = page.doc();
  const NodeId heading = opening_heading(doc, id);
  return heading != kNoNode && page.chars(id) > page.chars(heading) ? heading : kNoNode;
}

// A <section> that opens with a heading, itself or through the one wrapper it holds (a width
// container: <section><div class=inner><h2>).
bool is_headed_section(const PageStats& page, NodeId id) {
  const Document& doc = page.doc();
  if (!doc.is_element(id, HtmlTag::section)) return false;
  if (part_heading(page, id) != kNoNode) return true;
  NodeId wrapper = kNoNode;
  for (NodeId child = doc.node(id).first_child(); child != kNoNode; child = doc.node(child).next_sibling) {
    if (doc.node(child).kind != NodeKind::element || page.dropped(child)) continue;
    if (wrapper != kNoNode || !doc.is_element(child, HtmlTag::div)) return false;
    wrapper = child;
  }
  return wrapper != kNoNode && part_heading(page, wrapper) != kNoNode;
}

// Under-extraction: the best block of an index (a news feed, a course catalogue, a list of
// recipes) is one of its items. When the chosen block, or one of its nearest ancestors, has
// siblings of the same tag, class and about its size that together hold at least twice its text,
// the content is their parent: every item, not the first or the longest. The first class name
// alone makes a template too: a page builder numbers its rows ("row row-0", "row row-1").
void widen_to_item_group(const PageStats& page, std::vector<NodeId>& roots) {
  const Document& doc = page.doc();
  const auto of_one_template = [&](NodeId a, NodeId b) {
    return same_tag_and_class(doc, a, b) || same_tag_and_first_class(doc, a, b);
  };
  // Several sibling roots of one template (items taken in beside the best) are as one of them.
  if (roots.empty() || !std::all_of(roots.begin(), roots.end(), [&](NodeId r) {
        return doc.node(r).parent == doc.node(roots.front()).parent && of_one_template(r, roots.front());
      })) {
    return;
  }
  constexpr int kLevels = 3;
  constexpr std::size_t kMinItems = 3;
  // Of several, the longest: the items of its group are about its size.
  NodeId at =
      *std::max_element(roots.begin(), roots.end(), [&](NodeId a, NodeId b) { return page.chars(a) < page.chars(b); });
  for (int level = 0; level <= kLevels && at != kNoNode; ++level, at = doc.node(at).parent) {
    const NodeId parent = doc.node(at).parent;
    if (parent == kNoNode || doc.node(at).tag == HtmlTag::body) return;
    std::size_t items = 0;
    std::uint32_t group_chars = 0;
    for (NodeId sibling = doc.node(parent).first_child(); sibling != kNoNode;
         sibling = doc.node(sibling).next_sibling) {
      if (page.dropped(sibling) || !of_one_template(sibling, at)) continue;
      // Items of one index are alike in size too: a headline strip beside a story is not its peer.
      if (page.chars(sibling) < 40 || 3 * page.chars(sibling) < page.chars(at)) continue;
      ++items;
      group_chars += page.chars(sibling);
    }
    if (items >= kMinItems && group_chars >= 2 * page.chars(at)) {
      roots = {parent};
      return;
    }
  }
}

// A document in headed <section>s (as Sphinx, rustdoc and many CMSs write one) is all of them:
// the best-scoring section (or blocks of one) is one chapter, whatever the sizes of the others.
bool widen_to_sections(const PageStats& page, std::vector<NodeId>& roots) {
  const Document& doc = page.doc();
  constexpr int kLevels = 3;
  if (roots.empty()) return false;
  const auto headed_sections_in = [&](NodeId parent) {
    int sections = 0;
    for (NodeId child = doc.node(parent).first_child(); child != kNoNode; child = doc.node(child).next_sibling) {
      if (!page.dropped(child) && is_headed_section(page, child)) ++sections;
    }
    return sections;
  };
  // Several roots are siblings: their parent is what they were chosen from, and when some of them
  // are its headed sections, the document is all of its sections, not the longest ones.
  const NodeId parent_of_roots = doc.node(roots.front()).parent;
  bool widened = false;
  if (roots.size() > 1 && parent_of_roots != kNoNode &&
      std::any_of(roots.begin(), roots.end(), [&](NodeId r) { return is_headed_section(page, r); }) &&
      headed_sections_in(parent_of_roots) >= 2) {
    roots = {parent_of_roots};
    widened = true;
  }
  // That parent, or the pick, may itself be one of the sections of a larger document.
  NodeId at = roots.size() == 1 ? roots.front() : parent_of_roots;
  for (int level = 0; level < kLevels && at != kNoNode; ++level, at = doc.node(at).parent) {
    const NodeId parent = doc.node(at).parent;
    if (parent == kNoNode || doc.node(at).tag == HtmlTag::body) break;
    if (is_headed_section(page, at) && headed_sections_in(parent) >= 2) {
      roots = {parent};
      return true;
    }
  }
  return widened;
}

// A page of headed parts that are not <section>s (a course page's divs, each an <h4> over its list
// or table): when the pick, or one of its nearest ancestors, is such a part and every sibling with
// text after the first part is one too (same tag, same heading tag), at least three of them, the
// document is their parent. A title block may come before the parts. A grid of cards that are only
// a picture and a linked title is no such document: widened to, the grid is cleaned away as links.
bool widen_to_headed_parts(const PageStats& page, std::vector<NodeId>& roots) {
  const Document& doc = page.doc();
  constexpr int kLevels = 2;
  constexpr int kMinParts = 3;
  NodeId at = roots.front();
  for (int level = 0; level <= kLevels && at != kNoNode; ++level, at = doc.node(at).parent) {
    const NodeId parent = doc.node(at).parent;
    if (parent == kNoNode || doc.node(at).tag == HtmlTag::body) return false;
    const NodeId heading = part_heading(page, at);
    if (heading == kNoNode) continue;
    const auto alike = [&](NodeId sibling) {
      const NodeId own = part_heading(page, sibling);
      return doc.node(sibling).tag == doc.node(at).tag && own != kNoNode && doc.node(own).tag == doc.node(heading).tag;
    };
    int parts = 0;
    bool all_alike = true;
    for (NodeId sibling = doc.node(parent).first_child(); sibling != kNoNode && all_alike;
         sibling = doc.node(sibling).next_sibling) {
      if (doc.node(sibling).kind != NodeKind::element || page.dropped(sibling) || page.chars(sibling) == 0) {
        continue;
      }
      const bool part = alike(sibling);
      if (!part && parts == 0) continue;
      all_alike = part;
      ++parts;
    }
    if (all_alike && parts >= kMinParts) {
      roots = {parent};
      return true;
    }
  }
  return false;
}

// Under-extraction on a page-builder page (Elementor, WPBakery, Divi, Kadence): the page is a stack
// of rows of one template, each a section of the page's copy, and the best-scoring row (an
// accordion of services, one long section) holds a part of it. When the pick, or one of its nearest
// ancestors, is one of at least three rows of the same tag and first class that together make up
// nearly all of their parent's text, when the others hold more than it and prose of their own, and
// when the stack is no list of links, the content is the stack: every row, not the longest.
bool widen_to_builder_rows(const PageStats& page, std::vector<NodeId>& roots) {
  const Document& doc = page.doc();
  constexpr int kLevels = 6;
  constexpr int kMinRows = 3;
  constexpr std::uint32_t kRowProseChars = 100;
  constexpr std::uint32_t kShortRowChars = 200;  // the scoring takes in a row of the pick's template from this
  constexpr double kRowsShare = 0.9;             // of the parent's text: nothing much beside the rows
  constexpr double kMostPickShare = 0.7;         // of the rows' text
  constexpr double kMostLinkDensity = 0.35;
  const auto prose = [&](NodeId id) {
    const TextStats s = page.stats(id);
    return s.chars - std::min(s.link_chars, s.chars);
  };
  // A story's row holds its headline: the rows after it (other posts, each a title and its opening
  // lines) are no sections of it, however long.
  NodeId headline = kNoNode;
  bool headline_found = false;
  const auto holds_headline = [&](NodeId row) {
    if (!headline_found) {
      headline_found = true;
      headline = doc.find_first(HtmlTag::h1);
    }
    return headline != kNoNode && doc.contains(row, headline);
  };
  if (roots.empty()) return false;
  // Several sibling roots of one template (rows the scoring took in beside the best) are the pick's
  // rows: the longest stands for them, and they are the pick's share of the stack. Other siblings
  // were chosen from their parent.
  const bool rows_picked = std::all_of(roots.begin(), roots.end(), [&](NodeId r) {
    return doc.node(r).parent == doc.node(roots.front()).parent && same_tag_and_first_class(doc, r, roots.front());
  });
  NodeId at = roots.front();
  if (roots.size() > 1 && rows_picked) {
    at = *std::max_element(roots.begin(), roots.end(),
                           [&](NodeId x, NodeId y) { return page.chars(x) < page.chars(y); });
  } else if (roots.size() > 1) {
    at = doc.node(at).parent;
  }
  std::uint32_t picked = 0;
  for (NodeId r : roots) picked += page.chars(r);
  NodeId stack = kNoNode;
  // A wrapper around no more than its one child's text is no level of its own: builders nest each
  // row in a dozen of them.
  for (int level = 0; level <= kLevels && at != kNoNode; at = doc.node(at).parent) {
    const NodeId parent = doc.node(at).parent;
    if (parent == kNoNode || doc.node(at).tag == HtmlTag::body) break;
    if (page.chars(parent) == page.chars(at)) continue;
    ++level;
    int rows = 0;
    int rows_of_prose = 0;
    std::uint32_t rows_chars = 0;
    std::uint32_t longest_left_out = 0;  // of the rows beside the picked ones
    for (NodeId sibling = doc.node(parent).first_child(); sibling != kNoNode;
         sibling = doc.node(sibling).next_sibling) {
      if (page.dropped(sibling) || page.chars(sibling) == 0 || !same_tag_and_first_class(doc, sibling, at)) continue;
      ++rows;
      rows_chars += page.chars(sibling);
      if (sibling != at && prose(sibling) >= kRowProseChars) ++rows_of_prose;
      if (std::find(roots.begin(), roots.end(), sibling) == roots.end()) {
        longest_left_out = std::max(longest_left_out, page.chars(sibling));
      }
    }
    const TextStats whole = page.stats(parent);
    // Rows the scoring took in are of the stack already, and when the ones it left out are short (a
    // hero's line, a closing call: too short for it) they are the rest of it. A long row it left out
    // (a teaser of another page) says the stack holds more than the story.
    const bool of_the_stack = rows_picked && roots.size() > 1 &&
                              doc.node(at).parent == doc.node(roots.front()).parent &&
                              longest_left_out < kShortRowChars;
    const bool small_share = of_the_stack || std::max(picked, page.chars(at)) <= kMostPickShare * rows_chars;
    const bool story_row = of_the_stack ? std::any_of(roots.begin(), roots.end(), holds_headline) : holds_headline(at);
    if (rows >= kMinRows && rows_of_prose >= kMinRows - 1 && rows_chars >= kRowsShare * whole.chars && small_share &&
        link_density_of(whole) <= kMostLinkDensity && !story_row) {
      stack = parent;
    }
  }
  if (stack == kNoNode) return false;
  roots = {stack};
  return true;
}

// Whether `id` is a section under a heading that names end matter ("References"): the nearest block
// with text before it, or before a wrapper it opens (up to three levels), is such a heading.
bool is_end_matter(const PageStats& page, NodeId id) {
  constexpr int kLevels = 3;
  constexpr std::uint32_t kMostLabelChars = 40;
  const NodeId label = label_before(page, id, kNoNode, kLevels, kMostLabelChars);
  return label != kNoNode && names_end_matter(page.doc().text_content(label));
}

// Under-extraction, the other way round: a pick that holds little prose of its own and under
// kSmallPickShare of the page's prose outside links (an index's introduction above its items)
// widens to its nearest ancestor holding most of the page's text. Prose, not text, is compared: a short story
// above a footer of link lists is not small next to links.
void widen_small_pick(const PageStats& page, NodeId body, std::vector<NodeId>& roots) {
  const Document& doc = page.doc();
  constexpr std::uint32_t kSmallPickChars = 1500;
  constexpr double kSmallPickShare = 0.3;
  constexpr double kWidenedShare = 0.6;
  const auto prose = [&](NodeId id) {
    const auto& s = page.stats(id);
    return s.chars - std::min(s.link_chars, s.chars);
  };
  std::uint32_t chosen = 0;
  for (NodeId r : roots) chosen += prose(r);
  // A document's end matter (its references, comma-dense citations) can outscore its sections,
  // each in a wrapper of its own; it is never the document, however long.
  const bool small = chosen < kSmallPickChars || (roots.size() == 1 && is_end_matter(page, roots.front()));
  if (!small || static_cast<double>(chosen) >= kSmallPickShare * prose(body)) return;
  // The nearest ancestor of the pick that holds that much: the introduction stays with its items.
  const double wanted = kWidenedShare * page.chars(body);
  NodeId at = roots.front();
  while (at != body && doc.node(at).parent != kNoNode && page.chars(at) < wanted) at = doc.node(at).parent;
  // A short story (an <article> under its headline) is small beside the next one loaded below it,
  // not an introduction to it: it stays whole and alone.
  if (const NodeId headline = headline_after(page, roots.front());
      roots.size() == 1 && doc.is_element(roots.front(), HtmlTag::article) && headline != kNoNode &&
      headline_after(page, at, headline) != kNoNode) {
    return;
  }
  roots = {at};
}

// The questions and answers after an article (what readers ask that it left open) are its last
// part. Their paragraphs sit deep in an accordion, too deep to lend their block the score that
// would make it a sibling worth taking; and taken as a sibling, they would keep an item's pick
// from widening to its group.
void add_questions_after(const PageStats& page, std::vector<NodeId>& roots) {
  const Document& doc = page.doc();
  if (roots.empty() || doc.node(roots.back()).tag == HtmlTag::body) return;
  for (NodeId sibling = doc.node(roots.back()).next_sibling; sibling != kNoNode;
       sibling = doc.node(sibling).next_sibling) {
    if (doc.node(sibling).kind == NodeKind::element && !page.dropped(sibling) &&
        is_questions_and_answers(page, sibling)) {
      roots.push_back(sibling);
    }
  }
}

}  // namespace

void widen_pick(const PageStats& page, NodeId body, std::vector<NodeId>& roots) {
  if (!widen_to_sections(page, roots) && !widen_to_headed_parts(page, roots)) widen_to_item_group(page, roots);
  widen_to_builder_rows(page, roots);
  widen_small_pick(page, body, roots);
  add_questions_after(page, roots);
}

}  // namespace pagemd::extract::content_detail
