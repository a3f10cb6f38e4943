#pragma once

// The elements a formula comes in, as the tree shows them: its image, the span the page's tree
// keeps a <math> or a MathJax script in, an element carrying its TeX in an attribute or as
// delimited text. Asked by the content search (a formula is content however little text it
// draws) and by math/ and markdown/, which write it.

#include "parse/dom.hpp"

namespace pagemd::extract {

// Whether an image (with alt text) draws a formula, by its address or class: latex.php
// (WordPress), codecogs' svg.latex, mimetex and mathtex, MediaWiki's /math/render/ and
// mwe-math-fallback-image, classes naming latex or math. Its alt text is the formula's TeX.
[[nodiscard]] bool is_formula_image(const Document& doc, NodeId id);

// Whether the element holds a formula that shows no text in the tree: a page tree's span of a
// <math> element or a MathJax script, an element carrying its TeX in data-latex or data-tex.
[[nodiscard]] bool holds_formula_source(const Document& doc, NodeId id);

// Whether the text of element `id` is TeX between delimiters that a script typesets in place:
// GitHub's <math-renderer>, Pandoc's and Quarto's <span class="math inline">, MkDocs' arithmatex.
// Such text is read for formulas whatever scripts the page's own signs show.
[[nodiscard]] bool holds_delimited_tex(const Document& doc, NodeId id);

}  // namespace pagemd::extract
