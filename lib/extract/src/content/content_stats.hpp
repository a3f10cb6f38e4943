#pragma once

// The page as the main-content search sees it: which subtrees are dropped so far and, over the
// rest, per-subtree sums. The scoring (content_scoring.cpp) and the pruning (pruning/)
// judge elements by these sums; the search (content.cpp) decides what is dropped up front.

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tree/table_kind.hpp"
#include "parse/dom.hpp"
#include "text/byte_scan.hpp"

namespace pagemd::extract::content_detail {

// Per-subtree sums, kept up to date as elements are dropped, so that judging an element never
// needs a walk of its subtree (deep pages would make that quadratic).
struct TextStats {
  std::uint32_t chars = 0;       // text length with whitespace runs counted once
  std::uint32_t link_chars = 0;  // of which inside <a>
  std::uint32_t commas = 0;
  std::uint32_t paragraphs = 0;
  std::uint32_t images = 0;  // not counting icons
  std::uint32_t list_items = 0;
  std::uint32_t inputs = 0;
  std::uint32_t embeds = 0;
  std::uint32_t heading_chars = 0;
  std::uint32_t code_or_tables = 0;  // <pre> and data <table> elements

  bool operator==(const TextStats&) const = default;

  void add(const TextStats& o) {
    chars += o.chars;
    link_chars += o.link_chars;
    commas += o.commas;
    paragraphs += o.paragraphs;
    images += o.images;
    list_items += o.list_items;
    inputs += o.inputs;
    embeds += o.embeds;
    heading_chars += o.heading_chars;
    code_or_tables += o.code_or_tables;
  }
  void subtract(const TextStats& o) {
    chars -= o.chars;
    link_chars -= o.link_chars;
    commas -= o.commas;
    paragraphs -= o.paragraphs;
    images -= o.images;
    list_items -= o.list_items;
    inputs -= o.inputs;
    embeds -= o.embeds;
    heading_chars -= o.heading_chars;
    code_or_tables -= o.code_or_tables;
  }
};

// std::popcount, inline: without the POPCNT instruction (not in the x86-64 baseline) it is a call
// into libgcc, and slot() is asked of nearly every node on every pass.
[[nodiscard]] constexpr std::uint32_t bits_set(std::uint64_t bits) {
  bits -= (bits >> 1) & 0x5555555555555555;
  bits = (bits & 0x3333333333333333) + ((bits >> 2) & 0x3333333333333333);
  bits = (bits + (bits >> 4)) & 0x0F0F0F0F0F0F0F0F;
  return static_cast<std::uint32_t>((bits * 0x0101010101010101) >> 56);
}

// Adds the text's characters (whitespace runs counted once, code points rather than bytes) and
// commas to `s`.
void count_text(std::string_view text, TextStats& s);

// The share of the text inside links.
[[nodiscard]] inline double link_density_of(const TextStats& s) {
  return s.chars == 0 ? 0.0 : static_cast<double>(s.link_chars) / s.chars;
}

// Whether compute_stats() has run since the drop mask was last set: only then do drops take their
// sums off their ancestors'.
enum class Sums : std::uint8_t { not_yet, computed };

// One per search. The sums follow the mask through drop() once compute_stats() has run; until
// then (the search marking what to leave out) they are stale.
class PageStats {
 public:
  explicit PageStats(const Document& doc);

  [[nodiscard]] const Document& doc() const noexcept { return doc_; }

  [[nodiscard]] bool dropped(NodeId id) const { return dropped_[id] != 0; }
  // Leaves a subtree out before the sums are computed: compute_stats() counts without it.
  void mark_dropped(NodeId id) {
    dropped_[id] = 1;
    small_text_of_ = kNoNode;
  }
  // Leaves a subtree out once the sums exist, taking its sums off its ancestors'.
  void drop(NodeId id) {
    if (dropped_[id]) return;
    dropped_[id] = 1;
    small_text_of_ = kNoNode;
    const TextStats removed = stats(id);
    flags_[id] |= kRemoved;  // what a parent counted when asked leaves it out from now on
    // Nothing to take off: the wrappers around a dropped block, emptied by it, go one by one, and
    // a deep nest of them would otherwise walk the nest once per level.
    if (removed == TextStats{}) return;
    for (NodeId p = doc_.node(id).parent; p != kNoNode; p = doc_.node(p).parent) {
      if (keeps_sums(p)) element_stats_[slot(p)].subtract(removed);
    }
  }
  // The whole mask (per node: 1 = leave this subtree out), saved and restored between attempts and
  // handed over as the result.
  [[nodiscard]] const std::vector<std::uint8_t>& drop_mask() const noexcept { return dropped_; }
  void restore_drop_mask(const std::vector<std::uint8_t>& mask) {
    dropped_ = mask;
    small_text_of_ = kNoNode;
  }
  [[nodiscard]] std::vector<std::uint8_t> take_drop_mask() {
    small_text_of_ = kNoNode;
    return std::move(dropped_);
  }

  // Leaves out each outermost element below `from` that `is_chrome` picks (its subtree is not
  // asked about).
  template <typename Judge>
  void drop_outermost(NodeId from, Sums sums, Judge&& is_chrome) {
    doc_.walk(from, [&](NodeId id) {
      if (dropped(id)) return false;
      if (doc_.node(id).kind != NodeKind::element || id == from) return true;
      if (!is_chrome(id)) return true;
      if (sums == Sums::computed) {
        drop(id);
      } else {
        mark_dropped(id);
      }
      return false;
    });
  }

  // Per-node text statistics over the nodes not dropped.
  void compute_stats();
  // Counted when asked for a leaf (a text node, a <br>) and for an element holding just one leaf
  // (<b>word</b>); kept for the rest. A page of tiny elements or line breaks has one of those every
  // few bytes.
  [[nodiscard]] TextStats stats(NodeId id) const {
    if (keeps_sums(id)) return element_stats_[slot(id)];
    if ((flags_[id] & kCounted) == 0) return {};
    if (doc_.node(id).first_child() == kNoNode) return leaf_stats(id);
    TextStats s;
    if (const NodeId leaf = counted_leaf(id); leaf != kNoNode) s = leaf_stats(leaf);
    add_own(id, s);
    return s;
  }
  // stats(id).chars, without counting the other sums where they are not kept: most questions
  // are about the characters alone, and a page of line breaks asks them of millions of leaves.
  [[nodiscard]] std::uint32_t chars(NodeId id) const {
    if (keeps_sums(id)) return element_stats_[slot(id)].chars;
    if ((flags_[id] & kCounted) == 0) return 0;
    const Node& n = doc_.node(id);
    if (n.kind == NodeKind::text) return leaf_stats(id).chars;
    // An element holding one leaf at most (<b>word</b>, <br>): its leaf's.
    const NodeId leaf = counted_leaf(id);
    return leaf != kNoNode ? chars(leaf) : 0;
  }
  [[nodiscard]] double link_density(NodeId id) const { return link_density_of(stats(id)); }

  [[nodiscard]] bool in_code(NodeId id) const { return (flags_[id] & kInCode) != 0; }  // inside <pre> or <code>
  [[nodiscard]] bool in_figure(NodeId id) const { return (flags_[id] & kInFigure) != 0; }
  // Classifying walks the table, so each table is classified once.
  [[nodiscard]] bool is_data_table(NodeId table) const {
    std::uint8_t& flags = flags_[table];
    if ((flags & kTableClassified) == 0) {
      flags |= kTableClassified;
      if (classify_table(doc_, table) == TableKind::data) flags |= kDataTable;
    }
    return (flags & kDataTable) != 0;
  }
  // The closest <table> ancestor of `id`, or kNoNode.
  [[nodiscard]] NodeId enclosing_table(NodeId id) const { return nearest_table(id); }
  [[nodiscard]] bool inside_data_table(NodeId id) const {
    const NodeId table = nearest_table(id);
    return table != kNoNode && is_data_table(table);
  }

  // The nodes with more than one leaf below them keep sums. They are numbered 0..kept_nodes()-1 in
  // document order (their slot), so that callers can keep facts of their own for them alone: a
  // page of tiny elements or line breaks has few such nodes and a node every few bytes.
  [[nodiscard]] bool keeps_sums(NodeId id) const { return ((keeps_sums_[id / 64] >> (id % 64)) & 1U) != 0; }
  [[nodiscard]] std::uint32_t slot(NodeId id) const {
    const std::uint64_t before_in_word = keeps_sums_[id / 64] & ((std::uint64_t{1} << (id % 64)) - 1);
    return sums_before_[id / 64] + bits_set(before_in_word);
  }
  [[nodiscard]] std::size_t kept_nodes() const noexcept { return element_stats_.size(); }

  // The text of a small element; empty for one with many elements (a few letters spread over
  // thousands of tags are not a phrase, and collecting them would cost a walk per ancestor).
  [[nodiscard]] std::string small_text(NodeId id) const;

 private:
  // Per node, one byte of facts (a page of line breaks has a node every 4 bytes).
  static constexpr std::uint8_t kCounted = 1;          // counted by the last compute_stats()
  static constexpr std::uint8_t kInCode = 2;           // inside <pre> or <code>
  static constexpr std::uint8_t kInFigure = 4;         // inside <figure>
  static constexpr std::uint8_t kTableClassified = 8;  // a table whose kind is known (classifying walks it)
  static constexpr std::uint8_t kDataTable = 16;       // ... and is a data table
  static constexpr std::uint8_t kRemoved = 32;         // dropped by drop() since the last compute_stats()
  static constexpr std::uint8_t kInContents = 64;      // inside a document's own contents (is_document_contents)
  static constexpr std::uint8_t kInNav = 128;          // inside <nav>

  [[nodiscard]] TextStats leaf_stats(NodeId id) const;
  // The leaf of an element that holds one, when it counts towards the element's sums (counted and
  // not removed since); kNoNode otherwise.
  [[nodiscard]] NodeId counted_leaf(NodeId element) const {
    const NodeId leaf = doc_.node(element).first_child();
    return leaf != kNoNode && (flags_[leaf] & (kCounted | kRemoved)) == kCounted ? leaf : kNoNode;
  }
  // Adds what an element counts for itself to the sums of its children.
  void add_own(NodeId id, TextStats& s) const;
  [[nodiscard]] bool is_title_link(NodeId link) const;
  // The characters of a link that count as link text (its sums so far in `s`).
  [[nodiscard]] std::uint32_t link_text_chars(NodeId link, const TextStats& s) const;
  // The closest <table> ancestor, kept for the nodes that keep sums (the rest ask their parent).
  [[nodiscard]] NodeId nearest_table(NodeId id) const {
    for (; !keeps_sums(id); id = doc_.node(id).parent) {
      const NodeId parent = doc_.node(id).parent;
      if (parent == kNoNode) return kNoNode;
      if (doc_.is_element(parent, HtmlTag::table)) return parent;
    }
    return nearest_table_[slot(id)];
  }

  const Document& doc_;
  // The last small_text() asked: of which node, its text, and how many nodes its walk visited (one
  // over the budget when the element was too big). Forgotten whenever the drop mask changes.
  static constexpr int kSmallTextBudget = 256;
  mutable NodeId small_text_of_ = kNoNode;
  mutable std::string small_text_;
  mutable int small_text_visits_ = 0;
  std::vector<std::uint8_t> dropped_;
  // A bit per node: whether it keeps sums (it has more than one leaf below it). With the count of
  // such nodes before each 64, this finds a node's sums in 1.5 bits a node instead of a 4-byte index.
  std::vector<std::uint64_t> keeps_sums_;
  std::vector<std::uint32_t> sums_before_;
  std::vector<TextStats> element_stats_;
  mutable std::vector<std::uint8_t> flags_;
  // Per text node, its characters (the low 24 bits) and commas (the top 8) once counted: the
  // attempts of the search and the scoring and pruning in each ask about the same leaves again.
  static constexpr std::uint32_t kUncounted = UINT32_MAX;
  static constexpr std::uint32_t kCountedChars = (std::uint32_t{1} << 24) - 1;
  static constexpr int kCommasShift = 24;
  mutable std::vector<std::uint32_t> text_counts_;  // empty on pages too dense in nodes to afford it
  [[nodiscard]] static bool keeps_text_counts(const Document& doc);
  std::vector<NodeId> nearest_table_;  // by slot
};

// The first shown <h1> under `id` after `after` (kNoNode: from the start), or kNoNode: a story's
// headline, and whether a block holds a second story's.
[[nodiscard]] NodeId headline_after(const PageStats& page, NodeId id, NodeId after = kNoNode);

// The label a section comes under: the nearest block with text before `id`, or before the wrapper
// `id` opens (climbing at most `levels` wrappers, and never to `stop`), when that block is an element
// of at most `most_chars` characters (a heading, a widget's title). Else kNoNode.
[[nodiscard]] NodeId label_before(const PageStats& page, NodeId id, NodeId stop, int levels, std::uint32_t most_chars);

}  // namespace pagemd::extract::content_detail
