#include <algorithm>

#include "parse/tree_construction.hpp"

// The list of active formatting elements and the adoption agency algorithm: how <b>, <i>, <a> and
// their kind survive the blocks that cut them off ("<p><b>x</p>y": the "y" is bold) and end tags
// written out of order ("<b>1<p>2</b>3").

namespace pagemd::extract::html {

std::size_t TreeBuilder::active_index(NodeId id) const {
  for (std::size_t i = active_.size(); i-- > 0;) {
    if (active_[i] == id) return i;
  }
  return npos;
}

bool TreeBuilder::same_element(NodeId a, NodeId b) const {
  if (name_of(a) != name_of(b)) return false;
  const auto left = doc_.attributes(a);
  const auto right = doc_.attributes(b);
  if (left.size() != right.size()) return false;
  return std::all_of(left.begin(), left.end(), [&](const Attribute& attribute) {
    return std::any_of(right.begin(), right.end(), [&](const Attribute& other) {
      return other.name == attribute.name && other.value == attribute.value;
    });
  });
}

void TreeBuilder::push_active(NodeId id) {
  std::size_t alike = 0;
  std::size_t earliest = npos;
  for (std::size_t i = active_.size(); i-- > 0 && active_[i] != kMarker;) {
    if (same_element(active_[i], id)) {
      ++alike;
      earliest = i;
    }
  }
  if (alike >= 3) active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(earliest));
  active_.push_back(id);
}

void TreeBuilder::clear_active_to_marker() {
  while (!active_.empty()) {
    const NodeId last = active_.back();
    active_.pop_back();
    if (last == kMarker) return;
  }
}

void TreeBuilder::reconstruct_active() {
  if (active_.empty() || active_.back() == kMarker || stack_index(active_.back()) != npos) return;
  std::size_t i = active_.size() - 1;
  while (i > 0 && active_[i - 1] != kMarker && stack_index(active_[i - 1]) == npos) --i;
  // Past the depth bound the rest stay in the list unopened, as if their start tags had been ignored.
  for (; i < active_.size() && open_.depth() < max_depth_; ++i) {
    const NodeId clone = doc_.clone_element(active_[i]);
    const Place at = place(current());
    doc_.insert(clone, at.parent, at.before);
    open_.push_back(clone);
    active_[i] = clone;
  }
}

bool TreeBuilder::adoption_agency(const Token& token) {
  if (name_of(current()) == token.name && active_index(current()) == npos) {
    open_.pop_back();
    return true;
  }
  for (int outer = 0; outer < 8; ++outer) {
    std::size_t formatting_at = npos;
    for (std::size_t i = active_.size(); i-- > 0 && active_[i] != kMarker;) {
      if (name_of(active_[i]) == token.name) {
        formatting_at = i;
        break;
      }
    }
    if (formatting_at == npos) return false;
    const NodeId formatting = active_[formatting_at];
    const std::size_t formatting_in_stack = stack_index(formatting);
    if (formatting_in_stack == npos) {
      active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(formatting_at));
      return true;
    }
    if (!in_scope_if([&](NodeId id) { return id == formatting; }, Scope::plain)) return true;
    std::size_t furthest_at = npos;
    for (std::size_t i = formatting_in_stack + 1; i < open_.size(); ++i) {
      if (is_special_node(open_[i])) {
        furthest_at = i;
        break;
      }
    }
    if (furthest_at == npos) {
      open_.resize(formatting_in_stack);
      active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(formatting_at));
      return true;
    }
    const NodeId furthest = open_[furthest_at];
    const NodeId common_ancestor = open_[formatting_in_stack - 1];
    NodeId bookmark_after = kNoNode;  // the new formatting element goes after this entry, or in place
    NodeId last = furthest;
    std::size_t node_at = furthest_at;
    for (int inner = 1;; ++inner) {
      --node_at;
      NodeId node = open_[node_at];
      if (node == formatting) break;
      std::size_t node_active = active_index(node);
      if (inner > 3 && node_active != npos) {
        active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(node_active));
        node_active = npos;
      }
      if (node_active == npos) {
        open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(node_at));
        continue;
      }
      const NodeId clone = doc_.clone_element(node);
      active_[node_active] = clone;
      open_.replace(node_at, clone);
      node = clone;
      if (last == furthest) bookmark_after = clone;
      doc_.detach(last);
      doc_.insert(last, node);
      last = node;
    }
    doc_.detach(last);
    const Place at = place(common_ancestor);
    doc_.insert(last, at.parent, at.before);

    const NodeId clone = doc_.clone_element(formatting);
    while (doc_.node(furthest).first_child() != kNoNode) {
      const NodeId child = doc_.node(furthest).first_child();
      doc_.detach(child);
      doc_.insert(child, clone);
    }
    doc_.insert(clone, furthest);

    const std::size_t old_entry = active_index(formatting);
    if (bookmark_after == kNoNode) {
      active_[old_entry] = clone;
    } else {
      active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(old_entry));
      active_.insert(active_.begin() + static_cast<std::ptrdiff_t>(active_index(bookmark_after) + 1), clone);
    }
    open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(stack_index(formatting)));
    open_.insert(open_.begin() + static_cast<std::ptrdiff_t>(stack_index(furthest) + 1), clone);
  }
  return true;
}

}  // namespace pagemd::extract::html
