#include "pagemd/mcp/tool_results.hpp"

#include <string>

namespace pagemd::mcp {

using nlohmann::json;

namespace {

// The closing quote of the JSON string that opens at text[open]: the next quote not escaped, that is
// not preceded by an odd run of backslashes. memchr finds the quotes; Markdown holds few of them.
std::size_t string_end(std::string_view text, std::size_t open) {
  for (std::size_t at = open + 1;;) {
    const std::size_t quote = text.find('"', at);
    if (quote == std::string_view::npos) return quote;
    std::size_t backslashes = 0;
    while (quote - backslashes > open + 1 && text[quote - backslashes - 1] == '\\') ++backslashes;
    if (backslashes % 2 == 0) return quote;
    at = quote + 1;
  }
}

// The end of the JSON value that starts at text[at] (after any whitespace), or npos when the text
// ends first. Strings are skipped with their escapes, objects and arrays by their depth; the text is
// the API's own output, so it is valid JSON and needs no checking beyond finding ends.
std::size_t value_end(std::string_view text, std::size_t at) {
  at = text.find_first_not_of(" \t\r\n", at);
  if (at == std::string_view::npos) return at;
  int depth = 0;
  for (std::size_t i = at; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      i = string_end(text, i);
      if (i == std::string_view::npos) return i;
      if (depth == 0) return i + 1;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (--depth == 0) return i + 1;
      if (depth < 0) return std::string_view::npos;
    } else if (depth == 0 && (c == ',' || c == ' ' || c == '\n' || c == '\t' || c == '\r')) {
      return i;  // the end of a number or a literal
    }
  }
  return depth == 0 ? text.size() : std::string_view::npos;
}

// The raw values of the top-level members of an object's text that are named in `names`.
struct Members {
  std::string_view markdown;
  std::string_view metadata;
  std::string_view warning;
};

std::optional<Members> top_members(std::string_view text) {
  Members found;
  std::size_t at = text.find_first_not_of(" \t\r\n");
  if (at == std::string_view::npos || text[at] != '{') return std::nullopt;
  ++at;
  for (;;) {
    at = text.find_first_not_of(" \t\r\n,", at);
    if (at == std::string_view::npos) return std::nullopt;
    if (text[at] == '}') break;
    const std::size_t key_end = value_end(text, at);
    if (key_end == std::string_view::npos || text[at] != '"') return std::nullopt;
    const std::string_view key = text.substr(at + 1, key_end - at - 2);
    const std::size_t colon = text.find(':', key_end);
    if (colon == std::string_view::npos) return std::nullopt;
    const std::size_t start = text.find_first_not_of(" \t\r\n", colon + 1);
    const std::size_t end = value_end(text, colon + 1);
    if (start == std::string_view::npos || end == std::string_view::npos) return std::nullopt;
    const std::string_view value = text.substr(start, end - start);
    if (key == "markdown") found.markdown = value;
    if (key == "metadata") found.metadata = value;
    if (key == "warning") found.warning = value;
    at = end;
  }
  const bool shaped = found.markdown.starts_with('"') && found.metadata.starts_with('{') &&
                      (found.warning.empty() || found.warning.starts_with('"'));
  if (!shaped) return std::nullopt;
  return found;
}

}  // namespace

std::optional<std::string> page_result_text(std::string_view api_result, bool rendered) {
  const auto members = top_members(api_result);
  if (!members) return std::nullopt;
  std::string text;
  text.reserve(api_result.size() + 128);
  text += R"({"content":[{"type":"text","text":)";
  text += members->markdown;
  text += R"(}],"isError":false,"structuredContent":{"rendered":)";
  text += rendered ? "true" : "false";
  if (!members->warning.empty()) {
    text += R"(,"warning":)";
    text += members->warning;
  }
  // The metadata's own members follow: "{}" adds none.
  const std::string_view inner = members->metadata.substr(1, members->metadata.size() - 2);
  if (inner.find_first_not_of(" \t\r\n") != std::string_view::npos) {
    text += ',';
    text += inner;
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

json error_result(std::string_view message, std::string_view code) {
  const std::string text = code.empty() ? std::string(message) : std::string(code) + ": " + std::string(message);
  return {{"content", json::array({{{"type", "text"}, {"text", text}}})}, {"isError", true}};
}

std::string result_from_answer(long status, std::string_view body, std::optional<std::chrono::seconds> retry_after,
                               Answered kind) {
  if (status == 200) {
    if (kind == Answered::page) {
      if (auto result = page_result_text(body, false)) return std::move(*result);
    } else if (const auto usage = json::parse(body, nullptr, false); usage.is_object()) {
      return usage_result(usage).dump();
    }
  }
  return result_from_error_answer(status, body, retry_after).dump();
}

json result_from_error_answer(long status, std::string_view body, std::optional<std::chrono::seconds> retry_after) {
  const json error = json::parse(body, nullptr, false);
  const std::string code = error.is_object() ? error.value("code", "") : "";
  std::string message = error.is_object() ? error.value("error", "") : "";
  if (message.empty()) {
    message = status == 0 ? "The pagemd daemon could not be reached."
                          : "The daemon answered HTTP " + std::to_string(status) + ".";
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
