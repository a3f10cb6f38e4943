#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>

#include "pagemd/api/http.hpp"
#include "pagemd/api/metrics.hpp"
#include "pagemd/api/page_counter.hpp"
#include "pagemd/auth/key_service.hpp"
#include "pagemd/convert/extract_service.hpp"
#include "pagemd/core/clock.hpp"
#include "pagemd/fetch/recent_urls.hpp"
#include "pagemd/ratelimit/rate_limiter.hpp"
#include "pagemd/store/store.hpp"

namespace pagemd::api {

// What lives as long as the daemon.
struct ApiServices {
  store::Store& store;
  auth::KeyService& keys;
  Metrics& metrics;
  const core::Clock& clock;
  // Where the waits of a cache miss run: the upstream fetch and the converter process.
  boost::asio::any_io_executor slow_work;
};

// What a SIGHUP may replace. Each request works with the settings it started with.
struct ApiSettings {
  std::shared_ptr<ratelimit::RequestLimiter> rate_limiter;
  // The requested URLs, checked against the address policy (allow_private_targets).
  std::shared_ptr<fetch::RecentUrls> urls;
  std::shared_ptr<convert::ExtractService> extractor;
  // Browser origins allowed to call POST /mcp (mcp_allowed_origins); a request with any other Origin
  // header is refused.
  std::vector<std::string> mcp_allowed_origins;
  std::string version;  // pagemd's, for MCP's serverInfo
};

// The HTTP API: the route table of spec section 4 under /api/v1 plus /healthz, /readyz and /metrics,
// with DESIGN.md's order of checks (route, authentication, per-minute limit, then the handler).
class Router final : public Handler {
 public:
  Router(ApiServices services, std::shared_ptr<const ApiSettings> settings);

  // Takes effect for requests that start after the call; thread-safe.
  void update_settings(std::shared_ptr<const ApiSettings> settings);

  [[nodiscard]] boost::asio::awaitable<Response> handle(const Request& request, const RequestInfo& info) override;

  // A keyed route's request whose key is missing, unknown or revoked gets its 401 (or the store's 503)
  // here, by the same check handle() makes, before its body is read.
  [[nodiscard]] std::optional<Response> refuse_before_body(const Request& headers, const RequestInfo& info) override;

 private:
  // The request's line in the log and its count in the metrics.
  void record(const Request& request, const RequestInfo& info, std::string_view label, unsigned status,
              std::string_view account) const;

  ApiServices services_;
  std::atomic<std::shared_ptr<const ApiSettings>> settings_;
  PageCounter page_counter_;
};

}  // namespace pagemd::api
