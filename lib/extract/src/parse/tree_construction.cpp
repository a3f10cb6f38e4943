#include "parse/tree_construction.hpp"

#include <algorithm>

#include "parse/tree_builder.hpp"
#include "text/text_util.hpp"

// The insertion modes and their rules follow the standard's text closely, section by section, so
// that a reader can hold one against the other. Left out is what only a browser that runs scripts
// needs: the scripting flag is off, and no script pauses the parser.

namespace pagemd::extract::html {
namespace {

std::size_t leading_space(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && is_ascii_space(text[i])) ++i;
  return i;
}

}  // namespace

void TreeBuilder::run() {
  while (true) {
    const bool foreign = !open_.empty() && is_foreign(current());
    tokenizer_.allow_cdata(foreign);
    tokenizer_.keep_nul_in_text(foreign && reads_foreign_text(current()));
    const Token& token = tokenizer_.next();
    switch (token.kind) {
      case TokenKind::characters: characters(token.text); break;
      case TokenKind::start_tag: start_tag(token); break;
      case TokenKind::end_tag: end_tag(token); break;
      case TokenKind::doctype: doctype(token); break;
      case TokenKind::comment: comment(token); break;
      case TokenKind::end_of_file: finish(); return;
    }
    if (open_.has_popped_options()) show_popped_options();
  }
}

std::size_t TreeBuilder::stack_index(NodeId id) const {
  for (std::size_t i = open_.size(); i-- > 0;) {
    if (open_[i] == id) return i;
  }
  return npos;
}

void TreeBuilder::pop_until(HtmlTag tag) {
  while (!open_.empty()) {
    const HtmlTag popped = tag_of(current());
    open_.pop_back();
    if (popped == tag) return;
  }
}

TreeBuilder::Place TreeBuilder::place(NodeId target) const {
  if (!foster_parenting_ || !is_table_part(tag_of(target))) return {target, kNoNode};
  for (std::size_t i = open_.size(); i-- > 0;) {
    // A template nearer than any table holds what is moved out of the table (its content).
    if (tag_of(open_[i]) == HtmlTag::template_) return {open_[i], kNoNode};
    if (tag_of(open_[i]) != HtmlTag::table) continue;
    const NodeId table = open_[i];
    if (doc_.node(table).parent != kNoNode) return {doc_.node(table).parent, table};
    return {open_[i - 1], kNoNode};
  }
  return {open_.front(), kNoNode};
}

NodeId TreeBuilder::insert_element(HtmlTag tag, std::string_view name, std::span<const Attribute> attributes,
                                   Namespace space) {
  const NodeId id = doc_.create_element(tag, name, attributes);
  // Before the element goes on the stack, which counts the SVG on it.
  doc_.set_namespace(id, space);
  const Place at = place(open_.empty() ? doc_.root() : current());
  doc_.insert(id, at.parent, at.before);
  open_.push_back(id);
  return id;
}

void TreeBuilder::insert_text(std::string_view text) {
  // Inside a subtree a page's tree leaves out, text is not worth a node.
  if (text.empty() || (is_page() && open_.holds_left_out())) return;
  const Place at = place(current());
  doc_.insert_text(text, at.parent, at.before);
}

void TreeBuilder::insert_text_element(const Token& token, TextMode text_mode) {
  insert_element(token);
  leaving_out_text_ = leaves_out_text(token.tag);
  left_out_text_ = {};
  left_out_joined_.clear();
  tokenizer_.switch_to(text_mode, token.name);
  original_mode_ = mode_;
  mode_ = Mode::text;
}

void TreeBuilder::reset_insertion_mode() {
  for (std::size_t i = open_.size(); i-- > 0;) {
    const bool last = i == 0;
    switch (tag_of(open_[i])) {
      case HtmlTag::td:
      case HtmlTag::th:
        if (last) break;
        mode_ = Mode::in_cell;
        return;
      case HtmlTag::tr: mode_ = Mode::in_row; return;
      case HtmlTag::tbody:
      case HtmlTag::thead:
      case HtmlTag::tfoot: mode_ = Mode::in_table_body; return;
      case HtmlTag::caption: mode_ = Mode::in_caption; return;
      case HtmlTag::colgroup: mode_ = Mode::in_column_group; return;
      case HtmlTag::table: mode_ = Mode::in_table; return;
      case HtmlTag::template_: mode_ = template_modes_.empty() ? Mode::in_body : template_modes_.back(); return;
      case HtmlTag::head:
        if (last) break;
        mode_ = Mode::in_head;
        return;
      case HtmlTag::body: mode_ = Mode::in_body; return;
      case HtmlTag::html: mode_ = head_ == kNoNode ? Mode::before_head : Mode::after_head; return;
      default: break;
    }
    if (last) {
      mode_ = Mode::in_body;
      return;
    }
  }
  mode_ = Mode::in_body;
}

void TreeBuilder::doctype(const Token& token) {
  if (mode_ != Mode::initial) return;
  quirks_ = quirks_mode(token);
  mode_ = Mode::before_html;
  std::size_t position = 0;
  for (NodeId child = doc_.node(doc_.root()).first_child(); child != kNoNode; child = doc_.node(child).next_sibling) {
    ++position;
  }
  doc_.set_doctype({token.name, token.public_id, token.system_id, token.has_public_id, token.has_system_id, position});
}

void TreeBuilder::comment(const Token& token) {
  flush_table_text();
  switch (mode_) {
    case Mode::initial:
    case Mode::before_html:
    case Mode::after_after_body:
    case Mode::after_after_frameset: doc_.insert_comment(token.text, doc_.root()); return;
    case Mode::after_body: doc_.insert_comment(token.text, open_.front()); return;
    default: doc_.insert_comment(token.text, current()); return;
  }
}

void TreeBuilder::characters(std::string_view text) {
  if (skip_newline_) {
    skip_newline_ = false;
    if (!text.empty() && text.front() == '\n') text.remove_prefix(1);
  }
  if (!text.empty() && !open_.empty() && is_foreign(current()) && reads_foreign_text(current())) {
    foreign_characters(text);
    return;
  }
  while (!text.empty()) {
    switch (mode_) {
      case Mode::initial:
        text.remove_prefix(leading_space(text));
        if (text.empty()) return;
        mode_ = Mode::before_html;
        break;
      case Mode::before_html:
        text.remove_prefix(leading_space(text));
        if (text.empty()) return;
        open_html();
        break;
      case Mode::before_head:
        text.remove_prefix(leading_space(text));
        if (text.empty()) return;
        open_head();
        break;
      case Mode::in_head:
      case Mode::in_head_noscript:
      case Mode::after_head: {
        const std::size_t space = leading_space(text);
        insert_text(text.substr(0, space));
        text.remove_prefix(space);
        if (text.empty()) return;
        if (mode_ == Mode::in_head_noscript) {
          leave_head_noscript();
        } else if (mode_ == Mode::in_head) {
          leave_head();
        } else {
          insert_element(HtmlTag::body);
          mode_ = Mode::in_body;
        }
        break;
      }
      case Mode::in_frameset:
      case Mode::after_frameset:
      case Mode::after_after_frameset: {
        // Only whitespace is kept; other text has no place in a frameset page.
        std::string spaces;
        for (const char c : text) {
          if (is_ascii_space(c)) spaces += c;
        }
        if (mode_ == Mode::after_after_frameset) reconstruct_active();
        insert_text(spaces);
        return;
      }
      case Mode::in_body:
      case Mode::in_template:
      case Mode::in_caption:
      case Mode::in_cell:
        if (frameset_ok_ && leading_space(text) != text.size()) frameset_ok_ = false;
        reconstruct_active();
        insert_text(text);
        return;
      case Mode::text:
        if (leaving_out_text_) {
          keep_left_out_text(text);
          return;
        }
        insert_text(text);
        return;
      case Mode::in_table:
      case Mode::in_table_body:
      case Mode::in_row:
        if (is_table_part(tag_of(current()))) {
          table_text_.clear();
          original_mode_ = mode_;
          mode_ = Mode::in_table_text;
          break;
        }
        table_anything_else_characters(text);
        return;
      case Mode::in_table_text: table_text_.append(text); return;
      case Mode::in_column_group: {
        const std::size_t space = leading_space(text);
        insert_text(text.substr(0, space));
        text.remove_prefix(space);
        if (text.empty()) return;
        if (!current_is(HtmlTag::colgroup)) return;
        open_.pop_back();
        mode_ = Mode::in_table;
        break;
      }
      case Mode::after_body:
      case Mode::after_after_body: {
        const std::size_t space = leading_space(text);
        if (space > 0) {
          reconstruct_active();
          insert_text(text.substr(0, space));
          text.remove_prefix(space);
        }
        if (text.empty()) return;
        mode_ = Mode::in_body;
        break;
      }
    }
  }
}

void TreeBuilder::table_anything_else_characters(std::string_view text) {
  if (leading_space(text) != text.size()) frameset_ok_ = false;
  foster_parenting_ = true;
  reconstruct_active();
  insert_text(text);
  foster_parenting_ = false;
}

void TreeBuilder::flush_table_text() {
  if (mode_ != Mode::in_table_text) return;
  mode_ = original_mode_;
  if (leading_space(table_text_) == table_text_.size()) {
    insert_text(table_text_);
  } else {
    table_anything_else_characters(table_text_);
  }
  table_text_.clear();
}

void TreeBuilder::start_tag(const Token& token) {
  flush_table_text();
  if (beyond_bounds(token)) return;
  if (uses_foreign_rules(token) && foreign_start(token)) return;
  while (!start_tag_in_mode(token)) {
  }
}

void TreeBuilder::end_tag(const Token& token) {
  flush_table_text();
  if (uses_foreign_rules(token)) {
    foreign_end(token);
    return;
  }
  while (!end_tag_in_mode(token)) {
  }
}

void TreeBuilder::finish() {
  flush_table_text();
  // The input ended inside a raw-text element: it closes, and the mode it was opened in ends.
  if (mode_ == Mode::text) close_text_element();
  while (template_open()) {
    pop_until(HtmlTag::template_);
    clear_active_to_marker();
    template_modes_.pop_back();
    reset_insertion_mode();
  }
  // A document without any markup still gets its html, head and body.
  if (mode_ == Mode::initial || mode_ == Mode::before_html) open_html();
  if (mode_ == Mode::before_head) open_head();
  if (mode_ == Mode::in_head_noscript) leave_head_noscript();
  if (mode_ == Mode::in_head) leave_head();
  if (mode_ == Mode::after_head) insert_element(HtmlTag::body);
  // Parsing stops by popping every element: the options still open leave the stack too.
  if (!choices_.empty()) {
    open_.resize(0);
    show_popped_options();
  }
}

void build_tree(Document& doc, std::size_t max_open_elements, PageRecords* records) {
  TreeBuilder(doc, doc.source(), max_open_elements, records).run();
}

}  // namespace pagemd::extract::html
