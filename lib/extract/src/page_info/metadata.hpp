#pragma once

// Stage 4, page_info: what the page says of itself.
//   in:  the Document, the JSON-LD kept aside by decode/, the page's URL
//   out: PageInfo (this file: title, description, author, dates, site, image, canonical URL), and
//        the language of a text (language.hpp)
// Uses tree/ and text/.
//
// What the page says about itself: <title>, <meta>, Open Graph, Twitter cards, JSON-LD,
// <link rel=canonical>, <base href>, <html lang>.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "parse/dom.hpp"

namespace pagemd::extract {

struct PageInfo {
  std::string title;           // og:title, else <title> without its site suffix, else first <h1>, else ""
  std::string description;     // og:description, description, twitter:description, JSON-LD description
  std::string author;          // author meta, article:author (non-URL), JSON-LD author name(s)
  std::string published_time;  // article:published_time, JSON-LD datePublished, <time datetime> in meta
  std::string site_name;       // og:site_name, JSON-LD publisher name
  std::string image;           // og:image, twitter:image, JSON-LD image; absolute
  std::string canonical_url;   // <link rel=canonical>, else og:url; absolute
  std::string base_href;       // raw href of the first <base href>, "" if none
  std::string html_lang;       // <html lang>, as written
  std::string og_type;         // og:type, lower-case ("article", "product", "website")
  // Bare schema.org types of the page's JSON-LD objects and microdata items ("Product", "QAPage").
  std::vector<std::string> schema_types;
  // A Product's description in the JSON-LD, line breaks kept; "" when there is none.
  std::string product_description;
  // The texts of the customer reviews the JSON-LD lists (its Reviews' reviewBody).
  std::vector<std::string> review_texts;
  // How many reviews or ratings the structured data says an item of the page has (AggregateRating's
  // reviewCount and ratingCount, in JSON-LD or microdata), each once.
  std::vector<std::uint64_t> review_counts;
};

// Reads the page's own metadata. `json_ld` are the raw ld+json script bodies (malformed ones are
// ignored); `page_url` (may be empty) makes relative image and canonical URLs absolute.
[[nodiscard]] PageInfo read_page_info(const Document& doc, const std::vector<std::string>& json_ld,
                                      std::string_view page_url);

// The title DESIGN.md derives from a URL: the last non-empty path segment without its extension,
// `-` and `_` as spaces, percent-decoded; the host when the path is empty.
[[nodiscard]] std::string title_from_url(std::string_view url);

}  // namespace pagemd::extract
