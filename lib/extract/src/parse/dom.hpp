#pragma once

// Stage 2, parse: text to a Document.
//   in:  the prepassed UTF-8 HTML of decode/
//   out: a Document (this file); what its elements are is for tree/
// The HTML is parsed by html_tokenizer.hpp and tree_builder.hpp; of gumbo only the tag enum and
// its names are used. Uses text/.
//
// A compact, index-linked tree, walked iteratively: nodes live in one vector, in document order,
// and refer to each other by index. Text and attribute values point into the HTML the document
// keeps, or, when character references had to be decoded, into a few large blocks (StringArena):
// no allocation per node. A page of a million tiny elements fits in a small multiple of its size
// (issue 21).

#include <gumbo.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "parse/huge_page_allocator.hpp"

namespace pagemd::extract {

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = UINT32_MAX;

enum class NodeKind : std::uint8_t { document, element, text };
enum class WalkStep : std::uint8_t { descend, skip, stop };

// Strings that stay where they are for the arena's lifetime: stored back to back in blocks that
// are never moved or resized, so views into them remain valid as more is added.
class StringArena {
 public:
  std::string_view store(std::string_view text);
  // `first` followed by `more`; extends `first` in place when it was the last string stored.
  std::string_view append(std::string_view first, std::string_view more);

 private:
  char* reserve(std::size_t size);

  std::vector<std::unique_ptr<char[]>> blocks_;
  char* next_ = nullptr;
  std::size_t left_ = 0;
};

struct Attribute {
  std::string_view name;  // lower-case
  std::string_view value;
};

// 40 bytes: a page of tiny elements has a node for every few bytes. The text is a pointer and a
// 32-bit size rather than a string_view, and the fields are in the order that leaves no padding.
struct Node {
 private:
  const char* chars_data_ = nullptr;

 public:
  NodeId parent = kNoNode;
  NodeId first_child = kNoNode;
  NodeId last_child = kNoNode;
  NodeId next_sibling = kNoNode;
  NodeId prev_sibling = kNoNode;
  std::uint32_t first_attribute = 0;  // into the document's attribute list

 private:
  std::uint32_t chars_size_ = 0;

 public:
  std::uint16_t attribute_count = 0;     // the prepass keeps at most 256
  GumboTag tag : 8 = GUMBO_TAG_UNKNOWN;  // elements only; gumbo knows about 150 tags
  NodeKind kind = NodeKind::document;

  // Lower-case tag name of an element ("svg", "my-widget"); for text nodes their text, entities
  // already decoded. Points into the document's kept source or its arena.
  [[nodiscard]] std::string_view chars() const noexcept { return {chars_data_, chars_size_}; }
  void set_chars(std::string_view chars) noexcept {
    chars_data_ = chars.data();
    chars_size_ = static_cast<std::uint32_t>(chars.size());
  }
  [[nodiscard]] std::string_view name() const noexcept {
    return kind == NodeKind::element ? chars() : std::string_view{};
  }
  [[nodiscard]] std::string_view text() const noexcept { return kind == NodeKind::text ? chars() : std::string_view{}; }
};
static_assert(sizeof(Node) == 40);

class Document {
 public:
  Document() = default;
  // Moves keep the arena's blocks, so views into them survive; copies would not.
  Document(Document&&) noexcept = default;
  Document& operator=(Document&&) noexcept = default;
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;

  // Parses the prepassed UTF-8 HTML of decode/ with pagemd's tree builder (tree_builder.hpp),
  // keeping the text: what is written without character references is not copied.
  static Document build(std::string utf8_html);
  // The same from a view, which is copied first.
  static Document parse(std::string_view utf8_html);

  [[nodiscard]] NodeId root() const noexcept { return 0; }
  [[nodiscard]] const Node& node(NodeId id) const { return nodes_[id]; }
  [[nodiscard]] std::size_t size() const noexcept { return nodes_.size(); }

  [[nodiscard]] bool is_element(NodeId id, GumboTag tag) const {
    return nodes_[id].kind == NodeKind::element && nodes_[id].tag == tag;
  }
  // The attribute's value, or nullptr when the element has no such attribute.
  [[nodiscard]] const std::string_view* attribute(NodeId id, std::string_view name) const;
  [[nodiscard]] std::span<const Attribute> attributes(NodeId id) const {
    return {attributes_.data() + nodes_[id].first_attribute, nodes_[id].attribute_count};
  }
  // The first element with this tag in document order, or kNoNode.
  [[nodiscard]] NodeId find_first(GumboTag tag, NodeId from = 0) const;
  // Every descendant element of `from` with this tag, in document order.
  [[nodiscard]] std::vector<NodeId> find_all(GumboTag tag, NodeId from = 0) const;
  // The concatenated text of the subtree, as written (no whitespace collapsing).
  [[nodiscard]] std::string text_content(NodeId id) const;
  // Whether `ancestor` is `id` or one of its ancestors.
  [[nodiscard]] bool contains(NodeId ancestor, NodeId id) const;

  // Pre-order traversal of the subtree under `from` (inclusive) without recursion. The visitor
  // returns false (or WalkStep::skip) to skip the children of the node it was given, or
  // WalkStep::stop to end the walk.
  template <typename Visitor>
  void walk(NodeId from, Visitor&& visit) const {
    NodeId current = from;
    while (current != kNoNode) {
      bool descend = true;
      if constexpr (std::is_same_v<decltype(visit(current)), WalkStep>) {
        const WalkStep step = visit(current);
        if (step == WalkStep::stop) return;
        descend = step == WalkStep::descend;
      } else {
        descend = visit(current);
      }
      const Node& n = nodes_[current];
      if (descend && n.first_child != kNoNode) {
        current = n.first_child;
        continue;
      }
      while (current != from && nodes_[current].next_sibling == kNoNode) current = nodes_[current].parent;
      current = current == from ? kNoNode : nodes_[current].next_sibling;
    }
  }

  // For the tree construction (tree_construction.cpp), which creates elements first and places
  // them after, and moves them while repairing misnested markup.
  NodeId create_element(GumboTag tag, std::string_view name, std::span<const Attribute> attributes);
  // An element of the same tag and attributes, not yet placed (for reopened formatting elements).
  NodeId clone_element(NodeId id);
  // Places an unplaced node as a child of `parent`, before `before` (kNoNode: as the last child).
  void insert(NodeId id, NodeId parent, NodeId before = kNoNode);
  // Takes a node with its subtree out of its parent.
  void detach(NodeId id);
  // Text at that place, joined to a text node just before it.
  void insert_text(std::string_view text, NodeId parent, NodeId before = kNoNode);
  // Adds the attributes the element lacks (a second <html> or <body> tag).
  void add_missing_attributes(NodeId id, std::span<const Attribute> attributes);
  // The text the tree construction reads: what points into it needs no copy.
  [[nodiscard]] std::string_view source() const { return source_ ? std::string_view(*source_) : std::string_view{}; }

 private:
  // Renumbers the nodes in document order if moves left them out of it: later stages rely on ids
  // that grow in document order.
  void put_in_document_order();
  // `text` itself when it lies in the kept source, otherwise a copy in the arena.
  std::string_view keep(std::string_view text);
  [[nodiscard]] bool in_source(std::string_view text) const;

  std::vector<Node, HugePageAllocator<Node>> nodes_;
  std::vector<Attribute> attributes_;
  StringArena strings_;
  std::unique_ptr<std::string> source_;
};

}  // namespace pagemd::extract
