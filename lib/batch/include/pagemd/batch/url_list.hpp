#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pagemd::batch {

// The URLs of a list: one per line, surrounding whitespace dropped, blank lines and lines starting
// with '#' skipped, a repeated URL kept once (its first place). Never fails; URLs are not judged here.
[[nodiscard]] std::vector<std::string> parse_url_list(std::string_view text);

}  // namespace pagemd::batch
