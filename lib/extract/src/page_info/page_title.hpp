#pragma once

// The page's own title out of a <title> or og:title that also names the site ("Post | Site").

#include <string>
#include <string_view>
#include <vector>

namespace pagemd::extract::metadata_detail {

// Tells the page's title from the site's name in a <title> such as "Post | Site". `site_names`
// are what the page calls its site elsewhere (og:site_name, JSON-LD publisher, ...); `headings`
// are the texts of the page's own <h1>s, without logos that link home, since those name the site.
[[nodiscard]] std::string trim_site_name(const std::string& title, const std::vector<std::string>& site_names,
                                         const std::vector<std::string_view>& headings);

}  // namespace pagemd::extract::metadata_detail
