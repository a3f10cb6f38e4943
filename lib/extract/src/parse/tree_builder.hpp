#pragma once

// Stage 2, parse: the tree construction of the WHATWG standard ("13.2.6"), building a Document
// from the tokens of html_tokenizer.hpp.
//
// Its input is the prepassed HTML of decode/, so some of the standard is never needed: scripts,
// <template>, <svg>/<math> (foreign content), <frameset> and <isindex> have been cut out, and
// elements nest at most a few hundred deep. Everything else follows the standard, including the
// repair of misnested markup (the adoption agency, reopened formatting elements, text and
// elements moved out of tables), since the extraction reads the tree a browser would show.

#include "parse/dom.hpp"

namespace pagemd::extract::html {

// Builds the tree of `doc`, which holds only its document node, from the source it keeps
// (Document::build): text and attribute values written without character references stay there.
void build_tree(Document& doc);

}  // namespace pagemd::extract::html
