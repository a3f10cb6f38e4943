#pragma once

#include <cstddef>
#include <cstdint>

#include <CLI/CLI.hpp>

#include "pagemd/convert/page_converter.hpp"

namespace pagemd::cli {

// The bounds of a PDF, as pagemdd.conf's max_pdf_bytes and max_pdf_pages.
struct PdfLimitOptions {
  std::size_t max_bytes = convert::kDefaultMaxPdfBytes;
  std::size_t max_pages = convert::kDefaultMaxPdfPages;
};

// --max-pdf-bytes and --max-pdf-pages, in the daemon's ranges, for the commands that convert PDFs themselves.
inline void add_pdf_limit_options(CLI::App& command, PdfLimitOptions& limits) {
  command.add_option("--max-pdf-bytes", limits.max_bytes, "Largest PDF converted, in bytes (default 32 MiB)")
      ->check(CLI::Range(std::size_t{1024}, std::size_t{1} << 31))
      ->type_name("BYTES");
  command.add_option("--max-pdf-pages", limits.max_pages, "Most pages a PDF converted may have (default 500)")
      ->check(CLI::Range(std::size_t{1}, std::size_t{100'000}))
      ->type_name("N");
}

}  // namespace pagemd::cli
