#include "pagemd/api/router.hpp"

#include <array>
#include <optional>
#include <string_view>

#include <boost/beast/http/field.hpp>
#include <boost/beast/http/verb.hpp>
#include <spdlog/spdlog.h>

#include "call.hpp"
#include "pagemd/api/responses.hpp"

namespace pagemd::api {
namespace {

namespace asio = boost::asio;
namespace http = boost::beast::http;
using core::ErrorCode;

// Whether a route needs an API key: keyed routes get authentication, the per-minute limit and the
// X-RateLimit-* headers before their handler runs. MCP's route is authenticated here but applies the
// per-minute limit itself, to its tool calls only, and reports a refusal inside the protocol.
enum class Access { open, key, key_own_limit };

using Handle = asio::awaitable<Response> (*)(const Call&);

struct Route {
  http::verb method;
  // The path, also the route's label in the metrics; a last segment of "{id}" matches any one
  // non-empty segment, which the handler gets as Call::path_parameter.
  std::string_view path;
  Access access;
  Handle handle;
  // What the route's authentication may go by: a recent identity where the page count checks the
  // key again before anything is served.
  auth::IdentityAge identity = auth::IdentityAge::current;
};

asio::awaitable<Response> handle_healthz(const Call& call) {
  co_return json_response(call.request, 200, {{"status", "ok"}});
}

// Ready while not draining and while the store answers (a shared database may be down; the node
// then leaves a load balancer's rotation and comes back by itself).
asio::awaitable<Response> handle_readyz(const Call& call) {
  if (call.info.draining) co_return json_response(call.request, 503, {{"status", "draining"}});
  if (auto store = call.services.store.ping(); !store) {
    Response response = json_response(call.request, 503, {{"status", "database_unreachable"}});
    response.set(http::field::retry_after, std::to_string(kStoreRetrySeconds));
    co_return response;
  }
  co_return json_response(call.request, 200, {{"status", "ready"}});
}

asio::awaitable<Response> handle_metrics(const Call& call) {
  co_return text_response(call.request, 200, "text/plain; version=0.0.4", call.services.metrics.render_prometheus());
}

// The API: spec section 4 under /api/v1, MCP's endpoint, and the operational endpoints. Allow headers list a path's
// methods in this order.
constexpr std::array kRoutes{
    Route{http::verb::post, "/api/v1/extract", Access::key, handle_extract, auth::IdentityAge::recent},
    Route{http::verb::get, "/api/v1/extract/usage", Access::key, handle_usage},
    Route{http::verb::get, "/api/v1/extract/keys", Access::key, handle_list_keys},
    Route{http::verb::post, "/api/v1/extract/keys", Access::key, handle_create_key},
    Route{http::verb::delete_, "/api/v1/extract/keys/{id}", Access::key, handle_revoke_key},
    Route{http::verb::post, "/mcp", Access::key_own_limit, handle_mcp},
    Route{http::verb::get, "/healthz", Access::open, handle_healthz},
    Route{http::verb::get, "/readyz", Access::open, handle_readyz},
    Route{http::verb::get, "/metrics", Access::open, handle_metrics},
};

constexpr std::string_view kParameter = "{id}";

// Whether `path` is one of the route's paths; `parameter` receives what "{id}" matched.
bool path_matches(std::string_view pattern, std::string_view path, std::string_view& parameter) {
  if (!pattern.ends_with(kParameter)) return pattern == path;
  const std::string_view prefix = pattern.substr(0, pattern.size() - kParameter.size());
  if (!path.starts_with(prefix)) return false;
  const std::string_view segment = path.substr(prefix.size());
  if (segment.empty() || segment.find('/') != std::string_view::npos) return false;
  parameter = segment;
  return true;
}

// What the table says of a request: the route for its path and method, and the first route of its
// path (known even when the method is wrong); both null for an unknown path.
struct Match {
  std::string_view path;
  const Route* route = nullptr;
  std::string_view parameter;
  const Route* any_of_path = nullptr;
};

Match match(std::string_view path, http::verb method) {
  Match found;
  found.path = path;
  for (const Route& route : kRoutes) {
    std::string_view parameter;
    if (!path_matches(route.path, path, parameter)) continue;
    if (found.any_of_path == nullptr) found.any_of_path = &route;
    if (route.method == method) {
      found.route = &route;
      found.parameter = parameter;
    }
  }
  return found;
}

// The Allow header of a 405: the methods of every route of the path, in table order.
std::string allowed_methods(std::string_view path) {
  std::string allow;
  for (const Route& route : kRoutes) {
    std::string_view parameter;
    if (!path_matches(route.path, path, parameter)) continue;
    if (!allow.empty()) allow += ", ";
    allow += std::string(http::to_string(route.method));
  }
  return allow;
}

}  // namespace

void set_rate_headers(Response& response, const ratelimit::RateDecision& decision) {
  if (decision.limit == 0) return;  // the limiter is off
  response.set("X-RateLimit-Limit", std::to_string(decision.limit));
  response.set("X-RateLimit-Remaining", std::to_string(decision.remaining));
  response.set("X-RateLimit-Reset", std::to_string(decision.reset_seconds));
}

namespace {

// The answer to a request in DESIGN.md's order of checks: route, method, authentication, per-minute
// limit, then the handler. `account` is set once the caller is known, for the log line.
asio::awaitable<Response> answer(const Request& request, const RequestInfo& info, const Match& found,
                                 const ApiServices& services, const ApiSettings& settings, PageCounter& page_counter,
                                 std::string& account) {
  if (found.any_of_path == nullptr) {
    co_return error_response(request, {ErrorCode::not_found, "There is no endpoint at this path."});
  }
  if (found.route == nullptr) {
    Response refused = error_response(
        request, {ErrorCode::method_not_allowed,
                  "This endpoint does not answer " + std::string(request.method_string()) + " requests."});
    refused.set(http::field::allow, allowed_methods(found.path));
    // A known caller sees where it stands, as on every authenticated answer; the refusal does not
    // enter its window.
    if (found.any_of_path->access != Access::open) {
      if (auto caller = services.keys.authenticate(request[http::field::authorization])) {
        account = caller->account_id;
        if (auto seen = settings.rate_limiter->peek(caller->account_id)) set_rate_headers(refused, *seen);
      }
    }
    co_return refused;
  }
  const Route& route = *found.route;
  if (route.access == Access::open) {
    const auth::AuthContext nobody{};
    const Call call{request, info, nobody, services, settings, page_counter, found.parameter};
    co_return co_await route.handle(call);
  }

  // On a shared store the key lookup also books the request in its account's window: one round trip.
  const bool limited = route.access != Access::key_own_limit;
  auto caller = services.keys.authenticate(request[http::field::authorization],
                                           limited ? settings.rate_limiter->shared_rule() : nullptr, route.identity);
  if (!caller) co_return error_response(request, caller.error());
  account = caller->account_id;
  if (!limited) {
    const Call call{request, info, *caller, services, settings, page_counter, found.parameter};
    co_return co_await route.handle(call);
  }

  auto admitted = caller->admission ? settings.rate_limiter->decision_of(*caller->admission, services.clock.now())
                                    : settings.rate_limiter->admit(caller->account_id);
  if (!admitted) co_return error_response(request, admitted.error());
  const ratelimit::RateDecision decision = *admitted;
  if (!decision.admitted) {
    services.metrics.record_rate_rejection();
    Response refused = error_response(
        request, {ErrorCode::rate_limited, "Too many requests: slow down, at most " + std::to_string(decision.limit) +
                                               " requests per minute are allowed."});
    refused.set(http::field::retry_after, std::to_string(decision.retry_after_seconds));
    set_rate_headers(refused, decision);
    co_return refused;
  }
  const Call call{request, info, *caller, services, settings, page_counter, found.parameter};
  Response response = co_await route.handle(call);
  set_rate_headers(response, decision);
  co_return response;
}

}  // namespace

std::int64_t seconds_until(std::chrono::system_clock::time_point now, std::chrono::system_clock::time_point later) {
  if (later <= now) return 0;
  return std::chrono::ceil<std::chrono::seconds>(later - now).count();
}

Router::Router(ApiServices services, std::shared_ptr<const ApiSettings> settings)
    : services_(services), settings_(std::move(settings)), page_counter_(services.store) {}

void Router::update_settings(std::shared_ptr<const ApiSettings> settings) { settings_.store(std::move(settings)); }

asio::awaitable<Response> Router::handle(const Request& request, const RequestInfo& info) {
  const std::string_view target = request.target();
  const std::string_view path = target.substr(0, target.find('?'));
  const Match found = match(path, request.method());
  const std::string_view label = found.any_of_path != nullptr ? found.any_of_path->path : "unmatched";
  const auto settings = settings_.load();  // the request keeps the settings it started with
  std::string account = "-";

  Response response = co_await answer(request, info, found, services_, *settings, page_counter_, account);
  record(request, info, label, response.result_int(), account);
  co_return response;
}

std::optional<Response> Router::refuse_before_body(const Request& headers, const RequestInfo& info) {
  const std::string_view target = headers.target();
  const Match found = match(target.substr(0, target.find('?')), headers.method());
  // Other requests are refused, if at all, by the full answer once their (small) body is in.
  if (found.route == nullptr || found.route->access == Access::open) return std::nullopt;
  // A recent identity is enough here: the full answer checks the key again as its route requires, so this
  // costs a key known to the node no database read.
  auto caller = services_.keys.authenticate(headers[http::field::authorization], nullptr, auth::IdentityAge::recent);
  if (caller) return std::nullopt;
  Response refused = error_response(headers, caller.error());
  record(headers, info, found.route->path, refused.result_int(), "-");
  return refused;
}

void Router::record(const Request& request, const RequestInfo& info, std::string_view label, unsigned status,
                    std::string_view account) const {
  const std::string_view target = request.target();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - info.received_at).count();
  services_.metrics.record_request(label, status, seconds);
  spdlog::info("{} {} {} {} account={} {:.1f}ms", info.request_id, std::string(request.method_string()),
               std::string(target.substr(0, target.find('?'))), status, account, seconds * 1000);
}

}  // namespace pagemd::api
