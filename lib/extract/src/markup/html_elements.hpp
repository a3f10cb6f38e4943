#pragma once

// Markup: the categories of HTML elements the tree construction rules name (parse/tree_builder.hpp).

#include "markup/html_tags.hpp"

#include <cstdint>

namespace pagemd::extract::html {

bool is_heading(HtmlTag tag);

// The standard's "special" category: elements that end the searches of misnested end tags.
bool is_special(HtmlTag tag);

bool is_formatting(HtmlTag tag);

// Elements whose end tag is implied when the element around them closes.
bool has_implied_end(HtmlTag tag);

// The start tags that close an open <p> first ("address, article, aside, ..." in the standard).
bool closes_p(HtmlTag tag);

// The end tags that close the nearest open element of their name (with what it holds).
bool closes_block(HtmlTag tag);

bool is_table_part(HtmlTag tag);

bool is_table_section(HtmlTag tag);

// Head elements that keep their in-head meaning anywhere in the body.
bool is_head_element(HtmlTag tag);

enum class Scope : std::uint8_t { plain, list_item, button, table };

bool ends_scope(HtmlTag tag, Scope scope);

}  // namespace pagemd::extract::html
