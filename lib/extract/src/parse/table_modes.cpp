#include <algorithm>

#include "parse/tree_construction.hpp"
#include "text/text_util.hpp"

// The table modes: "in table" and those of a table's parts (caption, column group, row group, row
// and cell), with what they share: clearing the stack back to the table's context and closing a
// part. Text in a table is "in table text" (tree_construction.cpp).

namespace pagemd::extract::html {

bool TreeBuilder::table_part_start(const Token& token) {
  const HtmlTag tag = token.tag;
  switch (mode_) {
    case Mode::in_caption:
      if (tag == HtmlTag::caption || tag == HtmlTag::col || tag == HtmlTag::colgroup || tag == HtmlTag::td ||
          tag == HtmlTag::th || tag == HtmlTag::tr || is_table_section(tag)) {
        return !close_caption();
      }
      return in_body_start(token);
    case Mode::in_column_group:
      if (tag == HtmlTag::html) return in_body_start(token);
      if (tag == HtmlTag::template_) return in_head_start(token);
      if (tag == HtmlTag::col) {
        insert_void(token);
        return true;
      }
      if (!current_is(HtmlTag::colgroup)) return true;
      open_.pop_back();
      mode_ = Mode::in_table;
      return false;
    case Mode::in_table_body:
      if (tag == HtmlTag::tr) {
        clear_to_table_body_context();
        insert_element(token);
        mode_ = Mode::in_row;
        return true;
      }
      if (tag == HtmlTag::td || tag == HtmlTag::th) {
        clear_to_table_body_context();
        insert_element(HtmlTag::tr);
        mode_ = Mode::in_row;
        return false;
      }
      if (tag == HtmlTag::caption || tag == HtmlTag::col || tag == HtmlTag::colgroup || is_table_section(tag)) {
        return !close_table_section();
      }
      return in_table_start(token);
    case Mode::in_row:
      if (tag == HtmlTag::td || tag == HtmlTag::th) {
        clear_to_row_context();
        insert_element(token);
        mode_ = Mode::in_cell;
        active_.push_back(kMarker);
        return true;
      }
      if (tag == HtmlTag::caption || tag == HtmlTag::col || tag == HtmlTag::colgroup || tag == HtmlTag::tr ||
          is_table_section(tag)) {
        return !close_row();
      }
      return in_table_start(token);
    case Mode::in_cell:
      if (tag == HtmlTag::caption || tag == HtmlTag::col || tag == HtmlTag::colgroup || tag == HtmlTag::td ||
          tag == HtmlTag::th || tag == HtmlTag::tr || is_table_section(tag)) {
        if (!in_scope(HtmlTag::td, Scope::table) && !in_scope(HtmlTag::th, Scope::table)) return true;
        close_cell();
        return false;
      }
      return in_body_start(token);
    default: return in_table_start(token);
  }
}

bool TreeBuilder::table_part_end(const Token& token) {
  const HtmlTag tag = token.tag;
  switch (mode_) {
    case Mode::in_caption:
      if (tag == HtmlTag::caption) {
        close_caption();
        return true;
      }
      if (tag == HtmlTag::table) return !close_caption();
      if (tag == HtmlTag::body || tag == HtmlTag::col || tag == HtmlTag::colgroup || tag == HtmlTag::html ||
          tag == HtmlTag::td || tag == HtmlTag::th || tag == HtmlTag::tr || is_table_section(tag)) {
        return true;
      }
      return in_body_end(token);
    case Mode::in_column_group:
      if (tag == HtmlTag::template_) {
        close_template();
        return true;
      }
      if (tag == HtmlTag::colgroup) {
        if (current_is(HtmlTag::colgroup)) {
          open_.pop_back();
          mode_ = Mode::in_table;
        }
        return true;
      }
      if (tag == HtmlTag::col || !current_is(HtmlTag::colgroup)) return true;
      open_.pop_back();
      mode_ = Mode::in_table;
      return false;
    case Mode::in_table_body:
      if (is_table_section(tag)) {
        if (in_scope(tag, Scope::table)) {
          clear_to_table_body_context();
          open_.pop_back();
          mode_ = Mode::in_table;
        }
        return true;
      }
      if (tag == HtmlTag::table) return !close_table_section();
      if (tag == HtmlTag::body || tag == HtmlTag::caption || tag == HtmlTag::col || tag == HtmlTag::colgroup ||
          tag == HtmlTag::html || tag == HtmlTag::td || tag == HtmlTag::th || tag == HtmlTag::tr) {
        return true;
      }
      return in_table_end(token);
    case Mode::in_row:
      if (tag == HtmlTag::tr) {
        close_row();
        return true;
      }
      if (tag == HtmlTag::table) return !close_row();
      if (is_table_section(tag)) {
        if (!in_scope(tag, Scope::table)) return true;
        return !close_row();
      }
      if (tag == HtmlTag::body || tag == HtmlTag::caption || tag == HtmlTag::col || tag == HtmlTag::colgroup ||
          tag == HtmlTag::html || tag == HtmlTag::td || tag == HtmlTag::th) {
        return true;
      }
      return in_table_end(token);
    case Mode::in_cell:
      if (tag == HtmlTag::td || tag == HtmlTag::th) {
        if (!in_scope(tag, Scope::table)) return true;
        generate_implied_end_tags();
        pop_until(tag);
        clear_active_to_marker();
        mode_ = Mode::in_row;
        return true;
      }
      if (tag == HtmlTag::body || tag == HtmlTag::caption || tag == HtmlTag::col || tag == HtmlTag::colgroup ||
          tag == HtmlTag::html) {
        return true;
      }
      if (tag == HtmlTag::table || tag == HtmlTag::tr || is_table_section(tag)) {
        if (!in_scope(tag, Scope::table)) return true;
        close_cell();
        return false;
      }
      return in_body_end(token);
    default: return in_table_end(token);
  }
}

void TreeBuilder::clear_to_table_context() {
  while (!current_is(HtmlTag::table) && !current_is(HtmlTag::html) && !current_is(HtmlTag::template_)) {
    open_.pop_back();
  }
}

void TreeBuilder::clear_to_table_body_context() {
  while (!is_table_section(tag_of(current())) && !current_is(HtmlTag::html) && !current_is(HtmlTag::template_)) {
    open_.pop_back();
  }
}

void TreeBuilder::clear_to_row_context() {
  while (!current_is(HtmlTag::tr) && !current_is(HtmlTag::html) && !current_is(HtmlTag::template_)) {
    open_.pop_back();
  }
}

bool TreeBuilder::close_caption() {
  if (!in_scope(HtmlTag::caption, Scope::table)) return false;
  generate_implied_end_tags();
  pop_until(HtmlTag::caption);
  clear_active_to_marker();
  mode_ = Mode::in_table;
  return true;
}

bool TreeBuilder::close_table_section() {
  if (!in_scope_if([&](NodeId id) { return is_table_section(tag_of(id)); }, Scope::table)) return false;
  clear_to_table_body_context();
  open_.pop_back();
  mode_ = Mode::in_table;
  return true;
}

bool TreeBuilder::close_row() {
  if (!in_scope(HtmlTag::tr, Scope::table)) return false;
  clear_to_row_context();
  open_.pop_back();
  mode_ = Mode::in_table_body;
  return true;
}

void TreeBuilder::close_cell() {
  generate_implied_end_tags();
  while (!open_.empty()) {
    const HtmlTag popped = tag_of(current());
    open_.pop_back();
    if (popped == HtmlTag::td || popped == HtmlTag::th) break;
  }
  clear_active_to_marker();
  mode_ = Mode::in_row;
}

bool TreeBuilder::in_table_start(const Token& token) {
  const HtmlTag tag = token.tag;
  switch (tag) {
    case HtmlTag::caption:
      clear_to_table_context();
      active_.push_back(kMarker);
      insert_element(token);
      mode_ = Mode::in_caption;
      return true;
    case HtmlTag::colgroup:
      clear_to_table_context();
      insert_element(token);
      mode_ = Mode::in_column_group;
      return true;
    case HtmlTag::col:
      clear_to_table_context();
      insert_element(HtmlTag::colgroup);
      mode_ = Mode::in_column_group;
      return false;
    case HtmlTag::tbody:
    case HtmlTag::tfoot:
    case HtmlTag::thead:
      clear_to_table_context();
      insert_element(token);
      mode_ = Mode::in_table_body;
      return true;
    case HtmlTag::td:
    case HtmlTag::th:
    case HtmlTag::tr:
      clear_to_table_context();
      insert_element(HtmlTag::tbody);
      mode_ = Mode::in_table_body;
      return false;
    case HtmlTag::table:
      if (!in_scope(HtmlTag::table, Scope::table)) return true;
      pop_until(HtmlTag::table);
      reset_insertion_mode();
      return false;
    case HtmlTag::style:
    case HtmlTag::script:
    case HtmlTag::template_: return in_head_start(token);
    case HtmlTag::input:
      if (is_hidden_input(token)) {
        insert_void(token);
        return true;
      }
      break;
    case HtmlTag::form:
      if (form_ != kNoNode || template_open()) return true;
      form_ = insert_element(token);
      open_.pop_back();
      return true;
    default: break;
  }
  foster_parenting_ = true;
  in_body_start(token);
  foster_parenting_ = false;
  return true;
}

bool TreeBuilder::is_hidden_input(const Token& token) {
  return std::any_of(token.attributes.begin(), token.attributes.end(), [](const Attribute& attribute) {
    return attribute.name == "type" && core::equals_ignore_case(attribute.value, "hidden");
  });
}

bool TreeBuilder::in_table_end(const Token& token) {
  const HtmlTag tag = token.tag;
  if (tag == HtmlTag::template_) {
    close_template();
    return true;
  }
  if (tag == HtmlTag::table) {
    if (!in_scope(HtmlTag::table, Scope::table)) return true;
    pop_until(HtmlTag::table);
    reset_insertion_mode();
    return true;
  }
  if (tag == HtmlTag::body || tag == HtmlTag::caption || tag == HtmlTag::col || tag == HtmlTag::colgroup ||
      tag == HtmlTag::html || tag == HtmlTag::td || tag == HtmlTag::th || tag == HtmlTag::tr || is_table_section(tag)) {
    return true;
  }
  foster_parenting_ = true;
  in_body_end(token);
  foster_parenting_ = false;
  return true;
}

}  // namespace pagemd::extract::html
