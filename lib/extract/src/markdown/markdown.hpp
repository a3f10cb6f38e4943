#pragma once

// Stage 6, markdown: the selection to text.
//   in:  the Document, the ContentSelection content/ made (tree/content_selection.hpp), a UrlResolver
//        for the page's address
//   out: RenderedMarkdown (this file): GFM text, its links, its word count and a text sample
// Uses tree/ and text/.
//
// GitHub-flavoured Markdown from the selected content of a Document.

#include <cstddef>
#include <string>
#include <vector>

#include "math/tex_delimiters.hpp"
#include "parse/dom.hpp"
#include "text/url_resolve.hpp"
#include "tree/content_selection.hpp"

namespace pagemd::extract {

struct RenderedMarkdown {
  std::string markdown;            // ends with one newline, or is empty
  std::vector<std::string> links;  // absolute http(s) link targets, unique, in order of appearance
  std::size_t word_count = 0;      // words of the text, Markdown syntax and URLs excluded
  std::string text_sample;         // the first part of the plain text, for language detection
};

// Renders the selection's roots in order. `resolver` makes link and image URLs absolute; links it
// cannot resolve are written as text only. `typeset_tex` says which TeX delimiters in the text a
// script of the page would typeset: those formulas are written as formulas.
[[nodiscard]] RenderedMarkdown render_markdown(const Document& doc, const ContentSelection& selection,
                                               const UrlResolver& resolver, const TexDelimiters& typeset_tex = {});

}  // namespace pagemd::extract
