#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pagemd::extract {

// What a crawler needs of a page: where it leads, and what it says of itself.
struct PageLinks {
  std::string title;          // as Metadata::title has it; "" when the page has none
  std::string description;    // as Metadata::description has it
  std::string canonical_url;  // <link rel=canonical> (else og:url), absolute; "" when none
  // Every <a href> and <area href> of the document, navigation included, absolute http(s), fragment
  // kept, unique, in document order.
  std::vector<std::string> links;
  // The RSS and Atom feeds the page announces (<link rel=alternate type=application/rss+xml or
  // application/atom+xml href>), absolute, unique, in order.
  std::vector<std::string> feeds;
};

// Reads the links of an HTML document (any charset; `declared_charset` from the HTTP header wins),
// resolving relative ones against `page_url`, refined by <base href>. Pure; any bytes are accepted.
[[nodiscard]] PageLinks read_page_links(std::string_view html_bytes, std::string_view page_url,
                                        std::string_view declared_charset);

}  // namespace pagemd::extract
