#pragma once

// Whether a page's own markup shows next to nothing until its scripts run: an "app shell" that a
// browser must render before there is anything to extract. Rendering costs a second or more, so
// this takes thin text together with a sign that scripts would fill the page in.

#include <cstddef>

#include "parse/dom.hpp"

namespace pagemd::extract {

// Content under this many words is thin enough for a page to be an app shell.
inline constexpr std::size_t kAppShellWords = 50;

// True when the content has under kAppShellWords words and the page has an empty mount node (an
// element with an id, or a custom element, that holds nothing, near the top of <body>), a body that
// holds nothing but scripts, a <noscript> that asks for JavaScript, or executable scripts making up
// at least half of its bytes.
[[nodiscard]] bool looks_like_app_shell(const Document& doc, const PageRecords& records, std::size_t document_bytes,
                                        std::size_t content_words);

}  // namespace pagemd::extract
