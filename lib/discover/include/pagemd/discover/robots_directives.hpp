#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pagemd::discover {

// The lines of a robots.txt that batch::RobotsRules leaves aside.
struct RobotsDirectives {
  std::vector<std::string> sitemaps;  // every Sitemap: line's URL, in order (they belong to no group)
  // Crawl-delay of the group naming the crawler's product token, else of the `*` group; nullopt when
  // neither says (or says something that is no non-negative number).
  std::optional<std::chrono::milliseconds> crawl_delay;
};

// Reads `text` for the product token `agent` ("pagemd"). Never fails: lines it cannot read are skipped.
[[nodiscard]] RobotsDirectives read_robots_directives(std::string_view text, std::string_view agent);

}  // namespace pagemd::discover
