#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>

#include "pagemd/render/browser_pool.hpp"

namespace pagemd::api {

// The daemon's counters, rendered in the Prometheus text format for GET /metrics. Counting is lock-free
// except for the (route, status) table, whose mutex is held for one map lookup.
class Metrics {
 public:
  // Upper bounds, in seconds, of the request latency histogram's buckets (+Inf is implied).
  static constexpr std::array<double, 12> kLatencyBuckets{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                                                          0.1,   0.25,   0.5,   1.0,  2.5,   10.0};

  void record_request(std::string_view route, unsigned status, double seconds);

  void record_cache(bool hit) { (hit ? cache_hits_ : cache_misses_).fetch_add(1, std::memory_order_relaxed); }
  void record_upstream_fetch(bool failed) {
    upstream_fetches_.fetch_add(1, std::memory_order_relaxed);
    if (failed) upstream_failures_.fetch_add(1, std::memory_order_relaxed);
  }
  void record_rate_rejection() { rate_rejections_.fetch_add(1, std::memory_order_relaxed); }
  void record_quota_rejection() { quota_rejections_.fetch_add(1, std::memory_order_relaxed); }

  // Where the render counters come from (the daemon's browser pool); set before serving, if at all.
  void observe_renders(std::function<render::RenderStats()> source) { render_stats_ = std::move(source); }

  // The exposition text (version 0.0.4), one family per counter.
  [[nodiscard]] std::string render_prometheus() const;

 private:
  mutable std::mutex requests_mutex_;
  std::map<std::pair<std::string, unsigned>, std::uint64_t> requests_;
  std::array<std::atomic<std::uint64_t>, kLatencyBuckets.size() + 1> latency_buckets_{};
  std::atomic<std::uint64_t> latency_count_{0};
  std::atomic<std::uint64_t> latency_sum_micros_{0};
  std::atomic<std::uint64_t> cache_hits_{0};
  std::atomic<std::uint64_t> cache_misses_{0};
  std::atomic<std::uint64_t> upstream_fetches_{0};
  std::atomic<std::uint64_t> upstream_failures_{0};
  std::atomic<std::uint64_t> rate_rejections_{0};
  std::atomic<std::uint64_t> quota_rejections_{0};
  std::function<render::RenderStats()> render_stats_;
};

}  // namespace pagemd::api
