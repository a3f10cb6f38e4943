#include <algorithm>

#include "parse/tree_construction.hpp"
#include "text/text_util.hpp"

// The insertion modes other than "in body" (in_body.cpp), as the standard lists them.

namespace pagemd::extract::html {

bool TreeBuilder::start_tag_in_mode(const Token& token) {
  const GumboTag tag = token.tag;
  switch (mode_) {
    case Mode::initial: mode_ = Mode::before_html; return false;
    case Mode::before_html:
      if (tag == GUMBO_TAG_HTML) {
        insert_element(token);
        mode_ = Mode::before_head;
        return true;
      }
      open_html();
      return false;
    case Mode::before_head:
      if (tag == GUMBO_TAG_HTML) return in_body_start(token);
      if (tag == GUMBO_TAG_HEAD) {
        head_ = insert_element(token);
        mode_ = Mode::in_head;
        return true;
      }
      open_head();
      return false;
    case Mode::in_head: return in_head_start(token);
    case Mode::after_head:
      if (tag == GUMBO_TAG_HTML) return in_body_start(token);
      if (tag == GUMBO_TAG_BODY) {
        insert_element(token);
        mode_ = Mode::in_body;
        return true;
      }
      if (is_head_element(tag)) {
        open_.push_back(head_);
        in_head_start(token);
        open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(stack_index(head_)));
        return true;
      }
      if (tag == GUMBO_TAG_HEAD) return true;
      insert_element(GUMBO_TAG_BODY);
      mode_ = Mode::in_body;
      return false;
    case Mode::in_body: return in_body_start(token);
    case Mode::text: return true;
    case Mode::in_table:
    case Mode::in_table_text: return in_table_start(token);
    case Mode::in_caption:
      if (tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP || tag == GUMBO_TAG_TD ||
          tag == GUMBO_TAG_TH || tag == GUMBO_TAG_TR || is_table_section(tag)) {
        return !close_caption();
      }
      return in_body_start(token);
    case Mode::in_column_group:
      if (tag == GUMBO_TAG_HTML) return in_body_start(token);
      if (tag == GUMBO_TAG_COL) {
        insert_void(token);
        return true;
      }
      if (!current_is(GUMBO_TAG_COLGROUP)) return true;
      open_.pop_back();
      mode_ = Mode::in_table;
      return false;
    case Mode::in_table_body:
      if (tag == GUMBO_TAG_TR) {
        clear_to_table_body_context();
        insert_element(token);
        mode_ = Mode::in_row;
        return true;
      }
      if (tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH) {
        clear_to_table_body_context();
        insert_element(GUMBO_TAG_TR);
        mode_ = Mode::in_row;
        return false;
      }
      if (tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP || is_table_section(tag)) {
        return !close_table_section();
      }
      return in_table_start(token);
    case Mode::in_row:
      if (tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH) {
        clear_to_row_context();
        insert_element(token);
        mode_ = Mode::in_cell;
        active_.push_back(kMarker);
        return true;
      }
      if (tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP || tag == GUMBO_TAG_TR ||
          is_table_section(tag)) {
        return !close_row();
      }
      return in_table_start(token);
    case Mode::in_cell:
      if (tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP || tag == GUMBO_TAG_TD ||
          tag == GUMBO_TAG_TH || tag == GUMBO_TAG_TR || is_table_section(tag)) {
        if (!in_scope(GUMBO_TAG_TD, Scope::table) && !in_scope(GUMBO_TAG_TH, Scope::table)) return true;
        close_cell();
        return false;
      }
      return in_body_start(token);
    case Mode::in_select_in_table:
      if (tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_TABLE || tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH ||
          tag == GUMBO_TAG_TR || is_table_section(tag)) {
        pop_until(GUMBO_TAG_SELECT);
        reset_insertion_mode();
        return false;
      }
      return in_select_start(token);
    case Mode::in_select: return in_select_start(token);
    case Mode::after_body:
    case Mode::after_after_body:
      if (tag == GUMBO_TAG_HTML) return in_body_start(token);
      mode_ = Mode::in_body;
      return false;
  }
  return true;
}

bool TreeBuilder::in_head_start(const Token& token) {
  switch (token.tag) {
    case GUMBO_TAG_HTML: return in_body_start(token);
    case GUMBO_TAG_BASE:
    case GUMBO_TAG_BASEFONT:
    case GUMBO_TAG_BGSOUND:
    case GUMBO_TAG_LINK:
    case GUMBO_TAG_META: insert_void(token); return true;
    case GUMBO_TAG_TITLE: insert_text_element(token, TextMode::rcdata); return true;
    case GUMBO_TAG_NOFRAMES:
    case GUMBO_TAG_STYLE:
    case GUMBO_TAG_SCRIPT: insert_text_element(token, TextMode::rawtext); return true;
    case GUMBO_TAG_TEMPLATE:
    case GUMBO_TAG_HEAD: return true;
    default: break;
  }
  leave_head();
  return false;
}

bool TreeBuilder::in_table_start(const Token& token) {
  const GumboTag tag = token.tag;
  switch (tag) {
    case GUMBO_TAG_CAPTION:
      clear_to_table_context();
      active_.push_back(kMarker);
      insert_element(token);
      mode_ = Mode::in_caption;
      return true;
    case GUMBO_TAG_COLGROUP:
      clear_to_table_context();
      insert_element(token);
      mode_ = Mode::in_column_group;
      return true;
    case GUMBO_TAG_COL:
      clear_to_table_context();
      insert_element(GUMBO_TAG_COLGROUP);
      mode_ = Mode::in_column_group;
      return false;
    case GUMBO_TAG_TBODY:
    case GUMBO_TAG_TFOOT:
    case GUMBO_TAG_THEAD:
      clear_to_table_context();
      insert_element(token);
      mode_ = Mode::in_table_body;
      return true;
    case GUMBO_TAG_TD:
    case GUMBO_TAG_TH:
    case GUMBO_TAG_TR:
      clear_to_table_context();
      insert_element(GUMBO_TAG_TBODY);
      mode_ = Mode::in_table_body;
      return false;
    case GUMBO_TAG_TABLE:
      if (!in_scope(GUMBO_TAG_TABLE, Scope::table)) return true;
      pop_until(GUMBO_TAG_TABLE);
      reset_insertion_mode();
      return false;
    case GUMBO_TAG_STYLE:
    case GUMBO_TAG_SCRIPT:
    case GUMBO_TAG_TEMPLATE: return in_head_start(token);
    case GUMBO_TAG_INPUT:
      if (is_hidden_input(token)) {
        insert_void(token);
        return true;
      }
      break;
    case GUMBO_TAG_FORM:
      if (form_ != kNoNode) return true;
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

bool TreeBuilder::in_select_start(const Token& token) {
  switch (token.tag) {
    case GUMBO_TAG_HTML: return in_body_start(token);
    case GUMBO_TAG_OPTION:
      if (current_is(GUMBO_TAG_OPTION)) open_.pop_back();
      insert_element(token);
      return true;
    case GUMBO_TAG_OPTGROUP:
      if (current_is(GUMBO_TAG_OPTION)) open_.pop_back();
      if (current_is(GUMBO_TAG_OPTGROUP)) open_.pop_back();
      insert_element(token);
      return true;
    case GUMBO_TAG_SELECT:
      if (in_scope(GUMBO_TAG_SELECT, Scope::select)) {
        pop_until(GUMBO_TAG_SELECT);
        reset_insertion_mode();
      }
      return true;
    case GUMBO_TAG_INPUT:
    case GUMBO_TAG_KEYGEN:
    case GUMBO_TAG_TEXTAREA:
      if (!in_scope(GUMBO_TAG_SELECT, Scope::select)) return true;
      pop_until(GUMBO_TAG_SELECT);
      reset_insertion_mode();
      return false;
    case GUMBO_TAG_SCRIPT:
    case GUMBO_TAG_TEMPLATE: return in_head_start(token);
    default: return true;
  }
}

bool TreeBuilder::end_tag_in_mode(const Token& token) {
  const GumboTag tag = token.tag;
  switch (mode_) {
    case Mode::initial: mode_ = Mode::before_html; return false;
    case Mode::before_html:
      if (tag != GUMBO_TAG_HEAD && tag != GUMBO_TAG_BODY && tag != GUMBO_TAG_HTML && tag != GUMBO_TAG_BR) return true;
      open_html();
      return false;
    case Mode::before_head:
      if (tag != GUMBO_TAG_HEAD && tag != GUMBO_TAG_BODY && tag != GUMBO_TAG_HTML && tag != GUMBO_TAG_BR) return true;
      open_head();
      return false;
    case Mode::in_head:
      if (tag == GUMBO_TAG_HEAD) {
        leave_head();
        return true;
      }
      if (tag != GUMBO_TAG_BODY && tag != GUMBO_TAG_HTML && tag != GUMBO_TAG_BR) return true;
      leave_head();
      return false;
    case Mode::after_head:
      if (tag != GUMBO_TAG_BODY && tag != GUMBO_TAG_HTML && tag != GUMBO_TAG_BR) return true;
      insert_element(GUMBO_TAG_BODY);
      mode_ = Mode::in_body;
      return false;
    case Mode::in_body: return in_body_end(token);
    case Mode::text:
      open_.pop_back();
      mode_ = original_mode_;
      return true;
    case Mode::in_table:
    case Mode::in_table_text: return in_table_end(token);
    case Mode::in_caption:
      if (tag == GUMBO_TAG_CAPTION) {
        close_caption();
        return true;
      }
      if (tag == GUMBO_TAG_TABLE) return !close_caption();
      if (tag == GUMBO_TAG_BODY || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP || tag == GUMBO_TAG_HTML ||
          tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH || tag == GUMBO_TAG_TR || is_table_section(tag)) {
        return true;
      }
      return in_body_end(token);
    case Mode::in_column_group:
      if (tag == GUMBO_TAG_COLGROUP) {
        if (current_is(GUMBO_TAG_COLGROUP)) {
          open_.pop_back();
          mode_ = Mode::in_table;
        }
        return true;
      }
      if (tag == GUMBO_TAG_COL || !current_is(GUMBO_TAG_COLGROUP)) return true;
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
      if (tag == GUMBO_TAG_TABLE) return !close_table_section();
      if (tag == GUMBO_TAG_BODY || tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP ||
          tag == GUMBO_TAG_HTML || tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH || tag == GUMBO_TAG_TR) {
        return true;
      }
      return in_table_end(token);
    case Mode::in_row:
      if (tag == GUMBO_TAG_TR) {
        close_row();
        return true;
      }
      if (tag == GUMBO_TAG_TABLE) return !close_row();
      if (is_table_section(tag)) {
        if (!in_scope(tag, Scope::table)) return true;
        return !close_row();
      }
      if (tag == GUMBO_TAG_BODY || tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP ||
          tag == GUMBO_TAG_HTML || tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH) {
        return true;
      }
      return in_table_end(token);
    case Mode::in_cell:
      if (tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH) {
        if (!in_scope(tag, Scope::table)) return true;
        generate_implied_end_tags();
        pop_until(tag);
        clear_active_to_marker();
        mode_ = Mode::in_row;
        return true;
      }
      if (tag == GUMBO_TAG_BODY || tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP ||
          tag == GUMBO_TAG_HTML) {
        return true;
      }
      if (tag == GUMBO_TAG_TABLE || tag == GUMBO_TAG_TR || is_table_section(tag)) {
        if (!in_scope(tag, Scope::table)) return true;
        close_cell();
        return false;
      }
      return in_body_end(token);
    case Mode::in_select_in_table:
      if (tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_TABLE || tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH ||
          tag == GUMBO_TAG_TR || is_table_section(tag)) {
        if (!in_scope(tag, Scope::table)) return true;
        pop_until(GUMBO_TAG_SELECT);
        reset_insertion_mode();
        return false;
      }
      return in_select_end(token);
    case Mode::in_select: return in_select_end(token);
    case Mode::after_body:
      if (tag == GUMBO_TAG_HTML) {
        mode_ = Mode::after_after_body;
        return true;
      }
      mode_ = Mode::in_body;
      return false;
    case Mode::after_after_body: mode_ = Mode::in_body; return false;
  }
  return true;
}

bool TreeBuilder::in_table_end(const Token& token) {
  const GumboTag tag = token.tag;
  if (tag == GUMBO_TAG_TABLE) {
    if (!in_scope(GUMBO_TAG_TABLE, Scope::table)) return true;
    pop_until(GUMBO_TAG_TABLE);
    reset_insertion_mode();
    return true;
  }
  if (tag == GUMBO_TAG_BODY || tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP ||
      tag == GUMBO_TAG_HTML || tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH || tag == GUMBO_TAG_TR ||
      is_table_section(tag)) {
    return true;
  }
  foster_parenting_ = true;
  in_body_end(token);
  foster_parenting_ = false;
  return true;
}

bool TreeBuilder::in_select_end(const Token& token) {
  switch (token.tag) {
    case GUMBO_TAG_OPTGROUP:
      if (current_is(GUMBO_TAG_OPTION) && open_.size() >= 2 && tag_of(open_[open_.size() - 2]) == GUMBO_TAG_OPTGROUP) {
        open_.pop_back();
      }
      if (current_is(GUMBO_TAG_OPTGROUP)) open_.pop_back();
      return true;
    case GUMBO_TAG_OPTION:
      if (current_is(GUMBO_TAG_OPTION)) open_.pop_back();
      return true;
    case GUMBO_TAG_SELECT:
      if (!in_scope(GUMBO_TAG_SELECT, Scope::select)) return true;
      pop_until(GUMBO_TAG_SELECT);
      reset_insertion_mode();
      return true;
    default: return true;
  }
}

}  // namespace pagemd::extract::html
