#pragma once

// Stage 5, content: which parts of the page are its main content.
//   in:  the Document and the rules of the request (scope, include and exclude selectors)
//   out: a ContentSelection (tree/content_selection.hpp): the roots to render and a mask of dropped
//        subtrees
// Uses tree/ and text/.
//
// Finding the main content: which subtrees of the page are the article, and which elements inside
// them are boilerplate to leave out. The result is a view over the Document (roots + a drop
// mask), not a copy, so the Markdown renderer walks the original tree.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "pagemd/extract/types.hpp"
#include "parse/dom.hpp"
#include "tree/content_selection.hpp"
#include "tree/selector.hpp"

namespace pagemd::extract {

struct ContentRules {
  ContentScope scope = ContentScope::main_content;
  const SelectorList* include = nullptr;  // may be null or empty
  const SelectorList* exclude = nullptr;
  PageType page_type = PageType::article;
  // The page's title. Where the page holds several stories side by side (the next one loaded below
  // as the reader scrolls), its own is the one this heads.
  std::string_view title = {};
  // The customer reviews' texts the page's structured data lists (a shop's product page).
  std::span<const std::string> review_texts = {};
  // How many reviews or ratings that data says the page's items have (its AggregateRatings).
  std::span<const std::uint64_t> review_counts = {};
};

[[nodiscard]] ContentSelection select_content(const Document& doc, const ContentRules& rules);

}  // namespace pagemd::extract
