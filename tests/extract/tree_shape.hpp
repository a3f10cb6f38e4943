#pragma once

// A compact form of a Document's subtree for the parser's tests: an element as name{children},
// with [attributes] after its name when it has some, and text in quotes.

#include <string>

#include "parse/dom.hpp"

namespace pagemd::extract {

inline std::string shape(const Document& doc, NodeId id) {
  const Node& node = doc.node(id);
  if (node.kind == NodeKind::text) return '"' + std::string(doc.text(id)) + '"';
  std::string out(doc.name(id));
  if (!doc.attributes(id).empty()) {
    out += '[';
    for (const Attribute& attribute : doc.attributes(id)) {
      out += std::string(attribute.name) + "=" + std::string(attribute.value) + ";";
    }
    out += ']';
  }
  out += '{';
  for (NodeId child = node.first_child(); child != kNoNode; child = doc.node(child).next_sibling) {
    if (child != node.first_child()) out += ' ';
    out += shape(doc, child);
  }
  return out + '}';
}

// The shape of the document's <body>, or "no body".
inline std::string body_shape(const Document& doc) {
  const NodeId body = doc.find_first(HtmlTag::body);
  return body == kNoNode ? "no body" : shape(doc, body);
}

}  // namespace pagemd::extract
