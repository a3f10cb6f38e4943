#include "parse/tree_construction.hpp"

// The insertion modes, as the standard lists them, but for "in body" (in_body.cpp) and the table
// modes (table_modes.cpp): the head, templates, framesets, and what comes after the body.

namespace pagemd::extract::html {

bool TreeBuilder::start_tag_in_mode(const Token& token) {
  const HtmlTag tag = token.tag;
  switch (mode_) {
    case Mode::initial: mode_ = Mode::before_html; return false;
    case Mode::before_html:
      if (tag == HtmlTag::html) {
        insert_element(token);
        mode_ = Mode::before_head;
        return true;
      }
      open_html();
      return false;
    case Mode::before_head:
      if (tag == HtmlTag::html) return in_body_start(token);
      if (tag == HtmlTag::head) {
        head_ = insert_element(token);
        mode_ = Mode::in_head;
        return true;
      }
      open_head();
      return false;
    case Mode::in_head: return in_head_start(token);
    case Mode::in_head_noscript: return in_head_noscript_start(token);
    case Mode::after_head:
      if (tag == HtmlTag::html) return in_body_start(token);
      if (tag == HtmlTag::body) {
        insert_element(token);
        frameset_ok_ = false;
        mode_ = Mode::in_body;
        return true;
      }
      if (tag == HtmlTag::frameset) {
        insert_element(token);
        mode_ = Mode::in_frameset;
        return true;
      }
      if (is_head_element(tag)) {
        open_.push_back(head_);
        in_head_start(token);
        open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(stack_index(head_)));
        return true;
      }
      if (tag == HtmlTag::head) return true;
      insert_element(HtmlTag::body);
      mode_ = Mode::in_body;
      return false;
    case Mode::in_body: return in_body_start(token);
    case Mode::text: return true;
    case Mode::in_table:
    case Mode::in_table_text: return in_table_start(token);
    case Mode::in_caption:
    case Mode::in_column_group:
    case Mode::in_table_body:
    case Mode::in_row:
    case Mode::in_cell: return table_part_start(token);
    case Mode::in_template: return in_template_start(token);
    case Mode::in_frameset:
    case Mode::after_frameset:
    case Mode::after_after_frameset: return in_frameset_start(token);
    case Mode::after_body:
    case Mode::after_after_body:
      if (tag == HtmlTag::html) return in_body_start(token);
      mode_ = Mode::in_body;
      return false;
  }
  return true;
}

bool TreeBuilder::in_head_start(const Token& token) {
  switch (token.tag) {
    case HtmlTag::html: return in_body_start(token);
    case HtmlTag::base:
    case HtmlTag::basefont:
    case HtmlTag::bgsound:
    case HtmlTag::link:
    case HtmlTag::meta: insert_void(token); return true;
    case HtmlTag::title: insert_text_element(token, TextMode::rcdata); return true;
    case HtmlTag::noframes:
    case HtmlTag::style: insert_text_element(token, TextMode::rawtext); return true;
    case HtmlTag::script: insert_text_element(token, TextMode::script); return true;
    case HtmlTag::noscript:
      if (!reads_noscript_as_markup()) {
        insert_text_element(token, TextMode::rawtext);
        return true;
      }
      // pagemd runs no scripts: a <noscript> in the head holds head elements.
      insert_element(token);
      mode_ = Mode::in_head_noscript;
      return true;
    case HtmlTag::template_: open_template(token); return true;
    case HtmlTag::head: return true;
    default: break;
  }
  leave_head();
  return false;
}

// "In frameset", "after frameset" and "after after frameset": frames, and nothing else of a page.
bool TreeBuilder::in_frameset_start(const Token& token) {
  switch (token.tag) {
    case HtmlTag::html: return in_body_start(token);
    case HtmlTag::noframes: return in_head_start(token);
    case HtmlTag::frameset:
      if (mode_ == Mode::in_frameset) insert_element(token);
      return true;
    case HtmlTag::frame:
      if (mode_ == Mode::in_frameset) insert_void(token);
      return true;
    default: return true;
  }
}

bool TreeBuilder::in_frameset_end(const Token& token) {
  if (mode_ == Mode::in_frameset && token.tag == HtmlTag::frameset && !current_is(HtmlTag::html)) {
    open_.pop_back();
    if (!current_is(HtmlTag::frameset)) mode_ = Mode::after_frameset;
  } else if (mode_ == Mode::after_frameset && token.tag == HtmlTag::html) {
    mode_ = Mode::after_after_frameset;
  }
  return true;
}

void TreeBuilder::open_template(const Token& token) {
  insert_element(token);
  frameset_ok_ = false;
  active_.push_back(kMarker);
  mode_ = Mode::in_template;
  template_modes_.push_back(Mode::in_template);
}

void TreeBuilder::close_template() {
  if (!template_open()) return;
  // Every implied end tag, table parts' too ("thoroughly").
  while (has_implied_end(tag_of(current())) || is_table_section(tag_of(current())) || current_is(HtmlTag::caption) ||
         current_is(HtmlTag::colgroup) || current_is(HtmlTag::td) || current_is(HtmlTag::th) ||
         current_is(HtmlTag::tr)) {
    open_.pop_back();
  }
  pop_until(HtmlTag::template_);
  clear_active_to_marker();
  template_modes_.pop_back();
  reset_insertion_mode();
}

bool TreeBuilder::in_template_start(const Token& token) {
  if (is_head_element(token.tag)) return in_head_start(token);
  switch (token.tag) {
    case HtmlTag::caption:
    case HtmlTag::colgroup:
    case HtmlTag::tbody:
    case HtmlTag::tfoot:
    case HtmlTag::thead: switch_template_mode(Mode::in_table); return false;
    case HtmlTag::col: switch_template_mode(Mode::in_column_group); return false;
    case HtmlTag::tr: switch_template_mode(Mode::in_table_body); return false;
    case HtmlTag::td:
    case HtmlTag::th: switch_template_mode(Mode::in_row); return false;
    default: switch_template_mode(Mode::in_body); return false;
  }
}

bool TreeBuilder::in_head_noscript_start(const Token& token) {
  switch (token.tag) {
    case HtmlTag::html: return in_body_start(token);
    case HtmlTag::basefont:
    case HtmlTag::bgsound:
    case HtmlTag::link:
    case HtmlTag::meta:
    case HtmlTag::noframes:
    case HtmlTag::style: return in_head_start(token);
    case HtmlTag::head:
    case HtmlTag::noscript: return true;
    default: leave_head_noscript(); return false;
  }
}

bool TreeBuilder::end_tag_in_mode(const Token& token) {
  const HtmlTag tag = token.tag;
  switch (mode_) {
    case Mode::initial: mode_ = Mode::before_html; return false;
    case Mode::before_html:
      if (tag != HtmlTag::head && tag != HtmlTag::body && tag != HtmlTag::html && tag != HtmlTag::br) return true;
      open_html();
      return false;
    case Mode::before_head:
      if (tag != HtmlTag::head && tag != HtmlTag::body && tag != HtmlTag::html && tag != HtmlTag::br) return true;
      open_head();
      return false;
    case Mode::in_head_noscript:
      if (tag == HtmlTag::noscript) {
        leave_head_noscript();
        return true;
      }
      if (tag != HtmlTag::br) return true;
      leave_head_noscript();
      return false;
    case Mode::in_head:
      if (tag == HtmlTag::head) {
        leave_head();
        return true;
      }
      if (tag == HtmlTag::template_) {
        close_template();
        return true;
      }
      if (tag != HtmlTag::body && tag != HtmlTag::html && tag != HtmlTag::br) return true;
      leave_head();
      return false;
    case Mode::after_head:
      if (tag == HtmlTag::template_) {
        close_template();
        return true;
      }
      if (tag != HtmlTag::body && tag != HtmlTag::html && tag != HtmlTag::br) return true;
      insert_element(HtmlTag::body);
      mode_ = Mode::in_body;
      return false;
    case Mode::in_body: return in_body_end(token);
    case Mode::text: close_text_element(); return true;
    case Mode::in_table:
    case Mode::in_table_text: return in_table_end(token);
    case Mode::in_caption:
    case Mode::in_column_group:
    case Mode::in_table_body:
    case Mode::in_row:
    case Mode::in_cell: return table_part_end(token);
    case Mode::in_template:
      if (tag == HtmlTag::template_) close_template();
      return true;
    case Mode::in_frameset:
    case Mode::after_frameset:
    case Mode::after_after_frameset: return in_frameset_end(token);
    case Mode::after_body:
      if (tag == HtmlTag::html) {
        mode_ = Mode::after_after_body;
        return true;
      }
      mode_ = Mode::in_body;
      return false;
    case Mode::after_after_body: mode_ = Mode::in_body; return false;
  }
  return true;
}

}  // namespace pagemd::extract::html
