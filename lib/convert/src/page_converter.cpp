#include "pagemd/convert/page_converter.hpp"

#include <algorithm>

#include "pagemd/core/ascii.hpp"
#include "pagemd/fetch/pdf_signature.hpp"
#include "pagemd/pdf/pdf_converter.hpp"

namespace pagemd::convert {
namespace {

void append_escaped(std::string& out, std::string_view text) {
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      default: out += c;
    }
  }
}

// How far into a page its kind shows: the WHATWG MIME sniffing standard's resource header, which is
// also where the PDF specification lets a reader look for the file's header.
constexpr std::size_t kSniffBytes = fetch::kPdfHeaderWindow;

}  // namespace

ByteKind kind_of_bytes(std::string_view body) noexcept {
  if (fetch::looks_like_pdf(body)) return ByteKind::pdf;
  const std::string_view head = body.substr(0, kSniffBytes);
  // UTF-16 text is full of zero bytes; its byte order mark says what it is.
  if (head.starts_with("\xFE\xFF") || head.starts_with("\xFF\xFE")) return ByteKind::text;
  if (std::none_of(head.begin(), head.end(), core::is_binary_data_byte)) return ByteKind::text;
  // A stray control character in a page that opens with markup does not make it binary: browsers
  // show such pages, and the decoder drops what it cannot read.
  const std::size_t first = head.find_first_not_of(" \t\r\n\f");
  const bool opens_with_markup = first != std::string_view::npos && head[first] == '<';
  return opens_with_markup ? ByteKind::text : ByteKind::binary;
}

std::string plain_text_as_html(std::string_view text) {
  // No <meta charset>: the decoder's sniffing (the HTTP charset, else UTF-8 detection, else
  // windows-1252) applies to the text as it would to a page.
  std::string html = "<!DOCTYPE html><html><body>";
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find("\n\n", start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view paragraph = text.substr(start, end - start);
    if (paragraph.find_first_not_of(" \t\r\n") != std::string_view::npos) {
      html += "<p>";
      append_escaped(html, paragraph);
      html += "</p>";
    }
    start = end + 2;
  }
  html += "</body></html>";
  return html;
}

Page page_from_fetch(fetch::FetchedPage fetched) {
  Page page;
  page.body = std::move(fetched.body);
  page.media_type = fetched.content_type == "text/plain" ? MediaType::plain_text : MediaType::html;
  page.declared_charset = std::move(fetched.charset);
  page.declared_language = std::move(fetched.content_language);
  page.url = std::move(fetched.final_url);
  page.http_status = fetched.http_status;
  page.wall_headers = std::move(fetched.wall_headers);
  return page;
}

namespace {

core::Result<extract::Extraction> convert_pdf_page(const Page& page, const ConvertOptions& options) {
  if (page.body.size() > options.max_pdf_bytes) {
    return core::unexpected(core::ErrorCode::unsupported_content,
                            "The PDF is " + std::to_string(page.body.size()) + " bytes, more than the " +
                                std::to_string(options.max_pdf_bytes) + " bytes a PDF may have (max_pdf_bytes).");
  }
  pdf::PdfOptions pdf_options;
  pdf_options.url = page.url;
  pdf_options.max_pages = options.max_pdf_pages;
  auto document = pdf::convert_pdf(page.body, pdf_options);
  if (!document) return core::unexpected(document.error());
  extract::Extraction extraction = std::move(document->extraction);
  extraction.metadata.content_type = fetch::kPdfMediaType;
  extraction.metadata.page_count = document->page_count;
  extraction.metadata.page_type = extract::PageType::document;
  return extraction;
}

}  // namespace

core::Result<extract::Extraction> convert_page(Page page, const ConvertOptions& options) {
  switch (kind_of_bytes(page.body)) {
    case ByteKind::text: break;
    case ByteKind::pdf:
      // An error page is not the document, whatever its bytes are.
      if (auto refused = wall_refusal(extract::Extraction{}, page.http_status, false)) {
        return core::unexpected(std::move(*refused));
      }
      return convert_pdf_page(page, options);
    case ByteKind::binary:
      return core::unexpected(core::ErrorCode::unsupported_content,
                              "This is binary data (an image, an archive or the like), not HTML, text or a PDF.");
  }
  extract::ExtractOptions extract_options;
  extract_options.page_url = page.url;
  extract_options.declared_charset = page.declared_charset;
  extract_options.declared_language = page.declared_language;
  extract_options.scope = options.scope;
  extract_options.include_selectors = options.include_selectors;
  extract_options.exclude_selectors = options.exclude_selectors;
  extract_options.http_status = page.http_status;
  extract_options.wall_headers = std::move(page.wall_headers);
  const bool plain_text = page.media_type == MediaType::plain_text;
  if (plain_text) {
    // A text file has no furniture to drop, and its paragraphs are not scored like an article's.
    extract_options.scope = extract::ContentScope::whole_body;
    page.body = plain_text_as_html(page.body);
  }
  auto extraction = extract::extract_owned(std::move(page.body), extract_options);
  if (!extraction) return extraction;
  extraction->metadata.content_type = plain_text ? kPlainTextContentType : kHtmlContentType;
  // Text has no markup for a wall to be built of.
  if (plain_text) extraction->wall = {};
  if (auto refused = wall_refusal(*extraction, page.http_status, options.accept_walls)) {
    return core::unexpected(std::move(*refused));
  }
  return extraction;
}

std::optional<core::Error> wall_refusal(const extract::Extraction& extraction, int http_status, bool accept_walls) {
  const extract::Wall& wall = extraction.wall;
  const std::optional<int> upstream = http_status > 0 ? std::optional<int>{http_status} : std::nullopt;
  if (wall.kind == extract::WallKind::none) {
    if (http_status < 400) return std::nullopt;
    return core::Error{core::ErrorCode::fetch_failed,
                       "The target answered with HTTP status " + std::to_string(http_status) + ".", upstream};
  }
  if (accept_walls) return std::nullopt;
  if (wall.kind == extract::WallKind::blocked) {
    core::Error error{core::ErrorCode::page_blocked,
                      "The site blocked the request: it answered with a bot challenge or block page (" + wall.detail +
                          ") instead of the page. pagemd does not solve challenges; accept_walls converts the page "
                          "as it is.",
                      upstream};
    error.vendor = wall.detail;
    return error;
  }
  core::Error error{core::ErrorCode::page_unusable, std::string(unusable_sentence(wall.detail)), upstream};
  error.reason = wall.detail;
  return error;
}

std::string_view unusable_sentence(std::string_view reason) {
  if (reason == "login_wall") return "The page is only a sign-in form: its content needs an account.";
  if (reason == "consent_wall") return "The page is only a cookie or consent dialog, with no content behind it.";
  if (reason == "soft_404") return "The page says it does not exist (a \"not found\" page answered as a success).";
  if (reason == "needs_javascript") {
    return "The page is built by its scripts (a client-side template or a framework's empty root), and it could "
           "not be rendered.";
  }
  return "The page holds no content to convert.";
}

core::Error result_too_large(std::size_t size, std::size_t bound) {
  return {core::ErrorCode::unsupported_content,
          "The page converts to " + std::to_string(size) + " bytes of Markdown and metadata, more than the " +
              std::to_string(bound) + " bytes a result may have (max_result_bytes); convert a part of it with " +
              "include_selectors."};
}

}  // namespace pagemd::convert
