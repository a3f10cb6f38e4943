#include "content/pruning/block_shapes.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "text/phrases/boilerplate.hpp"
#include "text/text_util.hpp"
#include "text/words.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract::content_detail {

namespace {

enum class Side : std::uint8_t { before, after };

// The nearest sibling on one side that is neither dropped nor whitespace; kNoNode when there is
// none. Skipping is bounded: a run of many such siblings counts as a separation.
NodeId neighbour(const PageStats& page, NodeId id, Side side) {
  const Document& doc = page.doc();
  const auto skippable = [&](NodeId n) {
    return page.dropped(n) || (doc.node(n).kind == NodeKind::text && trim(doc.text(n)).empty());
  };
  const auto step = [&](NodeId n) { return side == Side::before ? doc.prev_sibling(n) : doc.node(n).next_sibling; };
  NodeId at = step(id);
  for (int skipped = 0; at != kNoNode && skippable(at); ++skipped) {
    at = skipped < 8 ? step(at) : kNoNode;
  }
  return at;
}

bool separates_lines(const PageStats& page, NodeId sibling) {
  if (sibling == kNoNode) return true;
  const Node& n = page.doc().node(sibling);
  return n.kind == NodeKind::element && (is_block_tag(n.tag) || n.tag == HtmlTag::br);
}

// Whether block `id` is a teaser's line: a widget's label ending in a colon ("Read more:", "See
// also:") and then links and little else. The label alone would go as a widget phrase and leave
// the link behind as if it were text of the page.
bool is_teaser_line(const PageStats& page, NodeId id, std::uint32_t chars) {
  constexpr std::uint32_t kLongestLine = 200;
  const Document& doc = page.doc();
  const HtmlTag tag = doc.node(id).tag;
  if (chars > kLongestLine || (tag != HtmlTag::p && tag != HtmlTag::div && tag != HtmlTag::li)) return false;
  // Mostly links, whatever the label (at most a few words) takes: most lines are asked no more.
  constexpr std::uint32_t kLongestLabel = 40;
  const TextStats line = page.stats(id);
  if (line.link_chars == 0 || line.link_chars * 5 < (line.chars - std::min(line.chars, kLongestLabel)) * 4) {
    return false;
  }
  NodeId label = doc.node(id).first_child();
  while (label != kNoNode && doc.node(label).kind == NodeKind::text && trim(doc.text(label)).empty()) {
    label = doc.node(label).next_sibling;
  }
  if (label == kNoNode || doc.node(label).kind != NodeKind::element || is_block_tag(doc.node(label).tag) ||
      doc.is_element(label, HtmlTag::a)) {
    return false;
  }
  std::string text = ascii_lower_copy(collapse_whitespace(page.small_text(label)));
  if (!text.ends_with(':')) return false;
  while (!text.empty() && text.back() == ':') text.pop_back();
  if (!is_widget_phrase(text) && !is_boilerplate_label(text)) return false;
  const std::uint32_t rest = line.chars - std::min(line.chars, page.chars(label));
  return rest > 0 && line.link_chars >= rest * 4 / 5;
}

}  // namespace

bool starts_a_line(const PageStats& page, NodeId id) {
  return separates_lines(page, neighbour(page, id, Side::before));
}

bool stands_alone(const PageStats& page, NodeId id) {
  return starts_a_line(page, id) && separates_lines(page, neighbour(page, id, Side::after));
}

bool inside_a_line(const PageStats& page, NodeId id) {
  const auto words = [&](NodeId sibling) {
    return sibling != kNoNode && page.doc().node(sibling).kind == NodeKind::text;
  };
  return words(neighbour(page, id, Side::before)) && words(neighbour(page, id, Side::after));
}

bool heads_prose(const PageStats& page, NodeId id) {
  constexpr std::uint32_t kProseChars = 80;
  constexpr std::size_t kSentenceWords = 6;
  const Document& doc = page.doc();
  if (heading_level(doc.node(id).tag) == 0) return false;
  for (NodeId next = doc.node(id).next_sibling; next != kNoNode; next = doc.node(next).next_sibling) {
    if (page.dropped(next) || doc.node(next).kind != NodeKind::element) continue;
    if (heading_level(doc.node(next).tag) > 0) return false;
    const TextStats stats = page.stats(next);
    if (link_density_of(stats) >= 0.5) return false;
    if (stats.chars >= kProseChars) return true;
    const std::string text = page.small_text(next);
    const std::string_view sentence = trim(text);
    return sentence.ends_with('.') && count_words(sentence) >= kSentenceWords;
  }
  return false;
}

bool heads_a_paragraph(const Document& doc, NodeId heading) {
  if (heading_level(doc.node(heading).tag) == 0) return false;
  constexpr std::uint32_t kProseChars = 80;
  NodeId next = doc.node(heading).next_sibling;
  while (next != kNoNode && doc.node(next).kind != NodeKind::element) next = doc.node(next).next_sibling;
  if (next == kNoNode || doc.node(next).tag != HtmlTag::p) return false;
  // Counted from the tree, not the page's sums: the furniture is marked before they are.
  std::uint32_t chars = 0;
  std::uint32_t link_chars = 0;
  doc.walk(next, [&](NodeId d) {
    if (doc.is_element(d, HtmlTag::a)) {
      doc.walk(d, [&](NodeId in_link) {
        link_chars += non_space_bytes(doc.text(in_link));
        return WalkStep::descend;
      });
      return WalkStep::skip;
    }
    chars += non_space_bytes(doc.text(d));
    return WalkStep::descend;
  });
  chars += link_chars;
  return chars >= kProseChars && 4 * link_chars < chars;
}

bool in_headed_table(const PageStats& page, NodeId id) {
  const Document& doc = page.doc();
  const NodeId table = doc.is_element(id, HtmlTag::table) ? id : page.enclosing_table(id);
  if (table == kNoNode) return false;
  constexpr int kMostElements = 64;
  int visits = 0;
  bool headed = false;
  doc.walk(table, [&](NodeId at) {
    if (++visits > kMostElements) return WalkStep::stop;
    if (at != table && doc.is_element(at, HtmlTag::table)) return WalkStep::skip;
    if (doc.is_element(at, HtmlTag::th)) {
      headed = true;
      return WalkStep::stop;
    }
    return doc.node(at).kind == NodeKind::element ? WalkStep::descend : WalkStep::skip;
  });
  return headed;
}

bool says_only_a_widget_phrase(const PageStats& page, NodeId id) {
  // The counted characters are at least the text's non-space ones.
  const std::uint32_t chars = page.chars(id);
  if (is_teaser_line(page, id, chars)) return true;
  if (chars > 40 || chars < widget_phrase_min_letters()) return false;
  // A widget's word in a sentence ("some partners compare one library") is a word of it.
  if (!is_block_tag(page.doc().node(id).tag) && !starts_a_line(page, id)) return false;
  std::string text = ascii_lower_copy(collapse_whitespace(page.small_text(id)));
  while (!text.empty() && (text.back() == ':' || text.back() == '.' || text.back() == '!')) text.pop_back();
  if (!is_widget_phrase(text) || heads_prose(page, id)) return false;
  // A teaser line's label goes with its line, which is judged after it (deepest first).
  const NodeId parent = page.doc().node(id).parent;
  return parent == kNoNode || !is_teaser_line(page, parent, page.chars(parent));
}

bool heads_an_index_entry(const Document& doc, NodeId header) {
  constexpr int kLevels = 3;
  const NodeId entry = ancestor_within(doc, header, HtmlTag::article, kLevels);
  if (entry == kNoNode || !holds_heading(doc, header)) return false;
  const auto article_beside = [&](bool after) {
    NodeId at = entry;
    do {
      at = after ? doc.node(at).next_sibling : doc.prev_sibling(at);
    } while (at != kNoNode && doc.node(at).kind != NodeKind::element);
    return at != kNoNode && doc.is_element(at, HtmlTag::article);
  };
  return article_beside(true) || article_beside(false);
}

bool is_questions_and_answers(const PageStats& page, NodeId id) {
  constexpr double kMostLinkDensity = 0.2;
  constexpr int kFewestQuestions = 3;
  constexpr std::size_t kShortestQuestion = 12;
  constexpr std::size_t kLongestQuestion = 200;
  const Document& doc = page.doc();
  if (page.link_density(id) >= kMostLinkDensity || page.stats(id).inputs > 0) return false;
  int questions = 0;
  std::size_t question_chars = 0;
  doc.walk(id, [&](NodeId at) {
    if (page.dropped(at)) return WalkStep::skip;
    if (doc.node(at).kind != NodeKind::text) return WalkStep::descend;
    const std::string_view line = trim(doc.text(at));
    // Most of its element's text: a toggle's icon name may follow the question ("chevron_right").
    if (line.size() >= kShortestQuestion && line.size() <= kLongestQuestion && line.back() == '?' &&
        3 * line.size() >= 2 * page.chars(doc.node(at).parent)) {
      ++questions;
      question_chars += line.size();
    }
    return WalkStep::descend;
  });
  return questions >= kFewestQuestions && page.chars(id) >= 3 * question_chars;
}

namespace {

// Whether `item` holds a heading of `tag` with a link in it, among its first nodes: an item's title
// comes before its teaser, and a big block is looked at no further than a card would be.
bool holds_linked_heading(const Document& doc, NodeId item, HtmlTag tag) {
  constexpr std::size_t kNodesLookedAt = 96;
  std::size_t visited = 0;
  bool found = false;
  doc.walk(item, [&](NodeId at) {
    if (++visited > kNodesLookedAt) return WalkStep::stop;
    if (!doc.is_element(at, tag)) return WalkStep::descend;
    found = doc.any_element(at, [&](NodeId link) { return doc.node(link).tag == HtmlTag::a; });
    return found ? WalkStep::stop : WalkStep::skip;
  });
  return found;
}

}  // namespace

bool is_item_title(const PageStats& page, NodeId heading) {
  constexpr int kLevels = 5;
  constexpr int kFewestOtherItems = 2;
  constexpr int kSiblingsAsked = 6;  // on each side: the items of a run stand together
  const Document& doc = page.doc();
  const HtmlTag tag = doc.node(heading).tag;
  NodeId at = doc.node(heading).parent;
  for (int level = 0; level < kLevels && at != kNoNode && doc.node(at).tag != HtmlTag::body;
       ++level, at = doc.node(at).parent) {
    int items = 0;
    for (const bool after : {false, true}) {
      int asked = 0;
      for (NodeId sibling = after ? doc.node(at).next_sibling : doc.prev_sibling(at);
           sibling != kNoNode && asked < kSiblingsAsked;
           sibling = after ? doc.node(sibling).next_sibling : doc.prev_sibling(sibling)) {
        if (doc.node(sibling).kind != NodeKind::element || page.dropped(sibling)) continue;
        ++asked;
        const bool alike = same_tag_and_first_class(doc, sibling, at) || same_tag_and_class(doc, sibling, at);
        if (alike && holds_linked_heading(doc, sibling, tag) && ++items >= kFewestOtherItems) return true;
      }
    }
  }
  return false;
}

}  // namespace pagemd::extract::content_detail
