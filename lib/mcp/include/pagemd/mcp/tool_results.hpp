#pragma once

// Tool results (MCP's CallToolResult) from what pagemd's API answers: the Markdown as text content
// and the metadata as structured content, or a refusal an agent can act on (isError: true).

#include <chrono>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

namespace pagemd::mcp {

// The result of extract or convert_html from an API result object ({"markdown", "metadata", ...}).
[[nodiscard]] nlohmann::json page_result(const nlohmann::json& api_result, bool rendered);

// The result of usage from the usage record.
[[nodiscard]] nlohmann::json usage_result(const nlohmann::json& usage);

// An error result: the message for the agent, and the wire code when there is one.
[[nodiscard]] nlohmann::json error_result(std::string_view message, std::string_view code = {});

// A tool result from an HTTP answer of the API: 200 through `on_success`, anything else as an error
// result naming what to do (a per-minute limit with its retry time, a monthly limit with its reset).
template <typename OnSuccess>
nlohmann::json result_from_answer(long status, std::string_view body, std::optional<std::chrono::seconds> retry_after,
                                  OnSuccess on_success);

// An error answer of the API (not 2xx) as an error result.
[[nodiscard]] nlohmann::json result_from_error_answer(long status, std::string_view body,
                                                      std::optional<std::chrono::seconds> retry_after);

template <typename OnSuccess>
nlohmann::json result_from_answer(long status, std::string_view body, std::optional<std::chrono::seconds> retry_after,
                                  OnSuccess on_success) {
  if (status == 200) {
    const auto parsed = nlohmann::json::parse(body, nullptr, false);
    if (parsed.is_object()) return on_success(parsed);
  }
  return result_from_error_answer(status, body, retry_after);
}

}  // namespace pagemd::mcp
