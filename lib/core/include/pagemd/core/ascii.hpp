#pragma once

// ASCII text helpers for every module. The formats pagemd reads (HTML, HTTP headers, URLs, encoding
// labels, robots.txt) define whitespace and case in ASCII terms, so locale-aware functions would be
// both slower and wrong here.

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

namespace pagemd::core {

// ASCII whitespace as the WHATWG standards define it: tab, line feed, form feed, carriage return and
// space (not vertical tab, which HTML renders as a character).
[[nodiscard]] constexpr bool is_ascii_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}
[[nodiscard]] constexpr char ascii_lower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
[[nodiscard]] constexpr bool is_ascii_alpha(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
[[nodiscard]] constexpr bool is_ascii_digit(char c) noexcept { return c >= '0' && c <= '9'; }
[[nodiscard]] constexpr bool is_ascii_alnum(char c) noexcept { return is_ascii_alpha(c) || is_ascii_digit(c); }
// The value of a hexadecimal digit, or -1.
[[nodiscard]] constexpr int hex_digit_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// `s` without leading and trailing ASCII whitespace.
[[nodiscard]] constexpr std::string_view trim(std::string_view s) noexcept {
  while (!s.empty() && is_ascii_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_ascii_space(s.back())) s.remove_suffix(1);
  return s;
}

[[nodiscard]] inline std::string ascii_lower_copy(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), ascii_lower);
  return out;
}

[[nodiscard]] constexpr bool equals_ignore_case(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  }
  return true;
}

[[nodiscard]] constexpr bool starts_with_ignore_case(std::string_view s, std::string_view prefix) noexcept {
  return s.size() >= prefix.size() && equals_ignore_case(s.substr(0, prefix.size()), prefix);
}

[[nodiscard]] constexpr bool contains_ignore_case(std::string_view s, std::string_view part) noexcept {
  for (std::size_t i = 0; i + part.size() <= s.size(); ++i) {
    if (equals_ignore_case(s.substr(i, part.size()), part)) return true;
  }
  return false;
}

// WHATWG's binary data bytes (MIME Sniffing): controls other than tab, newlines, form feed and
// escape, which no text holds.
[[nodiscard]] constexpr bool is_binary_data_byte(char c) noexcept {
  const auto byte = static_cast<unsigned char>(c);
  return byte <= 0x08 || byte == 0x0B || (byte >= 0x0E && byte <= 0x1A) || (byte >= 0x1C && byte <= 0x1F);
}

}  // namespace pagemd::core
