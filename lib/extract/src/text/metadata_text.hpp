#pragma once

// Text helpers that the readers of a page's own metadata share: the document scan (metadata.cpp)
// and the JSON-LD reader (linked_data.cpp); and the comparison of a heading with the page's title.

#include <string>
#include <string_view>

namespace pagemd::extract::metadata_detail {

// Like text_util's collapse_whitespace, but Unicode spaces (no-break, thin, ideographic) count too.
[[nodiscard]] std::string collapse_spaces(std::string_view s);

// Whether `s` is a URL rather than a name: author fields often hold a profile link instead.
[[nodiscard]] bool looks_like_url(std::string_view s);

}  // namespace pagemd::extract::metadata_detail

namespace pagemd::extract {

// A title or heading as headlines are compared: case, punctuation and spacing ignored ("How-To: X"
// and "how to x" are one), and invisible characters (a soft hyphen, a heading anchor's zero-width
// space) left out.
[[nodiscard]] std::string normalized_title(std::string_view text);

}  // namespace pagemd::extract
