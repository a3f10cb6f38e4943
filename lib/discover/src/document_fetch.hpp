#pragma once

#include <chrono>
#include <cstddef>
#include <string>

#include "pagemd/core/result.hpp"
#include "pagemd/fetch/fetcher.hpp"

namespace pagemd::discover::detail {

// A sitemap, feed, robots.txt or page as discovery reads it: any content type.
struct Document {
  std::string url;  // normalized, after redirects
  std::string content_type;
  std::string body;  // decoded (Content-Encoding undone), at most the cap asked for
};

// Fetches `url` through `fetcher`, following up to 5 redirects itself so that each hop is judged by
// parse_url against `policy` (as the page fetcher does) and a loop is named as one. Fails with the
// fetcher's errors, with fetch_failed (upstream_status set) for a 4xx/5xx answer, too many redirects
// or a loop, and with invalid_url/url_not_allowed for a hop outside the policy.
[[nodiscard]] core::Result<Document> fetch_document(fetch::ResourceFetcher& fetcher, const std::string& url,
                                                    const fetch::AddressPolicy& policy, std::size_t max_bytes,
                                                    std::chrono::milliseconds timeout);

}  // namespace pagemd::discover::detail
