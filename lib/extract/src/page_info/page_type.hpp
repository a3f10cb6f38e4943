#pragma once

// Which kind of page this is (article, forum, product, collection, listing, documentation,
// service), from what its address, its structured data and its markup say. Each signal adds
// evidence to a kind; the kind with the most wins, and an article is what a page is by default.
//
// And whether its own markup shows next to nothing until its scripts run: an "app shell" that a
// browser must render before there is anything to extract. Rendering costs a second or more, so that
// takes thin text together with a sign that scripts would fill the page in.

#include <cstddef>
#include <string_view>

#include "decode/prepass.hpp"
#include "page_info/metadata.hpp"
#include "pagemd/extract/extractor.hpp"
#include "parse/dom.hpp"

namespace pagemd::extract {

// How many kinds PageType has, for tables indexed by it; service is its last.
inline constexpr std::size_t kPageTypeCount = static_cast<std::size_t>(PageType::service) + 1;

[[nodiscard]] PageType classify_page(const Document& doc, const PageInfo& info, std::string_view page_url);

// Content under this many words is thin enough for a page to be an app shell.
inline constexpr std::size_t kAppShellWords = 50;

// True when the content has under kAppShellWords words and the page has an empty mount node (an
// element with an id, or a custom element, that holds nothing, near the top of <body>), a <noscript>
// that asks for JavaScript, or executable scripts making up at least half of its bytes.
[[nodiscard]] bool looks_like_app_shell(const Document& doc, const PrepassResult& cleaned, std::size_t document_bytes,
                                        std::size_t content_words);

}  // namespace pagemd::extract
