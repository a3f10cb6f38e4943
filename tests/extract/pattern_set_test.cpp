#include "walls/pattern_set.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace pagemd::extract::walls {
namespace {

// Patterns that share first bytes, second bytes, or both, and one of a single byte.
constexpr std::array<std::string_view, 6> kPatterns{"cookie", "consent", "co", "/", "/cdn-cgi/", "oc"};
constexpr PatternSet<kPatterns.size()> kSet{kPatterns};

// What find_all must answer, a find per pattern.
std::uint64_t found_one_by_one(std::string_view text) {
  std::uint64_t found = 0;
  for (std::size_t i = 0; i < kPatterns.size(); ++i) {
    if (text.find(kPatterns[i]) != std::string_view::npos) found |= std::uint64_t{1} << i;
  }
  return found;
}

TEST(PatternSet, FindsThePatternsAFindPerPatternFinds) {
  for (const std::string_view text :
       {"", "c", "o", "co", "oc", "/", "cookie", "cookies consent", "coco", "cooki", "x/", "/c", "consen",
        "src=/cdn-cgi/challenge", "a-cookie-banner-in-consent", "ococ", "c o", "cOokie"}) {
    EXPECT_EQ(kSet.find_all(text), found_one_by_one(text)) << text;
  }
}

TEST(PatternSet, FindsEachPatternAtEveryPlaceOfAText) {
  for (const std::string_view pattern : kPatterns) {
    for (std::size_t before = 0; before < 4; ++before) {
      for (std::size_t after = 0; after < 4; ++after) {
        const std::string text = std::string(before, 'x') + std::string(pattern) + std::string(after, 'x');
        EXPECT_EQ(kSet.find_all(text), found_one_by_one(text)) << text;
      }
    }
  }
}

}  // namespace
}  // namespace pagemd::extract::walls
