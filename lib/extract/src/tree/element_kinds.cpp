#include "tree/element_kinds.hpp"

#include <algorithm>
#include <array>

#include "text/text_util.hpp"

namespace pagemd::extract {

bool has_role(const Document& doc, NodeId id, std::initializer_list<std::string_view> roles) {
  const std::string_view* role = doc.attribute(id, "role");
  return role != nullptr && std::any_of(roles.begin(), roles.end(), [&](std::string_view wanted) {
           return equals_ignore_case(trim(*role), wanted);
         });
}

bool is_button_link(const Document& doc, NodeId link) {
  static constexpr std::array<std::string_view, 3> kButtonNames{"btn", "button", "cta"};
  return has_name_or_part(doc, link, kButtonNames) || has_role(doc, link, {"button"});
}

NodeId opening_heading(const Document& doc, NodeId id) {
  const auto has_text = [&](NodeId from) {
    bool found = false;
    doc.walk(from, [&](NodeId at) {
      found = found || (doc.node(at).kind == NodeKind::text && !trim(doc.text(at)).empty());
      return !found;
    });
    return found;
  };
  for (NodeId child = doc.node(id).first_child(); child != kNoNode; child = doc.node(child).next_sibling) {
    const Node& n = doc.node(child);
    if (n.kind == NodeKind::text ? trim(doc.text(child)).empty() : !is_block_tag(n.tag) && !has_text(child)) continue;
    return n.kind == NodeKind::element && heading_level(n.tag) > 0 ? child : kNoNode;
  }
  return kNoNode;
}

bool holds_heading(const Document& doc, NodeId id) {
  return doc.any_element(id, [&](NodeId at) { return heading_level(doc.node(at).tag) > 0; });
}

bool inside_navigation(const Document& doc, NodeId id) {
  for (NodeId at = doc.node(id).parent; at != kNoNode; at = doc.node(at).parent) {
    const HtmlTag tag = doc.node(at).tag;
    if (tag == HtmlTag::nav || tag == HtmlTag::header || has_role(doc, at, {"navigation", "banner"})) return true;
  }
  return false;
}

bool is_skip_link(const Document& doc, NodeId id) {
  if (!doc.is_element(id, HtmlTag::a)) return false;
  const std::string_view* href = doc.attribute(id, "href");
  if (href == nullptr || !trim(*href).starts_with('#')) return false;
  const std::string text = collapse_whitespace(doc.text_content(id));
  return starts_with_ignore_case(text, "skip to ") || starts_with_ignore_case(text, "skip navigation") ||
         starts_with_ignore_case(text, "jump to ");
}

NodeId ancestor_within(const Document& doc, NodeId id, HtmlTag tag, int levels) {
  NodeId at = doc.node(id).parent;
  for (int level = 0; level < levels && at != kNoNode; ++level, at = doc.node(at).parent) {
    if (doc.is_element(at, tag)) return at;
  }
  return kNoNode;
}

bool is_block_tag(HtmlTag tag) {
  switch (tag) {
    case HtmlTag::address:
    case HtmlTag::article:
    case HtmlTag::aside:
    case HtmlTag::blockquote:
    case HtmlTag::details:
    case HtmlTag::dialog:
    case HtmlTag::div:
    case HtmlTag::dl:
    case HtmlTag::fieldset:
    case HtmlTag::figcaption:
    case HtmlTag::figure:
    case HtmlTag::footer:
    case HtmlTag::form:
    case HtmlTag::h1:
    case HtmlTag::h2:
    case HtmlTag::h3:
    case HtmlTag::h4:
    case HtmlTag::h5:
    case HtmlTag::h6:
    case HtmlTag::header:
    case HtmlTag::hr:
    case HtmlTag::li:
    case HtmlTag::main:
    case HtmlTag::nav:
    case HtmlTag::ol:
    case HtmlTag::p:
    case HtmlTag::pre:
    case HtmlTag::search:
    case HtmlTag::section:
    case HtmlTag::table:
    case HtmlTag::ul:
    case HtmlTag::dd:
    case HtmlTag::dt:
    case HtmlTag::tr:
    case HtmlTag::td:
    case HtmlTag::th:
    case HtmlTag::tbody:
    case HtmlTag::thead:
    case HtmlTag::tfoot:
    case HtmlTag::caption:
    case HtmlTag::center:
    case HtmlTag::hgroup:
    case HtmlTag::legend:
    case HtmlTag::summary:
    case HtmlTag::body:
    case HtmlTag::html: return true;
    default: return false;
  }
}

// Elements that never carry article text, in any scope.
bool is_never_content(HtmlTag tag) {
  switch (tag) {
    case HtmlTag::head:
    case HtmlTag::script:
    case HtmlTag::style:
    case HtmlTag::noscript:
    case HtmlTag::template_:
    case HtmlTag::iframe:
    case HtmlTag::object:
    case HtmlTag::embed:
    case HtmlTag::canvas:
    case HtmlTag::svg:
    case HtmlTag::math:
    case HtmlTag::link:
    case HtmlTag::meta:
    case HtmlTag::title:
    case HtmlTag::base:
    case HtmlTag::audio:
    case HtmlTag::video:
    case HtmlTag::map:
    case HtmlTag::datalist: return true;
    default: return false;
  }
}

// Elements that are page furniture rather than article text.
bool is_furniture(HtmlTag tag) {
  switch (tag) {
    case HtmlTag::nav:
    case HtmlTag::aside:
    case HtmlTag::footer:
    case HtmlTag::form:
    case HtmlTag::button:
    case HtmlTag::input:
    case HtmlTag::select:
    case HtmlTag::textarea:
    case HtmlTag::label:
    case HtmlTag::menu:
    case HtmlTag::fieldset:
    case HtmlTag::option: return true;
    default: return false;
  }
}

bool is_custom_element(const Document& doc, NodeId id) {
  const Node& n = doc.node(id);
  return n.kind == NodeKind::element && n.tag == HtmlTag::unknown && doc.name(id).find('-') != std::string_view::npos;
}

bool same_tag_and_class(const Document& doc, NodeId a, NodeId b) {
  if (doc.node(a).kind != NodeKind::element || doc.node(b).kind != NodeKind::element ||
      doc.node(a).tag != doc.node(b).tag) {
    return false;
  }
  const std::string_view* a_class = doc.attribute(a, "class");
  const std::string_view* b_class = doc.attribute(b, "class");
  return (a_class == nullptr) == (b_class == nullptr) && (a_class == nullptr || *a_class == *b_class);
}

std::string_view first_class_name(const Document& doc, NodeId id) {
  const std::string_view* value = doc.attribute(id, "class");
  if (value == nullptr) return {};
  const std::string_view names = trim(*value);
  return names.substr(0, names.find_first_of(" \t\n\f\r"));
}

bool same_tag_and_first_class(const Document& doc, NodeId a, NodeId b) {
  if (doc.node(a).kind != NodeKind::element || doc.node(b).kind != NodeKind::element ||
      doc.node(a).tag != doc.node(b).tag) {
    return false;
  }
  const std::string_view name = first_class_name(doc, a);
  return !name.empty() && name == first_class_name(doc, b);
}

bool is_image(const Document& doc, NodeId id) {
  const Node& n = doc.node(id);
  return n.kind == NodeKind::element &&
         (n.tag == HtmlTag::img || (n.tag == HtmlTag::unknown && equals_ignore_case(doc.name(id), "amp-img")));
}

int heading_level(HtmlTag tag) {
  switch (tag) {
    case HtmlTag::h1: return 1;
    case HtmlTag::h2: return 2;
    case HtmlTag::h3: return 3;
    case HtmlTag::h4: return 4;
    case HtmlTag::h5: return 5;
    case HtmlTag::h6: return 6;
    default: return 0;
  }
}

int heading_level(const Document& doc, NodeId id) {
  const Node& n = doc.node(id);
  if (const int level = heading_level(n.tag); level > 0 || n.kind != NodeKind::element || doc.attributes(id).empty()) {
    return level;
  }
  const std::string_view* role = doc.attribute(id, "role");
  if (role == nullptr || !equals_ignore_case(trim(*role), "heading")) return 0;
  // A link's text marked as a heading (a listing's linked titles) is written as the link it is.
  constexpr int kLinkLevels = 3;
  if (ancestor_within(doc, id, HtmlTag::a, kLinkLevels) != kNoNode) return 0;
  constexpr int kAriaDefaultLevel = 2;
  const std::string_view* level = doc.attribute(id, "aria-level");
  const std::string_view digits = level == nullptr ? std::string_view{} : trim(*level);
  if (digits.size() != 1 || digits.front() < '1' || digits.front() > '6') return kAriaDefaultLevel;
  return digits.front() - '0';
}

}  // namespace pagemd::extract
