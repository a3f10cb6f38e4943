#pragma once

#include <string>
#include <string_view>

namespace pagemd::extract {

// "en" when the text reads as English, else "unknown". Decided from the text itself (share of
// very common English function words among its words, with other languages' common words as
// counter-evidence), so a page that says lang="en" but is written in German is "unknown".
[[nodiscard]] std::string detect_language(std::string_view text);

}  // namespace pagemd::extract
