#pragma once

// Reading a text many bytes a step: finding the next of a few bytes sixteen at a time (the scans
// that pass over every byte of a page's text looking for rare bytes, a currency sign, spend most of
// their time where there is none), and counting its non-space bytes eight at a time.

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "text/text_util.hpp"

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

namespace byte_words {

// Eight bytes at a time, as bit masks: the high bit of each byte says whether that byte is one
// looked for. Exact, with no carry from one byte into the next.
constexpr std::uint64_t kEachByte = 0x0101010101010101;
constexpr std::uint64_t kHighBits = 0x8080808080808080;
// Bytes below `limit` (at most 0x80).
constexpr std::uint64_t bytes_below(std::uint64_t word, std::uint64_t limit) {
  return ~((word | kHighBits) - kEachByte * limit) & ~word & kHighBits;
}
constexpr std::uint64_t bytes_equal(std::uint64_t word, std::uint64_t value) {
  const std::uint64_t diff = word ^ (kEachByte * value);
  return ~(((diff & ~kHighBits) + ~kHighBits) | diff) & kHighBits;
}
// How many bytes a mask marks (the multiplication sums the bytes into the top one).
constexpr std::uint32_t marked_bytes(std::uint64_t mask) {
  return static_cast<std::uint32_t>(((mask >> 7) * kEachByte) >> 56);
}
// ASCII whitespace as is_ascii_space says: bytes below '!' are nearly always plain spaces.
constexpr std::uint64_t whitespace_bytes(std::uint64_t word) {
  const std::uint64_t low = bytes_below(word, '!');
  if (low == 0) return 0;
  const std::uint64_t blanks = bytes_equal(word, ' ');
  if (low == blanks) return blanks;
  return blanks | bytes_equal(word, '\t') | bytes_equal(word, '\n') | bytes_equal(word, '\r') | bytes_equal(word, '\f');
}

}  // namespace byte_words

// The bytes of text that are not ASCII whitespace.
[[nodiscard]] inline std::uint32_t non_space_bytes(std::string_view text) {
  std::uint32_t bytes = 0;
  std::size_t i = 0;
  if constexpr (std::endian::native == std::endian::little) {
    for (; i + sizeof(std::uint64_t) <= text.size(); i += sizeof(std::uint64_t)) {
      std::uint64_t word = 0;
      std::memcpy(&word, text.data() + i, sizeof word);
      bytes += byte_words::marked_bytes(~byte_words::whitespace_bytes(word) & byte_words::kHighBits);
    }
  }
  for (; i < text.size(); ++i) bytes += is_ascii_space(text[i]) ? 0U : 1U;
  return bytes;
}

}  // namespace pagemd::extract
