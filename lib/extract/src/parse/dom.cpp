#include "parse/dom.hpp"

#include <algorithm>
#include <functional>
#include <array>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "pagemd/core/release.hpp"
#include "parse/tree_builder.hpp"

namespace pagemd::extract {
namespace {

// Most pages' strings are small; a block this size holds thousands, and a longer string gets a
// block of its own.
constexpr std::size_t kArenaBlock = std::size_t{64} * 1024;

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

bool Document::in_source(std::string_view text) const {
  return source_ && !text.empty() && text.data() >= source_->data() &&
         text.data() + text.size() <= source_->data() + source_->size();
}

std::string_view Document::keep(std::string_view text) { return in_source(text) ? text : strings_.store(text); }

std::uint32_t Document::keep_chars(std::string_view text) {
  if (in_source(text)) return static_cast<std::uint32_t>(text.data() - source_->data());
  const auto at = static_cast<std::uint32_t>(copied_text_.size()) | kCopied;
  copied_text_.append(text);
  return at;
}

std::string_view Document::name(NodeId id) const {
  const Node& n = nodes_[id];
  if (n.kind != NodeKind::element) return {};
  if (n.tag != HtmlTag::unknown) return tag_name(n.tag);
  const std::uint32_t at = other_name_at(id);
  return at == Node::kNoChars ? std::string_view{} : std::string_view(copied_text_.c_str() + at);
}

std::uint32_t Document::other_name_at(NodeId id) const {
  const auto other = std::lower_bound(other_names_.begin(), other_names_.end(), std::pair{id, std::uint32_t{0}});
  return other != other_names_.end() && other->first == id ? other->second : Node::kNoChars;
}

void Document::set_value(NodeId id, Node& node, std::uint32_t value) {
  if (value < Node::kWideValue) {
    node.value_ = value & Node::kWideValue;
    if (!wide_values_.empty()) wide_values_.erase(id);
  } else {
    node.value_ = Node::kWideValue;
    wide_values_[id] = value;
  }
}

void Document::end_attribute_run(NodeId id, Node& node, std::size_t first) {
  if (first == attributes_.size()) {
    set_value(id, node, 0);
    return;
  }
  attribute_runs_.push_back(
      {static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(attributes_.size() - first)});
  set_value(id, node, static_cast<std::uint32_t>(attribute_runs_.size()));
}

NodeId Document::create_element(HtmlTag tag, std::string_view name, std::span<const Attribute> attributes) {
  const auto id = static_cast<NodeId>(nodes_.size());
  Node node;
  node.kind = NodeKind::element;
  node.tag = tag;
  if (tag == HtmlTag::unknown && !name.empty()) {
    other_names_.emplace_back(id, static_cast<std::uint32_t>(copied_text_.size()));
    copied_text_.append(name.substr(0, std::min(name.find('\0'), name.size())));
    copied_text_.push_back('\0');
  }
  const std::size_t first = attributes_.size();
  for (const Attribute& attribute : attributes) attributes_.push_back({keep(attribute.name), keep(attribute.value)});
  end_attribute_run(id, node, first);
  nodes_.push_back(node);
  return id;
}

NodeId Document::clone_element(NodeId id) {
  Node node = nodes_[id];
  node.parent = node.first_child_or_chars_ = node.next_sibling = node.prev_or_last_ = kNoNode;
  const auto clone = static_cast<NodeId>(nodes_.size());
  // The copy shares the name; its attribute list is its own, since that one may grow. Copied by
  // index: appending to attributes_ may move it.
  const std::size_t first = attributes_.size();
  if (const std::uint32_t run = value(id); run != 0) {
    const AttributeRun original = attribute_runs_[run - 1];
    for (std::uint32_t i = 0; i < original.count; ++i) attributes_.push_back(attributes_[original.first + i]);
  }
  end_attribute_run(clone, node, first);
  if (const std::uint32_t name_at = other_name_at(id); name_at != Node::kNoChars) {
    other_names_.emplace_back(clone, name_at);
  }
  nodes_.push_back(node);
  return clone;
}

void Document::insert(NodeId id, NodeId parent, NodeId before) {
  Node& node = nodes_[id];
  node.parent = parent;
  node.next_sibling = before;
  Node& p = nodes_[parent];
  const NodeId first = p.first_child_or_chars_;
  if (first == kNoNode) {
    p.first_child_or_chars_ = id;
    node.prev_or_last_ = id;
    return;
  }
  // The node whose link back becomes the new node: the one it goes before, or when it goes last,
  // the first child, whose link back is to the last.
  const NodeId after = before == kNoNode ? first : before;
  const NodeId prev = nodes_[after].prev_or_last_;
  node.prev_or_last_ = prev;
  nodes_[after].prev_or_last_ = id;
  if (before == first) {
    p.first_child_or_chars_ = id;
  } else {
    nodes_[prev].next_sibling = id;
  }
}

void Document::detach(NodeId id) {
  Node& node = nodes_[id];
  if (node.parent == kNoNode) return;
  Node& p = nodes_[node.parent];
  const NodeId first = p.first_child_or_chars_;
  // The node that links back to this one: the next sibling, or for the last child the first.
  const NodeId back = node.next_sibling == kNoNode ? first : node.next_sibling;
  if (id == first) {
    p.first_child_or_chars_ = node.next_sibling;
  } else {
    nodes_[node.prev_or_last_].next_sibling = node.next_sibling;
  }
  if (back != id) nodes_[back].prev_or_last_ = node.prev_or_last_;
  node.parent = node.prev_or_last_ = node.next_sibling = kNoNode;
}

void Document::append_text(NodeId id, std::string_view text) {
  Node& node = nodes_[id];
  const std::uint32_t size = value(id);
  const std::size_t from = node.first_child_or_chars_ & ~kCopied;
  if ((node.first_child_or_chars_ & kCopied) == 0) {
    if (in_source(text) && source_->data() + from + size == text.data()) {
      // Text that continues in the source right where the node's text ends needs no copy.
      set_value(id, node, size + static_cast<std::uint32_t>(text.size()));
      return;
    }
  } else {
    const std::size_t end = from + size;
    const auto room = text_room_.find(id);
    if (end == copied_text_.size() || (room != text_room_.end() && end + text.size() <= room->second)) {
      copied_text_.replace(end, std::min(text.size(), copied_text_.size() - end), text);
      set_value(id, node, size + static_cast<std::uint32_t>(text.size()));
      return;
    }
  }
  // Something was copied after the node's text, so it moves to the end, with as much room again:
  // a node that keeps growing this way (text moved out of a table between its rows) is copied a
  // logarithmic number of times, not once a join.
  const std::size_t joined = size + text.size();
  const std::size_t at = copied_text_.size();
  // The text joined may itself be copied text (another node's, when the node between two texts
  // leaves the tree): find it again after the resize, which may move it.
  const std::less<const char*> before;
  const bool text_is_copied = !copied_text_.empty() && !before(text.data(), copied_text_.data()) &&
                              before(text.data(), copied_text_.data() + copied_text_.size());
  const std::size_t text_at = text_is_copied ? static_cast<std::size_t>(text.data() - copied_text_.data()) : 0;
  copied_text_.resize(at + 2 * joined);
  if (text_is_copied) text = std::string_view(copied_text_.data() + text_at, text.size());
  const std::string_view chars = chars_at(node.first_child_or_chars_, size);  // after the resize, which may move it
  std::memcpy(copied_text_.data() + at, chars.data(), chars.size());
  std::memcpy(copied_text_.data() + at + size, text.data(), text.size());
  node.first_child_or_chars_ = static_cast<std::uint32_t>(at) | kCopied;
  set_value(id, node, static_cast<std::uint32_t>(joined));
  text_room_[id] = static_cast<std::uint32_t>(at + 2 * joined);
}

void Document::insert_text(std::string_view text, NodeId parent, NodeId before) {
  if (text.empty()) return;
  const NodeId previous = before == kNoNode ? last_child(parent) : prev_sibling(before);
  if (previous != kNoNode && nodes_[previous].kind == NodeKind::text) {
    append_text(previous, text);
    return;
  }
  insert_leaf(NodeKind::text, text, parent, before);
}

void Document::insert_leaf(NodeKind kind, std::string_view text, NodeId parent, NodeId before) {
  Node node;
  node.kind = kind;
  node.first_child_or_chars_ = keep_chars(text);
  const auto id = static_cast<NodeId>(nodes_.size());
  set_value(id, node, static_cast<std::uint32_t>(text.size()));
  nodes_.push_back(node);
  insert(id, parent, before);
}

void Document::insert_comment(std::string_view text, NodeId parent) {
  if (comments_ == Comments::kept) insert_leaf(NodeKind::comment, text, parent, kNoNode);
}

void Document::set_namespace(NodeId id, Namespace space) {
  if (space == Namespace::html && id >= namespaces_.size()) return;
  if (id >= namespaces_.size()) namespaces_.resize(nodes_.size(), Namespace::html);
  namespaces_[id] = space;
}

void Document::set_doctype(Doctype doctype) {
  doctype.name = strings_.store(doctype.name);
  doctype.public_id = strings_.store(doctype.public_id);
  doctype.system_id = strings_.store(doctype.system_id);
  doctype_ = doctype;
}

void Document::add_missing_attributes(NodeId id, std::span<const Attribute> attributes) {
  std::vector<Attribute> merged(this->attributes(id).begin(), this->attributes(id).end());
  const std::size_t had = merged.size();
  for (const Attribute& attribute : attributes) {
    const bool present = std::any_of(merged.begin(), merged.begin() + static_cast<std::ptrdiff_t>(had),
                                     [&](const Attribute& a) { return a.name == attribute.name; });
    if (!present) merged.push_back({keep(attribute.name), keep(attribute.value)});
  }
  if (merged.size() == had) return;
  const std::size_t first = attributes_.size();
  attributes_.insert(attributes_.end(), merged.begin(), merged.end());
  end_attribute_run(id, nodes_[id], first);
}

void Document::put_in_document_order() {
  // Usually nothing moved: the walk meets 0, 1, 2, ... and every node.
  NodeId expected = 0;
  walk(root(), [&](NodeId id) {
    if (id != expected) return WalkStep::stop;
    ++expected;
    return WalkStep::descend;
  });
  if (expected == nodes_.size()) return;
  // Nodes left out of the tree (dropped by the tree builder) are dropped here as well.
  std::vector<NodeId> new_id(nodes_.size(), kNoNode);
  NodeId next_id = 0;
  walk(root(), [&](NodeId id) {
    new_id[id] = next_id++;
    return true;
  });
  auto renumber = [&](NodeId id) { return id == kNoNode ? kNoNode : new_id[id]; };
  for (Node& node : nodes_) {
    node.parent = renumber(node.parent);
    node.next_sibling = renumber(node.next_sibling);
    node.prev_or_last_ = renumber(node.prev_or_last_);
    if (node.kind < NodeKind::text) node.first_child_or_chars_ = renumber(node.first_child_or_chars_);
  }
  for (auto& other : other_names_) other.first = renumber(other.first);
  if (!wide_values_.empty()) {
    std::unordered_map<NodeId, std::uint32_t> renumbered;
    for (const auto& [id, value] : wide_values_) {
      if (new_id[id] != kNoNode) renumbered.emplace(new_id[id], value);
    }
    wide_values_ = std::move(renumbered);
  }
  std::erase_if(other_names_, [](const auto& other) { return other.first == kNoNode; });
  std::sort(other_names_.begin(), other_names_.end());
  if (!namespaces_.empty()) namespaces_.resize(nodes_.size(), Namespace::html);
  // In place, a cycle at a time: a second array of nodes would double the tree's memory.
  for (NodeId at = 0; at < nodes_.size(); ++at) {
    for (NodeId to = new_id[at]; to != kNoNode && to != at; to = new_id[at]) {
      std::swap(nodes_[at], nodes_[to]);
      if (!namespaces_.empty()) std::swap(namespaces_[at], namespaces_[to]);
      std::swap(new_id[at], new_id[to]);
    }
  }
  nodes_.resize(next_id);
  if (!namespaces_.empty()) namespaces_.resize(next_id);
}

void Document::place_streamed_segments(const std::unordered_map<std::string_view, NodeId>& slots,
                                       const std::vector<NodeId>& segments) {
  // Segment "S:1" goes to boundary "B:1", or else to placeholder "P:1".
  const auto slot_of = [&](std::string_view number) {
    const auto boundary = slots.find("B:" + std::string(number));
    return boundary != slots.end() ? boundary : slots.find("P:" + std::string(number));
  };
  for (const NodeId segment : segments) {
    const auto slot = slot_of(attribute(segment, "id")->substr(2));
    // A slot inside the segment itself would move the segment into itself.
    if (slot == slots.end() || contains(segment, slot->second)) continue;
    const NodeId place = slot->second;
    while (nodes_[segment].first_child() != kNoNode) {
      const NodeId child = nodes_[segment].first_child();
      detach(child);
      insert(child, nodes_[place].parent, place);
    }
  }
}

Document Document::parse(std::string_view utf8_html) { return build(std::string(utf8_html)); }

Document Document::start(std::string utf8_html, Comments comments) {
  // The tokenizer sees only LF line breaks, as the standard's input stream preprocessing gives it.
  // The runs between CRs move as blocks: a page with CRLF line ends has a CR every few dozen bytes.
  char* const data = utf8_html.data();
  const std::size_t size = utf8_html.size();
  if (const std::size_t first_cr = utf8_html.find('\r'); first_cr != std::string::npos) {
    std::size_t out = first_cr;
    for (std::size_t i = first_cr; i < size;) {
      data[out++] = '\n';
      i += i + 1 < size && data[i + 1] == '\n' ? 2 : 1;
      const auto* cr = static_cast<const char*>(std::memchr(data + i, '\r', size - i));
      const std::size_t run_end = cr == nullptr ? size : static_cast<std::size_t>(cr - data);
      std::memmove(data + out, data + i, run_end - i);
      out += run_end - i;
      i = run_end;
    }
    utf8_html.resize(out);
  }
  Document doc;
  doc.comments_ = comments;
  // About an element per tag and a text node after each, so that a reallocation (which copies
  // every node and holds both copies at once) is rare. Reserved pages that stay unused cost nothing.
  std::size_t tags = 0;
  const char* const end = utf8_html.data() + utf8_html.size();
  for (const char* at = utf8_html.data(); at < end; ++at, ++tags) {
    at = static_cast<const char*>(std::memchr(at, '<', static_cast<std::size_t>(end - at)));
    if (at == nullptr) break;
  }
  doc.nodes_.reserve(2 * tags + 16);
  doc.nodes_.emplace_back();  // the document node, id 0
  doc.source_ = std::make_unique<std::string>(std::move(utf8_html));
  return doc;
}

Document Document::build(std::string utf8_html, Comments comments, std::size_t max_open_elements) {
  Document doc = start(std::move(utf8_html), comments);
  html::build_tree(doc, max_open_elements, nullptr);
  core::release(doc.text_room_);
  doc.put_in_document_order();
  return doc;
}

Document Document::build_page(std::string utf8_html, std::size_t max_open_elements) {
  // The tokenizer would turn NUL into U+FFFD or drop it depending on where it stands; no text worth
  // keeping contains NUL.
  if (std::memchr(utf8_html.data(), '\0', utf8_html.size()) != nullptr) std::erase(utf8_html, '\0');
  Document doc = start(std::move(utf8_html), Comments::dropped);
  html::build_tree(doc, max_open_elements, &doc.records_);
  core::release(doc.text_room_);
  doc.leave_out_page_parts();
  doc.put_in_document_order();
  return doc;
}

NodeId Document::find_first(HtmlTag tag, NodeId from) const {
  NodeId found = kNoNode;
  walk(from, [&](NodeId id) {
    if (found != kNoNode) return false;
    if (is_element(id, tag)) found = id;
    return found == kNoNode;
  });
  return found;
}

std::vector<NodeId> Document::find_all(HtmlTag tag, NodeId from) const {
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
    text += this->text(n);
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
