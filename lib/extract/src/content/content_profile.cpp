#include "content/content_profile.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "text/phrases/boilerplate.hpp"
#include "content/pruning/block_shapes.hpp"
#include "content/content_stats.hpp"
#include "tree/element_kinds.hpp"
#include "tree/hiding.hpp"
#include "text/text_util.hpp"
#include "text/words.hpp"

namespace pagemd::extract::content_detail {
namespace {

// Blocks that are mostly links (menus, tag clouds, "more from the shop" strips) are navigation
// wherever they stand; the outermost such block goes whole.
void drop_link_lists(PageStats& page, NodeId body) {
  constexpr double kLinkListDensity = 0.6;
  const Document& doc = page.doc();
  page.drop_outermost(body, Sums::computed, [&](NodeId id) {
    const TextStats s = page.stats(id);
    return s.chars >= 20 && s.link_chars > kLinkListDensity * s.chars && is_block_tag(doc.node(id).tag);
  });
}

// The text of a description list of one term, as "term: description" ("Joined: Jun 29, 2016"): a
// poster's figure written as a term and its value, whatever the list is called.
std::string term_and_description(const PageStats& page, NodeId list) {
  const Document& doc = page.doc();
  NodeId term = kNoNode;
  NodeId description = kNoNode;
  for (NodeId child = doc.node(list).first_child(); child != kNoNode; child = doc.node(child).next_sibling) {
    if (page.dropped(child) || doc.node(child).kind != NodeKind::element) continue;
    NodeId& slot = doc.node(child).tag == HtmlTag::dt ? term : description;
    if (slot != kNoNode || (doc.node(child).tag != HtmlTag::dt && doc.node(child).tag != HtmlTag::dd)) return {};
    slot = child;
  }
  if (term == kNoNode || description == kNoNode) return {};
  return page.small_text(term) + ": " + page.small_text(description);
}

// A poster's figures, each a short block of its own.
void drop_poster_figures(PageStats& page, NodeId body) {
  constexpr std::uint32_t kMostChars = 60;
  const Document& doc = page.doc();
  page.drop_outermost(body, Sums::computed, [&](NodeId id) {
    const TextStats s = page.stats(id);
    if (s.chars > kMostChars || s.chars == 0 || !is_block_tag(doc.node(id).tag)) return false;
    if (doc.node(id).tag == HtmlTag::dl) return looks_like_poster_figure(term_and_description(page, id));
    return looks_like_poster_figure(page.small_text(id));
  });
}

// A menu left outside <nav>: a list of many short items, nearly all link text (a mega-menu of
// services, a footer's site map). Items of a listing carry more than their link, and a grid of
// categories heads each of its items.
void drop_menus(PageStats& page, NodeId body) {
  constexpr std::uint32_t kMenuItems = 8;
  constexpr std::uint32_t kMenuItemChars = 40;
  constexpr double kMenuLinkDensity = 0.8;
  const Document& doc = page.doc();
  page.drop_outermost(body, Sums::computed, [&](NodeId id) {
    const HtmlTag tag = doc.node(id).tag;
    const TextStats s = page.stats(id);
    return (tag == HtmlTag::ul || tag == HtmlTag::ol) && s.list_items >= kMenuItems &&
           s.chars < kMenuItemChars * s.list_items && s.link_chars > kMenuLinkDensity * s.chars && s.heading_chars == 0;
  });
}

bool in_list_item(const Document& doc, NodeId id) {
  constexpr int kItemLevels = 6;
  return ancestor_within(doc, id, HtmlTag::li, kItemLevels) != kNoNode;
}

// Whether the block is a row of a few links drawn as buttons. A grid of a dozen feature cards, each
// a link, is not one, whatever the cards' class says.
bool only_button_links(const Document& doc, NodeId block) {
  constexpr std::size_t kMostButtons = 4;
  bool all_buttons = true;
  std::size_t buttons = 0;
  doc.walk(block, [&](NodeId at) {
    if (!all_buttons) return false;
    if (!doc.is_element(at, HtmlTag::a)) return true;
    all_buttons = ++buttons <= kMostButtons && is_button_link(doc, at);
    return false;
  });
  return all_buttons;
}

// The last child of a block that is an element with text, or kNoNode when text written straight
// into the block comes last.
NodeId last_part(const PageStats& page, NodeId block) {
  const Document& doc = page.doc();
  for (NodeId child = doc.last_child(block); child != kNoNode; child = doc.prev_sibling(child)) {
    if (page.dropped(child) || page.chars(child) == 0) continue;
    return doc.node(child).kind == NodeKind::element ? child : kNoNode;
  }
  return kNoNode;
}

// The link a block ends with on a line of its own: its last part is a link, or a line holding
// nothing but one.
NodeId closing_link(const PageStats& page, NodeId block) {
  const Document& doc = page.doc();
  NodeId last = last_part(page, block);
  if (last != kNoNode && !doc.is_element(last, HtmlTag::a) && is_block_tag(doc.node(last).tag)) {
    const TextStats line = page.stats(last);
    if (line.chars == 0 || line.link_chars != line.chars) return kNoNode;
    last = last_part(page, last);
  } else if (last != kNoNode && !starts_a_line(page, last)) {
    return kNoNode;  // the end of a sentence ("Did the knobs come loose? Read part two")
  }
  return last != kNoNode && doc.is_element(last, HtmlTag::a) ? last : kNoNode;
}

// Characters of text under `root` before `id` (`after`: after it): in the siblings of it and of
// each of its ancestors below `root`.
std::uint32_t text_beside_within(const PageStats& page, NodeId id, NodeId root, bool after) {
  const Document& doc = page.doc();
  std::uint32_t chars = 0;
  for (NodeId at = id; at != root && at != kNoNode; at = doc.node(at).parent) {
    for (NodeId other = after ? doc.node(at).next_sibling : doc.prev_sibling(at); other != kNoNode;
         other = after ? doc.node(other).next_sibling : doc.prev_sibling(other)) {
      if (!page.dropped(other)) chars += page.chars(other);
    }
  }
  return chars;
}

// Whether a sibling of the block has its tag and its class (or, as it, none) and ends with a link
// too: the block is one of a row of cards, each a title, a line and a link, which are the page's items.
bool has_alike_sibling(const PageStats& page, NodeId id) {
  const Document& doc = page.doc();
  const NodeId parent = doc.node(id).parent;
  if (parent == kNoNode) return false;
  for (NodeId sibling = doc.node(parent).first_child(); sibling != kNoNode; sibling = doc.node(sibling).next_sibling) {
    if (sibling == id || page.dropped(sibling) || !same_tag_and_class(doc, sibling, id)) continue;
    if (closing_link(page, sibling) != kNoNode) return true;
  }
  return false;
}

}  // namespace

bool is_pitch_box(const PageStats& page, NodeId id, NodeId root) {
  constexpr std::uint32_t kMostPitchChars = 200;  // a sentence or two
  constexpr std::uint32_t kMostButtonChars = 40;
  const Document& doc = page.doc();
  const HtmlTag tag = doc.node(id).tag;
  if (tag != HtmlTag::div && tag != HtmlTag::section && tag != HtmlTag::aside) return false;
  const TextStats s = page.stats(id);
  if (s.chars == 0 || s.chars > kMostPitchChars + kMostButtonChars + s.heading_chars || s.list_items > 0 ||
      s.images > 1 || s.code_or_tables > 0 || s.embeds > 0) {
    return false;
  }
  const NodeId link = closing_link(page, id);
  if (link == kNoNode) return false;
  // The button is the box's one link: a sentence of the text that links on is text, not a pitch.
  const TextStats button = page.stats(link);
  if (button.chars > kMostButtonChars || button.chars == s.chars || s.link_chars != button.link_chars) return false;
  // A button says what it does in a few words ("Contact us"); a reference's link says where (a
  // DOI, an address, a date).
  constexpr std::size_t kMostButtonWords = 5;
  const std::string label = page.small_text(link);
  if (count_words(label) > kMostButtonWords ||
      std::any_of(label.begin(), label.end(), [](char c) { return is_ascii_digit(c) || c == ':' || c == '/'; })) {
    return false;
  }
  const std::uint32_t pitch = s.chars - s.link_chars - std::min(s.heading_chars, s.chars - s.link_chars);
  if (pitch > kMostPitchChars) return false;
  // After the content's end: text comes before it, none after.
  return !has_alike_sibling(page, id) && text_beside_within(page, id, root, /*after=*/true) == 0 &&
         text_beside_within(page, id, root, /*after=*/false) >= s.chars;
}

void drop_calls_to_action(PageStats& page, NodeId root, bool short_links_are_buttons) {
  constexpr std::uint32_t kShortChars = 60;
  const Document& doc = page.doc();
  page.drop_outermost(root, Sums::computed, [&](NodeId id) {
    const HtmlTag tag = doc.node(id).tag;
    const TextStats s = page.stats(id);
    const bool link_row = (tag == HtmlTag::p || tag == HtmlTag::div) && s.chars > 0 && s.link_chars == s.chars &&
                          s.heading_chars == 0 && s.list_items == 0 && s.images == 0;
    if (!link_row || in_list_item(doc, id)) return false;
    return (short_links_are_buttons && s.chars <= kShortChars) || only_button_links(doc, id);
  });
}

void drop_pitch_boxes(PageStats& page, NodeId root) {
  page.drop_outermost(root, Sums::computed, [&](NodeId id) { return is_pitch_box(page, id, root); });
}

void drop_profile_chrome(PageStats& page, NodeId body, const ContentProfile& profile) {
  if (profile.drop_poster_figures) drop_poster_figures(page, body);
  if (profile.drop_link_lists) drop_link_lists(page, body);
  drop_menus(page, body);
  drop_calls_to_action(page, body, profile.short_links_are_buttons);
  // A spinner's "Loading...", a lone "Share" or "Read more": chrome on every kind of page, as
  // they are inside an article. Last: a bar of such links goes whole with the link lists.
  page.drop_outermost(body, Sums::computed, [&](NodeId id) { return says_only_a_widget_phrase(page, id); });
}

// The descent stops where no single child holds that much, so the content spread over siblings
// (posts, sections, tab panels) stays together.
NodeId block_holding(const PageStats& page, NodeId from, double share, bool with_links, bool posts_together) {
  const Document& doc = page.doc();
  const auto prose = [&](NodeId id) {
    const TextStats s = page.stats(id);
    return static_cast<double>(s.chars - (with_links ? 0 : std::min(s.link_chars, s.chars)));
  };
  // A post of a thread whose other posts say a little: one long post (a pasted log) holds most of
  // the text, and the thread is still all of its posts.
  const auto one_of_posts = [&](NodeId id) {
    constexpr double kPostChars = 80;
    for (NodeId sibling = doc.node(doc.node(id).parent).first_child(); sibling != kNoNode;
         sibling = doc.node(sibling).next_sibling) {
      if (sibling != id && !page.dropped(sibling) && same_tag_and_first_class(doc, sibling, id) &&
          prose(sibling) >= kPostChars) {
        return true;
      }
    }
    return false;
  };
  const double wanted = share * prose(from);
  NodeId at = from;
  for (bool descended = true; descended;) {
    descended = false;
    for (NodeId child = doc.node(at).first_child(); child != kNoNode; child = doc.node(child).next_sibling) {
      if (page.dropped(child) || doc.node(child).kind != NodeKind::element) continue;
      // The panel on show is one of a set the reader switches between: the set is what holds.
      if (is_tab_panel(doc, child)) break;
      if (prose(child) >= wanted) {
        if (posts_together && one_of_posts(child)) break;
        at = child;
        descended = true;
        break;
      }
    }
  }
  return at;
}

void keep_first_heading_only(PageStats& page, NodeId pane) {
  const Document& doc = page.doc();
  const auto is_heading = [&](NodeId at) { return heading_level(doc.node(at).tag) > 0; };
  bool named = false;
  doc.walk(pane, [&](NodeId id) {
    if (id == pane) return true;
    if (!named && is_heading(id)) {
      named = true;
      return false;
    }
    if (!named && doc.node(id).kind == NodeKind::element && holds_heading(doc, id)) return true;
    page.mark_dropped(id);
    return false;
  });
}

namespace {

// A block's text as a fingerprint: the sum of its text nodes' hashes (FNV-1a over their non-space
// bytes) and the count of those bytes. A sum, so that a parent's is its children's added up in one
// sweep; the texts' order is lost, which two blocks of the same texts in another order can bear.
struct TextPrint {
  std::uint64_t hash = 0;
  std::uint32_t chars = 0;

  void add(const TextPrint& other) {
    hash += other.hash;
    chars += other.chars;
  }
  [[nodiscard]] std::uint64_t key() const { return hash ^ (std::uint64_t{chars} << 40U); }
};

class RepeatFinder {
 public:
  explicit RepeatFinder(PageStats& page) : page_(page), doc_(page.doc()), prints_(page.kept_nodes()) {}

  void drop_repeats(const std::vector<NodeId>& roots) {
    for (NodeId root : roots) sum_prints(root);
    std::unordered_map<std::uint64_t, NodeId> first_seen;
    for (NodeId root : roots) {
      doc_.walk(root, [&](NodeId id) {
        if (page_.dropped(id) || doc_.node(id).kind != NodeKind::element) return false;
        const HtmlTag tag = doc_.node(id).tag;
        if (tag == HtmlTag::pre) return false;
        if (is_marquee(id)) {
          page_.mark_dropped(id);
          return false;
        }
        if (!is_block_tag(tag) || tag == HtmlTag::p) return true;
        if (tag == HtmlTag::blockquote && is_pull_quote(id, roots)) {
          page_.mark_dropped(id);
          return false;
        }
        const TextPrint print = print_of(id);
        if (print.chars < kFewestChars) {
          // A short block is read once when the block beside it says the same: a page's mobile
          // and desktop copies of a heading or a caption, one of them hidden by a stylesheet. A
          // heading however short, alone (no picture, no link: not a card): a section is not
          // titled twice in a row.
          const TextStats& stats = page_.stats(id);
          const bool all_heading = stats.heading_chars >= stats.chars && stats.images == 0 && stats.link_chars == 0;
          if ((print.chars >= kFewestNeighbourChars || (all_heading && print.chars > 0)) &&
              repeats_previous_sibling(id, print)) {
            page_.mark_dropped(id);
            return false;
          }
          return print.chars >= 2 * kFewestNeighbourChars;  // room for two copies below
        }
        const auto [seen, first] = first_seen.try_emplace(print.key(), id);
        if (first || doc_.contains(seen->second, id)) return true;
        page_.mark_dropped(id);
        return false;
      });
    }
  }

 private:
  static constexpr std::uint32_t kFewestChars = 100;  // a sentence or two: a short line repeats by chance
  // ...but not side by side: a line of a few words written twice in a row is one line shown twice.
  static constexpr std::uint32_t kFewestNeighbourChars = 25;

  // The previous element among the siblings (text between them, if any, is only whitespace) holds
  // the same text.
  [[nodiscard]] bool repeats_previous_sibling(NodeId id, const TextPrint& print) const {
    for (NodeId sibling = doc_.prev_sibling(id); sibling != kNoNode; sibling = doc_.prev_sibling(sibling)) {
      if (page_.dropped(sibling)) continue;
      if (doc_.node(sibling).kind != NodeKind::element) {
        if (print_of(sibling).chars > 0) return false;
        continue;
      }
      return print_of(sibling).key() == print.key();
    }
    return false;
  }

  // A ticker: one short phrase written again and again, each copy an element of its own ("Book now *
  // Book now * ..."), for an animation to scroll. Once would say all it says, and it says nothing
  // of the page.
  [[nodiscard]] bool is_marquee(NodeId id) const {
    // A table row of the same mark in every cell ("Yes" under each plan, "-" in each empty column)
    // is data: its cells are columns, not an animation's copies.
    if (doc_.node(id).tag == HtmlTag::tr) return false;
    constexpr int kFewestCopies = 6;
    constexpr std::uint32_t kMostPhraseChars = 40;
    int copies = 0;
    TextPrint phrase;
    for (NodeId child = doc_.node(id).first_child(); child != kNoNode; child = doc_.node(child).next_sibling) {
      if (page_.dropped(child)) continue;
      const TextPrint print = print_of(child);
      if (doc_.node(child).kind != NodeKind::element) {
        if (print.chars > 0) return false;  // text between the copies
        continue;
      }
      if (copies == 0) phrase = print;
      if (print.chars == 0 || print.chars > kMostPhraseChars || print.key() != phrase.key()) return false;
      ++copies;
    }
    return copies >= kFewestCopies;
  }

  // Node ids run in document order and a subtree's ids are contiguous: counting down from its last
  // node visits every child before its parent.
  void sum_prints(NodeId root) {
    for (NodeId id = doc_.last_descendant(root); id > root; --id) {
      const NodeId parent = doc_.node(id).parent;
      if (page_.dropped(id) || !page_.keeps_sums(parent)) continue;
      prints_[page_.slot(parent)].add(print_of(id));
    }
  }

  // A pull quote: a line of the text set again in large type beside it. The reader has read it
  // where it stands; it is no quotation of someone else's words.
  [[nodiscard]] bool is_pull_quote(NodeId quote, const std::vector<NodeId>& roots) {
    constexpr std::size_t kShortestQuote = 30;
    constexpr std::size_t kLongestQuote = 400;
    // A page sets a few lines as pull quotes; a page of thousands of quotes (a thread quoting its
    // posts) would search its whole text for each.
    constexpr int kMostQuotesAsked = 16;
    if (++quotes_asked_ > kMostQuotesAsked) return false;
    // Case aside: a pull quote capitalises the words it lifts from inside a sentence.
    const std::string line = ascii_lower_copy(trim(collapse_whitespace(doc_.text_content(quote))));
    if (line.size() < kShortestQuote || line.size() > kLongestQuote) return false;
    // A feature's text is some tens of kilobytes; a copy of a 10 MB page's would cost as much
    // memory again for a line or two.
    constexpr std::uint32_t kMostTextSearched = 1024 * 1024;
    std::uint32_t chars = 0;
    for (NodeId root : roots) chars += page_.chars(root);
    if (chars > kMostTextSearched) return false;
    if (roots_text_.empty()) {
      for (NodeId root : roots) roots_text_ += ascii_lower_copy(collapse_whitespace(doc_.text_content(root))) + " ";
    }
    const std::size_t first = roots_text_.find(line);
    return first != std::string::npos && roots_text_.find(line, first + 1) != std::string::npos;
  }

  // Kept for the nodes that keep sums; the rest hold one leaf at most, read when asked.
  [[nodiscard]] TextPrint print_of(NodeId id) const {
    while (!page_.keeps_sums(id) && doc_.node(id).kind == NodeKind::element) {
      id = doc_.node(id).first_child();
      if (id == kNoNode || page_.dropped(id)) return {};
    }
    if (page_.keeps_sums(id)) return prints_[page_.slot(id)];
    TextPrint print;
    print.hash = 14695981039346656037ULL;
    for (char c : doc_.text(id)) {
      if (is_ascii_space(c)) continue;
      print.hash = (print.hash ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
      ++print.chars;
    }
    return print.chars == 0 ? TextPrint{} : print;
  }

  PageStats& page_;
  const Document& doc_;
  std::vector<TextPrint> prints_;  // by slot
  std::string roots_text_;         // the content's text, whitespace collapsed, read for the first quote
  int quotes_asked_ = 0;
};

}  // namespace

void drop_repeated_blocks(PageStats& page, const std::vector<NodeId>& roots) { RepeatFinder(page).drop_repeats(roots); }

}  // namespace pagemd::extract::content_detail
