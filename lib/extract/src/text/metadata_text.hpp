#pragma once

// Text helpers that the readers of a page's own metadata share: the document scan (metadata.cpp)
// and the JSON-LD reader (linked_data.cpp).

#include <string>
#include <string_view>

namespace pagemd::extract::metadata_detail {

// Like text_util's collapse_whitespace, but Unicode spaces (no-break, thin, ideographic) count too.
[[nodiscard]] std::string collapse_spaces(std::string_view s);

// Whether `s` is a URL rather than a name: author fields often hold a profile link instead.
[[nodiscard]] bool looks_like_url(std::string_view s);

}  // namespace pagemd::extract::metadata_detail
