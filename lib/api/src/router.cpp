#include "pagemd/api/router.hpp"

#include <optional>
#include <string_view>
#include <vector>

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

enum class Endpoint { extract, usage, create_key, list_keys, revoke_key, healthz, readyz, metrics };

struct Method {
  http::verb verb;
  Endpoint endpoint;
};

// A path of the API with the methods it answers; `key_id` is the path parameter of /keys/{id}.
struct Route {
  std::string_view pattern;  // also the route's label in the metrics
  std::vector<Method> methods;
  std::string_view key_id;
};

constexpr std::string_view kKeysPrefix = "/api/v1/extract/keys/";

std::optional<Route> match_route(std::string_view path) {
  if (path == "/api/v1/extract") return Route{path, {{http::verb::post, Endpoint::extract}}, {}};
  if (path == "/api/v1/extract/usage") return Route{path, {{http::verb::get, Endpoint::usage}}, {}};
  if (path == "/api/v1/extract/keys") {
    return Route{path, {{http::verb::get, Endpoint::list_keys}, {http::verb::post, Endpoint::create_key}}, {}};
  }
  if (path.starts_with(kKeysPrefix)) {
    const std::string_view key_id = path.substr(kKeysPrefix.size());
    if (key_id.empty() || key_id.find('/') != std::string_view::npos) return std::nullopt;
    return Route{"/api/v1/extract/keys/{id}", {{http::verb::delete_, Endpoint::revoke_key}}, key_id};
  }
  if (path == "/healthz") return Route{path, {{http::verb::get, Endpoint::healthz}}, {}};
  if (path == "/readyz") return Route{path, {{http::verb::get, Endpoint::readyz}}, {}};
  if (path == "/metrics") return Route{path, {{http::verb::get, Endpoint::metrics}}, {}};
  return std::nullopt;
}

std::string allowed_methods(const Route& route) {
  std::string allow;
  for (const Method& method : route.methods) {
    if (!allow.empty()) allow += ", ";
    allow += std::string(http::to_string(method.verb));
  }
  return allow;
}

void set_rate_headers(Response& response, const ratelimit::RateDecision& decision) {
  if (decision.limit == 0) return;  // the limiter is off
  response.set("X-RateLimit-Limit", std::to_string(decision.limit));
  response.set("X-RateLimit-Remaining", std::to_string(decision.remaining));
  response.set("X-RateLimit-Reset", std::to_string(decision.reset_seconds));
}

asio::awaitable<Response> dispatch_authenticated(const Call& call, const Route& route, Endpoint endpoint) {
  switch (endpoint) {
    case Endpoint::extract: co_return co_await handle_extract(call);
    case Endpoint::usage: co_return handle_usage(call);
    case Endpoint::create_key: co_return handle_create_key(call);
    case Endpoint::list_keys: co_return handle_list_keys(call);
    case Endpoint::revoke_key: co_return handle_revoke_key(call, route.key_id);
    default: break;
  }
  co_return error_response(call.request, {ErrorCode::internal, "The server failed to answer this request."});
}

// The answer to a request in DESIGN.md's order of checks: route, method, authentication, per-minute
// limit, then the endpoint. `account` is set once the caller is known, for the log line.
asio::awaitable<Response> answer(const Request& request, const RequestInfo& info, const std::optional<Route>& route,
                                 const ApiServices& services, const ApiSettings& settings, PageCounter& page_counter,
                                 std::string& account) {
  if (!route) co_return error_response(request, {ErrorCode::not_found, "There is no endpoint at this path."});
  const Method* method = nullptr;
  for (const Method& candidate : route->methods) {
    if (candidate.verb == request.method()) method = &candidate;
  }
  if (method == nullptr) {
    Response refused = error_response(
        request, {ErrorCode::method_not_allowed,
                  "This endpoint does not answer " + std::string(request.method_string()) + " requests."});
    refused.set(http::field::allow, allowed_methods(*route));
    co_return refused;
  }

  switch (method->endpoint) {
    case Endpoint::healthz: co_return json_response(request, 200, {{"status", "ok"}});
    case Endpoint::readyz:
      co_return info.draining ? json_response(request, 503, {{"status", "draining"}})
                              : json_response(request, 200, {{"status", "ready"}});
    case Endpoint::metrics:
      co_return text_response(request, 200, "text/plain; version=0.0.4", services.metrics.render_prometheus());
    default: break;
  }

  auto caller = services.keys.authenticate(request[http::field::authorization]);
  if (!caller) co_return error_response(request, caller.error());
  account = caller->account_id;

  const auto decision = settings.rate_limiter->admit(caller->account_id);
  if (!decision.admitted) {
    services.metrics.record_rate_rejection();
    Response refused = error_response(
        request, {ErrorCode::rate_limited, "Too many requests: slow down, at most " + std::to_string(decision.limit) +
                                               " requests per minute are allowed."});
    refused.set(http::field::retry_after, std::to_string(decision.retry_after_seconds));
    set_rate_headers(refused, decision);
    co_return refused;
  }
  const Call call{request, info, *caller, services, settings, page_counter};
  Response response = co_await dispatch_authenticated(call, *route, method->endpoint);
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
  const auto route = match_route(path);
  const std::string_view label = route ? route->pattern : "unmatched";
  const auto settings = settings_.load();  // the request keeps the settings it started with
  std::string account = "-";

  Response response = co_await answer(request, info, route, services_, *settings, page_counter_, account);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - info.received_at).count();
  services_.metrics.record_request(label, response.result_int(), seconds);
  spdlog::info("{} {} {} {} account={} {:.1f}ms", info.request_id, std::string(request.method_string()),
               std::string(path), response.result_int(), account, seconds * 1000);
  co_return response;
}

}  // namespace pagemd::api
