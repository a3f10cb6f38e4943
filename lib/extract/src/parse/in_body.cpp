#include "parse/tree_construction.hpp"

// The "in body" insertion mode: where nearly every tag of a page is handled.

namespace pagemd::extract::html {

bool TreeBuilder::in_body_start(const Token& token) {
  const GumboTag tag = token.tag;
  if (closes_p(tag)) {
    close_p_in_button_scope();
    insert_element(token);
    return true;
  }
  if (is_heading(tag)) {
    close_p_in_button_scope();
    if (is_heading(tag_of(current()))) open_.pop_back();
    insert_element(token);
    return true;
  }
  if (is_formatting(tag) && tag != GUMBO_TAG_A && tag != GUMBO_TAG_NOBR) {
    reconstruct_active();
    push_active(insert_element(token));
    return true;
  }
  if (is_head_element(tag)) return in_head_start(token);
  switch (tag) {
    case GUMBO_TAG_HTML: doc_.add_missing_attributes(open_.front(), token.attributes); return true;
    case GUMBO_TAG_BODY:
      if (open_.size() < 2 || tag_of(open_[1]) != GUMBO_TAG_BODY) return true;
      doc_.add_missing_attributes(open_[1], token.attributes);
      return true;
    case GUMBO_TAG_PRE:
    case GUMBO_TAG_LISTING:
      close_p_in_button_scope();
      insert_element(token);
      skip_newline_ = true;
      return true;
    case GUMBO_TAG_FORM:
      if (form_ != kNoNode) return true;
      close_p_in_button_scope();
      form_ = insert_element(token);
      return true;
    case GUMBO_TAG_LI:
    case GUMBO_TAG_DD:
    case GUMBO_TAG_DT: {
      for (std::size_t i = open_.size(); i-- > 0;) {
        const GumboTag open_tag = tag_of(open_[i]);
        const bool closes =
            tag == GUMBO_TAG_LI ? open_tag == GUMBO_TAG_LI : open_tag == GUMBO_TAG_DD || open_tag == GUMBO_TAG_DT;
        if (closes) {
          generate_implied_end_tags(name_of(open_[i]));
          open_.resize(i);
          break;
        }
        if (is_special(open_tag) && open_tag != GUMBO_TAG_ADDRESS && open_tag != GUMBO_TAG_DIV &&
            open_tag != GUMBO_TAG_P) {
          break;
        }
      }
      close_p_in_button_scope();
      insert_element(token);
      return true;
    }
    case GUMBO_TAG_PLAINTEXT:
      close_p_in_button_scope();
      insert_element(token);
      tokenizer_.switch_to(TextMode::plaintext, token.name);
      return true;
    case GUMBO_TAG_BUTTON:
      if (in_scope(GUMBO_TAG_BUTTON)) {
        generate_implied_end_tags();
        pop_until(GUMBO_TAG_BUTTON);
      }
      reconstruct_active();
      insert_element(token);
      return true;
    case GUMBO_TAG_A:
      for (std::size_t i = active_.size(); i-- > 0 && active_[i] != kMarker;) {
        if (tag_of(active_[i]) != GUMBO_TAG_A) continue;
        const NodeId link = active_[i];
        Token end = token;
        end.kind = TokenKind::end_tag;
        if (!adoption_agency(end)) close_any_other(end);
        if (const std::size_t at = active_index(link); at != npos) {
          active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(at));
        }
        if (const std::size_t at = stack_index(link); at != npos) {
          open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(at));
        }
        break;
      }
      reconstruct_active();
      push_active(insert_element(token));
      return true;
    case GUMBO_TAG_NOBR:
      reconstruct_active();
      if (in_scope(GUMBO_TAG_NOBR)) {
        Token end = token;
        end.kind = TokenKind::end_tag;
        if (!adoption_agency(end)) close_any_other(end);
        reconstruct_active();
      }
      push_active(insert_element(token));
      return true;
    case GUMBO_TAG_APPLET:
    case GUMBO_TAG_MARQUEE:
    case GUMBO_TAG_OBJECT:
      reconstruct_active();
      insert_element(token);
      active_.push_back(kMarker);
      return true;
    case GUMBO_TAG_TABLE:
      if (!quirks_) close_p_in_button_scope();
      insert_element(token);
      mode_ = Mode::in_table;
      return true;
    case GUMBO_TAG_AREA:
    case GUMBO_TAG_BR:
    case GUMBO_TAG_EMBED:
    case GUMBO_TAG_IMG:
    case GUMBO_TAG_KEYGEN:
    case GUMBO_TAG_WBR:
    case GUMBO_TAG_INPUT:
      reconstruct_active();
      insert_void(token);
      return true;
    case GUMBO_TAG_IMAGE: {
      Token img = token;
      img.tag = GUMBO_TAG_IMG;
      img.name = "img";
      reconstruct_active();
      insert_void(img);
      return true;
    }
    case GUMBO_TAG_MENUITEM:
    case GUMBO_TAG_PARAM:
    case GUMBO_TAG_SOURCE:
    case GUMBO_TAG_TRACK: insert_void(token); return true;
    case GUMBO_TAG_HR:
      close_p_in_button_scope();
      insert_void(token);
      return true;
    case GUMBO_TAG_TEXTAREA:
      insert_text_element(token, TextMode::rcdata);
      skip_newline_ = true;
      return true;
    case GUMBO_TAG_XMP:
      close_p_in_button_scope();
      reconstruct_active();
      insert_text_element(token, TextMode::rawtext);
      return true;
    case GUMBO_TAG_IFRAME:
    case GUMBO_TAG_NOEMBED: insert_text_element(token, TextMode::rawtext); return true;
    case GUMBO_TAG_SELECT:
      reconstruct_active();
      insert_element(token);
      mode_ = mode_ == Mode::in_table || mode_ == Mode::in_caption || mode_ == Mode::in_table_body ||
                      mode_ == Mode::in_row || mode_ == Mode::in_cell
                  ? Mode::in_select_in_table
                  : Mode::in_select;
      return true;
    case GUMBO_TAG_OPTGROUP:
    case GUMBO_TAG_OPTION:
      if (current_is(GUMBO_TAG_OPTION)) open_.pop_back();
      reconstruct_active();
      insert_element(token);
      return true;
    case GUMBO_TAG_RB:
    case GUMBO_TAG_RTC:
      if (in_scope(GUMBO_TAG_RUBY)) generate_implied_end_tags();
      insert_element(token);
      return true;
    case GUMBO_TAG_RP:
    case GUMBO_TAG_RT:
      if (in_scope(GUMBO_TAG_RUBY)) generate_implied_end_tags("rtc");
      insert_element(token);
      return true;
    case GUMBO_TAG_CAPTION:
    case GUMBO_TAG_COL:
    case GUMBO_TAG_COLGROUP:
    case GUMBO_TAG_FRAME:
    case GUMBO_TAG_HEAD:
    case GUMBO_TAG_TBODY:
    case GUMBO_TAG_TD:
    case GUMBO_TAG_TFOOT:
    case GUMBO_TAG_TH:
    case GUMBO_TAG_THEAD:
    case GUMBO_TAG_TR: return true;
    default: break;
  }
  reconstruct_active();
  insert_element(token);
  return true;
}

bool TreeBuilder::in_body_end(const Token& token) {
  const GumboTag tag = token.tag;
  if (closes_block(tag)) {
    if (!in_scope(tag)) return true;
    generate_implied_end_tags();
    pop_until(tag);
    return true;
  }
  if (is_heading(tag)) {
    if (!in_scope_if([&](NodeId id) { return is_heading(tag_of(id)); }, Scope::plain)) return true;
    generate_implied_end_tags();
    while (!open_.empty()) {
      const GumboTag popped = tag_of(current());
      open_.pop_back();
      if (is_heading(popped)) break;
    }
    return true;
  }
  if (is_formatting(tag)) {
    if (!adoption_agency(token)) close_any_other(token);
    return true;
  }
  switch (tag) {
    case GUMBO_TAG_BODY:
      if (in_scope(GUMBO_TAG_BODY)) mode_ = Mode::after_body;
      return true;
    case GUMBO_TAG_HTML:
      if (!in_scope(GUMBO_TAG_BODY)) return true;
      mode_ = Mode::after_body;
      return false;
    case GUMBO_TAG_FORM: {
      const NodeId form = form_;
      form_ = kNoNode;
      if (form == kNoNode || !in_scope_if([&](NodeId id) { return id == form; }, Scope::plain)) return true;
      generate_implied_end_tags();
      open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(stack_index(form)));
      return true;
    }
    case GUMBO_TAG_P:
      if (!p_in_button_scope()) insert_element(GUMBO_TAG_P);
      close_p();
      return true;
    case GUMBO_TAG_LI:
      if (!in_scope(GUMBO_TAG_LI, Scope::list_item)) return true;
      generate_implied_end_tags("li");
      pop_until(GUMBO_TAG_LI);
      return true;
    case GUMBO_TAG_DD:
    case GUMBO_TAG_DT:
      if (!in_scope(tag)) return true;
      generate_implied_end_tags(token.name);
      pop_until(tag);
      return true;
    case GUMBO_TAG_APPLET:
    case GUMBO_TAG_MARQUEE:
    case GUMBO_TAG_OBJECT:
      if (!in_scope(tag)) return true;
      generate_implied_end_tags();
      pop_until(tag);
      clear_active_to_marker();
      return true;
    case GUMBO_TAG_BR: {
      Token br = token;
      br.kind = TokenKind::start_tag;
      br.attributes.clear();
      reconstruct_active();
      insert_void(br);
      return true;
    }
    default: close_any_other(token); return true;
  }
}

}  // namespace pagemd::extract::html
