#pragma once

// Stage 2, parse: text to a Document.
//   in:  the UTF-8 HTML of decode/
//   out: a Document (this file) and, for a page, the records of what its tree leaves out
//        (PageRecords); what its elements are is for tree/
// The HTML is parsed by tokenizer/html_tokenizer.hpp and tree_builder.hpp, tags named by html_tags.hpp.
// Uses text/.
//
// A compact, index-linked tree, walked iteratively: nodes live in one vector, in document order,
// and refer to each other by index. Text and attribute values lie in the HTML the document keeps,
// or, when character references had to be decoded, in a few large buffers: no allocation per
// node. A page of a million tiny elements fits in a small multiple of its size (issue 21).

#include "markup/html_tags.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace pagemd::extract {

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = UINT32_MAX;

// Comments are kept only when asked for (Comments::kept, for conformance checks against the
// standard's trees); the extraction never sees one.
enum class NodeKind : std::uint8_t { document, element, text, comment };
enum class Comments : std::uint8_t { dropped, kept };
// An element's namespace: HTML, or the SVG or MathML of foreign content (Document::element_namespace).
enum class Namespace : std::uint8_t { html, svg, mathml };
enum class WalkStep : std::uint8_t { descend, skip, stop };

// Strings that stay where they are for the arena's lifetime: stored back to back in blocks that
// are never moved or resized, so views into them remain valid as more is added.
class StringArena {
 public:
  std::string_view store(std::string_view text);

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

// Browsers stop nesting near 512 open elements; deeper start tags are ignored (their text stays).
inline constexpr std::size_t kMaxOpenElements = 400;

// A page's tree (Document::build_page) leaves out what can never be Markdown: scripts, styles,
// comments, templates, iframes, <noembed>, <noframes>, <object> fallbacks, SVG, and a <noscript>
// unless it holds a page's worth of text or the real image of a lazy placeholder. What the
// readers need of those parts is kept here as the tree builder meets them.
struct PageRecords {
  std::vector<std::string> json_ld;  // raw bodies of ld+json scripts, in document order
  // Signs of a page that builds itself with scripts (see looks_like_app_shell):
  std::size_t script_bytes = 0;  // in the bodies of scripts that run (not data such as ld+json)
  bool noscript_pleads = false;  // a <noscript> left out names JavaScript ("please enable JavaScript")
  // What walls/ recognises vendors' challenge scripts and client-side templates by: each script's
  // (and iframe's) attributes and the start of its body, each <template>'s attributes, a line
  // each, up to kMaxScriptSigns and kMaxTemplateSigns bytes.
  std::string script_signs;
  std::string template_signs;
  // The ids a list of the page's contents links to ("#how-it-works"), sorted: the sections of the
  // document, whatever their ids are made of ("toc_how-it-works" names the list, not the section).
  std::vector<std::string> contents_targets;
  [[nodiscard]] bool is_contents_target(std::string_view id) const;
};

inline constexpr std::size_t kMaxScriptSigns = std::size_t{32} << 10;
inline constexpr std::size_t kScriptSignBodyBytes = 1536;
inline constexpr std::size_t kMaxTemplateSigns = std::size_t{4} << 10;
inline constexpr std::size_t kMaxInPageLinks = 4096;  // links into the page read for contents_targets

// The attributes of the empty <span> a page's tree holds where a formula stood: the markup of a
// <math> element as the tree builder built it (math/ reads it), or the TeX of a MathJax
// <script type="math/tex"> (with the display attribute when its mode is display).
inline constexpr std::string_view kMathMarkupAttribute = "data-pagemd-mathml";
inline constexpr std::string_view kTexScriptAttribute = "data-pagemd-tex";
inline constexpr std::string_view kTexDisplayAttribute = "data-pagemd-display";

// React's streaming server rendering names the parts of a page by a letter, a colon and hexadecimal
// digits: <template id="B:1"> (a Suspense boundary) or <template id="P:1"> (a placeholder) where
// content streamed later in the page belongs, and <div hidden id="S:1"> that content. Whether `id`
// is such a name with one of `letters`.
[[nodiscard]] bool is_react_stream_id(std::string_view id, std::string_view letters);

// 20 bytes: a page of tiny elements has a node every few bytes (a table of `<td>x` cells two in
// five), so fields do double duty. A text node has no children: where an element keeps its first
// child, a text node keeps where its text starts in the document's text (Document::chars_at, an
// offset where a pointer would take 8 bytes). Siblings are linked both ways, and the first child's
// link back is to the last child, so that appending needs no link of its own. The last word packs
// the kind, the tag and a 22-bit value: a text node's size, an element's attribute run in the
// document; a value too big for it is kept by the document (Document::value). The names of
// elements that have no tag of their own (HtmlTag::unknown) are kept by the document.
class Node {
 public:
  NodeId parent = kNoNode;
  NodeId next_sibling = kNoNode;

  // kNoNode for a text or comment node.
  [[nodiscard]] NodeId first_child() const noexcept { return kind >= NodeKind::text ? kNoNode : first_child_or_chars_; }

 private:
  friend class Document;
  static constexpr std::uint32_t kNoChars = UINT32_MAX;
  // The packed value that says "the document keeps this node's value".
  static constexpr std::uint32_t kWideValue = (std::uint32_t{1} << 22) - 1;
  // An element's or the document's first child; a text node's Document::chars_at offset.
  std::uint32_t first_child_or_chars_ = kNoNode;
  // The previous sibling; the last sibling for the first child. kNoNode outside the tree.
  NodeId prev_or_last_ = kNoNode;
  // A text node's size; for an element, 1 + its run in Document::attribute_runs_, 0 for none.
  std::uint32_t value_ : 22 = 0;

 public:
  // Kind first: a bit-field does not straddle a byte of its type, and the tag fills the last byte.
  NodeKind kind : 2 = NodeKind::document;
  HtmlTag tag : 8 = HtmlTag::unknown;  // elements only
};
static_assert(sizeof(Node) == 20);

class Document {
 public:
  Document() = default;
  // Moves keep the arena's blocks, so views into them survive; copies would not.
  Document(Document&&) noexcept = default;
  Document& operator=(Document&&) noexcept = default;
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;

  // Parses UTF-8 HTML with pagemd's tree builder (tree_builder.hpp) into the tree the standard
  // builds, keeping the text: what is written without character references is not copied.
  static Document build(std::string utf8_html, Comments comments = Comments::dropped,
                        std::size_t max_open_elements = kMaxOpenElements);
  // The same from a view, which is copied first.
  static Document parse(std::string_view utf8_html);
  // A page's tree, for the extraction: the parts that can never be Markdown left out (PageRecords
  // says which, and keeps what the readers need of them), NUL removed, each formula in an empty
  // <span> of its own, React's streamed content moved to where its placeholder stood.
  static Document build_page(std::string utf8_html, std::size_t max_open_elements = kMaxOpenElements);
  [[nodiscard]] const PageRecords& records() const noexcept { return records_; }

  [[nodiscard]] NodeId root() const noexcept { return 0; }
  [[nodiscard]] const Node& node(NodeId id) const { return nodes_[id]; }
  [[nodiscard]] std::size_t size() const noexcept { return nodes_.size(); }

  // Lower-case tag name of an element ("p", "my-widget"); empty for other nodes.
  [[nodiscard]] std::string_view name(NodeId id) const;
  // A text node's text, character references already decoded; empty for other nodes.
  [[nodiscard]] std::string_view text(NodeId id) const {
    const Node& n = nodes_[id];
    return n.kind == NodeKind::text ? chars_at(n.first_child_or_chars_, value(id)) : std::string_view{};
  }
  // A comment node's text; empty for other nodes.
  [[nodiscard]] std::string_view comment(NodeId id) const {
    const Node& n = nodes_[id];
    return n.kind == NodeKind::comment ? chars_at(n.first_child_or_chars_, value(id)) : std::string_view{};
  }
  // The document's <!DOCTYPE>, as the tree builder took it (in the initial mode only).
  struct Doctype {
    std::string_view name;
    std::string_view public_id;
    std::string_view system_id;
    bool has_public_id = false;
    bool has_system_id = false;
    std::size_t position = 0;  // how many of the document node's children come before it
  };
  [[nodiscard]] const Doctype* doctype() const { return doctype_ ? &*doctype_ : nullptr; }
  // The element's namespace. A page's tree leaves SVG out and keeps each MathML formula in an
  // attribute, so the extraction meets only HTML elements; Document::build keeps them
  // (HtmlTag::unknown, their names as the standard adjusts them: "foreignObject").
  [[nodiscard]] Namespace element_namespace(NodeId id) const {
    return id < namespaces_.size() ? namespaces_[id] : Namespace::html;
  }
  void set_namespace(NodeId id, Namespace space);
  // The node's last child, or kNoNode.
  [[nodiscard]] NodeId last_child(NodeId id) const {
    const NodeId first = nodes_[id].first_child();
    return first == kNoNode ? kNoNode : nodes_[first].prev_or_last_;
  }
  // The node's previous sibling, or kNoNode.
  [[nodiscard]] NodeId prev_sibling(NodeId id) const {
    const Node& n = nodes_[id];
    return n.parent == kNoNode || nodes_[n.parent].first_child_or_chars_ == id ? kNoNode : n.prev_or_last_;
  }

  [[nodiscard]] bool is_element(NodeId id, HtmlTag tag) const {
    return nodes_[id].kind == NodeKind::element && nodes_[id].tag == tag;
  }
  // The attribute's value, or nullptr when the element has no such attribute.
  // Inline: the content search asks it of every element several times, most of them without any.
  [[nodiscard]] const std::string_view* attribute(NodeId id, std::string_view name) const {
    for (const Attribute& attr : attributes(id)) {
      if (attr.name == name) return &attr.value;
    }
    return nullptr;
  }
  [[nodiscard]] std::span<const Attribute> attributes(NodeId id) const {
    if (nodes_[id].kind != NodeKind::element) return {};
    const std::uint32_t run = value(id);
    if (run == 0) return {};
    const AttributeRun& attributes = attribute_runs_[run - 1];
    return {attributes_.data() + attributes.first, attributes.count};
  }
  // The first element with this tag in document order, or kNoNode.
  [[nodiscard]] NodeId find_first(HtmlTag tag, NodeId from = 0) const;
  // Every descendant element of `from` with this tag, in document order.
  [[nodiscard]] std::vector<NodeId> find_all(HtmlTag tag, NodeId from = 0) const;
  // The concatenated text of the subtree, as written (no whitespace collapsing).
  [[nodiscard]] std::string text_content(NodeId id) const;
  // Whether `ancestor` is `id` or one of its ancestors.
  [[nodiscard]] bool contains(NodeId ancestor, NodeId id) const;
  // The last node of the subtree under `id` (itself when it has no children). Once the ids run in
  // document order, the subtree is the ids from `id` to this one.
  [[nodiscard]] NodeId last_descendant(NodeId id) const {
    for (NodeId last = last_child(id); last != kNoNode; last = last_child(id)) id = last;
    return id;
  }
  // Whether an element of the subtree under `from` (inclusive) satisfies `predicate`; the walk
  // stops at the first.
  template <typename Predicate>
  [[nodiscard]] bool any_element(NodeId from, Predicate&& predicate) const {
    bool found = false;
    walk(from, [&](NodeId id) {
      found = nodes_[id].kind == NodeKind::element && predicate(id);
      return found ? WalkStep::stop : WalkStep::descend;
    });
    return found;
  }

  // Pre-order traversal of the subtree under `from` (inclusive) without recursion. The visitor
  // returns false (or WalkStep::skip) to skip the children of the node it was given, or
  // WalkStep::stop to end the walk.
  template <typename Visitor>
  void walk(NodeId from, Visitor&& visit) const {
    walk_from(from, from, std::forward<Visitor>(visit));
  }
  // The same walk of the subtree under `from`, taken up at `start` (a node of that subtree) as if
  // the nodes before it had been visited: a walk cut short can go on where it stopped.
  template <typename Visitor>
  void walk_from(NodeId from, NodeId start, Visitor&& visit) const {
    NodeId current = start;
    while (current != kNoNode) {
      bool descend = true;
      if constexpr (std::is_same_v<decltype(visit(current)), WalkStep>) {
        const WalkStep step = visit(current);
        if (step == WalkStep::stop) return;
        descend = step == WalkStep::descend;
      } else {
        descend = visit(current);
      }
      const NodeId first_child = nodes_[current].first_child();
      if (descend && first_child != kNoNode) {
        current = first_child;
        continue;
      }
      while (current != from && nodes_[current].next_sibling == kNoNode) current = nodes_[current].parent;
      current = current == from ? kNoNode : nodes_[current].next_sibling;
    }
  }

  // For the tree construction (tree_construction.cpp), which creates elements first and places
  // them after, and moves them while repairing misnested markup.
  NodeId create_element(HtmlTag tag, std::string_view name, std::span<const Attribute> attributes);
  // An element of the same tag and attributes, not yet placed (for reopened formatting elements).
  NodeId clone_element(NodeId id);
  // Places an unplaced node as a child of `parent`, before `before` (kNoNode: as the last child).
  void insert(NodeId id, NodeId parent, NodeId before = kNoNode);
  // Takes a node with its subtree out of its parent.
  void detach(NodeId id);
  // Text at that place, joined to a text node just before it.
  void insert_text(std::string_view text, NodeId parent, NodeId before = kNoNode);
  // A comment as the last child of `parent`, when the document keeps them.
  void insert_comment(std::string_view text, NodeId parent);
  [[nodiscard]] bool keeps_comments() const noexcept { return comments_ == Comments::kept; }
  void set_doctype(Doctype doctype);
  // Adds the attributes the element lacks (a second <html> or <body> tag).
  void add_missing_attributes(NodeId id, std::span<const Attribute> attributes);
  // The text the tree construction reads: what points into it needs no copy.
  [[nodiscard]] std::string_view source() const { return source_ ? std::string_view(*source_) : std::string_view{}; }

 private:
  // Moves what React streamed to the end of the page (<div hidden id="S:1">) to where its
  // placeholder stood (<template id="B:1"> or "P:1"), as the page's scripts would: the content is
  // read in its place.
  void place_streamed_segments(const std::unordered_map<std::string_view, NodeId>& slots,
                               const std::vector<NodeId>& segments);
  // Parses the source the document keeps into its tree.
  static Document start(std::string utf8_html, Comments comments);
  // A page's tree without the parts the extraction never reads (page_parts.cpp).
  void leave_out_page_parts();
  // Takes a node out of the tree; the text on either side becomes one node, as if the node had
  // never been there.
  void detach_joining_text(NodeId id);
  // Renumbers the nodes in document order if moves left them out of it: later stages rely on ids
  // that grow in document order.
  void put_in_document_order();
  // `text` itself when it lies in the kept source, otherwise a copy in the arena (for attributes,
  // whose views must stay valid).
  std::string_view keep(std::string_view text);
  // A new text or comment node with that text at that place.
  void insert_leaf(NodeKind kind, std::string_view text, NodeId parent, NodeId before);
  // Adds `text` to the end of a text node's text.
  void append_text(NodeId id, std::string_view text);
  // Where `text` starts in the document's text: in the kept source when it lies there, otherwise
  // in a copy at the end of copied_text_.
  std::uint32_t keep_chars(std::string_view text);
  [[nodiscard]] bool in_source(std::string_view text) const;
  // Where the name of an element in other_names_ starts in copied_text_; Node::kNoChars for the rest.
  [[nodiscard]] std::uint32_t other_name_at(NodeId id) const;
  // The document's text is in two places, the kept source and copied_text_: offsets with the top
  // bit set are into the copies.
  static constexpr std::uint32_t kCopied = std::uint32_t{1} << 31;
  // A node's packed value (Node::value_), read from wide_values_ when it did not fit.
  [[nodiscard]] std::uint32_t value(NodeId id) const {
    const std::uint32_t packed = nodes_[id].value_;
    return packed != Node::kWideValue ? packed : wide_values_.at(id);
  }
  void set_value(NodeId id, Node& node, std::uint32_t value);
  // Gives the element the attributes from attributes_[first] to the end as its run (none when
  // that is empty).
  void end_attribute_run(NodeId id, Node& node, std::size_t first);
  [[nodiscard]] std::string_view chars_at(std::uint32_t at, std::uint32_t size) const {
    return {((at & kCopied) != 0 ? copied_text_.data() + (at & ~kCopied) : source_->data() + at), size};
  }

  std::vector<Node> nodes_;
  Comments comments_ = Comments::dropped;
  // Each node's namespace, once an element outside HTML's was created (empty before: all HTML).
  std::vector<Namespace> namespaces_;
  std::optional<Doctype> doctype_;
  std::vector<Attribute> attributes_;
  // Each element's attributes, a run of attributes_: only elements with attributes have one, so
  // that the many without pay nothing for it.
  struct AttributeRun {
    std::uint32_t first = 0;
    std::uint32_t count = 0;
  };
  std::vector<AttributeRun> attribute_runs_;
  // The values that do not fit in 22 bits: text nodes of 4 MiB and more, and element runs past the
  // four millionth (pages of tens of megabytes).
  std::unordered_map<NodeId, std::uint32_t> wide_values_;
  StringArena strings_;
  std::unique_ptr<std::string> source_;
  // Text nodes' text that is not in the source as it stands (decoded character references, runs
  // joined across a comment), and the names of unknown elements. Addressed by offset, so it may
  // grow and move.
  std::string copied_text_;
  // The elements whose name is not their tag's (custom elements, mostly), sorted by id, each with
  // where its name starts in copied_text_, ended by a NUL (a name is cut at its first NUL).
  std::vector<std::pair<NodeId, std::uint32_t>> other_names_;
  PageRecords records_;
  // While the tree is built: text nodes moved to the end of copied_text_ with room to grow, and
  // where their room ends.
  std::unordered_map<NodeId, std::uint32_t> text_room_;
};

}  // namespace pagemd::extract
