#pragma once

// What an element is, judged from its tag, its attributes and its class/id names alone (no text
// statistics): never content, page furniture, a block, or hinted as content or boilerplate.
// Whether it is hidden is tree/hiding.hpp's; whether it holds a formula, tree/formula_elements.hpp's.
// The readings of class and id names are in class_names.cpp, the rest in element_kinds.cpp.

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string_view>

#include "parse/dom.hpp"

namespace pagemd::extract {

enum class Hint : std::uint8_t { none, positive, negative };
// Whether the class/id names (or itemprop=articleBody) say "article" or "boilerplate".
[[nodiscard]] Hint class_hint(const Document& doc, NodeId id);

enum class Unlikely : std::uint8_t {
  no,
  by_hint,  // names like "sidebar" or "menu": dropped unless the search has to be relaxed
  always,   // names like "comments" or "share", and boilerplate ARIA roles: never article text
  // Consent banners ("cookie", "consent", "gdpr", the consent managers' names): never article
  // text, however much of the page's text they hold.
  consent_banner,
};
[[nodiscard]] Unlikely unlikely_kind(const Document& doc, NodeId id);
// Whether a class or id name, or a '-'/'_' part of one, is a consent banner's: a cheap first look,
// without reading all of the element's names as unlikely_kind does.
[[nodiscard]] bool may_be_consent_banner(const Document& doc, NodeId id);

// Whether one of the element's class or id names, whole ("product-reviews") or one of its '-'/'_'
// parts ("reviews"), is one of `names`, ASCII case ignored.
[[nodiscard]] bool has_name_or_part(const Document& doc, NodeId id, std::span<const std::string_view> names);

// The nearest ancestor of `id` with `tag`, at most `levels` levels up; kNoNode when there is none.
[[nodiscard]] NodeId ancestor_within(const Document& doc, NodeId id, HtmlTag tag, int levels);

// Whether the element's role (trimmed, ASCII case ignored) is one of `roles`.
[[nodiscard]] bool has_role(const Document& doc, NodeId id, std::initializer_list<std::string_view> roles);
// A link drawn as a button says so in its class ("btn-primary", "wp-block-button__link") or role.
[[nodiscard]] bool is_button_link(const Document& doc, NodeId link);
// Whether two elements have the same tag and the same class attribute (or neither has one): the
// items of one list, as a template writes each.
[[nodiscard]] bool same_tag_and_class(const Document& doc, NodeId a, NodeId b);
// Looser: the same tag and the same first class name, as the posts of one thread are, whose
// further names say who wrote each ("Item Alt ItemComment Rank-Admin"). Two elements without a
// class are not of one template by this: they are any two wrappers.
[[nodiscard]] bool same_tag_and_first_class(const Document& doc, NodeId a, NodeId b);
// The first name of the element's class attribute, or empty.
[[nodiscard]] std::string_view first_class_name(const Document& doc, NodeId id);
// Whether a heading lies under the element (itself included).
[[nodiscard]] bool holds_heading(const Document& doc, NodeId id);
// The heading a block opens with, or kNoNode. Whitespace and inline elements without text (Sphinx's
// anchor <span id="old-name"></span>, a linked picture) may come before it.
[[nodiscard]] NodeId opening_heading(const Document& doc, NodeId id);
// Whether the element lies in the page's header or navigation (<nav>, <header>, or their roles).
[[nodiscard]] bool inside_navigation(const Document& doc, NodeId id);
// An accessibility skip link ("Skip to main content", "Jump to navigation"): a link to a place on
// the page, shown to keyboard users alone.
[[nodiscard]] bool is_skip_link(const Document& doc, NodeId id);
// A part of a document's own table of contents, as documentation generators write one into a
// chapter's or a topic's page: Sphinx's toctree (toctree-wrapper), DocBook's contents of a part,
// chapter or section (a div.toc holding a dl.toc). It lists the pages the part is made of, so it
// is the part's content, where a contents box above an article only repeats the headings below it.
[[nodiscard]] bool is_document_contents(const Document& doc, NodeId id);
// Elements that start a new block in the rendering.
[[nodiscard]] bool is_block_tag(HtmlTag tag);
// Elements that never carry article text, in any scope (head, media, embeds).
[[nodiscard]] bool is_never_content(HtmlTag tag);
// Page furniture by tag: navigation, asides, footers, forms and their controls.
[[nodiscard]] bool is_furniture(HtmlTag tag);
// A custom element (<story-text>, <promo-card>): a name the standard does not know, with a hyphen,
// as web components are named.
[[nodiscard]] bool is_custom_element(const Document& doc, NodeId id);
// A picture: an <img>, or the <amp-img> AMP pages write instead (with the same src, srcset and alt).
[[nodiscard]] bool is_image(const Document& doc, NodeId id);
// 1 to 6 for <h1> to <h6>, else 0.
[[nodiscard]] int heading_level(HtmlTag tag);
// The level of a heading that is one by its tag or by its ARIA role (`<div role="heading"
// aria-level="1">`, level 2 when none is given, as ARIA says; not inside a link), else 0.
[[nodiscard]] int heading_level(const Document& doc, NodeId id);

}  // namespace pagemd::extract
