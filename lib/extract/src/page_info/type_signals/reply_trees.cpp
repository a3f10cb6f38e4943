#include "page_info/type_signals/reply_trees.hpp"

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "text/byte_scan.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract::page_markup {
namespace {

// A reply's block sits this close under the block of the reply it answers (an item, its list of
// answers, their item); a menu's item inside another's is as close, and says little outside links.
constexpr int kMostLevelsUp = 6;

// The block of the same template the element sits in, a few levels up, or kNoNode.
NodeId answered_block(const Document& doc, NodeId id) {
  const HtmlTag tag = doc.node(id).tag;
  if (tag != HtmlTag::li && tag != HtmlTag::article) return kNoNode;
  const NodeId parent = doc.node(id).parent;
  if (parent == kNoNode) return kNoNode;
  // The tag first: most ancestors are of another, and their names are not read.
  std::string_view name;
  NodeId at = doc.node(parent).parent;
  for (int level = 1; level < kMostLevelsUp && at != kNoNode; ++level, at = doc.node(at).parent) {
    if (doc.node(at).tag != tag) continue;
    if (name.empty()) {
      name = first_class_name(doc, id);
      if (name.empty()) return kNoNode;
    }
    if (first_class_name(doc, at) == name) return at;
  }
  return kNoNode;
}

}  // namespace

// The prose (non-space bytes outside links) between two ids, a subtree's ids running from its root
// to its last descendant.
std::uint64_t prose_between(const Document& doc, NodeId first, NodeId last) {
  std::uint64_t prose = 0;
  NodeId link_end = kNoNode;  // the last id of the link being read, if any
  for (NodeId id = first; id <= last; ++id) {
    const Node& node = doc.node(id);
    if (link_end != kNoNode && id > link_end) link_end = kNoNode;
    if (node.kind == NodeKind::element && node.tag == HtmlTag::a && link_end == kNoNode) {
      link_end = doc.last_descendant(id);
    }
    if (node.kind == NodeKind::text && link_end == kNoNode) prose += non_space_bytes(doc.text(id));
  }
  return prose;
}

// One pass over the body's elements in document order, where a subtree's ids run from its root to
// its last descendant: no walk below each block. The text is read only on a page with reply trees.
ReplyTrees read_reply_trees(const Document& doc) {
  ReplyTrees trees;
  const NodeId body = doc.find_first(HtmlTag::body);
  if (body == kNoNode) return trees;
  const NodeId last = doc.last_descendant(body);
  std::vector<std::pair<NodeId, NodeId>> lists;  // the outermost lists holding reply trees, first to last id
  for (NodeId id = body; id <= last; ++id) {
    if (doc.node(id).kind != NodeKind::element) continue;
    const NodeId answered = answered_block(doc, id);
    if (answered == kNoNode) continue;
    ++trees.nested_replies;
    const NodeId list = doc.node(answered).parent == kNoNode ? answered : doc.node(answered).parent;
    if (!lists.empty() && list >= lists.back().first && list <= lists.back().second) continue;
    // A menu's items nest as replies do, and are no thread: its list is skipped whole.
    if (inside_navigation(doc, list) || doc.is_element(list, HtmlTag::nav)) {
      id = doc.last_descendant(list);
      continue;
    }
    // A list begun before the last one found holds it (subtrees nest or stand apart).
    while (!lists.empty() && list < lists.back().first) lists.pop_back();
    lists.emplace_back(list, doc.last_descendant(list));
  }
  if (lists.empty()) return trees;
  const std::uint64_t prose = prose_between(doc, body, last);
  if (prose == 0) return trees;
  std::uint64_t tree_prose = 0;
  for (const auto& [first, end] : lists) tree_prose += prose_between(doc, first, end);
  trees.prose_share = static_cast<double>(tree_prose) / static_cast<double>(prose);
  return trees;
}

}  // namespace pagemd::extract::page_markup
