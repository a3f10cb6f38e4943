#pragma once

#include <string>
#include <string_view>

namespace pagemd::extract {

// The language of a page's text as a BCP 47 tag ("de", "ja", "zh-Hant"), read from the text itself by
// CLD2 (Chromium's detector, 160 languages); a mixed text takes the language of most of it. "und"
// when the text does not tell: too little of it, or no language CLD2 is sure of. Only then is
// `declared` (the page's <html lang> or Content-Language) taken, reduced to its language (and for
// Chinese its script), so a page that says lang="en" but is written in German is "de".
[[nodiscard]] std::string detect_language_tag(std::string_view text, std::string_view declared = {});

// The spec's metadata.language: "en" exactly when `tag` is "en", else "unknown".
[[nodiscard]] std::string spec_language(std::string_view tag);

// spec_language(detect_language_tag(text)).
[[nodiscard]] std::string detect_language(std::string_view text);

}  // namespace pagemd::extract
