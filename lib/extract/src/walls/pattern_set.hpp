#pragma once

// Which of a fixed list of byte patterns a text holds, in one pass over the text. The judges look
// for two dozen vendor paths in 32 KiB of script signs and for as many names in every class list
// of a page; a find per pattern restarts on each byte that begins one ('/', 'c', '_' are
// everywhere in scripts and class names), where one pass compares only the patterns that begin
// with the byte at hand.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace pagemd::extract::walls {

// At most 64 patterns, none empty; compared byte for byte (give lower-case patterns and a
// lower-case text to compare without case).
template <std::size_t N>
class PatternSet {
  static_assert(N <= 64, "a pattern set answers in 64 bits");

 public:
  constexpr explicit PatternSet(const std::array<std::string_view, N>& patterns) : patterns_(patterns) {
    for (std::size_t i = 0; i < N; ++i) {
      const std::uint64_t bit = std::uint64_t{1} << i;
      starting_with_[static_cast<unsigned char>(patterns[i].front())] |= bit;
      if (patterns[i].size() == 1) {
        one_byte_ |= bit;
        for (std::uint64_t& second : second_is_) second |= bit;
      } else {
        second_is_[static_cast<unsigned char>(patterns[i][1])] |= bit;
      }
    }
  }

  // Bit i is set when patterns[i] occurs in `text`.
  [[nodiscard]] std::uint64_t find_all(std::string_view text) const noexcept {
    constexpr std::uint64_t kAll = N == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << N) - 1;
    std::uint64_t found = 0;
    for (std::size_t at = 0; at < text.size() && found != kAll; ++at) {
      // The first two bytes turn down most candidates before any is compared.
      const std::uint64_t second =
          at + 1 < text.size() ? second_is_[static_cast<unsigned char>(text[at + 1])] : one_byte_;
      std::uint64_t candidates = starting_with_[static_cast<unsigned char>(text[at])] & second & ~found;
      while (candidates != 0) {
        const int i = std::countr_zero(candidates);
        candidates &= candidates - 1;
        if (text.substr(at).starts_with(patterns_[static_cast<std::size_t>(i)])) found |= std::uint64_t{1} << i;
      }
    }
    return found;
  }

 private:
  std::array<std::string_view, N> patterns_;
  std::array<std::uint64_t, 256> starting_with_{};
  std::array<std::uint64_t, 256> second_is_{};  // patterns whose second byte this is (or that have none)
  std::uint64_t one_byte_ = 0;
};

}  // namespace pagemd::extract::walls
