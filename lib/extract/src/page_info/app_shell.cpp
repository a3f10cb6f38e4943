#include "page_info/app_shell.hpp"

#include <string>

#include "text/text_util.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract {
namespace {

// How far below <body> a mount node sits: frameworks mount on a child of body, sometimes inside a
// wrapper or two.
constexpr std::size_t kMountDepth = 3;

bool is_blank(const Document& doc, NodeId id) {
  for (NodeId child = doc.node(id).first_child(); child != kNoNode; child = doc.node(child).next_sibling) {
    const Node& n = doc.node(child);
    if (n.kind == NodeKind::element) return false;
    if (n.kind == NodeKind::text && !trim(doc.text(child)).empty()) return false;
  }
  return true;
}

bool is_mount_node(const Document& doc, NodeId id) {
  const Node& n = doc.node(id);
  const bool custom_element = is_custom_element(doc, id);
  const bool container = n.tag == HtmlTag::div || n.tag == HtmlTag::main || n.tag == HtmlTag::section;
  return (custom_element || (container && doc.attribute(id, "id") != nullptr)) && is_blank(doc, id);
}

bool has_empty_mount_node(const Document& doc) {
  const NodeId body = doc.find_first(HtmlTag::body);
  if (body == kNoNode) return false;
  bool found = false;
  const auto search = [&](const auto& self, NodeId parent, std::size_t depth) -> void {
    for (NodeId child = doc.node(parent).first_child(); child != kNoNode && !found;
         child = doc.node(child).next_sibling) {
      if (doc.node(child).kind != NodeKind::element) continue;
      if (is_mount_node(doc, child)) {
        found = true;
      } else if (depth < kMountDepth) {
        self(self, child, depth + 1);
      }
    }
  };
  search(search, body, 1);
  return found;
}

// A body that holds nothing but scripts (the page's tree left them out): apps that mount on <body>
// itself (Svelte's default target) have no mount node of their own.
bool scripts_fill_the_body(const Document& doc, const PageRecords& records) {
  if (records.script_bytes == 0 && records.script_signs.empty()) return false;
  const NodeId body = doc.find_first(HtmlTag::body);
  return body != kNoNode && is_blank(doc, body);
}

}  // namespace

bool looks_like_app_shell(const Document& doc, const PageRecords& records, std::size_t document_bytes,
                          std::size_t content_words) {
  if (content_words >= kAppShellWords) return false;
  const bool mostly_script = records.script_bytes > 0 && records.script_bytes * 2 >= document_bytes;
  return records.noscript_pleads || mostly_script || has_empty_mount_node(doc) || scripts_fill_the_body(doc, records);
}

}  // namespace pagemd::extract
