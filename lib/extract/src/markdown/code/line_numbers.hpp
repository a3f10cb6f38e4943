#pragma once

// Stage 6, markdown: the line numbers that highlighters print beside code. They are not code (a
// reader copying the block wants them gone), and written into a fenced block they glue onto the
// lines ("1import os"). Two shapes carry them as text:
//   - a gutter of its own: a <pre> of numbers in the table cell before the code's (Pygments'
//     "linenos" table, Rouge, Hugo's Chroma "lntable");
//   - a number at the start of every line, in an element of its own (Pygments' inline
//     "linenos", Chroma's "ln", CSS-in-JS highlighters).
// Gutters drawn with CSS counters or data attributes hold no text and need nothing.

#include <vector>

#include "parse/dom.hpp"

namespace pagemd::extract {

// Whether `pre` is a gutter of line numbers beside the code block of the next table cell.
[[nodiscard]] bool is_line_number_gutter(const Document& doc, NodeId pre);

// The elements of `pre` that number its lines, in document order; empty when its lines are not
// numbered so. Each starts a line, they count up by one, and the lines hold code after them.
[[nodiscard]] std::vector<NodeId> line_number_elements(const Document& doc, NodeId pre);

}  // namespace pagemd::extract
