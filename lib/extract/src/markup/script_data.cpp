#include "markup/script_data.hpp"

#include "text/text_util.hpp"

namespace pagemd::extract::html {
namespace {

constexpr std::string_view kScript = "script";
constexpr std::size_t npos = std::string_view::npos;

// Whether "script" (any case) starts at `at`, followed by whitespace, '/' or '>': an end tag's or
// a double escape's name. At the input's end the tokenizer has no such tag either.
bool script_name_at(std::string_view in, std::size_t at) {
  const std::size_t after = at + kScript.size();
  if (after >= in.size()) return false;
  const char next = in[after];
  return core::equals_ignore_case(in.substr(at, kScript.size()), kScript) &&
         (is_ascii_space(next) || next == '/' || next == '>');
}

enum class State : unsigned char {
  data,
  escaped,
  escaped_dash,
  escaped_dash_dash,
  double_escaped,
  double_escaped_dash,
  double_escaped_dash_dash
};

}  // namespace

std::size_t script_data_end(std::string_view in, std::size_t from) noexcept {
  const std::size_t n = in.size();
  State state = State::data;
  std::size_t i = from;
  while (i < n) {
    const char c = in[i];
    switch (state) {
      case State::data: {
        const std::size_t lt = in.find('<', i);
        if (lt == npos) return npos;
        if (lt + 1 < n && in[lt + 1] == '/' && script_name_at(in, lt + 2)) return lt;
        if (in.substr(lt + 1, 3) == "!--") {
          // "<!--" leaves its two dashes counted: "<!-->" is already back in script data.
          state = State::escaped_dash_dash;
          i = lt + 4;
        } else {
          i = lt + 1;
        }
        break;
      }
      case State::escaped:
      case State::escaped_dash:
      case State::escaped_dash_dash:
        if (c == '-') {
          state = state == State::escaped ? State::escaped_dash : State::escaped_dash_dash;
          ++i;
        } else if (c == '>' && state == State::escaped_dash_dash) {
          state = State::data;
          ++i;
        } else if (c == '<') {
          if (i + 1 < n && in[i + 1] == '/' && script_name_at(in, i + 2)) return i;
          // "<script" followed by whitespace, '/' or '>' starts a double-escaped run.
          if (script_name_at(in, i + 1)) {
            state = State::double_escaped;
            i += 1 + kScript.size();
          } else {
            state = State::escaped;
            ++i;
          }
        } else {
          state = State::escaped;
          ++i;
        }
        break;
      case State::double_escaped:
      case State::double_escaped_dash:
      case State::double_escaped_dash_dash:
        if (c == '-') {
          state = state == State::double_escaped ? State::double_escaped_dash : State::double_escaped_dash_dash;
          ++i;
        } else if (c == '>' && state == State::double_escaped_dash_dash) {
          state = State::data;
          ++i;
        } else if (c == '<') {
          // Only "</script" followed by whitespace, '/' or '>' ends the double-escaped run, and
          // then the script goes on, escaped.
          if (i + 1 < n && in[i + 1] == '/' && script_name_at(in, i + 2)) {
            state = State::escaped;
            i += 2 + kScript.size();
          } else {
            state = State::double_escaped;
            ++i;
          }
        } else {
          state = State::double_escaped;
          ++i;
        }
        break;
    }
  }
  return npos;
}

}  // namespace pagemd::extract::html
