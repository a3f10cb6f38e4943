#pragma once

// Tool results (MCP's CallToolResult) from pagemd's typed outcomes: the Markdown as text content and
// the metadata as structured content, or a refusal an agent can act on (isError: true).

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "pagemd/convert/result_json.hpp"
#include "pagemd/core/error.hpp"

namespace pagemd::mcp {

// The result of extract or convert_html, as JSON text: the Markdown as text content, the metadata
// (title, final_url, word_count, language, language_tag, links, page_type, rendered, ...) and the
// warning as structured content. Put together from the result's serialized pieces, so a cached page
// costs an agent about what it costs the REST API.
[[nodiscard]] std::string page_result(const convert::ResultText& result);

// A JSON-RPC result message as text around a result already written as JSON text.
[[nodiscard]] std::string result_message_text(const nlohmann::json& id, std::string_view result);

// The result of usage from the usage record.
[[nodiscard]] nlohmann::json usage_result(const nlohmann::json& usage);

// The result of discover: the URLs one a line as text content; {urls: [{url, lastmod, source}],
// warnings: [...]} as structured content.
[[nodiscard]] nlohmann::json url_list_result(const nlohmann::json& urls, const std::vector<std::string>& warnings);

// A refusal as an error result: the code and sentence for the agent, and, when waiting helps (the
// error table's retry column, or a monthly limit's reset), the wait in the text and in
// _meta.retry_after_seconds.
[[nodiscard]] nlohmann::json error_result(const core::Error& error,
                                          std::optional<std::chrono::seconds> retry_after = std::nullopt);

// A tool result, as JSON text, from an HTTP answer of the daemon's REST API (`pagemd mcp` through
// the daemon): a 200 page or usage record as above, anything else as an error result; status 0
// means the daemon could not be reached.
enum class Answered { page, usage };
[[nodiscard]] std::string result_from_answer(long status, std::string_view body,
                                             std::optional<std::chrono::seconds> retry_after, Answered kind);

}  // namespace pagemd::mcp
