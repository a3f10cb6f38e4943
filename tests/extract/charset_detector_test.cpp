#include "decode/charset_detector.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "decode/encoding.hpp"
#include "pagemd/extract/extractor.hpp"
#include "read_file.hpp"

namespace pagemd::extract {
namespace {

using pagemd::testing::read_file;

namespace fs = std::filesystem;

// Thirty pages in 18 legacy encodings and 29 languages, none declaring its encoding
// (tests/data/encodings): each must be detected and convert to exactly what its UTF-8 twin gives.
TEST(UndeclaredEncodings, EveryPageConvertsLikeItsUtf8Twin) {
  const fs::path dir = fs::path(PAGEMD_TEST_DATA_DIR) / "encodings";
  const nlohmann::json manifest = nlohmann::json::parse(read_file(dir / "manifest.json"), nullptr, false);
  ASSERT_TRUE(manifest.is_object());
  std::size_t pages = 0;
  for (const nlohmann::json& entry : manifest.at("pages")) {
    const std::string file = entry.at("file").get<std::string>();
    const std::string legacy = read_file(dir / file);
    const auto converted = extract(legacy, {});
    const auto twin = extract(read_file(dir / entry.at("twin").get<std::string>()), {});
    ASSERT_TRUE(converted && twin) << file;
    EXPECT_EQ(converted->markdown, twin->markdown) << file << " read as " << sniff_encoding(legacy, "");
    EXPECT_EQ(converted->metadata.title, twin->metadata.title) << file;
    EXPECT_EQ(converted->metadata.language_tag, entry.at("language").get<std::string>()) << file;
    EXPECT_GT(twin->metadata.word_count, 40U) << file;  // every script's words are counted
    ++pages;
  }
  EXPECT_EQ(pages, 30U);
}

TEST(UndeclaredEncodings, ADeclaredCharsetWinsOverWhatTheBytesLookLike) {
  const fs::path dir = fs::path(PAGEMD_TEST_DATA_DIR) / "encodings";
  const std::string koi8 = read_file(dir / "ru.koi8-r.html");
  EXPECT_EQ(sniff_encoding(koi8, ""), "KOI8-R");
  // Declared, even wrongly, the declaration is what counts: the detector does not run.
  EXPECT_EQ(sniff_encoding(koi8, "windows-1251"), "windows-1251");
  EXPECT_EQ(sniff_encoding("<meta charset=windows-1251>" + koi8, ""), "windows-1251");
}

TEST(CharsetDetector, NamesComeThroughTheEncodingStandardsLabels) {
  const fs::path dir = fs::path(PAGEMD_TEST_DATA_DIR) / "encodings";
  // uchardet says TIS-620, ISO-8859-9 and UHC; the standard decodes those as these.
  EXPECT_EQ(detect_charset(read_file(dir / "th.tis-620.html")), "windows-874");
  EXPECT_EQ(detect_charset(read_file(dir / "tr.iso-8859-9.html")), "windows-1254");
  EXPECT_EQ(detect_charset(read_file(dir / "ko.euc-kr.html")), "EUC-KR");
  // Italian is Western, not Baltic as uchardet alone would have it.
  EXPECT_EQ(detect_charset(read_file(dir / "it.windows-1252.html")), "windows-1252");
  // Greek in windows-1253 uses bytes that ISO-8859-7 leaves to control characters.
  EXPECT_EQ(detect_charset("<p>\x93\xc7 \xe1\xf1\xf7\xde \xfe\xf1\xe1\x94 \x96 \xec\xdf\xe1 \xe5\xe9\xea\xfc\xed\xe1 "
                           "\xf4\xe7\xf2 \xf0\xfc\xeb\xe7\xf2 \xf3\xf4\xe7\xed \xc1\xe8\xde\xed\xe1.</p>"),
            "windows-1253");
}

}  // namespace
}  // namespace pagemd::extract
