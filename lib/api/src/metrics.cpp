#include "pagemd/api/metrics.hpp"

#include <cstdio>

namespace pagemd::api {
namespace {

void append_counter(std::string& out, const char* name, const char* help, std::uint64_t value) {
  out += "# HELP ";
  out += name;
  out += ' ';
  out += help;
  out += "\n# TYPE ";
  out += name;
  out += " counter\n";
  out += name;
  out += ' ';
  out += std::to_string(value);
  out += '\n';
}

std::string format_bound(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", seconds);
  return text;
}

void append_render_stats(std::string& out, const render::RenderStats& stats) {
  out +=
      "# HELP pagemd_renders_total Pages run in a browser, by outcome (cut_short: read when the time bound passed).\n";
  out += "# TYPE pagemd_renders_total counter\n";
  out += "pagemd_renders_total{outcome=\"ok\"} " + std::to_string(stats.rendered - stats.cut_short) + '\n';
  out += "pagemd_renders_total{outcome=\"cut_short\"} " + std::to_string(stats.cut_short) + '\n';
  out += "pagemd_renders_total{outcome=\"failed\"} " + std::to_string(stats.failed) + '\n';
  out += "# HELP pagemd_render_seconds_total Time spent rendering, all outcomes.\n";
  out += "# TYPE pagemd_render_seconds_total counter\n";
  out += "pagemd_render_seconds_total " + format_bound(static_cast<double>(stats.milliseconds) / 1e3) + '\n';
  append_counter(out, "pagemd_render_refusals_total",
                 "Renders refused before taking a browser: their account's failed renders had used its browser time.",
                 stats.refused);
  append_counter(out, "pagemd_browser_starts_total", "Browser processes started.", stats.browser_starts);
  append_counter(out, "pagemd_browser_restarts_total", "Browsers started again after one crashed or hung.",
                 stats.browser_restarts);
  append_counter(out, "pagemd_browser_recycles_total", "Browsers replaced after their page count or memory bound.",
                 stats.browser_recycles);
}

}  // namespace

void Metrics::record_request(std::string_view route, unsigned status, double seconds) {
  {
    const std::lock_guard lock(requests_mutex_);
    ++requests_[{std::string(route), status}];
  }
  std::size_t bucket = 0;
  while (bucket < kLatencyBuckets.size() && seconds > kLatencyBuckets[bucket]) ++bucket;
  latency_buckets_[bucket].fetch_add(1, std::memory_order_relaxed);
  latency_count_.fetch_add(1, std::memory_order_relaxed);
  const double micros = seconds > 0 ? seconds * 1e6 : 0.0;
  latency_sum_micros_.fetch_add(static_cast<std::uint64_t>(micros), std::memory_order_relaxed);
}

std::string Metrics::render_prometheus() const {
  std::string out;
  out += "# HELP pagemd_http_requests_total HTTP requests answered, by route and status.\n";
  out += "# TYPE pagemd_http_requests_total counter\n";
  {
    const std::lock_guard lock(requests_mutex_);
    for (const auto& [key, count] : requests_) {
      out += "pagemd_http_requests_total{route=\"" + key.first + "\",status=\"" + std::to_string(key.second) + "\"} " +
             std::to_string(count) + '\n';
    }
  }

  out += "# HELP pagemd_http_request_duration_seconds Time from a request's arrival to its answer.\n";
  out += "# TYPE pagemd_http_request_duration_seconds histogram\n";
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i <= kLatencyBuckets.size(); ++i) {
    cumulative += latency_buckets_[i].load(std::memory_order_relaxed);
    const std::string bound = i < kLatencyBuckets.size() ? format_bound(kLatencyBuckets[i]) : "+Inf";
    out += "pagemd_http_request_duration_seconds_bucket{le=\"" + bound + "\"} " + std::to_string(cumulative) + '\n';
  }
  out += "pagemd_http_request_duration_seconds_sum " +
         format_bound(static_cast<double>(latency_sum_micros_.load(std::memory_order_relaxed)) / 1e6) + '\n';
  out += "pagemd_http_request_duration_seconds_count " +
         std::to_string(latency_count_.load(std::memory_order_relaxed)) + '\n';

  const struct {
    const char* name;
    const char* help;
    const std::atomic<std::uint64_t>& value;
  } counters[] = {
      {"pagemd_cache_hits_total", "Extract requests answered from the cache.", cache_hits_},
      {"pagemd_cache_misses_total", "Extract requests that had to fetch the page.", cache_misses_},
      {"pagemd_upstream_fetches_total", "Pages fetched from their origin.", upstream_fetches_},
      {"pagemd_upstream_failures_total", "Upstream fetches that failed.", upstream_failures_},
      {"pagemd_rate_limit_rejections_total", "Requests refused by the per-minute limit.", rate_rejections_},
      {"pagemd_quota_rejections_total", "Requests refused by the monthly page limit.", quota_rejections_},
  };
  for (const auto& counter : counters) {
    append_counter(out, counter.name, counter.help, counter.value.load(std::memory_order_relaxed));
  }
  if (render_stats_) append_render_stats(out, render_stats_());
  return out;
}

}  // namespace pagemd::api
