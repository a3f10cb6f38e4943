#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace pagemd::fetch::detail {

// `text` with every byte that may not stand in a URL as is (controls, space, DEL, non-ASCII)
// percent-encoded, the way browsers send what users paste.
[[nodiscard]] std::string percent_encode_unsafe_bytes(std::string_view text);

// The scheme of `url` in lower case; empty when it has none (a relative reference).
[[nodiscard]] std::string lower_scheme_of(std::string_view url);

// A Location resolved against the URL it came from (RFC 3986, by libcurl's parser). Spaces and
// non-ASCII bytes are percent-encoded first, as browsers do. nullopt when it cannot be resolved.
[[nodiscard]] std::optional<std::string> resolve_reference(const std::string& base, std::string_view location);

}  // namespace pagemd::fetch::detail
