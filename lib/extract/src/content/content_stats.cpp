#include "content/content_stats.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <cstdlib>
#include <string_view>

#include "text/byte_scan.hpp"
#include "text/text_util.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract::content_detail {

using namespace std::string_view_literals;
using namespace byte_words;  // count_text reads eight bytes a step too
namespace {

// Whether a comma starts at text[i]: ',' or a full-width or ideographic one (U+FF0C, U+3001).
bool comma_at(std::string_view text, std::size_t i) {
  const std::string_view rest = text.substr(i);
  return rest[0] == ',' || rest.starts_with("\xEF\xBC\x8C") || rest.starts_with("\xE3\x80\x81");
}

// Share buttons, logos and spacers are pictures too, but say nothing about the block's kind.
bool is_icon(const Document& doc, NodeId img) {
  for (std::string_view dimension : {"width"sv, "height"sv}) {
    if (const std::string_view* v = doc.attribute(img, dimension)) {
      const std::size_t pixels = leading_number(*v);
      if (pixels > 0 && pixels <= 64) return true;
    }
  }
  if (const std::string_view* src = doc.attribute(img, "src")) {
    const std::string lower = ascii_lower_copy(*src);
    for (std::string_view word :
         {"icon"sv, "logo"sv, "sprite"sv, "button"sv, "share"sv, "avatar"sv, "pixel"sv, "badge"sv}) {
      if (lower.find(word) != std::string::npos) return true;
    }
  }
  return false;
}

}  // namespace

// Every byte of the text of every block is counted here, on each attempt of the search: eight
// bytes at a time, the last few one by one.
void count_text(std::string_view text, TextStats& s) {
  std::uint32_t chars = 0;
  bool in_space = true;
  std::size_t i = 0;
  if constexpr (std::endian::native == std::endian::little) {
    for (; i + sizeof(std::uint64_t) <= text.size(); i += sizeof(std::uint64_t)) {
      std::uint64_t word = 0;
      std::memcpy(&word, text.data() + i, sizeof word);
      const std::uint64_t spaces = whitespace_bytes(word);
      const std::uint64_t continuations = word & ~(word << 1) & kHighBits;
      const std::uint64_t after_space = (spaces << 8) | (in_space ? 0x80U : 0U);
      // A whitespace run counts once, where it ends a word; code points count, not bytes, so that
      // non-Latin scripts are not over-weighted.
      chars += marked_bytes(spaces & ~after_space) + marked_bytes(~(spaces | continuations) & kHighBits);
      in_space = (spaces >> 63) != 0;
      // A comma, or a lead byte of three or four (0xE0 and up): a full-width comma may start there.
      if ((bytes_equal(word, ',') | (word & (word << 1) & (word << 2) & kHighBits)) != 0) {
        for (std::size_t k = i; k < i + sizeof(std::uint64_t); ++k) s.commas += comma_at(text, k) ? 1U : 0U;
      }
    }
  }
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (is_ascii_space(c)) {
      if (!in_space) ++chars;
      in_space = true;
      continue;
    }
    in_space = false;
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++chars;
    if (comma_at(text, i)) ++s.commas;
  }
  s.chars += chars;
}

PageStats::PageStats(const Document& doc)
    : doc_(doc),
      dropped_(doc.size(), 0),
      keeps_sums_((doc.size() + 63) / 64, 0),
      sums_before_((doc.size() + 63) / 64, 0),
      flags_(doc.size(), 0),
      text_counts_(keeps_text_counts(doc) ? doc.size() : 0, kUncounted) {
  std::uint32_t parents = 0;
  for (NodeId id = 0; id < doc_.size(); ++id) {
    if (id % 64 == 0) sums_before_[id / 64] = parents;
    const Node& n = doc_.node(id);
    if (n.first_child() == kNoNode) continue;
    const bool one_leaf = n.kind == NodeKind::element && n.first_child() == doc_.last_child(id) &&
                          doc_.node(n.first_child()).first_child() == kNoNode;
    if (one_leaf) continue;
    keeps_sums_[id / 64] |= std::uint64_t{1} << (id % 64);
    ++parents;
  }
  element_stats_.resize(parents);
  nearest_table_.assign(parents, kNoNode);
  // Facts about each node's ancestors, in one forward pass (parents come before children).
  for (NodeId id = 1; id < doc_.size(); ++id) {
    const NodeId parent = doc_.node(id).parent;
    if (parent == kNoNode) continue;
    const bool parent_code = doc_.is_element(parent, HtmlTag::pre) || doc_.is_element(parent, HtmlTag::code);
    const bool code = (flags_[parent] & kInCode) != 0 || parent_code;
    const bool figure = (flags_[parent] & kInFigure) != 0 || doc_.is_element(parent, HtmlTag::figure);
    const bool contents = (flags_[parent] & kInContents) != 0 ||
                          (doc_.node(id).kind == NodeKind::element && is_document_contents(doc_, id));
    const bool nav = (flags_[parent] & kInNav) != 0 || doc_.is_element(parent, HtmlTag::nav);
    flags_[id] = static_cast<std::uint8_t>((code ? kInCode : 0) | (figure ? kInFigure : 0) |
                                           (contents ? kInContents : 0) | (nav ? kInNav : 0));
    if (keeps_sums(id)) {
      nearest_table_[slot(id)] = doc_.is_element(parent, HtmlTag::table) ? parent : nearest_table_[slot(parent)];
    }
  }
}

// A heading's link to itself (href="#its-id", as docs generators and CMSs write one on every
// section heading) is its title, not a link away: a reference page of such sections is no link list.
// Nor is a document's own contents (a chapter's list of its sections' pages) a list of links away.
bool PageStats::is_title_link(NodeId link) const {
  if ((flags_[link] & kInContents) != 0) return true;
  const NodeId parent = doc_.node(link).parent;
  if (parent == kNoNode || heading_level(doc_.node(parent).tag) == 0) return false;
  const std::string_view* href = doc_.attribute(link, "href");
  return href != nullptr && trim(*href).starts_with('#');
}

// A teaser wrapped whole in its link (a title over a paragraph of a sentence or two, as a feed's or
// a catalogue's cards are written) is a card, not a link among text: its link's words are its
// title, and its paragraph is text as it would be beside the link. Not a card whose paragraph is
// only its title (a strip of "more stories"), and not in a menu: a mega-menu's entries describe
// where they lead as cards do, and are the menu still.
std::uint32_t PageStats::link_text_chars(NodeId link, const TextStats& s) const {
  constexpr std::uint32_t kTeaserChars = 80;
  if (is_title_link(link)) return 0;
  const bool card = s.paragraphs > 0 && s.chars >= s.heading_chars + kTeaserChars && (flags_[link] & kInNav) == 0;
  return card ? s.heading_chars : s.chars;
}

bool PageStats::keeps_text_counts(const Document& doc) {
  // Four bytes a node: a page of real text has a node every few dozen bytes, where they are little
  // beside the page; a hostile page of a node every two or three bytes (a table of bare one-letter
  // cells) would pay more for them than its bound allows, and counts its leaves again instead.
  constexpr std::size_t kFewestBytesPerNode = 8;
  return doc.size() * kFewestBytesPerNode <= doc.source().size();
}

TextStats PageStats::leaf_stats(NodeId id) const {
  TextStats s;
  if (doc_.node(id).kind == NodeKind::text) {
    const bool kept = !text_counts_.empty();
    if (const std::uint32_t counted = kept ? text_counts_[id] : kUncounted; counted != kUncounted) {
      s.chars = counted & kCountedChars;
      s.commas = counted >> kCommasShift;
      return s;
    }
    count_text(doc_.text(id), s);
    // A text of 16 million characters or 256 commas is counted again when asked.
    if (kept && s.chars < kCountedChars && s.commas <= (kUncounted >> kCommasShift)) {
      text_counts_[id] = s.chars | (s.commas << kCommasShift);
    }
  } else {
    add_own(id, s);
  }
  return s;
}

void PageStats::add_own(NodeId id, TextStats& s) const {
  switch (doc_.node(id).tag) {
    case HtmlTag::a: s.link_chars = link_text_chars(id, s); break;
    case HtmlTag::p: ++s.paragraphs; break;
    case HtmlTag::img: s.images += is_icon(doc_, id) ? 0u : 1u; break;
    case HtmlTag::li: ++s.list_items; break;
    case HtmlTag::input: ++s.inputs; break;
    case HtmlTag::embed:
    case HtmlTag::object:
    case HtmlTag::iframe:
    case HtmlTag::video: ++s.embeds; break;
    case HtmlTag::pre: ++s.code_or_tables; break;
    case HtmlTag::table: s.code_or_tables += is_data_table(id) ? 1u : 0u; break;
    case HtmlTag::h1:
    case HtmlTag::h2:
    case HtmlTag::h3:
    case HtmlTag::h4:
    case HtmlTag::h5:
    case HtmlTag::h6: s.heading_chars = s.chars; break;
    // An AMP page's <amp-img> is an image as an <img> is.
    case HtmlTag::unknown: s.images += is_image(doc_, id) && !is_icon(doc_, id) ? 1u : 0u; break;
    default: break;
  }
}

// Nodes are stored parents-first, so a reverse sweep visits every child before its parent.
void PageStats::compute_stats() {
  std::fill(element_stats_.begin(), element_stats_.end(), TextStats{});
  for (NodeId id = static_cast<NodeId>(doc_.size()); id-- > 0;) {
    const NodeId parent = doc_.node(id).parent;
    flags_[id] &= static_cast<std::uint8_t>(~(kCounted | kRemoved));
    if (dropped_[id]) continue;
    if (!keeps_sums(id)) {
      // Children come first in this sweep, so a one-leaf element's leaf is already counted.
      flags_[id] |= kCounted;
      if (parent != kNoNode && keeps_sums(parent)) element_stats_[slot(parent)].add(stats(id));
      continue;
    }
    TextStats& s = element_stats_[slot(id)];
    add_own(id, s);
    if (parent != kNoNode) element_stats_[slot(parent)].add(s);
  }
}

std::string PageStats::small_text(NodeId id) const {
  // The pruning asks the deepest elements first (and each twice), so a wrapper's only child has
  // just been asked, and the wrapper's walk is one visit (itself, no text) more than the child's.
  // A deep nest of wrappers would otherwise cost a walk per level.
  if (id == small_text_of_) return small_text_;
  const Node& n = doc_.node(id);
  if (n.first_child() != kNoNode && n.first_child() == doc_.last_child(id) && n.first_child() == small_text_of_ &&
      !dropped_[id]) {
    ++small_text_visits_;
    if (small_text_visits_ > kSmallTextBudget) small_text_.clear();
  } else {
    small_text_.clear();
    small_text_visits_ = 0;
    // Text of different elements set side by side (<span>Jo Doe</span><span>May 3</span>) is read
    // as a page shows it, where styles part them: as separate words.
    NodeId last_parent = kNoNode;
    doc_.walk(id, [&](NodeId d) {
      if (++small_text_visits_ > kSmallTextBudget) return WalkStep::stop;
      if (dropped_[d]) return WalkStep::skip;
      const std::string_view text = doc_.text(d);
      if (text.empty()) return WalkStep::descend;
      const NodeId parent = doc_.node(d).parent;
      if (parent != last_parent && last_parent != kNoNode && !small_text_.empty() &&
          !is_ascii_space(small_text_.back()) && !is_ascii_space(text.front())) {
        small_text_ += ' ';
      }
      last_parent = parent;
      small_text_ += text;
      return WalkStep::descend;
    });
    if (small_text_visits_ > kSmallTextBudget) small_text_.clear();
  }
  small_text_of_ = id;
  return small_text_;
}

NodeId headline_after(const PageStats& page, NodeId id, NodeId after) {
  const Document& doc = page.doc();
  NodeId found = kNoNode;
  doc.walk(id, [&](NodeId d) {
    if (page.dropped(d) || doc.node(d).kind != NodeKind::element) return WalkStep::skip;
    if (doc.node(d).tag == HtmlTag::h1 && (after == kNoNode || d > after)) found = d;
    return found != kNoNode ? WalkStep::stop : WalkStep::descend;
  });
  return found;
}

NodeId label_before(const PageStats& page, NodeId id, NodeId stop, int levels, std::uint32_t most_chars) {
  const Document& doc = page.doc();
  NodeId at = id;
  for (int level = 0; level < levels && at != stop && at != kNoNode; ++level, at = doc.node(at).parent) {
    NodeId before = doc.prev_sibling(at);
    while (before != kNoNode && page.chars(before) == 0) before = doc.prev_sibling(before);
    if (before == kNoNode) continue;  // it opens its parent: the label, if any, comes before that
    return doc.node(before).kind == NodeKind::element && page.chars(before) <= most_chars ? before : kNoNode;
  }
  return kNoNode;
}

}  // namespace pagemd::extract::content_detail
