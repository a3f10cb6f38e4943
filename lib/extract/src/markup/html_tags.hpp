#pragma once

// Markup: pagemd's enumeration of HTML tag names (html_tag_list.inc), which the tokenizer
// gives each tag and the Document keeps with each element (Node::tag).

#include <cstdint>
#include <string_view>

namespace pagemd::extract {

enum class HtmlTag : std::uint8_t {
#define PAGEMD_TAG(id, name) id,
#include "markup/html_tag_list.inc"
#undef PAGEMD_TAG
  unknown,  // any other name: custom elements, misspellings, SVG or MathML elements not listed
};

// The lower-case name of a known tag; empty for HtmlTag::unknown.
[[nodiscard]] std::string_view tag_name(HtmlTag tag) noexcept;

// The tag of a lower-case name; HtmlTag::unknown for names not listed.
[[nodiscard]] HtmlTag tag_from_name(std::string_view lower_name) noexcept;

}  // namespace pagemd::extract
