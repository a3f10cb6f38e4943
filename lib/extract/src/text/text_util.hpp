#pragma once

// text/: the helpers every stage of extraction uses (ASCII and UTF-8 text, words, URL
// resolution); it includes no stage.
//
// ASCII-only string helpers shared by the extract module: HTML's notions of whitespace and case
// are ASCII ones, so locale-aware functions would be both slower and wrong here.

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

namespace pagemd::extract {

[[nodiscard]] constexpr bool is_ascii_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
[[nodiscard]] constexpr char ascii_lower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
[[nodiscard]] constexpr bool is_ascii_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
[[nodiscard]] constexpr bool is_ascii_digit(char c) noexcept { return c >= '0' && c <= '9'; }
[[nodiscard]] constexpr bool is_ascii_alnum(char c) noexcept { return is_ascii_alpha(c) || is_ascii_digit(c); }
// The value of a hexadecimal digit, or -1.
[[nodiscard]] constexpr int hex_digit_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

[[nodiscard]] inline std::string_view trim(std::string_view s) noexcept {
  while (!s.empty() && is_ascii_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_ascii_space(s.back())) s.remove_suffix(1);
  return s;
}

[[nodiscard]] inline std::string ascii_lower_copy(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = ascii_lower(c);
  return out;
}

[[nodiscard]] inline bool equals_ignore_case(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  }
  return true;
}

[[nodiscard]] inline bool starts_with_ignore_case(std::string_view s, std::string_view prefix) noexcept {
  return s.size() >= prefix.size() && equals_ignore_case(s.substr(0, prefix.size()), prefix);
}

// The longest run of `c` in `s`: a code fence or span needs one backtick more than any run inside it.
[[nodiscard]] inline std::size_t longest_run(std::string_view s, char c) noexcept {
  std::size_t best = 0;
  std::size_t run = 0;
  for (char x : s) {
    run = x == c ? run + 1 : 0;
    best = std::max(best, run);
  }
  return best;
}

// Runs of ASCII whitespace become one space; leading and trailing whitespace is dropped.
[[nodiscard]] inline std::string collapse_whitespace(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool pending_space = false;
  for (char c : s) {
    if (is_ascii_space(c)) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    out.push_back(c);
  }
  return out;
}

}  // namespace pagemd::extract
