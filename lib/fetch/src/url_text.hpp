#pragma once

#include <string>
#include <string_view>

namespace pagemd::fetch::detail {

// `text` with every byte that may not stand in a URL as is (controls, space, DEL, non-ASCII)
// percent-encoded, the way browsers send what users paste.
[[nodiscard]] std::string percent_encode_unsafe_bytes(std::string_view text);

}  // namespace pagemd::fetch::detail
