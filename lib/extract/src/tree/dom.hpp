#pragma once

// Stage 2, tree: text to a Document.
//   in:  the prepassed UTF-8 HTML of decode/
//   out: a Document (this file), and what its elements are: block, furniture, hidden
//        (element_kinds.hpp), data or layout tables (table_kind.hpp), selector matches (selector.hpp)
// The only user of gumbo. Uses text/.
//
// A compact, index-linked copy of gumbo's tree. Gumbo's own tree is freed right after parsing
// (its recursive destructor is the reason the depth is bounded first), and everything after that
// walks this one iteratively: nodes live in one vector and refer to each other by index.

#include <gumbo.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace pagemd::extract {

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = UINT32_MAX;

enum class NodeKind : std::uint8_t { document, element, text };
enum class WalkStep : std::uint8_t { descend, skip, stop };

struct Attribute {
  std::string name;  // lower-case, as gumbo gives it
  std::string value;
};

struct Node {
  NodeKind kind = NodeKind::document;
  GumboTag tag = GUMBO_TAG_UNKNOWN;  // elements only
  std::string name;                  // lower-case tag name of an element ("svg", "my-widget")
  std::string text;                  // text nodes only, entities already decoded
  std::vector<Attribute> attributes;
  NodeId parent = kNoNode;
  NodeId first_child = kNoNode;
  NodeId last_child = kNoNode;
  NodeId next_sibling = kNoNode;
  NodeId prev_sibling = kNoNode;
};

class Document {
 public:
  // Parses UTF-8 HTML with gumbo and copies the tree. Comments and <template> contents are left out.
  static Document parse(std::string_view utf8_html);

  [[nodiscard]] NodeId root() const noexcept { return 0; }
  [[nodiscard]] const Node& node(NodeId id) const { return nodes_[id]; }
  [[nodiscard]] std::size_t size() const noexcept { return nodes_.size(); }

  [[nodiscard]] bool is_element(NodeId id, GumboTag tag) const {
    return nodes_[id].kind == NodeKind::element && nodes_[id].tag == tag;
  }
  // The attribute's value, or nullptr when the element has no such attribute.
  [[nodiscard]] const std::string* attribute(NodeId id, std::string_view name) const;
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

  // Mutators used while building and by tests.
  NodeId add_node(Node node, NodeId parent);

 private:
  std::vector<Node> nodes_;
};

}  // namespace pagemd::extract
