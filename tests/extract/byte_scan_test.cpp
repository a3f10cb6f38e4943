#include "text/byte_scan.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace pagemd::extract {
namespace {

using namespace std::string_literals;

constexpr std::array<char, 3> kWanted{'$', '\xE2', 'U'};

// What find_first_byte_of must answer, a byte at a time.
std::size_t first_wanted_byte(std::string_view text, std::size_t from) {
  for (std::size_t at = from; at < text.size(); ++at) {
    for (const char byte : kWanted) {
      if (text[at] == byte) return at;
    }
  }
  return text.size();
}

TEST(FindFirstByteOf, FindsEachWantedByteAtEveryOffsetOfEveryLength) {
  // Lengths and offsets across two whole blocks of sixteen and the short rest after them.
  for (std::size_t length = 0; length <= 40; ++length) {
    for (std::size_t at = 0; at < length; ++at) {
      for (const char byte : kWanted) {
        std::string text(length, 'x');
        text[at] = byte;
        for (std::size_t from = 0; from <= length; ++from) {
          EXPECT_EQ(find_first_byte_of(text, from, kWanted), first_wanted_byte(text, from))
              << "length " << length << ", byte at " << at << ", from " << from;
        }
      }
    }
    EXPECT_EQ(find_first_byte_of(std::string(length, 'x'), 0, kWanted), length);
  }
}

TEST(FindFirstByteOf, TakesTheFirstOfSeveralInOneBlock) {
  const std::string text = "a U b $ c \xE2\x82\xAC and more after the block";
  EXPECT_EQ(find_first_byte_of(text, 0, kWanted), 2U);
  EXPECT_EQ(find_first_byte_of(text, 3, kWanted), 6U);
  EXPECT_EQ(find_first_byte_of(text, 7, kWanted), 10U);
  EXPECT_EQ(find_first_byte_of(text, 11, kWanted), text.size());
}

TEST(FindFirstByteOf, AWantedZeroByteIsFoundInTheTextButNotInThePaddingPastIt) {
  constexpr std::array<char, 1> kZero{'\0'};
  EXPECT_EQ(find_first_byte_of("abc"s, 0, kZero), 3U);
  EXPECT_EQ(find_first_byte_of("ab\0c"s, 0, kZero), 2U);
  EXPECT_EQ(find_first_byte_of(std::string(20, 'a'), 0, kZero), 20U);
  EXPECT_EQ(find_first_byte_of(std::string(18, 'a') + '\0', 0, kZero), 18U);
}

TEST(FindFirstByteOf, ReadsBytesAboveAsciiAsTheyAre) {
  constexpr std::array<char, 1> kHigh{'\xFF'};
  const std::string text = std::string(17, '\x7F') + "\xFE\xFF";
  EXPECT_EQ(find_first_byte_of(text, 0, kHigh), 18U);
  EXPECT_EQ(find_first_byte_of(std::string(5, '\xFE') + "\xFF", 0, kHigh), 5U);
}

}  // namespace
}  // namespace pagemd::extract
