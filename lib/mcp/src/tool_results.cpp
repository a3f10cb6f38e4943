#include "pagemd/mcp/tool_results.hpp"

#include <string>

namespace pagemd::mcp {

using nlohmann::json;

std::string page_result(const convert::ResultText& result) {
  static constexpr std::string_view kOpen = R"({"content":[{"type":"text","text":)";
  static constexpr std::string_view kStructured = R"(}],"isError":false,"structuredContent":{)";
  static constexpr std::string_view kWarning = R"("warning":)";
  std::string text;
  text.reserve(kOpen.size() + kStructured.size() + kWarning.size() + result.size() + 8);
  text += kOpen;
  text += result.markdown();
  text += kStructured;
  text += result.metadata_members();
  if (!result.warning().empty()) {
    if (!result.metadata_members().empty()) text += ',';
    text += kWarning;
    text += result.warning();
  }
  text += "}}";
  return text;
}

std::string result_message_text(const json& id, std::string_view result) {
  std::string text = R"({"jsonrpc":"2.0","id":)";
  text += id.dump();
  text += R"(,"result":)";
  text += result;
  text += '}';
  return text;
}

json usage_result(const json& usage) {
  return {
      {"content", json::array({{{"type", "text"}, {"text", usage.dump()}}})},
      {"structuredContent", usage},
      {"isError", false},
  };
}

json url_list_result(const json& urls, const std::vector<std::string>& warnings) {
  std::string text;
  for (const json& url : urls) text += url.value("url", "") + "\n";
  return {
      {"content", json::array({{{"type", "text"}, {"text", text}}})},
      {"structuredContent", {{"urls", urls}, {"warnings", warnings}}},
      {"isError", false},
  };
}

json error_result(const core::Error& error, std::optional<std::chrono::seconds> retry_after) {
  std::string text = std::string(core::to_string(error.code)) + ": " + error.message;
  // What the agent should do next, when waiting helps.
  const std::int64_t wait = retry_after ? retry_after->count() : 0;
  const bool retry_helps = retry_after && core::kind_of(error.code).retry == core::Retry::yes;
  const bool month_resets = retry_after && error.code == core::ErrorCode::monthly_limit_exceeded;
  if (retry_helps) text += " Retry in " + std::to_string(wait) + " seconds.";
  if (month_resets) text += " Pages can be converted again in " + std::to_string(wait) + " seconds.";
  json result = {{"content", json::array({{{"type", "text"}, {"text", text}}})}, {"isError", true}};
  if (retry_helps || month_resets) result["_meta"] = {{"retry_after_seconds", wait}};
  return result;
}

namespace {

// The error an answer that is not a result stands for: the one its body names, else what its status says.
core::Error error_of_answer(long status, std::string_view body) {
  if (status == 0) return {core::ErrorCode::internal, "The pagemd daemon could not be reached."};
  const json answer = json::parse(body, nullptr, false);
  const auto code = answer.is_object() && answer.contains("code") && answer["code"].is_string()
                        ? core::error_code_from_string(answer["code"].get<std::string>())
                        : std::nullopt;
  const std::string message = answer.is_object() ? answer.value("error", "") : "";
  if (!code || message.empty()) {
    return {core::ErrorCode::internal,
            "The daemon answered HTTP " + std::to_string(status) + " without an error body."};
  }
  return {*code, message};
}

}  // namespace

std::string result_from_answer(long status, std::string_view body, std::optional<std::chrono::seconds> retry_after,
                               Answered kind) {
  if (status == 200) {
    const json answer = json::parse(body, nullptr, false);
    if (kind == Answered::page) {
      if (auto result = convert::ResultText::from_json(answer)) return page_result(*result);
    } else if (answer.is_object()) {
      return usage_result(answer).dump();
    }
    return error_result({core::ErrorCode::internal, "The daemon's answer is not a result."}).dump();
  }
  return error_result(error_of_answer(status, body), retry_after).dump();
}

}  // namespace pagemd::mcp
