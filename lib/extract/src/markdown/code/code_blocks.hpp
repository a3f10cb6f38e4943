#pragma once

// Stage 6, markdown: what a code block is written in, and what around it is not code. Uses
// parse/, text/ and tree/.

#include <string>

#include "parse/dom.hpp"

namespace pagemd::extract {

// The language of the code block <pre> `pre`: from its classes or its <code>'s, else from the
// wrapper a docs site draws around it (VitePress's <div class="language-ts">), else from the label
// it shows (Shiki's and the TypeScript handbook's <span class="lang">ts</span>). Lower-case, or
// empty when nothing says.
[[nodiscard]] std::string pre_language(const Document& doc, NodeId pre);

// Whether `id` is furniture of a code block rather than its code: the language label shown over
// it, a "Copy" button beside it, a "Try" link inside it next to the <code>.
[[nodiscard]] bool is_code_block_control(const Document& doc, NodeId id);

// Whether `id`, inside a code block's code, annotates the code rather than being part of it: a
// type checker's tooltip or popover (Twoslash's hover types), an error message set under a line
// with its number, or the hidden copy of it that holds the line's place.
[[nodiscard]] bool is_code_annotation(const Document& doc, NodeId id);

}  // namespace pagemd::extract
