#pragma once

#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "pagemd/fetch/fetcher.hpp"
#include "pagemd/fetch/upstream_limiter.hpp"

namespace pagemd::fetch {

// The daemon's fetcher: concurrent fetches of the same ParsedUrl::normalized share one upstream
// fetch (the first caller leads; followers wait for and copy its result and take no limiter
// slot), and each leader passes the upstream limiter before the inner Fetcher runs. Thread-safe.
class UpstreamFetcher final : public Fetcher {
 public:
  UpstreamFetcher(std::shared_ptr<Fetcher> inner, std::shared_ptr<UpstreamLimiter> limiter);

  // The inner fetcher's result for `url`, shared with concurrent callers of the same URL; busy
  // when the limiter's queue is full (followers of that leader get busy too).
  [[nodiscard]] core::Result<FetchedPage> fetch(const ParsedUrl& url) override;

  // Callers currently waiting on another caller's fetch of the same URL.
  [[nodiscard]] std::size_t followers_waiting() const;

 private:
  struct Flight {
    std::shared_future<core::Result<FetchedPage>> result;
    std::size_t followers = 0;
  };

  std::shared_ptr<Fetcher> inner_;
  std::shared_ptr<UpstreamLimiter> limiter_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Flight>> flights_;
};

// The daemon's fetcher of a browser's requests: each passes the same upstream limiter as the pages
// before the inner ResourceFetcher runs, so that a page's scripts, styles and XHRs are starts against
// the same global rate. Thread-safe.
class LimitedResourceFetcher final : public ResourceFetcher {
 public:
  LimitedResourceFetcher(std::shared_ptr<ResourceFetcher> inner, std::shared_ptr<UpstreamLimiter> limiter);

  // The inner fetcher's response; busy when the limiter's queue is full, fetch_timeout when the
  // start the limiter gave comes at or after `deadline`.
  [[nodiscard]] core::Result<FetchedResource> fetch_resource(std::string_view url, std::size_t max_body_bytes,
                                                             std::chrono::steady_clock::time_point deadline) override;

 private:
  std::shared_ptr<ResourceFetcher> inner_;
  std::shared_ptr<UpstreamLimiter> limiter_;
};

// CurlFetcher behind UpstreamFetcher, with a limiter of its own over `clock` (which must outlive
// the result): the composition the daemon uses.
[[nodiscard]] std::unique_ptr<Fetcher> make_upstream_fetcher(FetchLimits limits, AddressPolicy policy,
                                                             CurlFetcherOptions options, const core::Clock& clock,
                                                             LimiterOptions limiter_options = {});

}  // namespace pagemd::fetch
