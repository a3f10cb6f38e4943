#pragma once

#include <cstddef>
#include <string_view>

namespace pagemd::fetch {

// How far into a body a PDF's header may lie: the PDF specification lets readers find `%PDF-`
// within the first 1,024 bytes (files often carry a few bytes of junk before it), and WHATWG's
// MIME sniffing reads the same resource header.
inline constexpr std::size_t kPdfHeaderWindow = 1024;

// The media type a PDF is reported as (metadata.content_type, FetchedPage::content_type),
// whatever type it was served with.
inline constexpr std::string_view kPdfMediaType = "application/pdf";

// Whether bytes are a PDF, whatever a Content-Type or a file name says: `%PDF-` within the header
// window. Decided as soon as the window is in (or the body ends before it).
[[nodiscard]] constexpr bool looks_like_pdf(std::string_view body) noexcept {
  return body.substr(0, kPdfHeaderWindow).find("%PDF-") != std::string_view::npos;
}

}  // namespace pagemd::fetch
