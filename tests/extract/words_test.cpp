#include "text/words.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace pagemd::extract {
namespace {

TEST(Words, PunctuationIsNotAWordAndJoinersStayInside) {
  EXPECT_EQ(count_words("The quick brown fox."), 4U);
  EXPECT_EQ(count_words("don't stop: 3.5 or 1,000 e.g. snake_case"), 7U);
  EXPECT_EQ(count_words("e-mail -- a | b"), 4U);  // a hyphen splits, a lone dash or bar is no word
  EXPECT_EQ(count_words("  \t\n "), 0U);
  EXPECT_EQ(count_words("— … ! ?"), 0U);
}

TEST(Words, ScriptsWithoutSpacesCountTheirWords) {
  // Japanese: 東京 / は / 日本 / の / 首都 / です (ICU's dictionary), not one "word" for the sentence.
  EXPECT_GE(count_words("東京は日本の首都です。"), 5U);
  EXPECT_GE(count_words("我们今天去公园散步。"), 4U);  // 我们 / 今天 / 去 / 公园 / 散步
  EXPECT_GE(count_words("สวัสดีครับ วันนี้อากาศดีมาก"), 4U);  // สวัสดี / ครับ / วันนี้ / อากาศ / ดี / มาก
  // Text with spaces counts as before, accents or not.
  EXPECT_EQ(count_words("Ça coûte trop cher, déjà vu."), 6U);
  EXPECT_EQ(count_words("Москва — столица России."), 3U);
}

TEST(Words, ANoBreakSpaceSeparatesAndPiecesJoin) {
  WordCounter counter;
  counter.feed(
      "ten\xC2\xA0"
      "euros");
  counter.feed(" foo");
  counter.feed("bar");  // "foobar": pieces of one word
  counter.boundary();
  counter.feed("baz");
  EXPECT_EQ(counter.count(), 4U);
}

TEST(Words, ManyNonAsciiRunsAreCountedInBatches) {
  WordCounter counter;
  std::string expected_text;
  for (int i = 0; i < 20000; ++i) counter.feed("naïve café ");  // crosses the batch size several times
  EXPECT_EQ(counter.count(), 40000U);
}

// The ASCII fast path must agree with ICU on every ASCII run: random runs over the characters whose
// word-break classes matter (letters, digits, connectors and every joiner), compared one by one.
TEST(Words, TheAsciiPathAgreesWithIcu) {
  const std::string alphabet = "aZ9_:.,;'-!\"()";
  std::mt19937 random(20261125);
  std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
  std::uniform_int_distribution<int> length(1, 12);
  for (int trial = 0; trial < 20000; ++trial) {
    std::string run;
    for (int i = length(random); i > 0; --i) run.push_back(alphabet[pick(random)]);
    ASSERT_EQ(words_detail::count_ascii_words(run), words_detail::count_unicode_words(run)) << "run: " << run;
  }
}

}  // namespace
}  // namespace pagemd::extract
