#include "pagemd/mcp/tool_results.hpp"

#include <string>

namespace pagemd::mcp {

using nlohmann::json;

json page_result(const json& api_result, bool rendered) {
  const json metadata = api_result.value("metadata", json::object());
  json structured = {
      {"title", metadata.value("title", "")},
      {"word_count", metadata.value("word_count", 0)},
      {"language", metadata.value("language", "unknown")},
      {"language_tag", metadata.value("language_tag", "und")},
      {"links", metadata.value("links", json::array())},
      {"page_type", metadata.value("page_type", "article")},
      {"rendered", rendered},
  };
  if (metadata.contains("final_url")) structured["final_url"] = metadata["final_url"];
  if (api_result.contains("warning")) structured["warning"] = api_result["warning"];
  return {
      {"content", json::array({{{"type", "text"}, {"text", api_result.value("markdown", "")}}})},
      {"structuredContent", std::move(structured)},
      {"isError", false},
  };
}

json usage_result(const json& usage) {
  return {
      {"content", json::array({{{"type", "text"}, {"text", usage.dump()}}})},
      {"structuredContent", usage},
      {"isError", false},
  };
}

json error_result(std::string_view message, std::string_view code) {
  const std::string text = code.empty() ? std::string(message) : std::string(code) + ": " + std::string(message);
  return {{"content", json::array({{{"type", "text"}, {"text", text}}})}, {"isError", true}};
}

json result_from_error_answer(long status, std::string_view body, std::optional<std::chrono::seconds> retry_after) {
  const json error = json::parse(body, nullptr, false);
  const std::string code = error.is_object() ? error.value("code", "") : "";
  std::string message = error.is_object() ? error.value("error", "") : "";
  if (message.empty()) {
    message = status == 0 ? "The pagemd daemon could not be reached." : "The daemon answered HTTP " + std::to_string(status) + ".";
  }
  // What the agent should do next, when the answer says.
  if ((code == "rate_limited" || code == "busy") && retry_after) {
    message += " Retry in " + std::to_string(retry_after->count()) + " seconds.";
  } else if (code == "monthly_limit_exceeded" && retry_after) {
    message += " Pages can be converted again in " + std::to_string(retry_after->count()) + " seconds.";
  }
  json result = error_result(message, code);
  if (retry_after && (code == "rate_limited" || code == "busy" || code == "monthly_limit_exceeded")) {
    result["_meta"] = {{"retry_after_seconds", retry_after->count()}};
  }
  return result;
}

}  // namespace pagemd::mcp
