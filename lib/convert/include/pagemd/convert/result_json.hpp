#pragma once

#include <chrono>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "pagemd/extract/extractor.hpp"

namespace pagemd::convert {

enum class CacheStatus { hit, miss };

// metadata.cache of the daemon's answers.
struct CacheMark {
  CacheStatus status = CacheStatus::miss;
  std::chrono::system_clock::time_point cached_at;
};

// The extraction result object of spec section 2.1, typed: what the converter made of a page, plus
// when and, in the daemon, from where and whether from the cache.
struct PageResult {
  extract::Extraction extraction;
  std::string timestamp;           // RFC 3339 UTC; metadata.timestamp
  std::string final_url;           // metadata.final_url; left out when empty (a local file)
  std::optional<CacheMark> cache;  // metadata.cache; left out when empty (outside the daemon)
  bool rendered = false;           // metadata.rendered: the content is what a browser made of the page
};

// The result object as JSON, with DESIGN.md's extra metadata fields (those the page does not state
// are left out). The only place a result becomes JSON: API answers, cache entries and `--json`.
[[nodiscard]] nlohmann::json to_json(const PageResult& result);

// to_json(result) as compact text; invalid UTF-8 a page let through becomes U+FFFD instead of an error.
[[nodiscard]] std::string to_json_text(const PageResult& result);

}  // namespace pagemd::convert
