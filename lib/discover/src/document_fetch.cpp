#include "document_fetch.hpp"

#include <algorithm>
#include <vector>

namespace pagemd::discover::detail {

core::Result<Document> fetch_document(fetch::ResourceFetcher& fetcher, const std::string& url,
                                      const fetch::AddressPolicy& policy, std::size_t max_bytes,
                                      std::chrono::milliseconds timeout) {
  constexpr int kMaxRedirects = 5;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::vector<std::string> visited;
  std::string current = url;
  for (int redirects = 0;; ++redirects) {
    auto parsed = fetch::parse_url(current, policy);
    if (!parsed) return core::unexpected(parsed.error());
    if (std::find(visited.begin(), visited.end(), parsed->normalized) != visited.end()) {
      return core::unexpected(core::ErrorCode::fetch_failed, "its redirects form a loop");
    }
    visited.push_back(parsed->normalized);
    auto resource = fetcher.fetch_resource(parsed->normalized, max_bytes, deadline);
    if (!resource) return core::unexpected(resource.error());
    if (!resource->location.empty()) {
      if (redirects >= kMaxRedirects) {
        return core::unexpected(core::ErrorCode::fetch_failed,
                                "it redirected more than " + std::to_string(kMaxRedirects) + " times");
      }
      current = std::move(resource->location);
      continue;
    }
    if (resource->http_status >= 400 || resource->http_status < 200) {
      core::Error error{core::ErrorCode::fetch_failed, "HTTP " + std::to_string(resource->http_status)};
      error.upstream_status = resource->http_status;
      return core::unexpected(std::move(error));
    }
    return Document{parsed->normalized, std::move(resource->content_type), std::move(resource->body)};
  }
}

}  // namespace pagemd::discover::detail
