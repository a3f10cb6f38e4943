#include "pagemd/fetch/upstream_fetcher.hpp"

namespace pagemd::fetch {

UpstreamFetcher::UpstreamFetcher(std::shared_ptr<Fetcher> inner, std::shared_ptr<UpstreamLimiter> limiter)
    : inner_(std::move(inner)), limiter_(std::move(limiter)) {}

core::Result<FetchedPage> UpstreamFetcher::fetch(const ParsedUrl& url) {
  std::promise<core::Result<FetchedPage>> promise;
  std::shared_ptr<Flight> flight;
  {
    std::unique_lock lock(mutex_);
    if (const auto found = flights_.find(url.normalized); found != flights_.end()) {
      flight = found->second;
      ++flight->followers;
      lock.unlock();
      const std::shared_future<core::Result<FetchedPage>> shared = flight->result;
      shared.wait();
      lock.lock();
      --flight->followers;
      lock.unlock();
      return shared.get();  // a copy: every caller owns its page
    }
    flight = std::make_shared<Flight>();
    flight->result = promise.get_future().share();
    flights_.emplace(url.normalized, flight);
  }
  // Leaving the map before publishing means a caller arriving after this fetch ends starts afresh;
  // it also fixes who follows, so a fetch nobody followed is not copied for nobody.
  const auto land = [&] {
    const std::lock_guard lock(mutex_);
    flights_.erase(url.normalized);
    return flight->followers > 0;
  };
  try {
    core::Result<void> admitted = limiter_->acquire();
    core::Result<FetchedPage> result =
        admitted ? inner_->fetch(url) : core::Result<FetchedPage>(core::unexpected(admitted.error()));
    if (land()) {
      promise.set_value(result);
    }
    return result;
  } catch (...) {
    if (land()) {
      promise.set_exception(std::current_exception());
    }
    throw;
  }
}

std::size_t UpstreamFetcher::followers_waiting() const {
  const std::lock_guard lock(mutex_);
  std::size_t waiting = 0;
  for (const auto& [key, flight] : flights_) {
    waiting += flight->followers;
  }
  return waiting;
}

LimitedResourceFetcher::LimitedResourceFetcher(std::shared_ptr<ResourceFetcher> inner,
                                               std::shared_ptr<UpstreamLimiter> limiter)
    : inner_(std::move(inner)), limiter_(std::move(limiter)) {}

core::Result<FetchedResource> LimitedResourceFetcher::fetch_resource(std::string_view url, std::size_t max_body_bytes,
                                                                     std::chrono::steady_clock::time_point deadline) {
  if (auto admitted = limiter_->acquire(); !admitted) return core::unexpected(admitted.error());
  // The page waited for its start past its own bound: the answer would come too late to be used.
  if (std::chrono::steady_clock::now() >= deadline) {
    return core::unexpected(core::ErrorCode::fetch_timeout, "The page's time was up before its request could start.");
  }
  return inner_->fetch_resource(url, max_body_bytes, deadline);
}

std::unique_ptr<Fetcher> make_upstream_fetcher(FetchLimits limits, AddressPolicy policy, CurlFetcherOptions options,
                                               const core::Clock& clock, LimiterOptions limiter_options) {
  return std::make_unique<UpstreamFetcher>(std::make_shared<CurlFetcher>(limits, std::move(policy), std::move(options)),
                                           std::make_shared<UpstreamLimiter>(clock, limiter_options));
}

}  // namespace pagemd::fetch
