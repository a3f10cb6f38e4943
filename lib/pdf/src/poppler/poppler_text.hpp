#pragma once

// Poppler's GLib binding, reduced to what the layout needs: the document's pages as positioned,
// styled glyphs with their link targets, and what its information dictionary says.

#include <string>
#include <string_view>

#include "page_text.hpp"
#include "pagemd/core/result.hpp"

namespace pagemd::pdf {

struct DocumentInfo {
  std::string title, author, subject;
  std::string creation_date;  // ISO 8601 in UTC, or empty
  std::string xmp;            // the XMP metadata stream, if any
  std::size_t page_count = 0;
};

struct PopplerRead {
  DocumentInfo info;
  DocumentText text;
};

// Reads every page (after checking max_pages). Errors: pdf_encrypted, unsupported_content.
[[nodiscard]] core::Result<PopplerRead> read_with_poppler(std::string_view bytes, std::size_t max_pages);

// Loads poppler's and fontconfig's data before the worker's jail closes the file system.
void warm_up_poppler();

// poppler-data's directory, as poppler-data's pkg-config file named it when pagemd was built.
std::string poppler_data_directory();

}  // namespace pagemd::pdf
