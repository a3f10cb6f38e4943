#pragma once

// Turning the bytes of a page into UTF-8 once its encoding is known (encoding.cpp sniffs it). The
// sniffing needs the ASCII and UTF-8 scans too, to tell unlabelled UTF-8 from legacy bytes; the
// word-at-a-time helpers are inline here because the decoders' inner loops are built on them.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace pagemd::extract::encoding_detail {

[[nodiscard]] inline const unsigned char* as_bytes(std::string_view s) {
  return reinterpret_cast<const unsigned char*>(s.data());
}

constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;

// Which of eight bytes loaded into a word is the first with its high bit set; high is the word
// masked with kHighBits and not zero.
[[nodiscard]] inline std::size_t first_high_byte(std::uint64_t high) {
  const int bit = std::endian::native == std::endian::little ? std::countr_zero(high) : std::countl_zero(high);
  return static_cast<std::size_t>(bit / 8);
}

// Index of the first byte >= 0x80 at or after i, or n. Tests 32 bytes per step while they are all
// ASCII, then eight, which is what makes markup-heavy pages (mostly ASCII whatever their language)
// cheap to decode.
[[nodiscard]] inline std::size_t skip_ascii(const unsigned char* p, std::size_t i, std::size_t n) {
  constexpr std::size_t kWide = 32;
  while (n - i >= kWide) {
    std::uint64_t words[kWide / 8];
    std::memcpy(words, p + i, sizeof words);
    if (((words[0] | words[1] | words[2] | words[3]) & kHighBits) != 0) break;
    i += kWide;
  }
  while (n - i >= 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, p + i, sizeof word);
    if (const std::uint64_t high = word & kHighBits; high != 0) {
      return i + first_high_byte(high);
    }
    i += 8;
  }
  while (i < n && p[i] < 0x80) {
    ++i;
  }
  return i;
}

// Length of the longest valid UTF-8 prefix of p[0, n).
[[nodiscard]] std::size_t valid_utf8_prefix(const unsigned char* p, std::size_t n);

// `bytes`, without their byte order mark, decoded from `encoding` (a name canonical_encoding
// returns). Never fails: invalid or unmappable bytes become U+FFFD, and an encoding without a
// decoder here or in glibc is read as windows-1252.
[[nodiscard]] std::string decode(std::string_view bytes, std::string_view encoding);

}  // namespace pagemd::extract::encoding_detail
