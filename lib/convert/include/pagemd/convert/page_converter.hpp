#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pagemd/core/result.hpp"
#include "pagemd/extract/extractor.hpp"
#include "pagemd/fetch/fetcher.hpp"
#include "pagemd/render/renderer.hpp"

namespace pagemd::convert {

enum class MediaType { html, plain_text };

// metadata.content_type of a page converted as HTML (XHTML included) or as plain text; a PDF's is
// fetch::kPdfMediaType.
inline constexpr std::string_view kHtmlContentType = "text/html";
inline constexpr std::string_view kPlainTextContentType = "text/plain";

// A page as it arrived, from the network or from a file: the input of every conversion.
struct Page {
  std::string body;  // its bytes as fetched or read, in any charset
  MediaType media_type = MediaType::html;
  std::string declared_charset;   // named by a Content-Type header; empty when nothing declared one
  std::string url;                // its address after redirects, the base of its links; may be empty
  std::string declared_language;  // named by a Content-Language header; empty when none came
  // The HTTP status it came with (0 for a file): a refusal status (fetch::FetchedPage) is converted
  // only to see whether it is a wall, and otherwise fails with fetch_failed.
  int http_status = 0;
  std::vector<std::pair<std::string, std::string>> wall_headers{};  // fetch::FetchedPage::wall_headers
};

// A PDF may be larger than a page (fetch::FetchLimits::max_pdf_bytes has the same default): reports
// and manuals of tens of megabytes are common.
inline constexpr std::size_t kDefaultMaxPdfBytes = std::size_t{32} * 1024 * 1024;
inline constexpr std::size_t kDefaultMaxPdfPages = 500;

// What to make of a page: the options of POST /extract that change the output.
struct ConvertOptions {
  extract::ContentScope scope = extract::ContentScope::main_content;
  std::vector<std::string> include_selectors;
  std::vector<std::string> exclude_selectors;
  // Whether a fetched page is run in a browser first, and what it is done at (convert_fetched);
  // a page given whole is converted as it is.
  render::RenderMode render = render::RenderMode::automatic;
  std::string wait_for;  // a CSS selector; empty: the load event and a quiet network
  // Convert a wall (a bot challenge, a sign-in or consent wall, a soft 404, a template) as it is,
  // with Extraction::wall saying what it is, instead of failing with page_blocked or page_unusable.
  bool accept_walls = false;
  // The bounds of a PDF (max_pdf_bytes, max_pdf_pages): a larger or longer one is unsupported_content.
  // Not options of a request but the service's, carried with each page to the worker that converts it.
  std::size_t max_pdf_bytes = kDefaultMaxPdfBytes;
  std::size_t max_pdf_pages = kDefaultMaxPdfPages;
};

// A page that came through a fetcher (the daemon and `pagemd batch`), ready to convert.
[[nodiscard]] Page page_from_fetch(fetch::FetchedPage fetched);

// What a page's bytes are, whatever its type or file name says: a PDF (`%PDF-` within the first
// 1,024 bytes), other binary data (an image, an archive, a font...), or text to read as HTML or
// plain text in any charset.
enum class ByteKind { text, pdf, binary };
[[nodiscard]] ByteKind kind_of_bytes(std::string_view body) noexcept;

// The one conversion every entry point goes through (the daemon's workers, `pagemd batch` and
// `pagemd convert`): a page and options to Markdown plus metadata. Plain text is converted as its
// paragraphs, whole; a PDF (by its bytes) by pdf::convert_pdf, whole, which also fails with
// pdf_encrypted and no_text_layer, and with unsupported_content over max_pdf_bytes or max_pdf_pages.
// Fails with invalid_request for a malformed selector, and with unsupported_content for other bytes
// that are not text (kind_of_bytes): never passes them off as Markdown. A page that is a wall fails
// with page_blocked (Error::vendor) or page_unusable (Error::reason) unless options.accept_walls; a
// page with a refusal status that is no wall fails with fetch_failed. Sets metadata.content_type
// ("text/html", "text/plain", "application/pdf") and, for a PDF, page_count and page_type document.
// Takes the page, so that its bytes can be freed as soon as they are decoded: callers that are done
// with it move it in.
[[nodiscard]] core::Result<extract::Extraction> convert_page(Page page, const ConvertOptions& options);

// The error convert_page fails with for an extraction of a page that came with `http_status` (0 for a
// file): page_blocked or page_unusable for a wall the caller does not accept, fetch_failed for a
// refusal status that is no wall; empty when the extraction is the answer.
[[nodiscard]] std::optional<core::Error> wall_refusal(const extract::Extraction& extraction, int http_status,
                                                      bool accept_walls);
// The sentence of page_unusable for a reason ("login_wall", ...).
[[nodiscard]] std::string_view unusable_sentence(std::string_view reason);

// unsupported_content for a page whose result (`size` bytes) is over the bound of `bound` bytes
// (max_result_bytes), with a message that says so.
[[nodiscard]] core::Error result_too_large(std::size_t size, std::size_t bound);

// Where convert_page runs: in this thread, or in a supervised process. Thread-safe.
class PageConverter {
 public:
  virtual ~PageConverter() = default;
  // convert_page's result. Also fails with unsupported_content when the page could not be converted
  // (an isolated converter crashed or ran out of time or memory).
  [[nodiscard]] virtual core::Result<extract::Extraction> convert(const Page& page, const ConvertOptions& options) = 0;
};

// Converts in the calling thread: for the CLI, where a page that takes the process down takes down only
// the one command that asked for it.
class InProcessConverter final : public PageConverter {
 public:
  [[nodiscard]] core::Result<extract::Extraction> convert(const Page& page, const ConvertOptions& options) override {
    return convert_page(page, options);
  }
};

// The HTML the engine gets for a plain-text page: its paragraphs (blank-line separated) escaped, so the
// text comes out as text and not as markup.
[[nodiscard]] std::string plain_text_as_html(std::string_view text);

}  // namespace pagemd::convert
