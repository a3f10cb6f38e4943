#include "text/mojibake.hpp"

#include <gtest/gtest.h>

#include <string>

#include "decode/encoding.hpp"
#include "extract_test_helpers.hpp"

namespace pagemd::extract {
namespace {

std::string repaired(std::string text) {
  repair_mojibake(text);
  return text;
}

// UTF-8 read as windows-1252 ("’" is E2 80 99: "â", "€", "™") and as Latin-1 (the C1 controls
// U+0080 and U+0099 in place of "€" and "™") are both undone.
TEST(RepairMojibake, UndoesUtf8ReadAsWindows1252OrLatin1) {
  EXPECT_EQ(repaired("we\xC3\xA2\xE2\x82\xAC\xE2\x84\xA2ve narrowed"), "we\xE2\x80\x99ve narrowed");
  EXPECT_EQ(repaired("we\xC3\xA2\xC2\x80\xC2\x99ve narrowed"), "we\xE2\x80\x99ve narrowed");
  EXPECT_EQ(repaired("Caf\xC3\x83\xC2\xA9 cr\xC3\x83\xC2\xA8me, 20\xC3\x82\xC2\xB0"),
            "Caf\xC3\xA9 cr\xC3\xA8me, 20\xC2\xB0");
  // Cyrillic: "при" was D0 BF D1 80 D0 B8.
  EXPECT_EQ(repaired("\xC3\x90\xC2\xBF\xC3\x91\xE2\x82\xAC\xC3\x90\xC2\xB8"), "\xD0\xBF\xD1\x80\xD0\xB8");
}

// Without a sign that the whole text was misread, an accent before an ellipsis and a quote is
// what it says, not a CJK character ("é…”" would read as E9 85 94).
TEST(RepairMojibake, LeavesTextWithoutATelltaleAsItIs) {
  for (const std::string text : {"Un caf\xC3\xA9\xE2\x80\xA6\xE2\x80\x9D dit-il.", "S\xC3\x83O PAULO", "plain ASCII",
                                 "\xC3\x83", "\xC3\x82\xC2", ""}) {
    std::string copy = text;
    EXPECT_FALSE(repair_mojibake(copy)) << text;
    EXPECT_EQ(copy, text);
  }
}

// Once the text shows the fault, every misread sequence goes, and what was never one stays.
TEST(RepairMojibake, RepairsEverySequenceOnceOneIsSure) {
  EXPECT_EQ(repaired("\xC3\xA2\xE2\x82\xAC\xC5\x93Hi\xC3\xA2\xE2\x82\xAC\xC2\x9D, \xC3\xA9t\xC3\xA9 \xE6\x9D\xB1"),
            "\xE2\x80\x9CHi\xE2\x80\x9D, \xC3\xA9t\xC3\xA9 \xE6\x9D\xB1");
  // A misread sequence cut short at the end of the text is left as it is.
  EXPECT_EQ(repaired("\xC3\x83\xC2\xA9 \xC3\xA2\xE2\x82\xAC"), "\xC3\xA9 \xC3\xA2\xE2\x82\xAC");
}

TEST(RepairMojibake, DecodingRepairsThePageAndExtractionSeesTheWords) {
  EXPECT_EQ(decode_to_utf8("<p>we\xC3\xA2\xE2\x82\xAC\xE2\x84\xA2ve</p>", "utf-8"), "<p>we\xE2\x80\x99ve</p>");
  const Extraction e = test_support::run(
      "<title>Notes</title><p>We\xC3\xA2\xE2\x82\xAC\xE2\x84\xA2ve narrowed the "
      "list to four caf\xC3\x83\xC2\xA9s.</p>");
  EXPECT_NE(e.markdown.find("We\xE2\x80\x99ve narrowed the list to four caf\xC3\xA9s."), std::string::npos)
      << e.markdown;
}

}  // namespace
}  // namespace pagemd::extract
