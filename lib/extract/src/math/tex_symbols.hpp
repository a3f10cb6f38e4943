#pragma once

// Stage 4, math: the TeX names of the characters MathML writes as text (α, ∑, ≤, ⋅ …), and the
// escaping of plain text inside TeX. Uses text/.

#include <string>
#include <string_view>

namespace pagemd::extract {

// What an invisible operator (U+2061 function application, U+2062 invisible times, U+2063
// invisible separator) maps to: it is written as nothing.
inline constexpr std::string_view kInvisibleSymbol = "\x01";

// The TeX command of a character MathML writes as text ("∑" -> "\sum"), kInvisibleSymbol for the
// invisible operators; empty for characters TeX writes as they are.
[[nodiscard]] std::string_view tex_symbol(std::string_view text);

// Whether `name` is a function TeX names by a command ("sin", "log", "lim").
[[nodiscard]] bool is_function_name(std::string_view name);

// Whether a converted base is an operator that takes limits (\sum, \prod, \int, \lim, \max …).
[[nodiscard]] bool is_big_operator(std::string_view latex);

// The accent command of a mark set over (or under) a base ("¯" over -> "\overline"), else empty.
[[nodiscard]] std::string_view accent_command(std::string_view mark, bool over);

// Plain text for TeX: its special characters escaped (# $ % & _ { } ~ ^ \).
[[nodiscard]] std::string escape_text(std::string_view text);

}  // namespace pagemd::extract
