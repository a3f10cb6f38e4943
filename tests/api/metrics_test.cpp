#include "pagemd/api/metrics.hpp"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace pagemd::api {
namespace {

TEST(Metrics, RendersCountersAndACumulativeHistogram) {
  Metrics metrics;
  metrics.record_request("/api/v1/extract", 200, 0.003);
  metrics.record_request("/api/v1/extract", 200, 0.2);
  metrics.record_request("/healthz", 200, 0.0001);
  metrics.record_request("/api/v1/extract", 429, 20.0);
  metrics.record_cache(true);
  metrics.record_cache(false);
  metrics.record_upstream_fetch(true);
  metrics.record_rate_rejection();
  const std::string text = metrics.render_prometheus();
  EXPECT_NE(text.find("pagemd_http_requests_total{route=\"/api/v1/extract\",status=\"200\"} 2\n"), std::string::npos);
  EXPECT_NE(text.find("pagemd_http_requests_total{route=\"/api/v1/extract\",status=\"429\"} 1\n"), std::string::npos);
  EXPECT_NE(text.find("pagemd_http_request_duration_seconds_bucket{le=\"0.001\"} 1\n"), std::string::npos);
  EXPECT_NE(text.find("pagemd_http_request_duration_seconds_bucket{le=\"0.005\"} 2\n"), std::string::npos);
  EXPECT_NE(text.find("pagemd_http_request_duration_seconds_bucket{le=\"10\"} 3\n"), std::string::npos);
  EXPECT_NE(text.find("pagemd_http_request_duration_seconds_bucket{le=\"+Inf\"} 4\n"), std::string::npos);
  EXPECT_NE(text.find("pagemd_http_request_duration_seconds_count 4\n"), std::string::npos);
  EXPECT_NE(text.find("pagemd_cache_hits_total 1\n"), std::string::npos);
  EXPECT_NE(text.find("pagemd_upstream_failures_total 1\n"), std::string::npos);
  EXPECT_NE(text.find("pagemd_rate_limit_rejections_total 1\n"), std::string::npos);
  EXPECT_NE(text.find("pagemd_quota_rejections_total 0\n"), std::string::npos);
  EXPECT_NE(text.find("# TYPE pagemd_http_request_duration_seconds histogram\n"), std::string::npos);
}

TEST(Metrics, CountsExactlyUnderConcurrency) {
  Metrics metrics;
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 1000; ++i) metrics.record_request("/healthz", 200, 0.0001);
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_NE(metrics.render_prometheus().find("status=\"200\"} 8000\n"), std::string::npos);
}

}  // namespace
}  // namespace pagemd::api
