#include <string_view>
#include <utility>
#include <vector>

#include "parse/tree_construction.hpp"
#include "text/text_util.hpp"

// A select's <selectedcontent> shows a copy of the option chosen ("customizable select"): when an
// option leaves the stack of open elements and it is its select's chosen one, its content is
// copied into the select's first <selectedcontent> ("maybe clone an option into selectedcontent").
// The choice is the standard's as options are inserted: the last with a `selected` attribute, or
// the first not disabled when the select shows one line. A page's tree keeps each option's text
// once, as what a reader of the page would quote: it makes no copy.

namespace pagemd::extract::html {
namespace {

// Whether a select shows a single line: without `multiple`, and `size` absent, not a positive
// number, or 1.
bool shows_one_line(const Document& doc, NodeId select) {
  if (doc.attribute(select, "multiple") != nullptr) return false;
  const std::string_view* size = doc.attribute(select, "size");
  return size == nullptr || leading_number(*size) <= 1;
}

bool is_disabled_option(const Document& doc, NodeId option) {
  if (doc.attribute(option, "disabled") != nullptr) return true;
  const NodeId parent = doc.node(option).parent;
  return parent != kNoNode && doc.node(parent).tag == HtmlTag::optgroup && doc.attribute(parent, "disabled") != nullptr;
}

}  // namespace

NodeId TreeBuilder::select_of_option(NodeId option) const {
  bool in_group = false;
  for (NodeId ancestor = doc_.node(option).parent; ancestor != kNoNode; ancestor = doc_.node(ancestor).parent) {
    if (is_foreign(ancestor)) continue;
    switch (tag_of(ancestor)) {
      case HtmlTag::datalist:
      case HtmlTag::hr:
      case HtmlTag::option: return kNoNode;
      case HtmlTag::optgroup:
        if (in_group) return kNoNode;
        in_group = true;
        break;
      case HtmlTag::select: return ancestor;
      default: break;
    }
  }
  return kNoNode;
}

TreeBuilder::SelectChoice* TreeBuilder::choice_of(NodeId select) {
  // Options mostly follow their select: the search from the last one ends at once.
  for (auto it = choices_.rbegin(); it != choices_.rend(); ++it) {
    if (it->select == select) return &*it;
  }
  return &choices_.emplace_back(SelectChoice{select});
}

void TreeBuilder::note_option(NodeId option) {
  if (is_page()) return;
  const NodeId select = select_of_option(option);
  if (select == kNoNode) return;
  SelectChoice& choice = *choice_of(select);
  if (doc_.attribute(option, "selected") != nullptr) {
    choice.chosen = option;
  } else if (choice.chosen == kNoNode && shows_one_line(doc_, select) && !is_disabled_option(doc_, option)) {
    choice.chosen = option;
  }
}

void TreeBuilder::note_selectedcontent(NodeId element) {
  if (is_page()) return;
  NodeId select = doc_.node(element).parent;
  while (select != kNoNode && (is_foreign(select) || tag_of(select) != HtmlTag::select)) {
    select = doc_.node(select).parent;
  }
  if (select == kNoNode || doc_.attribute(select, "multiple") != nullptr) return;
  SelectChoice& choice = *choice_of(select);
  if (choice.shown_in == kNoNode) choice.shown_in = element;
  open_.report_popped_options();
}

void TreeBuilder::show_popped_options() {
  for (const NodeId option : open_.take_popped_options()) {
    const NodeId select = select_of_option(option);
    if (select == kNoNode) continue;
    const SelectChoice& choice = *choice_of(select);
    if (choice.chosen == option && choice.shown_in != kNoNode) copy_children(option, choice.shown_in);
  }
}

void TreeBuilder::copy_children(NodeId from, NodeId into) {
  while (doc_.node(into).first_child() != kNoNode) doc_.detach(doc_.node(into).first_child());
  // Each node with the copy of its parent; a sibling goes on the stack before its elder, so that
  // every parent gets its children in order.
  std::vector<std::pair<NodeId, NodeId>> pending;
  const auto push_children = [&](NodeId source, NodeId copy) {
    for (NodeId child = doc_.last_child(source); child != kNoNode; child = doc_.prev_sibling(child)) {
      pending.emplace_back(child, copy);
    }
  };
  push_children(from, into);
  while (!pending.empty()) {
    const auto [source, parent] = pending.back();
    pending.pop_back();
    switch (doc_.node(source).kind) {
      case NodeKind::text: doc_.insert_text(doc_.text(source), parent); break;
      case NodeKind::comment: doc_.insert_comment(doc_.comment(source), parent); break;
      case NodeKind::element: {
        const NodeId copy = doc_.clone_element(source);
        doc_.set_namespace(copy, doc_.element_namespace(source));
        doc_.insert(copy, parent);
        push_children(source, copy);
        break;
      }
      default: break;
    }
  }
}

}  // namespace pagemd::extract::html
