#include "parse/tree_construction.hpp"

// The "in body" insertion mode: where nearly every tag of a page is handled.

namespace pagemd::extract::html {

bool TreeBuilder::ends_frameset_ok(const Token& token) {
  switch (token.tag) {
    case HtmlTag::applet:
    case HtmlTag::area:
    case HtmlTag::br:
    case HtmlTag::button:
    case HtmlTag::dd:
    case HtmlTag::dt:
    case HtmlTag::embed:
    case HtmlTag::hr:
    case HtmlTag::iframe:
    case HtmlTag::img:
    case HtmlTag::keygen:
    case HtmlTag::li:
    case HtmlTag::listing:
    case HtmlTag::marquee:
    case HtmlTag::object:
    case HtmlTag::pre:
    case HtmlTag::select:
    case HtmlTag::table:
    case HtmlTag::textarea:
    case HtmlTag::wbr:
    case HtmlTag::xmp: return true;
    case HtmlTag::input: return !is_hidden_input(token);
    default: return false;
  }
}

void TreeBuilder::frameset_in_body(const Token& token) {
  if (open_.size() < 2 || tag_of(open_[1]) != HtmlTag::body || template_open() || !frameset_ok_) return;
  doc_.detach(open_[1]);
  open_.resize(1);
  insert_element(token);
  mode_ = Mode::in_frameset;
}

bool TreeBuilder::in_body_start(const Token& token) {
  const HtmlTag tag = token.tag;
  if (ends_frameset_ok(token)) frameset_ok_ = false;
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
  if (is_formatting(tag) && tag != HtmlTag::a && tag != HtmlTag::nobr) {
    reconstruct_active();
    push_active(insert_element(token));
    return true;
  }
  if (is_head_element(tag)) return in_head_start(token);
  switch (tag) {
    case HtmlTag::html:
      if (!template_open()) doc_.add_missing_attributes(open_.front(), token.attributes);
      return true;
    case HtmlTag::body:
      if (open_.size() < 2 || tag_of(open_[1]) != HtmlTag::body || template_open()) return true;
      frameset_ok_ = false;
      doc_.add_missing_attributes(open_[1], token.attributes);
      return true;
    case HtmlTag::pre:
    case HtmlTag::listing:
      close_p_in_button_scope();
      insert_element(token);
      skip_newline_ = true;
      return true;
    case HtmlTag::form: {
      if (form_ != kNoNode && !template_open()) return true;
      close_p_in_button_scope();
      const NodeId form = insert_element(token);
      if (!template_open()) form_ = form;
      return true;
    }
    case HtmlTag::li:
    case HtmlTag::dd:
    case HtmlTag::dt: {
      for (std::size_t i = open_.size(); i-- > 0;) {
        const HtmlTag open_tag = tag_of(open_[i]);
        const bool closes =
            tag == HtmlTag::li ? open_tag == HtmlTag::li : open_tag == HtmlTag::dd || open_tag == HtmlTag::dt;
        if (closes) {
          generate_implied_end_tags(name_of(open_[i]));
          open_.resize(i);
          break;
        }
        if (is_special_node(open_[i]) && open_tag != HtmlTag::address && open_tag != HtmlTag::div &&
            open_tag != HtmlTag::p) {
          break;
        }
      }
      close_p_in_button_scope();
      insert_element(token);
      return true;
    }
    case HtmlTag::plaintext:
      close_p_in_button_scope();
      insert_element(token);
      tokenizer_.switch_to(TextMode::plaintext, token.name);
      return true;
    case HtmlTag::button:
      if (in_scope(HtmlTag::button)) {
        generate_implied_end_tags();
        pop_until(HtmlTag::button);
      }
      reconstruct_active();
      insert_element(token);
      return true;
    case HtmlTag::a:
      for (std::size_t i = active_.size(); i-- > 0 && active_[i] != kMarker;) {
        if (tag_of(active_[i]) != HtmlTag::a) continue;
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
    case HtmlTag::nobr:
      reconstruct_active();
      if (in_scope(HtmlTag::nobr)) {
        Token end = token;
        end.kind = TokenKind::end_tag;
        if (!adoption_agency(end)) close_any_other(end);
        reconstruct_active();
      }
      push_active(insert_element(token));
      return true;
    case HtmlTag::frameset: frameset_in_body(token); return true;
    case HtmlTag::math:
    case HtmlTag::svg:
      reconstruct_active();
      insert_foreign(token, tag == HtmlTag::svg ? Namespace::svg : Namespace::mathml);
      return true;
    case HtmlTag::applet:
    case HtmlTag::marquee:
    case HtmlTag::object:
      reconstruct_active();
      insert_element(token);
      active_.push_back(kMarker);
      return true;
    case HtmlTag::table:
      if (!quirks_) close_p_in_button_scope();
      insert_element(token);
      mode_ = Mode::in_table;
      return true;
    case HtmlTag::input:
      // A text field is no part of a select's drop-down: it closes the select.
      if (select_in_scope()) pop_until(HtmlTag::select);
      reconstruct_active();
      insert_void(token);
      return true;
    case HtmlTag::area:
    case HtmlTag::br:
    case HtmlTag::embed:
    case HtmlTag::img:
    case HtmlTag::keygen:
    case HtmlTag::wbr:
      reconstruct_active();
      insert_void(token);
      return true;
    case HtmlTag::image: {
      Token img = token;
      img.tag = HtmlTag::img;
      img.name = "img";
      reconstruct_active();
      insert_void(img);
      return true;
    }
    case HtmlTag::param:
    case HtmlTag::source:
    case HtmlTag::track: insert_void(token); return true;
    case HtmlTag::hr:
      close_p_in_button_scope();
      // A separator between a select's options closes the option or group before it.
      if (select_in_scope()) generate_implied_end_tags();
      insert_void(token);
      return true;
    case HtmlTag::textarea:
      insert_text_element(token, TextMode::rcdata);
      skip_newline_ = true;
      return true;
    case HtmlTag::xmp:
      close_p_in_button_scope();
      reconstruct_active();
      insert_text_element(token, TextMode::rawtext);
      return true;
    case HtmlTag::iframe:
    case HtmlTag::noembed: insert_text_element(token, TextMode::rawtext); return true;
    case HtmlTag::noscript:
      if (reads_noscript_as_markup()) break;
      insert_text_element(token, TextMode::rawtext);
      return true;
    // A select holds markup like any element ("customizable select"); only what would nest one
    // select's options in another's is repaired.
    case HtmlTag::select:
      if (select_in_scope()) {
        pop_until(HtmlTag::select);
        return true;
      }
      reconstruct_active();
      insert_element(token);
      return true;
    case HtmlTag::optgroup:
    case HtmlTag::option:
      if (select_in_scope()) {
        // An option ends the option before it, a group ends the group too.
        generate_implied_end_tags(tag == HtmlTag::option ? "optgroup" : std::string_view{});
      } else if (current_is(HtmlTag::option)) {
        open_.pop_back();
      }
      reconstruct_active();
      if (tag == HtmlTag::option) {
        note_option(insert_element(token));
      } else {
        insert_element(token);
      }
      return true;
    case HtmlTag::rb:
    case HtmlTag::rtc:
      if (in_scope(HtmlTag::ruby)) generate_implied_end_tags();
      insert_element(token);
      return true;
    case HtmlTag::rp:
    case HtmlTag::rt:
      if (in_scope(HtmlTag::ruby)) generate_implied_end_tags("rtc");
      insert_element(token);
      return true;
    case HtmlTag::caption:
    case HtmlTag::col:
    case HtmlTag::colgroup:
    case HtmlTag::frame:
    case HtmlTag::head:
    case HtmlTag::tbody:
    case HtmlTag::td:
    case HtmlTag::tfoot:
    case HtmlTag::th:
    case HtmlTag::thead:
    case HtmlTag::tr: return true;
    default: break;
  }
  reconstruct_active();
  const NodeId element = insert_element(token);
  if (tag == HtmlTag::unknown && token.name == "selectedcontent") note_selectedcontent(element);
  return true;
}

bool TreeBuilder::in_body_end(const Token& token) {
  const HtmlTag tag = token.tag;
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
      const HtmlTag popped = tag_of(current());
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
    case HtmlTag::body:
      if (in_scope(HtmlTag::body)) mode_ = Mode::after_body;
      return true;
    case HtmlTag::html:
      if (!in_scope(HtmlTag::body)) return true;
      mode_ = Mode::after_body;
      return false;
    case HtmlTag::template_: close_template(); return true;
    case HtmlTag::select:
      if (select_in_scope()) pop_until(HtmlTag::select);
      return true;
    case HtmlTag::form: {
      if (template_open()) {
        if (!in_scope(HtmlTag::form)) return true;
        generate_implied_end_tags();
        pop_until(HtmlTag::form);
        return true;
      }
      const NodeId form = form_;
      form_ = kNoNode;
      if (form == kNoNode || !in_scope_if([&](NodeId id) { return id == form; }, Scope::plain)) return true;
      generate_implied_end_tags();
      open_.erase_ancestor(open_.begin() + static_cast<std::ptrdiff_t>(stack_index(form)));
      return true;
    }
    case HtmlTag::p:
      if (!p_in_button_scope()) insert_element(HtmlTag::p);
      close_p();
      return true;
    case HtmlTag::li:
      if (!in_scope(HtmlTag::li, Scope::list_item)) return true;
      generate_implied_end_tags("li");
      pop_until(HtmlTag::li);
      return true;
    case HtmlTag::dd:
    case HtmlTag::dt:
      if (!in_scope(tag)) return true;
      generate_implied_end_tags(token.name);
      pop_until(tag);
      return true;
    case HtmlTag::applet:
    case HtmlTag::marquee:
    case HtmlTag::object:
      if (!in_scope(tag)) return true;
      generate_implied_end_tags();
      pop_until(tag);
      clear_active_to_marker();
      return true;
    case HtmlTag::br: {
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

void TreeBuilder::close_any_other(const Token& token) {
  for (std::size_t i = open_.size(); i-- > 0;) {
    const NodeId node = open_[i];
    if (name_of(node) == token.name) {
      generate_implied_end_tags(token.name);
      open_.resize(i);
      return;
    }
    if (is_special_node(node)) return;
  }
}

}  // namespace pagemd::extract::html
