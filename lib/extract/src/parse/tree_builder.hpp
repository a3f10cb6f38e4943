#pragma once

// Stage 2, parse: the tree construction of the WHATWG standard ("13.2.6"), building a Document
// from the tokens of html_tokenizer.hpp.
//
// It follows the standard for a browser that runs no scripts: the repair of misnested markup (the
// adoption agency, reopened formatting elements, text and elements moved out of tables), foreign
// content (<svg>, <math>), templates, framesets, and <noscript> read as markup. html5lib's
// tree-construction suite measures it (bench/html5lib_trees). Pages reach it through decode/'s
// prepass, which has already cut out scripts, templates, SVG and MathML and bounded how deep
// elements nest; the tests and the conformance bench hand it HTML directly.

#include "parse/dom.hpp"

namespace pagemd::extract::html {

// Builds the tree of `doc`, which holds only its document node, from the source it keeps
// (Document::build): text and attribute values written without character references stay there.
void build_tree(Document& doc);

}  // namespace pagemd::extract::html
