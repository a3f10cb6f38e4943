#pragma once

// Stage 4, math: which elements of the Document are formulas.
//   in:  a page's Document (with its formula spans, parse/dom.hpp) and an element
//   out: its Formula, or whether it only draws a formula another element holds
// Uses text/, parse/ (the spans' attribute names) and tree/.
//
// The web ships a formula several ways at once (KaTeX: HTML for the eye, MathML for the ear, TeX
// in an annotation; MediaWiki: hidden MathML and an image; MathJax 2: a preview, the typeset
// frame and the script holding the TeX). One of them is written, as LaTeX; the drawings of it
// are not.

#include <optional>

#include "math/mathml.hpp"
#include "parse/dom.hpp"

namespace pagemd::extract {

// The formula `id` stands for, written instead of its content: a <math> element or a MathJax
// script (as a page's tree keeps them), an element carrying its TeX in data-latex or data-tex, an
// image of a formula whose alt text is its TeX (MediaWiki's fallback, WordPress's latex.php).
[[nodiscard]] std::optional<Formula> formula_of(const Document& doc, NodeId id);

// Whether `id` only draws a formula that a MathJax script after it holds: the typeset frame
// (which holds MathML for screen readers) or the preview shown until it is typeset.
[[nodiscard]] bool draws_script_formula(const Document& doc, NodeId id);

// For a formula image: the <math> element beside it that it is the fallback of (under the same
// parent), else kNoNode.
[[nodiscard]] NodeId math_beside_image(const Document& doc, NodeId image);

// Whether a displayed formula lies under `id` (a table numbering its equations).
[[nodiscard]] bool holds_display_formula(const Document& doc, NodeId id);

// Whether `table` lays out numbered equations: a formula in one cell and its number, "(1)" or
// "(2.3a)", alone in another (MediaWiki's NumBlk, LaTeXML's equation tables). Its formulas are
// displayed whatever mode they were written in: each stands on a line of its own.
[[nodiscard]] bool numbers_equations(const Document& doc, NodeId table);

}  // namespace pagemd::extract
