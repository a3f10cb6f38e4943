#pragma once

// The Model Context Protocol as pagemd speaks it, apart from any transport: JSON-RPC 2.0 messages,
// the initialize handshake, the tool list and the tool calls' arguments. `pagemd mcp` (stdio) and
// pagemdd's POST /mcp (Streamable HTTP) both go through Dispatcher, so they answer alike.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "pagemd/core/result.hpp"

namespace pagemd::mcp {

// The protocol version answered when a client asks for one pagemd does not speak.
inline constexpr std::string_view kLatestVersion = "2025-06-18";
// Versions answered as asked.
[[nodiscard]] bool is_supported_version(std::string_view version);

// JSON-RPC's error codes.
namespace rpc {
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;
// Of the range JSON-RPC leaves to servers: the per-minute limit refused the message (HTTP 429).
inline constexpr int kRateLimited = -32029;
}  // namespace rpc

[[nodiscard]] nlohmann::json error_message(const nlohmann::json& id, int code, std::string_view message);
[[nodiscard]] nlohmann::json result_message(const nlohmann::json& id, nlohmann::json result);

// The arguments of each tool, checked against its input schema.
struct ExtractArguments {
  std::string url;
  std::optional<bool> render;  // true: always, false: never, none: only pages that need it (auto)
  std::optional<std::int64_t> max_age;
  std::vector<std::string> include_selectors;
  std::vector<std::string> exclude_selectors;
  bool accept_walls = false;  // convert a bot challenge, sign-in or consent wall, soft 404 as it is
};
struct ConvertHtmlArguments {
  std::string html;
  std::string base_url;
};
struct UsageArguments {};
// `pagemd mcp --local` only: the daemon fetches no lists of URLs for its accounts.
struct DiscoverArguments {
  std::string url;
  std::string from = "auto";  // auto, sitemap, feed or links
  std::size_t max = 500;      // at most this many URLs (an agent's context is not endless)
};
using ToolArguments = std::variant<ExtractArguments, ConvertHtmlArguments, UsageArguments, DiscoverArguments>;

// A tools/call for the transport to run (each runs tools its own way: through the daemon, in
// process, or in the daemon's own handlers), answered with result_message(id, <tool result>).
struct ToolCall {
  nlohmann::json id;
  ToolArguments arguments;
};

// What to do with one incoming message.
struct Dispatch {
  // The answer to send now (a result or an error); empty for a notification or a tool call.
  std::optional<nlohmann::json> reply;
  std::optional<ToolCall> call;
  // Set when the message was an initialize request: the version agreed.
  std::optional<std::string> initialized_version;
};

// Dispatches messages: initialize, ping, tools/list, tools/call, notifications; a protocol fault is
// a JSON-RPC error and the caller goes on reading. Stateless: every call stands alone.
class Dispatcher {
 public:
  // `version`: pagemd's, for serverInfo. `local_only`: a server without the daemon (pagemd mcp
  // --local), which has no usage tool and has the discover tool.
  explicit Dispatcher(std::string version, bool local_only = false)
      : version_(std::move(version)), local_only_(local_only) {}

  // One line or body of text (a JSON-RPC message); parse errors included.
  [[nodiscard]] Dispatch dispatch_text(std::string_view text) const;
  [[nodiscard]] Dispatch dispatch(const nlohmann::json& message) const;

  // The tools/list result.
  [[nodiscard]] nlohmann::json tool_list() const;

 private:
  std::string version_;
  bool local_only_;
};

}  // namespace pagemd::mcp
