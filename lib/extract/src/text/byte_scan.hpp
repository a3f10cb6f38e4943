#pragma once

// Finding the next of a few bytes in a text sixteen bytes a step: the scans that pass over every
// byte of a page's text looking for rare bytes (a currency sign) spend most of their time where
// there is none.

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace pagemd::extract {

// The index of the first byte of `text` at or after `from` that is one of `wanted`, or text.size().
template <std::size_t N>
[[nodiscard]] std::size_t find_first_byte_of(std::string_view text, std::size_t from,
                                             const std::array<char, N>& wanted) noexcept {
  // GCC's and Clang's vector extension: SSE2 on x86-64, NEON on ARM, plain words elsewhere.
  using Block = char __attribute__((vector_size(16)));
  constexpr std::size_t kBlock = sizeof(Block);
  // Where in the block the first wanted byte is, or kBlock.
  const auto first_wanted = [&wanted](const Block& block) {
    Block hits{};
    for (const char byte : wanted) hits |= reinterpret_cast<Block>(block == byte);
    std::uint64_t halves[2];
    std::memcpy(halves, &hits, sizeof halves);
    const auto first_in = [](std::uint64_t half) {
      return static_cast<std::size_t>(
          (std::endian::native == std::endian::little ? std::countr_zero(half) : std::countl_zero(half)) / 8);
    };
    return halves[0] != 0 ? first_in(halves[0]) : 8 + first_in(halves[1]);
  };
  std::size_t at = from;
  // A text shorter than a block (most of a page's texts: a cell's word, a link's name) is read a
  // byte at a time: copying a few bytes into a block costs more than looking at them.
  if (at < text.size() && text.size() - at < kBlock) {
    for (; at < text.size(); ++at) {
      if (std::find(wanted.begin(), wanted.end(), text[at]) != wanted.end()) return at;
    }
    return text.size();
  }
  for (; at + kBlock <= text.size(); at += kBlock) {
    Block block;
    std::memcpy(&block, text.data() + at, kBlock);
    if (const std::size_t found = first_wanted(block); found < kBlock) return at + found;
  }
  if (at >= text.size()) return text.size();
  // The rest of a longer text is read into a zeroed block, whose padding may match only where a
  // zero byte is wanted, past the end.
  Block rest{};
  std::memcpy(&rest, text.data() + at, text.size() - at);
  return std::min(at + first_wanted(rest), text.size());
}

}  // namespace pagemd::extract
