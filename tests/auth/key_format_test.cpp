#include "pagemd/auth/key_format.hpp"

#include <gtest/gtest.h>

#include <array>
#include <set>

#include "base62.hpp"

namespace pagemd::auth {
namespace {

using store::KeyMode;

TEST(Base62Digit, AcceptsExactlyTheBytesBelow248) {
  for (unsigned byte = 0; byte < 256; ++byte) {
    EXPECT_EQ(detail::base62_digit(static_cast<std::uint8_t>(byte)).has_value(), byte < 248) << byte;
  }
}

TEST(Base62Digit, EveryDigitHasExactlyFourBytesSoTheDrawIsUniform) {
  std::array<int, 62> hits{};
  for (unsigned byte = 0; byte < 256; ++byte) {
    if (const auto digit = detail::base62_digit(static_cast<std::uint8_t>(byte))) {
      const auto index = detail::kBase62Alphabet.find(*digit);
      ASSERT_NE(index, std::string_view::npos);
      ++hits[index];
    }
  }
  for (std::size_t i = 0; i < hits.size(); ++i) EXPECT_EQ(hits[i], 4) << detail::kBase62Alphabet[i];
}

TEST(Base62Digit, AlphabetIsTheSixtyTwoAlphanumerics) {
  EXPECT_EQ(detail::kBase62Alphabet.size(), 62u);
  EXPECT_EQ(std::set<char>(detail::kBase62Alphabet.begin(), detail::kBase62Alphabet.end()).size(), 62u);
  for (const char c : detail::kBase62Alphabet) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c))) << c;
}

TEST(GenerateKey, HasTheDocumentedShape) {
  for (const KeyMode mode : {KeyMode::live, KeyMode::test}) {
    for (int i = 0; i < 100; ++i) {
      const std::string key = generate_key(mode);
      ASSERT_EQ(key.size(), 56u);
      EXPECT_EQ(key.substr(0, 8), mode == KeyMode::live ? "sk_live_" : "sk_test_");
      for (const char c : key.substr(8)) EXPECT_NE(detail::kBase62Alphabet.find(c), std::string_view::npos) << key;
      EXPECT_EQ(well_formed_key_mode(key), mode);
    }
  }
}

TEST(GenerateKey, KeysDifferAndUseTheWholeAlphabet) {
  std::set<std::string> keys;
  std::set<char> seen;
  for (int i = 0; i < 500; ++i) {
    const std::string key = generate_key(KeyMode::live);
    keys.insert(key);
    seen.insert(key.begin() + 8, key.end());
  }
  EXPECT_EQ(keys.size(), 500u);
  // 24,000 uniform draws leave a given digit out with probability (61/62)^24000, about 1e-170.
  EXPECT_EQ(seen.size(), 62u);
}

TEST(WellFormedKey, RefusesEverythingElse) {
  const std::string good = "sk_live_" + std::string(48, 'a');
  ASSERT_EQ(well_formed_key_mode(good), KeyMode::live);
  ASSERT_EQ(well_formed_key_mode("sk_test_" + std::string(48, 'Z')), KeyMode::test);
  const std::string bad[] = {
      "",
      good.substr(0, 55),
      good + "a",
      "sk_LIVE_" + std::string(48, 'a'),
      "pk_live_" + std::string(48, 'a'),
      "sk_prod_" + std::string(48, 'a'),
      "sk_live_" + std::string(47, 'a') + "-",
      "sk_live_" + std::string(47, 'a') + "_",
      "sk_live_" + std::string(47, 'a') + " ",
      "sk_live_" + std::string(47, 'a') + std::string(1, '\0'),
      "sk_live_" + std::string(46, 'a') + "\xc3\xa9",
      "sk_live_sk_live_" + std::string(40, 'a'),
  };
  for (const auto& key : bad) EXPECT_FALSE(well_formed_key_mode(key).has_value()) << key;
}

TEST(KeyPrefix, IsTheFirstTwelveCharacters) {
  EXPECT_EQ(key_prefix("sk_live_AbCd" + std::string(44, 'x')), "sk_live_AbCd");
  EXPECT_EQ(key_prefix("short"), "short");
}

TEST(Sha256Hex, KnownVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  // Bytes after a NUL count too (the digest is of the whole view, not of a C string).
  EXPECT_EQ(sha256_hex(std::string("a\0b", 3)), "59b271ae1bbcb1d31d41929817f4b16fb439eb4f31520b5ad1d5ce98920a7138");
}

}  // namespace
}  // namespace pagemd::auth
