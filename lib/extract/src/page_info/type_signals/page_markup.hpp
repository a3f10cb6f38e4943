#pragma once

// What a page's markup shows of its kind, read in one walk for page_type.cpp: prices, code,
// elements named as posts, groups of alike items, buttons, and where its headings link.

#include <cstddef>

#include "parse/dom.hpp"

namespace pagemd::extract::page_markup {

// Fewer alike items than this make a strip or a row, not a grid.
inline constexpr std::size_t kFewestGridItems = 6;

struct MarkupSignals {
  std::size_t prices = 0;
  std::size_t preformatted = 0;
  std::size_t code = 0;
  std::size_t posts = 0;          // elements that call themselves a post, message, reply or answer
  std::size_t largest_group = 0;  // the most children of one element that share a tag and class
  std::size_t priced_items = 0;   // the most children of one element and tag that each link and show a price
  std::size_t product_cards = 0;  // the most linked cards of one element's children named as products
  std::size_t sections = 0;
  std::size_t calls_to_action = 0;  // buttons that ask the reader to get in touch, sign up or start
  std::size_t headings = 0;         // h2 to h4
  std::size_t linked_headings = 0;  // of those, the ones holding a link to another page
  bool buy_button = false;
  // A heading counts the readers' responses ("12 thoughts on “Title”", "3 Comments"): they respond
  // to a post, which the page is. A thread's posts are the page itself.
  bool responses_heading = false;

  // A clear majority (three in five) of the page's headings are links to other pages: the titles of
  // entries it lists (a news site's front page, a hub of stories), not the titles of its own
  // sections. Entries with prices are a shop's grid of goods, which the other signals weigh.
  [[nodiscard]] bool heads_entries_elsewhere() const {
    constexpr std::size_t kFewestEntries = 6;
    constexpr std::size_t kMostPrices = 2;
    return linked_headings >= kFewestEntries && 5 * linked_headings >= 3 * headings && prices <= kMostPrices;
  }
};

[[nodiscard]] MarkupSignals read_markup(const Document& doc);

}  // namespace pagemd::extract::page_markup
