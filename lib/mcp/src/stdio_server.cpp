#include "pagemd/mcp/stdio_server.hpp"

#include <exception>
#include <optional>
#include <string>

#include "pagemd/mcp/tool_results.hpp"

namespace pagemd::mcp {
namespace {

// The next line of `in` without its end; nullopt at the end of input. `too_long` is set (and the
// rest of the line skipped) when it is over kMaxLineBytes.
std::optional<std::string> next_line(std::istream& in, bool& too_long) {
  std::string line;
  too_long = false;
  for (int c = in.get(); c != std::char_traits<char>::eof(); c = in.get()) {
    if (c == '\n') return line;
    if (line.size() >= kMaxLineBytes) {
      too_long = true;
      continue;  // keep reading to the end of the line, without keeping it
    }
    line.push_back(static_cast<char>(c));
  }
  if (line.empty() && !too_long) return std::nullopt;
  return line;
}

void send_text(std::ostream& out, std::string_view message) {
  out << message << '\n';
  out.flush();
}

void send(std::ostream& out, const nlohmann::json& message) {
  // Replacement of invalid UTF-8 keeps a message valid JSON whatever a page held.
  send_text(out, message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

}  // namespace

std::size_t serve_stdio(std::istream& in, std::ostream& out, const Dispatcher& dispatcher, ToolRunner& tools) {
  std::size_t answered = 0;
  bool too_long = false;
  while (auto line = next_line(in, too_long)) {
    if (too_long) {
      send(out, error_message(nullptr, rpc::kParseError,
                              "Parse error: the message is longer than " + std::to_string(kMaxLineBytes) + " bytes"));
      ++answered;
      continue;
    }
    if (line->find_first_not_of(" \t\r") == std::string::npos) continue;  // blank lines between messages
    Dispatch dispatch = dispatcher.dispatch_text(*line);
    if (dispatch.call) {
      std::string result;
      try {
        result = tools.run(dispatch.call->arguments);
      } catch (const std::exception& failure) {
        result = error_result({core::ErrorCode::internal, std::string("The tool failed: ") + failure.what()}).dump();
      }
      send_text(out, result_message_text(dispatch.call->id, result));
      ++answered;
      continue;
    }
    if (dispatch.reply) {
      send(out, *dispatch.reply);
      ++answered;
    }
  }
  return answered;
}

}  // namespace pagemd::mcp
