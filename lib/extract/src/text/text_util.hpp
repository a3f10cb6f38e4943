#pragma once

// text/: the helpers every stage of extraction uses (ASCII and UTF-8 text, words, URL
// resolution); it includes no stage.
//
// The ASCII helpers of core/ascii.hpp, and the text helpers only extraction needs.

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "pagemd/core/ascii.hpp"

namespace pagemd::extract {

using core::ascii_lower;
using core::ascii_lower_copy;
using core::contains_ignore_case;
using core::equals_ignore_case;
using core::hex_digit_value;
using core::is_ascii_alnum;
using core::is_ascii_alpha;
using core::is_ascii_digit;
using core::is_ascii_space;
using core::starts_with_ignore_case;
using core::trim;

// The number its leading ASCII digits spell (after whitespace and an optional '+'), as HTML reads
// colspan and start ("3px" is 3); 0 when there are none. Saturates at 10^9 rather than wrapping.
inline std::size_t leading_number(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && is_ascii_space(text[i])) ++i;
  if (i < text.size() && text[i] == '+') ++i;
  std::size_t value = 0;
  for (; i < text.size() && is_ascii_digit(text[i]); ++i) {
    value = value >= 100'000'000 ? 1'000'000'000 : value * 10 + static_cast<std::size_t>(text[i] - '0');
  }
  return value;
}

// Calls `visit` with each whitespace-separated token of `list` (a class list, rel, itemtype) until it
// returns true; whether one did.
template <typename Visit>
bool any_token(std::string_view list, Visit visit) {
  std::size_t i = 0;
  while (i < list.size()) {
    while (i < list.size() && is_ascii_space(list[i])) ++i;
    std::size_t j = i;
    while (j < list.size() && !is_ascii_space(list[j])) ++j;
    if (j > i && visit(list.substr(i, j - i))) return true;
    i = j;
  }
  return false;
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
