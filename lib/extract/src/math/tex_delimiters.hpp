#pragma once

// Stage 4, math: TeX written straight into a page's text for a script to typeset.
//   in:  the signs of the page's scripts (PageRecords::script_signs), a text node's text
//   out: whether a TeX typesetter reads the page's text, and the formulas in a text
// Uses text/.
//
// A page that loads MathJax or KaTeX's auto-render ships its formulas as plain text between
// delimiters, "\(x^2\)" or "$$\int f$$", and the browser typesets them. Unrendered, that text
// would be written with its backslashes escaped; read here, each becomes a formula. Pages without
// such a script keep their text as it is: "\(" and "$" are just characters there.

#include <cstddef>
#include <string_view>
#include <vector>

namespace pagemd::extract {

struct TexDelimiters {
  bool typeset = false;        // a TeX typesetter reads the page's text
  bool single_dollar = false;  // its configuration also takes $…$ for inline formulas
};

// What the page's scripts (their attributes and the start of their bodies, a line each) say about
// typesetting: MathJax (any version) or KaTeX's auto-render, and whether their configuration lists
// a single dollar as an inline delimiter (neither does by default: "$5 and $10" is money).
[[nodiscard]] TexDelimiters tex_delimiters_of(std::string_view script_signs);

struct TexSpan {
  std::size_t begin = 0;  // where the opening delimiter starts in the text
  std::size_t end = 0;    // just past the closing delimiter
  std::string_view latex;
  bool display = false;
};

// The formulas in `text`, in order, as the typesetters find them: \(…\) inline, \[…\] and $$…$$
// displayed, a math environment \begin{equation}…\end{equation} displayed (the environment is
// the formula), and with `single_dollar` $…$ inline where the opening dollar is followed and the
// closing one preceded by a non-space and the closing one is not followed by a digit. A backslash
// before a dollar escapes it; an opening delimiter without its closing one in the same text is
// text. One pass: a closing delimiter looked for in vain is not looked for again.
[[nodiscard]] std::vector<TexSpan> tex_spans(std::string_view text, const TexDelimiters& delimiters);

}  // namespace pagemd::extract
