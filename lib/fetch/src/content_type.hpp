#pragma once

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

// HTML, XHTML and plain text: the media types pagemd converts.
[[nodiscard]] bool is_supported_media_type(std::string_view media_type);

// For a response without a Content-Type: "text/html" when the body starts like an HTML document,
// "text/plain" when its first bytes hold no binary control characters, nullopt for binary data
// (a cut-down form of the WHATWG MIME sniffing rules).
[[nodiscard]] std::optional<std::string> sniff_media_type(std::string_view body);

}  // namespace pagemd::fetch::detail
