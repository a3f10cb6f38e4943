// POST /mcp: MCP's Streamable HTTP transport. Each message is one POST answered with one JSON body;
// tool calls go through the same handlers as POST /api/v1/extract and GET /api/v1/extract/usage, so
// they are authenticated, rate-limited, metered and cached exactly alike.

#include <array>
#include <random>

#include <boost/beast/http/field.hpp>

#include "call.hpp"
#include "pagemd/api/responses.hpp"
#include "pagemd/mcp/protocol.hpp"
#include "pagemd/mcp/tool_results.hpp"

namespace pagemd::api {
namespace {

namespace asio = boost::asio;
namespace http = boost::beast::http;
using nlohmann::json;

constexpr std::string_view kSessionHeader = "Mcp-Session-Id";
constexpr std::string_view kVersionHeader = "MCP-Protocol-Version";
constexpr std::size_t kSessionIdLength = 32;

Response rpc_response(const Request& request, unsigned status, const json& message) {
  return json_response(request, status, message);
}

// Sessions hold no state here (every request carries its key and every call stands alone), so an id
// is only a random name the client echoes: any daemon behind a load balancer accepts it.
std::string new_session_id() {
  static constexpr std::string_view kHex = "0123456789abcdef";
  thread_local std::mt19937_64 random{std::random_device{}()};
  std::string id;
  for (std::size_t i = 0; i < kSessionIdLength; ++i) id.push_back(kHex[random() % kHex.size()]);
  return id;
}

bool is_session_id(std::string_view id) {
  return id.size() == kSessionIdLength && id.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

// A page served, or refused, as the tool's result.
std::string tool_result_of(const Served& served) {
  if (const auto* page = std::get_if<ServedPage>(&served)) return mcp::page_result(page->result);
  const auto& refused = std::get<Refusal>(served);
  return mcp::error_result(for_client(refused.error), refused.retry_after).dump();
}

asio::awaitable<std::string> run_tool(const Call& call, const mcp::ToolArguments& arguments) {
  // The same use cases as the REST endpoints answer the tool calls.
  if (const auto* extract = std::get_if<mcp::ExtractArguments>(&arguments)) {
    ExtractParameters parameters;
    parameters.url = extract->url;
    if (extract->max_age) {
      parameters.max_age =
          std::min(std::chrono::seconds{*extract->max_age}, std::chrono::seconds{store::kCacheLifetime});
    }
    parameters.include_selectors = extract->include_selectors;
    parameters.exclude_selectors = extract->exclude_selectors;
    if (extract->render) parameters.render = *extract->render ? render::RenderMode::always : render::RenderMode::never;
    parameters.accept_walls = extract->accept_walls;
    co_return tool_result_of(co_await serve_extract(call, std::move(parameters)));
  }
  if (const auto* given = std::get_if<mcp::ConvertHtmlArguments>(&arguments)) {
    convert::Page page;
    page.body = given->html;
    page.url = given->base_url;
    co_return tool_result_of(co_await serve_convert_given(call, std::move(page)));
  }
  if (std::holds_alternative<mcp::DiscoverArguments>(arguments)) {
    // The dispatcher of the daemon lists no discover tool; a call of it never gets here.
    co_return mcp::error_result({core::ErrorCode::invalid_request, "discover runs in `pagemd mcp --local` only"})
        .dump();
  }
  auto usage = usage_record(call);
  if (!usage) co_return mcp::error_result(for_client(usage.error())).dump();
  co_return mcp::usage_result(*usage).dump();
}

}  // namespace

asio::awaitable<Response> handle_mcp(const Call& call) {
  const Request& request = call.request;
  // The spec's defence against DNS rebinding: a browser page may not talk to a local server unless its
  // origin is allowed. Clients that are not browsers send no Origin.
  if (const auto origin = request[http::field::origin]; !origin.empty()) {
    const auto& allowed = call.settings.mcp_allowed_origins;
    if (std::find(allowed.begin(), allowed.end(), std::string_view(origin)) == allowed.end()) {
      co_return rpc_response(
          request, 403,
          mcp::error_message(nullptr, mcp::rpc::kInvalidRequest,
                             "Origin " + std::string(origin) + " is not allowed (mcp_allowed_origins)"));
    }
  }
  if (const auto version = request[kVersionHeader]; !version.empty() && !mcp::is_supported_version(version)) {
    co_return rpc_response(request, 400,
                           mcp::error_message(nullptr, mcp::rpc::kInvalidRequest,
                                              "Unsupported MCP-Protocol-Version " + std::string(version)));
  }
  const json message = json::parse(request.body(), nullptr, false);
  if (message.is_discarded()) {
    co_return rpc_response(request, 400, mcp::error_message(nullptr, mcp::rpc::kParseError, "Parse error: not JSON"));
  }
  const bool initializing = message.is_object() && message.value("method", "") == "initialize";
  if (!initializing && message.is_object() && message.contains("id")) {
    const auto session = request[kSessionHeader];
    if (session.empty()) {
      co_return rpc_response(
          request, 400,
          mcp::error_message(nullptr, mcp::rpc::kInvalidRequest, "Missing Mcp-Session-Id: send initialize first"));
    }
    if (!is_session_id(session)) {
      co_return rpc_response(
          request, 404, mcp::error_message(nullptr, mcp::rpc::kInvalidRequest, "Unknown session: initialize again"));
    }
  }

  const mcp::Dispatcher dispatcher(call.settings.version);
  mcp::Dispatch dispatch = dispatcher.dispatch(message);
  // Every message enters the per-minute window, as every REST request does: a client that pings or
  // lists the tools in a loop is held to the same limit as one that converts pages.
  auto admitted = call.settings.rate_limiter->admit(call.caller.account_id);
  if (!admitted) co_return error_response(request, admitted.error());  // the database that keeps it is down
  const ratelimit::RateDecision decision = *admitted;
  if (!decision.admitted) call.services.metrics.record_rate_rejection();
  const core::Error limited{core::ErrorCode::rate_limited,
                            "Too many requests: slow down, at most " + std::to_string(decision.limit) +
                                " MCP messages and API requests per minute are allowed."};
  if (dispatch.call) {
    // A refused call is the tool's result, with the wait, for the agent to act on.
    std::string result;
    if (decision.admitted) {
      result = co_await run_tool(call, dispatch.call->arguments);
    } else {
      result = mcp::error_result(limited, std::chrono::seconds{decision.retry_after_seconds}).dump();
    }
    Response answered =
        text_response(request, 200, "application/json", mcp::result_message_text(dispatch.call->id, result));
    set_rate_headers(answered, decision);
    co_return answered;
  }
  if (!decision.admitted) {
    const json id = message.is_object() && message.contains("id") ? message["id"] : json(nullptr);
    Response refused =
        rpc_response(request, 429,
                     mcp::error_message(id, mcp::rpc::kRateLimited,
                                        std::string(core::to_string(limited.code)) + ": " + limited.message));
    refused.set(http::field::retry_after, std::to_string(decision.retry_after_seconds));
    set_rate_headers(refused, decision);
    co_return refused;
  }
  if (!dispatch.reply) {
    // A notification or a response: accepted, nothing to say.
    Response accepted = text_response(request, 202, "application/json", "");
    set_rate_headers(accepted, decision);
    co_return accepted;
  }
  // Protocol faults are answered like results: the transport worked, the message did not.
  Response response = rpc_response(request, 200, *dispatch.reply);
  if (dispatch.initialized_version) response.set(kSessionHeader, new_session_id());
  set_rate_headers(response, decision);
  co_return response;
}

}  // namespace pagemd::api
