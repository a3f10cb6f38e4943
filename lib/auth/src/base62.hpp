#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace pagemd::auth::detail {

inline constexpr std::string_view kBase62Alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// Rejection sampling: a random byte maps to a base62 digit only when it is below 248 = 4 * 62, so
// that each digit has exactly 4 of the accepted byte values (`byte % 62` over all 256 values would
// favour the first 8 digits 5:4). An empty result means: draw another byte.
[[nodiscard]] constexpr std::optional<char> base62_digit(std::uint8_t random_byte) noexcept {
  constexpr unsigned kAcceptBelow = 256 - 256 % kBase62Alphabet.size();
  if (random_byte >= kAcceptBelow) return std::nullopt;
  return kBase62Alphabet[random_byte % kBase62Alphabet.size()];
}

}  // namespace pagemd::auth::detail
