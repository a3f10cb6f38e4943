#include "markup/html_elements.hpp"

namespace pagemd::extract::html {

bool is_heading(HtmlTag tag) { return tag >= HtmlTag::h1 && tag <= HtmlTag::h6; }

bool is_special(HtmlTag tag) {
  switch (tag) {
    case HtmlTag::address:
    case HtmlTag::applet:
    case HtmlTag::area:
    case HtmlTag::article:
    case HtmlTag::aside:
    case HtmlTag::base:
    case HtmlTag::basefont:
    case HtmlTag::bgsound:
    case HtmlTag::blockquote:
    case HtmlTag::body:
    case HtmlTag::br:
    case HtmlTag::button:
    case HtmlTag::caption:
    case HtmlTag::center:
    case HtmlTag::col:
    case HtmlTag::colgroup:
    case HtmlTag::dd:
    case HtmlTag::details:
    case HtmlTag::dir:
    case HtmlTag::div:
    case HtmlTag::dl:
    case HtmlTag::dt:
    case HtmlTag::embed:
    case HtmlTag::fieldset:
    case HtmlTag::figcaption:
    case HtmlTag::figure:
    case HtmlTag::footer:
    case HtmlTag::form:
    case HtmlTag::frame:
    case HtmlTag::frameset:
    case HtmlTag::h1:
    case HtmlTag::h2:
    case HtmlTag::h3:
    case HtmlTag::h4:
    case HtmlTag::h5:
    case HtmlTag::h6:
    case HtmlTag::head:
    case HtmlTag::header:
    case HtmlTag::hgroup:
    case HtmlTag::hr:
    case HtmlTag::html:
    case HtmlTag::iframe:
    case HtmlTag::img:
    case HtmlTag::input:
    case HtmlTag::keygen:
    case HtmlTag::li:
    case HtmlTag::link:
    case HtmlTag::listing:
    case HtmlTag::main:
    case HtmlTag::marquee:
    case HtmlTag::menu:
    case HtmlTag::meta:
    case HtmlTag::nav:
    case HtmlTag::noembed:
    case HtmlTag::noframes:
    case HtmlTag::noscript:
    case HtmlTag::object:
    case HtmlTag::ol:
    case HtmlTag::p:
    case HtmlTag::param:
    case HtmlTag::plaintext:
    case HtmlTag::pre:
    case HtmlTag::script:
    case HtmlTag::search:
    case HtmlTag::section:
    case HtmlTag::select:
    case HtmlTag::source:
    case HtmlTag::style:
    case HtmlTag::summary:
    case HtmlTag::table:
    case HtmlTag::tbody:
    case HtmlTag::td:
    case HtmlTag::template_:
    case HtmlTag::textarea:
    case HtmlTag::tfoot:
    case HtmlTag::th:
    case HtmlTag::thead:
    case HtmlTag::title:
    case HtmlTag::tr:
    case HtmlTag::track:
    case HtmlTag::ul:
    case HtmlTag::wbr:
    case HtmlTag::xmp: return true;
    default: return false;
  }
}

bool is_formatting(HtmlTag tag) {
  switch (tag) {
    case HtmlTag::a:
    case HtmlTag::b:
    case HtmlTag::big:
    case HtmlTag::code:
    case HtmlTag::em:
    case HtmlTag::font:
    case HtmlTag::i:
    case HtmlTag::nobr:
    case HtmlTag::s:
    case HtmlTag::small:
    case HtmlTag::strike:
    case HtmlTag::strong:
    case HtmlTag::tt:
    case HtmlTag::u: return true;
    default: return false;
  }
}

bool has_implied_end(HtmlTag tag) {
  switch (tag) {
    case HtmlTag::dd:
    case HtmlTag::dt:
    case HtmlTag::li:
    case HtmlTag::optgroup:
    case HtmlTag::option:
    case HtmlTag::p:
    case HtmlTag::rb:
    case HtmlTag::rp:
    case HtmlTag::rt:
    case HtmlTag::rtc: return true;
    default: return false;
  }
}

bool closes_p(HtmlTag tag) {
  switch (tag) {
    case HtmlTag::address:
    case HtmlTag::article:
    case HtmlTag::aside:
    case HtmlTag::blockquote:
    case HtmlTag::center:
    case HtmlTag::details:
    case HtmlTag::dialog:
    case HtmlTag::dir:
    case HtmlTag::div:
    case HtmlTag::dl:
    case HtmlTag::fieldset:
    case HtmlTag::figcaption:
    case HtmlTag::figure:
    case HtmlTag::footer:
    case HtmlTag::header:
    case HtmlTag::hgroup:
    case HtmlTag::main:
    case HtmlTag::menu:
    case HtmlTag::nav:
    case HtmlTag::ol:
    case HtmlTag::p:
    case HtmlTag::search:
    case HtmlTag::section:
    case HtmlTag::summary:
    case HtmlTag::ul: return true;
    default: return false;
  }
}

bool closes_block(HtmlTag tag) {
  return (closes_p(tag) && tag != HtmlTag::p) || tag == HtmlTag::button || tag == HtmlTag::listing ||
         tag == HtmlTag::pre;
}

bool is_table_part(HtmlTag tag) {
  return tag == HtmlTag::table || tag == HtmlTag::tbody || tag == HtmlTag::tfoot || tag == HtmlTag::thead ||
         tag == HtmlTag::tr;
}

bool is_table_section(HtmlTag tag) { return tag == HtmlTag::tbody || tag == HtmlTag::tfoot || tag == HtmlTag::thead; }

bool is_head_element(HtmlTag tag) {
  switch (tag) {
    case HtmlTag::base:
    case HtmlTag::basefont:
    case HtmlTag::bgsound:
    case HtmlTag::link:
    case HtmlTag::meta:
    case HtmlTag::noframes:
    case HtmlTag::script:
    case HtmlTag::style:
    case HtmlTag::template_:
    case HtmlTag::title: return true;
    default: return false;
  }
}

bool ends_scope(HtmlTag tag, Scope scope) {
  switch (scope) {
    case Scope::table: return tag == HtmlTag::html || tag == HtmlTag::table || tag == HtmlTag::template_;
    case Scope::list_item:
      if (tag == HtmlTag::ol || tag == HtmlTag::ul) return true;
      break;
    case Scope::button:
      if (tag == HtmlTag::button) return true;
      break;
    case Scope::plain: break;
  }
  switch (tag) {
    case HtmlTag::applet:
    case HtmlTag::caption:
    case HtmlTag::html:
    case HtmlTag::table:
    case HtmlTag::td:
    case HtmlTag::th:
    case HtmlTag::marquee:
    case HtmlTag::object:
    case HtmlTag::select:
    case HtmlTag::template_: return true;
    default: return false;
  }
}

}  // namespace pagemd::extract::html
