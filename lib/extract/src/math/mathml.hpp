#pragma once

// Stage 4, math: formulas as LaTeX.
//   in:  the markup of a MathML <math> element, as a page's tree keeps it in an attribute
//   out: a Formula: LaTeX and whether the formula is displayed on a line of its own
// Uses text/ and parse/ (the HTML tokenizer reads the markup).
//
// A formula's TeX source, when the page ships it (KaTeX's and MediaWiki's TeX annotation,
// MediaWiki's alttext), is taken as written; plain MathML is converted: fractions, scripts,
// roots, sums and limits, matrices, fences, accents and the common symbols.

#include <optional>
#include <string>
#include <string_view>

namespace pagemd::extract {

struct Formula {
  std::string latex;  // without delimiters, on one line
  bool display = false;
};

// The formula of a <math> element's markup (from "<math" to its end tag), or nullopt when it
// holds nothing to write.
[[nodiscard]] std::optional<Formula> formula_from_mathml(std::string_view markup);

// TeX as a page ships it, tidied for Markdown: whitespace runs are one space, MediaWiki's
// wrapping "{\displaystyle …}" is taken off, and a formula that is one numbered display
// environment (equation, align, gather, …), which cannot stand inside $$…$$, becomes its content
// or the environment's form that can (aligned, gathered).
[[nodiscard]] std::string tidy_tex(std::string_view tex);

}  // namespace pagemd::extract
