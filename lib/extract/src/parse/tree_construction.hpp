#pragma once

// Stage 2, parse: the state of the tree construction (tree_builder.hpp) and its rules. Private to
// parse/: the stack of open elements, inserting and the text of every mode are in
// tree_construction.cpp, the list of active formatting elements and the adoption agency in
// formatting_elements.cpp; the insertion modes in insertion_modes.cpp, but for the largest, "in
// body" (in_body.cpp), the table modes (table_modes.cpp) and foreign content (foreign_content.cpp).

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parse/dom.hpp"
#include "markup/html_elements.hpp"
#include "parse/tokenizer/html_tokenizer.hpp"

namespace pagemd::extract::html {

enum class Mode : std::uint8_t {
  initial,
  before_html,
  before_head,
  in_head,
  in_head_noscript,
  after_head,
  in_body,
  text,
  in_table,
  in_table_text,
  in_caption,
  in_column_group,
  in_table_body,
  in_row,
  in_cell,
  in_template,
  in_frameset,
  after_frameset,
  after_after_frameset,
  after_body,
  after_after_body,
};

inline constexpr NodeId kMarker = kNoNode;  // in the list of active formatting elements

// The stack of open elements, counting the <p> elements on it. Every block's start tag asks
// whether a <p> is open in button scope, and a nest of blocks with none would otherwise be scanned
// once per tag: deep nests would parse in quadratic time. So for <select>, which every <option>,
// <hr> and <input> asks after. It counts as well the open elements
// whose subtree a page's tree leaves out (<template>, <object>, SVG), so that text inside them
// need not be kept at all, and how deep the current node is in the tree, which is more than the
// stack holds once a </form> took its form off the stack but not out of the tree.
class OpenElements {
 public:
  using const_iterator = std::vector<NodeId>::const_iterator;

  explicit OpenElements(const Document& doc) : doc_(doc) {}

  [[nodiscard]] std::size_t size() const noexcept { return ids_.size(); }
  [[nodiscard]] bool empty() const noexcept { return ids_.empty(); }
  [[nodiscard]] NodeId operator[](std::size_t i) const { return ids_[i]; }
  [[nodiscard]] NodeId front() const { return ids_.front(); }
  [[nodiscard]] NodeId back() const { return ids_.back(); }
  [[nodiscard]] const_iterator begin() const noexcept { return ids_.begin(); }
  [[nodiscard]] const_iterator end() const noexcept { return ids_.end(); }
  [[nodiscard]] bool holds_paragraph() const noexcept { return paragraphs_ > 0; }
  [[nodiscard]] bool holds_select() const noexcept { return selects_ > 0; }
  [[nodiscard]] bool holds_left_out() const noexcept { return left_out_ > 0; }
  // How many elements deep the current node is in the tree.
  [[nodiscard]] std::size_t depth() const noexcept { return ids_.size() + hidden_; }

  void push_back(NodeId id) {
    count(id, 1);
    ids_.push_back(id);
  }
  void pop_back() {
    count(ids_.back(), -1);
    forget_hidden(ids_.size() - 1);
    ids_.pop_back();
  }
  void erase(const_iterator at) {
    count(*at, -1);
    forget_hidden(static_cast<std::size_t>(at - ids_.begin()));
    ids_.erase(at);
  }
  // Takes an element off the stack that stays an ancestor of the elements above it in the tree.
  void erase_ancestor(const_iterator at) {
    const auto index = static_cast<std::size_t>(at - ids_.begin());
    const std::uint32_t carried = index < hidden_at_.size() ? hidden_at_[index] : 0;
    erase(at);
    if (index >= ids_.size()) return;
    if (hidden_at_.size() <= index) hidden_at_.resize(index + 1, 0);
    hidden_at_[index] += carried + 1;
    hidden_ += carried + 1;
  }
  void insert(const_iterator at, NodeId id) {
    count(id, 1);
    const auto index = static_cast<std::size_t>(at - ids_.begin());
    if (index < hidden_at_.size()) hidden_at_.insert(hidden_at_.begin() + static_cast<std::ptrdiff_t>(index), 0);
    ids_.insert(at, id);
  }
  // Pops down to `size` elements.
  void resize(std::size_t size) {
    while (ids_.size() > size) pop_back();
  }
  void replace(std::size_t at, NodeId id) {
    count(ids_[at], -1);
    count(id, 1);
    ids_[at] = id;
  }
  // From now on the options that leave the stack are kept for take_popped_options(): a select's
  // <selectedcontent> shows its chosen option as it leaves.
  void report_popped_options() noexcept { reports_options_ = true; }
  [[nodiscard]] bool has_popped_options() const noexcept { return !popped_options_.empty(); }
  [[nodiscard]] std::vector<NodeId> take_popped_options() { return std::exchange(popped_options_, {}); }

 private:
  void count(NodeId id, int change) {
    const HtmlTag tag = doc_.node(id).tag;
    if (tag == HtmlTag::p) paragraphs_ += static_cast<std::size_t>(change);
    if (tag == HtmlTag::select) selects_ += static_cast<std::size_t>(change);
    if (tag == HtmlTag::option && change < 0 && reports_options_) popped_options_.push_back(id);
    if (tag == HtmlTag::template_ || tag == HtmlTag::object || doc_.element_namespace(id) == Namespace::svg) {
      left_out_ += static_cast<std::size_t>(change);
    }
  }

  // The hidden ancestors an entry carries leave with it (those of its own that it passes on are
  // already counted by erase_ancestor).
  void forget_hidden(std::size_t index) {
    if (index >= hidden_at_.size()) return;
    hidden_ -= hidden_at_[index];
    hidden_at_.erase(hidden_at_.begin() + static_cast<std::ptrdiff_t>(index));
  }

  const Document& doc_;
  std::vector<NodeId> ids_;
  std::size_t paragraphs_ = 0;
  std::size_t selects_ = 0;
  std::size_t left_out_ = 0;
  // For the entries from the bottom up, how many elements that left the stack are their ancestors
  // in the tree (and not those of the entries below); a vector only as long as the last entry
  // that has some.
  std::vector<std::uint32_t> hidden_at_;
  std::size_t hidden_ = 0;
  bool reports_options_ = false;
  std::vector<NodeId> popped_options_;
};

class TreeBuilder {
 public:
  // `records` is set for a page's tree (Document::build_page), which leaves out what the
  // extraction never reads and records what it needs of it there.
  TreeBuilder(Document& doc, std::string_view html, std::size_t max_open_elements, PageRecords* records)
      : doc_(doc),
        tokenizer_(html, doc.keeps_comments()),
        open_(doc),
        records_(records),
        max_depth_(max_open_elements + kImpliedElements) {}

  void run();

 private:
  // ---- The stack of open elements -------------------------------------------------------------

  [[nodiscard]] HtmlTag tag_of(NodeId id) const { return doc_.node(id).tag; }
  [[nodiscard]] std::string_view name_of(NodeId id) const { return doc_.name(id); }
  [[nodiscard]] NodeId current() const { return open_.back(); }
  [[nodiscard]] bool current_is(HtmlTag tag) const { return !open_.empty() && tag_of(current()) == tag; }

  [[nodiscard]] std::size_t stack_index(NodeId id) const;

  template <typename Matches>
  [[nodiscard]] bool in_scope_if(Matches matches, Scope scope) const {
    const bool foreign_ends = scope != Scope::table;
    for (std::size_t i = open_.size(); i-- > 0;) {
      if (matches(open_[i])) return true;
      if (ends_scope(tag_of(open_[i]), scope) || (foreign_ends && is_foreign_boundary(open_[i]))) return false;
    }
    return false;
  }

  // ---- Foreign content (foreign_content.cpp) --------------------------------------------------

  [[nodiscard]] bool is_foreign(NodeId id) const { return doc_.element_namespace(id) != Namespace::html; }
  [[nodiscard]] bool is_mathml_text_integration_point(NodeId id) const;
  [[nodiscard]] bool is_html_integration_point(NodeId id) const;
  // Whether text in the foreign element `id` is read by the rules for foreign content.
  [[nodiscard]] bool reads_foreign_text(NodeId id) const {
    return !is_mathml_text_integration_point(id) && !is_html_integration_point(id);
  }
  void foreign_characters(std::string_view text);
  // The MathML and SVG elements that are "special" and end scopes, as HTML's own do.
  [[nodiscard]] bool is_foreign_boundary(NodeId id) const;
  [[nodiscard]] bool is_special_node(NodeId id) const { return is_special(tag_of(id)) || is_foreign_boundary(id); }
  // Whether the token is read by the rules for foreign content rather than the insertion mode's.
  [[nodiscard]] bool uses_foreign_rules(const Token& token) const;
  // An <svg> or <math> element, or one inside them, with the names the standard adjusts.
  void insert_foreign(const Token& token, Namespace space);
  // False when the tag breaks out of foreign content: the insertion mode takes it then.
  bool foreign_start(const Token& token);
  // Pops the foreign elements down to HTML or an integration point, for a tag that breaks out.
  void leave_foreign_content();
  void foreign_end(const Token& token);
  [[nodiscard]] bool in_scope(HtmlTag tag, Scope scope = Scope::plain) const {
    return in_scope_if([&](NodeId id) { return tag_of(id) == tag; }, scope);
  }

  void pop_until(HtmlTag tag);

  [[nodiscard]] bool template_open() const { return !template_modes_.empty(); }

  void generate_implied_end_tags(std::string_view except = {}) {
    while (!open_.empty() && has_implied_end(tag_of(current())) && name_of(current()) != except) open_.pop_back();
  }

  void close_p() {
    generate_implied_end_tags("p");
    pop_until(HtmlTag::p);
  }
  [[nodiscard]] bool p_in_button_scope() const {
    return open_.holds_paragraph() && in_scope(HtmlTag::p, Scope::button);
  }
  void close_p_in_button_scope() {
    if (p_in_button_scope()) close_p();
  }
  [[nodiscard]] bool select_in_scope() const { return open_.holds_select() && in_scope(HtmlTag::select); }

  // ---- Inserting ------------------------------------------------------------------------------

  struct Place {
    NodeId parent;
    NodeId before;
  };

  // "The appropriate place for inserting a node": the target, unless foster parenting moves what
  // a table cannot hold to just before the table.
  [[nodiscard]] Place place(NodeId target) const;

  NodeId insert_element(HtmlTag tag, std::string_view name, std::span<const Attribute> attributes,
                        Namespace space = Namespace::html);
  NodeId insert_element(const Token& token) { return insert_element(token.tag, token.name, token.attributes); }
  NodeId insert_element(HtmlTag tag) { return insert_element(tag, tag_name(tag), {}); }
  void insert_void(const Token& token) {
    insert_element(token);
    open_.pop_back();
  }

  void insert_text(std::string_view text);

  // Reads the element's content as text up to its end tag ("generic raw text / RCDATA parsing").
  void insert_text_element(const Token& token, TextMode text_mode);

  // ---- The list of active formatting elements -------------------------------------------------

  [[nodiscard]] std::size_t active_index(NodeId id) const;

  [[nodiscard]] bool same_element(NodeId a, NodeId b) const;

  // Adds a formatting element; the "Noah's Ark" clause keeps at most three alike after the last marker.
  void push_active(NodeId id);

  void clear_active_to_marker();

  // Reopens the formatting elements a closed block cut off ("<p><b>x</p>y": the "y" is bold).
  void reconstruct_active();

  // The adoption agency algorithm for an end tag of a formatting element; false when the tag is to
  // be treated as "any other end tag".
  bool adoption_agency(const Token& token);

  // "Any other end tag" in body: closes the nearest element of that name unless a special element
  // comes first.
  void close_any_other(const Token& token);

  // ---- Modes ----------------------------------------------------------------------------------

  void reset_insertion_mode();

  void doctype(const Token& token);

  // Only for a document that keeps comments (Comments::kept).
  void comment(const Token& token);

  // Characters, in the current mode; a mode may consume some and leave the rest for the next.
  void characters(std::string_view text);

  void table_anything_else_characters(std::string_view text);

  // Leaves "in table text" with what it gathered, before the token that ended it.
  void flush_table_text();

  void open_html() {
    insert_element(HtmlTag::html);
    mode_ = Mode::before_head;
  }
  void open_head() {
    head_ = insert_element(HtmlTag::head);
    mode_ = Mode::in_head;
  }
  void leave_head() {
    open_.pop_back();
    mode_ = Mode::after_head;
  }

  void start_tag(const Token& token);
  void end_tag(const Token& token);

  // Each returns false when the token is to be reprocessed in the mode it switched to.
  bool start_tag_in_mode(const Token& token);

  bool in_head_start(const Token& token);

  bool in_head_noscript_start(const Token& token);

  // Leaves "in head noscript" for "in head" (the <noscript> closes).
  void leave_head_noscript() {
    open_.pop_back();
    mode_ = Mode::in_head;
  }

  bool in_body_start(const Token& token);

  bool in_table_start(const Token& token);
  // The modes of a table's parts: caption, column group, row group, row, cell.
  bool table_part_start(const Token& token);

  static bool is_hidden_input(const Token& token);

  bool in_template_start(const Token& token);

  // <frameset> in body: it replaces the body unless something a frameset page cannot hold came first.
  void frameset_in_body(const Token& token);
  bool in_frameset_start(const Token& token);
  bool in_frameset_end(const Token& token);
  // Whether a start tag in body means the page is no frameset page ("frameset-ok" turns "not ok").
  static bool ends_frameset_ok(const Token& token);

  // A <template> start tag, in the rules of "in head".
  void open_template(const Token& token);
  // A </template> end tag, in the rules of "in head".
  void close_template();
  // The template's content goes on in `mode` (a table part, say, in "in table").
  void switch_template_mode(Mode mode) {
    template_modes_.back() = mode;
    mode_ = mode;
  }

  void clear_to_table_context();
  void clear_to_table_body_context();
  void clear_to_row_context();

  // Each returns whether it closed something (false: the token that asked is ignored).
  bool close_caption();
  bool close_table_section();
  bool close_row();
  void close_cell();

  bool end_tag_in_mode(const Token& token);

  bool in_body_end(const Token& token);

  bool in_table_end(const Token& token);
  bool table_part_end(const Token& token);

  void finish();

  // ---- A select's chosen option shown in its <selectedcontent> (selected_content.cpp) ----------

  struct SelectChoice {
    NodeId select;
    NodeId chosen = kNoNode;    // the option its selectedness falls on so far
    NodeId shown_in = kNoNode;  // its first <selectedcontent>
  };
  // "The option element's nearest ancestor select": none when the option is inside a <datalist>,
  // an <hr>, another option, or two groups.
  [[nodiscard]] NodeId select_of_option(NodeId option) const;
  SelectChoice* choice_of(NodeId select);
  // An option or a <selectedcontent> was inserted.
  void note_option(NodeId option);
  void note_selectedcontent(NodeId element);
  // The chosen options that left the stack show in their select's <selectedcontent>.
  void show_popped_options();
  // Replaces the children of `into` with a copy of those of `from`.
  void copy_children(NodeId from, NodeId into);

  // ---- Hostile-input bounds and a page's tree (page_parts.cpp) --------------------------------

  // Whether a start tag is ignored (its text stays) because it would open an element deeper than
  // the bound, or one more formatting element each reopening would copy.
  [[nodiscard]] bool beyond_bounds(const Token& token) const;
  [[nodiscard]] bool is_page() const noexcept { return records_ != nullptr; }
  // Whether the <noscript> whose start tag was just read is read as markup, as a browser without
  // scripts reads it, or as the raw text a browser that runs scripts skips. In a page only the
  // first keeps what is worth reading: a page's worth of text (script-built sites serve it
  // there), or the real image of a lazy loader's placeholder right before it.
  [[nodiscard]] bool reads_noscript_as_markup() const;
  // A raw-text element a page's tree leaves out (a script, a style, an iframe, ...): its content
  // is kept aside, not inserted.
  [[nodiscard]] bool leaves_out_text(HtmlTag tag) const;
  void keep_left_out_text(std::string_view text);
  // The text element ends (its end tag, or the input's): one left out records what it held and
  // leaves the tree, a MathJax script leaving its formula's span in its place.
  void close_text_element();
  void record_left_out(NodeId element, std::string_view body);

  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  // <html> and <body>, which every page has above its own elements.
  static constexpr std::size_t kImpliedElements = 2;

  Document& doc_;
  Tokenizer tokenizer_;
  Mode mode_ = Mode::initial;
  Mode original_mode_ = Mode::initial;
  OpenElements open_;
  std::vector<NodeId> active_;
  // The stack of template insertion modes, one for each <template> open.
  std::vector<Mode> template_modes_;
  std::vector<SelectChoice> choices_;
  NodeId head_ = kNoNode;
  NodeId form_ = kNoNode;
  bool quirks_ = true;  // until a doctype says otherwise
  bool foster_parenting_ = false;
  bool frameset_ok_ = true;
  bool skip_newline_ = false;
  std::string table_text_;
  PageRecords* records_ = nullptr;
  std::size_t max_depth_;
  // The content of the raw-text element being left out: a view of the input, or, when it came in
  // pieces, the pieces joined.
  std::string_view left_out_text_;
  std::string left_out_joined_;
  bool leaving_out_text_ = false;
};

}  // namespace pagemd::extract::html
