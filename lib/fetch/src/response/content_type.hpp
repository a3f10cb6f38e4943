#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace pagemd::fetch::detail {

struct ContentType {
  std::string media_type;  // lower-case, no parameters; empty when the header has none
  std::string charset;     // lower-case, unquoted; empty when absent
};

// Reads a Content-Type header value such as `Text/HTML; Charset="UTF-8"`.
[[nodiscard]] ContentType parse_content_type(std::string_view value);

// HTML, XHTML and plain text: the media types pagemd converts as text.
[[nodiscard]] bool is_supported_media_type(std::string_view media_type);

// Which cap a page's body is held to, and whether it is kept at all: a body sent as HTML, XHTML,
// plain text or with no type is read as a page under the page cap; a PDF, known by its bytes
// (looks_like_pdf) whatever its type, under the PDF cap; a body of any other type only when
// its first bytes show a PDF. Until they do, the larger cap that may apply holds.
class BodyAdmission {
 public:
  BodyAdmission() = default;
  BodyAdmission(std::string_view media_type, std::size_t max_page_bytes, std::size_t max_pdf_bytes);

  // The most bytes the body may have, as far as its bytes have decided what it is.
  [[nodiscard]] std::size_t cap() const;
  // The cap a declared Content-Length is held to before a byte is read: a body with a text type is
  // held to the page cap (a PDF served as text/html past it is refused); one without a type is not.
  [[nodiscard]] std::size_t declared_cap() const { return declared_text_ && typed_ ? max_page_bytes_ : cap(); }
  // Decides from the body's first bytes (call once it holds kPdfHeaderWindow bytes, or has
  // ended) whether it is a PDF. False when its type is kept only for a PDF and it is none.
  [[nodiscard]] bool settle(std::string_view body);
  [[nodiscard]] bool settled() const { return pdf_.has_value(); }
  [[nodiscard]] bool is_pdf() const { return pdf_.value_or(false); }
  // The message of a body refused for going over `cap`; a PDF's names its limit.
  [[nodiscard]] std::string too_large_message(std::size_t cap) const;

 private:
  std::size_t max_page_bytes_ = 0;
  std::size_t max_pdf_bytes_ = 0;
  bool declared_text_ = true;  // HTML, XHTML, plain text or no type: read as a page unless a PDF
  bool typed_ = false;         // a Content-Type was sent
  std::optional<bool> pdf_;    // once settled
};

// For a response without a Content-Type: "text/html" when the body starts like an HTML document,
// "text/plain" when its first bytes hold no binary control characters, nullopt for binary data
// (a cut-down form of the WHATWG MIME sniffing rules).
[[nodiscard]] std::optional<std::string> sniff_media_type(std::string_view body);

}  // namespace pagemd::fetch::detail
