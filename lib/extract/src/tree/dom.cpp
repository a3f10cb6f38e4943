#include "tree/dom.hpp"

#include <algorithm>
#include <cstring>
#include <memory>

namespace pagemd::extract {
namespace {

struct GumboOutputDeleter {
  void operator()(GumboOutput* output) const { gumbo_destroy_output(&kGumboDefaultOptions, output); }
};

// Known tags name themselves with gumbo's static strings; an unknown one is lower-cased into `buffer`.
std::string_view element_name(const GumboElement& element, std::string& buffer) {
  if (element.tag != GUMBO_TAG_UNKNOWN) return gumbo_normalized_tagname(element.tag);
  GumboStringPiece piece = element.original_tag;
  gumbo_tag_from_original_text(&piece);
  buffer.assign(piece.data, piece.length);
  for (char& c : buffer) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return buffer;
}

// Most pages' strings are small; a block this size holds thousands, and a longer string gets a
// block of its own.
constexpr std::size_t kArenaBlock = std::size_t{64} * 1024;

// Counts the nodes of gumbo's tree, so that the copy is allocated once at its final size.
std::size_t count_nodes(const GumboNode* document) {
  std::size_t count = 1;
  std::vector<const GumboNode*> stack{document};
  while (!stack.empty()) {
    const GumboNode* node = stack.back();
    stack.pop_back();
    const GumboVector* children = node->type == GUMBO_NODE_DOCUMENT  ? &node->v.document.children
                                  : node->type == GUMBO_NODE_ELEMENT ? &node->v.element.children
                                                                     : nullptr;
    if (children == nullptr) continue;
    count += children->length;
    for (unsigned i = 0; i < children->length; ++i) stack.push_back(static_cast<const GumboNode*>(children->data[i]));
  }
  return count;
}

}  // namespace

char* StringArena::reserve(std::size_t size) {
  if (size > left_) {
    const std::size_t block = std::max(size, kArenaBlock);
    blocks_.push_back(std::make_unique_for_overwrite<char[]>(block));
    next_ = blocks_.back().get();
    left_ = block;
  }
  char* at = next_;
  next_ += size;
  left_ -= size;
  return at;
}

std::string_view StringArena::store(std::string_view text) {
  if (text.empty()) return {};
  char* at = reserve(text.size());
  std::memcpy(at, text.data(), text.size());
  return {at, text.size()};
}

std::string_view StringArena::append(std::string_view first, std::string_view more) {
  if (more.empty()) return first;
  if (!first.empty() && first.data() + first.size() == next_ && more.size() <= left_) {
    std::memcpy(next_, more.data(), more.size());
    next_ += more.size();
    left_ -= more.size();
    return {first.data(), first.size() + more.size()};
  }
  char* at = reserve(first.size() + more.size());
  std::memcpy(at, first.data(), first.size());
  std::memcpy(at + first.size(), more.data(), more.size());
  return {at, first.size() + more.size()};
}

NodeId Document::link(Node node, NodeId parent) {
  const auto id = static_cast<NodeId>(nodes_.size());
  node.parent = parent;
  node.first_child = node.last_child = node.next_sibling = node.prev_sibling = kNoNode;
  nodes_.push_back(node);
  if (parent != kNoNode) {
    Node& p = nodes_[parent];
    if (p.last_child == kNoNode) {
      p.first_child = id;
    } else {
      nodes_[p.last_child].next_sibling = id;
      nodes_[id].prev_sibling = p.last_child;
    }
    p.last_child = id;
  }
  return id;
}

NodeId Document::add_element(GumboTag tag, std::string_view name, std::span<const Attribute> attributes,
                             NodeId parent) {
  Node node;
  node.kind = NodeKind::element;
  node.tag = tag;
  // gumbo's names of known tags are static strings; only the rest need a copy.
  node.chars = tag != GUMBO_TAG_UNKNOWN && name.data() == gumbo_normalized_tagname(tag) ? name : strings_.store(name);
  node.first_attribute = static_cast<std::uint32_t>(attributes_.size());
  node.attribute_count = static_cast<std::uint32_t>(attributes.size());
  for (const Attribute& attribute : attributes) {
    attributes_.push_back({strings_.store(attribute.name), strings_.store(attribute.value)});
  }
  return link(node, parent);
}

NodeId Document::add_text(std::string_view text, NodeId parent) {
  // Adjacent text (split by a dropped comment) is merged so later stages see one run.
  const NodeId last = parent == kNoNode ? kNoNode : nodes_[parent].last_child;
  if (last != kNoNode && nodes_[last].kind == NodeKind::text) {
    nodes_[last].chars = strings_.append(nodes_[last].chars, text);
    return last;
  }
  Node node;
  node.kind = NodeKind::text;
  node.chars = strings_.store(text);
  return link(node, parent);
}

Document Document::parse(std::string_view utf8_html) {
  GumboOptions options = kGumboDefaultOptions;
  // Error records cost time and memory on tag soup and nobody reads them.
  options.max_errors = 0;
  std::unique_ptr<GumboOutput, GumboOutputDeleter> output(
      gumbo_parse_with_options(&options, utf8_html.data(), utf8_html.size()));

  Document doc;
  doc.nodes_.reserve(count_nodes(output->document));
  doc.link(Node{}, kNoNode);

  struct Pending {
    const GumboNode* source;
    NodeId parent;
  };
  std::vector<Pending> stack;
  const GumboVector& top = output->document->v.document.children;
  for (unsigned i = top.length; i-- > 0;) stack.push_back({static_cast<const GumboNode*>(top.data[i]), 0});

  std::string unknown_name;
  std::vector<Attribute> attributes;
  while (!stack.empty()) {
    const Pending item = stack.back();
    stack.pop_back();
    const GumboNode* source = item.source;
    switch (source->type) {
      case GUMBO_NODE_ELEMENT: {
        const GumboElement& element = source->v.element;
        attributes.clear();
        for (unsigned i = 0; i < element.attributes.length; ++i) {
          const auto* attr = static_cast<const GumboAttribute*>(element.attributes.data[i]);
          attributes.push_back({attr->name, attr->value});
        }
        const NodeId id = doc.add_element(element.tag, element_name(element, unknown_name), attributes, item.parent);
        for (unsigned i = element.children.length; i-- > 0;) {
          stack.push_back({static_cast<const GumboNode*>(element.children.data[i]), id});
        }
        break;
      }
      case GUMBO_NODE_TEXT:
      case GUMBO_NODE_WHITESPACE:
      case GUMBO_NODE_CDATA: doc.add_text(source->v.text.text, item.parent); break;
      case GUMBO_NODE_DOCUMENT:
      case GUMBO_NODE_COMMENT:
      case GUMBO_NODE_TEMPLATE: break;
    }
  }
  return doc;
}

const std::string_view* Document::attribute(NodeId id, std::string_view name) const {
  for (const Attribute& attr : attributes(id)) {
    if (attr.name == name) return &attr.value;
  }
  return nullptr;
}

NodeId Document::find_first(GumboTag tag, NodeId from) const {
  NodeId found = kNoNode;
  walk(from, [&](NodeId id) {
    if (found != kNoNode) return false;
    if (is_element(id, tag)) found = id;
    return found == kNoNode;
  });
  return found;
}

std::vector<NodeId> Document::find_all(GumboTag tag, NodeId from) const {
  std::vector<NodeId> found;
  walk(from, [&](NodeId id) {
    if (id != from && is_element(id, tag)) found.push_back(id);
    return true;
  });
  return found;
}

std::string Document::text_content(NodeId id) const {
  std::string text;
  walk(id, [&](NodeId n) {
    if (nodes_[n].kind == NodeKind::text) text += nodes_[n].chars;
    return true;
  });
  return text;
}

bool Document::contains(NodeId ancestor, NodeId id) const {
  for (NodeId n = id; n != kNoNode; n = nodes_[n].parent) {
    if (n == ancestor) return true;
  }
  return false;
}

}  // namespace pagemd::extract
