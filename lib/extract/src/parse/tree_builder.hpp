#pragma once

// Stage 2, parse: the tree construction of the WHATWG standard ("13.2.6"), building a Document
// from the tokens of tokenizer/html_tokenizer.hpp.
//
// It follows the standard for a browser that runs no scripts: the repair of misnested markup (the
// adoption agency, reopened formatting elements, text and elements moved out of tables), foreign
// content (<svg>, <math>), templates, framesets, and <noscript> read as markup. html5lib's
// tree-construction suite measures it (bench/html5lib_trees). It bounds what a hostile page can
// make of it: elements nest at most kMaxOpenElements deep, an element keeps at most
// kMaxAttributes attributes. For a page (PageRecords given) it leaves out of the tree what can
// never be Markdown, and keeps aside what the readers need of it (page_parts.cpp).

#include <cstddef>

#include "parse/dom.hpp"

namespace pagemd::extract::html {

// Builds the tree of `doc`, which holds only its document node, from the source it keeps
// (Document::build): text and attribute values written without character references stay there.
// With `records`, a page's tree, as Document::build_page describes it.
void build_tree(Document& doc, std::size_t max_open_elements, PageRecords* records);

}  // namespace pagemd::extract::html
