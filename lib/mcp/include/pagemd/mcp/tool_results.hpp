#pragma once

// Tool results (MCP's CallToolResult) from what pagemd's API answers: the Markdown as text content
// and the metadata as structured content, or a refusal an agent can act on (isError: true).

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace pagemd::mcp {

// The result of extract or convert_html, as JSON text, from the API's result object as JSON text
// ({"markdown", "metadata", "warning"?}): the Markdown as text content, the metadata (title, final_url,
// word_count, language, language_tag, links, page_type, ...) plus `rendered` and `warning` as
// structured content. Spliced from the text, not parsed and written again, so that a cached page costs
// an agent about what it costs the REST API. Empty when the text is not such an object.
[[nodiscard]] std::optional<std::string> page_result_text(std::string_view api_result, bool rendered);

// A JSON-RPC result message as text around a result already written as JSON text.
[[nodiscard]] std::string result_message_text(const nlohmann::json& id, std::string_view result);

// The result of usage from the usage record.
[[nodiscard]] nlohmann::json usage_result(const nlohmann::json& usage);

// An error result: the message for the agent, and the wire code when there is one.
[[nodiscard]] nlohmann::json error_result(std::string_view message, std::string_view code = {});

// A tool result, as JSON text, from an HTTP answer of the API: a 200 page through page_result_text, a
// 200 usage record as usage_result, anything else as an error result naming what to do (a per-minute
// limit with its retry time, a monthly limit with its reset).
enum class Answered { page, usage };
[[nodiscard]] std::string result_from_answer(long status, std::string_view body,
                                             std::optional<std::chrono::seconds> retry_after, Answered kind);

// An error answer of the API (not 2xx) as an error result.
[[nodiscard]] nlohmann::json result_from_error_answer(long status, std::string_view body,
                                                      std::optional<std::chrono::seconds> retry_after);

}  // namespace pagemd::mcp
