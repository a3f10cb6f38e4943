#pragma once

// A born-digital PDF (one with a text layer) as Markdown and metadata. Poppler reads the positioned
// text; the layout (reading order, headings, lists, tables, code, running headers) is inferred from
// fonts and positions, since most PDFs on the web carry no structure tree.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "pagemd/core/result.hpp"
#include "pagemd/extract/types.hpp"

namespace pagemd::pdf {

struct PdfOptions {
  // Where the PDF came from: relative link targets resolve against it, and it names an untitled
  // document. Empty for a local file.
  std::string url;
  // More pages than this is unsupported_content: the limit is what bounds the work of one document.
  std::size_t max_pages = 500;
  // What the streams poppler reads for text (content, forms; not images; font programs have four
  // times this, being read at zlib's speed) may inflate to in
  // all: poppler lexes a content stream a byte at a time, about 20 MiB a second of a bomb's zeros,
  // so this bounds its work on a compression bomb to a few seconds; born-digital documents of
  // hundreds of pages inflate to a few MiB.
  std::size_t max_inflated_bytes = std::size_t{64} << 20;
};

struct PdfDocument {
  // Markdown, title (the information dictionary's when it is a real title, else the first heading),
  // author, published_time, word_count, language and the absolute link targets; warning names the
  // pages without text.
  extract::Extraction extraction;
  std::size_t page_count = 0;
  std::vector<std::size_t> pages_without_text;  // 1-based page numbers
};

// Errors: pdf_encrypted (a password is needed), no_text_layer (no page has text: a scan),
// unsupported_content (not a readable PDF, over max_pages, or
// its streams inflating past max_inflated_bytes), each with a sentence saying so.
[[nodiscard]] core::Result<PdfDocument> convert_pdf(std::string_view bytes, const PdfOptions& options);

// Loads what poppler reads once (its global parameters, built-in font metrics, GLib's types), for a
// process that closes the file system to itself afterwards: the converter worker's jail.
void warm_up();

// The directories whose files poppler may still open while it converts: poppler-data's, for the
// CMaps of Chinese, Japanese and Korean fonts that are not embedded. There are some 250 of them and
// poppler keeps four at a time, so no warm-up can hold them all.
[[nodiscard]] std::vector<std::string> data_directories();

}  // namespace pagemd::pdf
