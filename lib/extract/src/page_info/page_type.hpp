#pragma once

// Which kind of page this is (article, forum, product, collection, listing, documentation,
// service), from what its address, its structured data and its markup say. Each signal adds
// evidence to a kind; the kind with the most wins, and an article is what a page is by default.

#include <cstddef>
#include <string_view>

#include "page_info/metadata.hpp"
#include "pagemd/extract/extractor.hpp"
#include "parse/dom.hpp"

namespace pagemd::extract {

// How many kinds PageType has, for tables indexed by it; service is its last.
inline constexpr std::size_t kPageTypeCount = static_cast<std::size_t>(PageType::service) + 1;

[[nodiscard]] PageType classify_page(const Document& doc, const PageInfo& info, std::string_view page_url);

}  // namespace pagemd::extract
