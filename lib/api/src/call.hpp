#pragma once

// What an API handler gets: the request, who made it, and the services to answer it.

#include "pagemd/api/http.hpp"
#include "pagemd/api/router.hpp"
#include "pagemd/auth/key_service.hpp"
#include "pagemd/api/page_counter.hpp"
#include "pagemd/render/renderer.hpp"

#include <variant>

namespace pagemd::api {

struct Call {
  const Request& request;
  const RequestInfo& info;
  const auth::AuthContext& caller;  // empty on the routes that need no key
  const ApiServices& services;
  const ApiSettings& settings;
  PageCounter& page_counter;
  std::string_view path_parameter;  // what the route's "{id}" segment matched
};

// What POST /api/v1/extract asks for: from its body, or from an MCP tool call.
struct ExtractParameters {
  std::string url;
  std::optional<std::chrono::seconds> max_age;  // at most the cache lifetime
  bool only_main_content = true;
  std::vector<std::string> include_selectors;
  std::vector<std::string> exclude_selectors;
  render::RenderMode render = render::RenderMode::automatic;
  std::string wait_for;       // a CSS selector the rendered page is done at
  bool accept_walls = false;  // convert a challenge, sign-in or consent wall, soft 404 as it is
};

// The account's monthly quota when a page was refused for it.
struct QuotaState {
  std::int64_t used = 0;
  std::int64_t limit = 0;
  store::Plan plan{};
};

// Why a page was not served, for REST and MCP to say each in its own way.
struct Refusal {
  core::Error error;
  std::optional<std::chrono::seconds> retry_after{};  // when waiting helps: the wait
  std::optional<QuotaState> quota{};                  // monthly_limit_exceeded only
};

// A page served and counted: its result, and metadata.cache when it was fetched (not given whole).
struct ServedPage {
  convert::ResultText result;
  std::optional<convert::CacheMark> cache{};
};

using Served = std::variant<ServedPage, Refusal>;

// The handlers of the keyed routes (router.cpp holds the table).
[[nodiscard]] boost::asio::awaitable<Response> handle_extract(const Call& call);
// What POST /api/v1/extract and MCP's extract make of a request: cached, or fetched and converted
// within the quota, and counted.
[[nodiscard]] boost::asio::awaitable<Served> serve_extract(const Call& call, ExtractParameters parameters);
// A page the caller gives whole (MCP's convert_html), converted and metered like an extract.
[[nodiscard]] boost::asio::awaitable<Served> serve_convert_given(const Call& call, convert::Page page);
// The REST answer: the result object with X-Cache, or the refusal's error body and Retry-After.
[[nodiscard]] Response served_response(const Request& request, Served served);
[[nodiscard]] boost::asio::awaitable<Response> handle_usage(const Call& call);
// The account's usage record (GET /extract/usage, MCP's usage).
[[nodiscard]] core::Result<nlohmann::json> usage_record(const Call& call);
// POST /mcp: MCP's Streamable HTTP transport over the same handlers (mcp_handler.cpp).
[[nodiscard]] boost::asio::awaitable<Response> handle_mcp(const Call& call);
[[nodiscard]] boost::asio::awaitable<Response> handle_create_key(const Call& call);
[[nodiscard]] boost::asio::awaitable<Response> handle_list_keys(const Call& call);
[[nodiscard]] boost::asio::awaitable<Response> handle_revoke_key(const Call& call);

// The X-RateLimit-* headers of a decision of the per-minute limiter (none when it is off).
void set_rate_headers(Response& response, const ratelimit::RateDecision& decision);

// Whole seconds from `now` until `later`, rounded up, never negative (Retry-After values).
[[nodiscard]] std::int64_t seconds_until(std::chrono::system_clock::time_point now,
                                         std::chrono::system_clock::time_point later);

}  // namespace pagemd::api
