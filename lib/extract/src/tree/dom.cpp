#include "tree/dom.hpp"

#include <memory>
#include <utility>

namespace pagemd::extract {
namespace {

struct GumboOutputDeleter {
  void operator()(GumboOutput* output) const { gumbo_destroy_output(&kGumboDefaultOptions, output); }
};

std::string element_name(const GumboElement& element) {
  if (element.tag != GUMBO_TAG_UNKNOWN) return gumbo_normalized_tagname(element.tag);
  GumboStringPiece piece = element.original_tag;
  gumbo_tag_from_original_text(&piece);
  std::string name(piece.data, piece.length);
  for (char& c : name) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return name;
}

}  // namespace

NodeId Document::add_node(Node node, NodeId parent) {
  const auto id = static_cast<NodeId>(nodes_.size());
  node.parent = parent;
  node.first_child = node.last_child = node.next_sibling = node.prev_sibling = kNoNode;
  nodes_.push_back(std::move(node));
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

Document Document::parse(std::string_view utf8_html) {
  GumboOptions options = kGumboDefaultOptions;
  // Error records cost time and memory on tag soup and nobody reads them.
  options.max_errors = 0;
  std::unique_ptr<GumboOutput, GumboOutputDeleter> output(
      gumbo_parse_with_options(&options, utf8_html.data(), utf8_html.size()));

  Document doc;
  doc.nodes_.reserve(utf8_html.size() / 24 + 16);
  doc.add_node(Node{}, kNoNode);

  struct Pending {
    const GumboNode* source;
    NodeId parent;
  };
  std::vector<Pending> stack;
  const GumboVector& top = output->document->v.document.children;
  for (unsigned i = top.length; i-- > 0;) stack.push_back({static_cast<const GumboNode*>(top.data[i]), 0});

  while (!stack.empty()) {
    const Pending item = stack.back();
    stack.pop_back();
    const GumboNode* source = item.source;
    switch (source->type) {
      case GUMBO_NODE_ELEMENT: {
        const GumboElement& element = source->v.element;
        Node node;
        node.kind = NodeKind::element;
        node.tag = element.tag;
        node.name = element_name(element);
        node.attributes.reserve(element.attributes.length);
        for (unsigned i = 0; i < element.attributes.length; ++i) {
          const auto* attr = static_cast<const GumboAttribute*>(element.attributes.data[i]);
          node.attributes.push_back({attr->name, attr->value});
        }
        const NodeId id = doc.add_node(std::move(node), item.parent);
        for (unsigned i = element.children.length; i-- > 0;) {
          stack.push_back({static_cast<const GumboNode*>(element.children.data[i]), id});
        }
        break;
      }
      case GUMBO_NODE_TEXT:
      case GUMBO_NODE_WHITESPACE:
      case GUMBO_NODE_CDATA: {
        // Adjacent text (split by a dropped comment) is merged so later stages see one run.
        const NodeId last = doc.nodes_[item.parent].last_child;
        if (last != kNoNode && doc.nodes_[last].kind == NodeKind::text) {
          doc.nodes_[last].text += source->v.text.text;
          break;
        }
        Node node;
        node.kind = NodeKind::text;
        node.text = source->v.text.text;
        doc.add_node(std::move(node), item.parent);
        break;
      }
      case GUMBO_NODE_DOCUMENT:
      case GUMBO_NODE_COMMENT:
      case GUMBO_NODE_TEMPLATE: break;
    }
  }
  return doc;
}

const std::string* Document::attribute(NodeId id, std::string_view name) const {
  for (const Attribute& attr : nodes_[id].attributes) {
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
    if (nodes_[n].kind == NodeKind::text) text += nodes_[n].text;
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
