#pragma once

// Which kind of page this is (article, forum, product, collection, listing, documentation,
// service), from what its address, its structured data and its markup say. Each signal adds
// evidence to a kind; the kind with the most wins, and an article is what a page is by default.

#include <string_view>

#include "page_info/metadata.hpp"
#include "pagemd/extract/types.hpp"
#include "parse/dom.hpp"

namespace pagemd::extract {

[[nodiscard]] PageType classify_page(const Document& doc, const PageInfo& info, std::string_view page_url);

}  // namespace pagemd::extract
