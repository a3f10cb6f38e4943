#include "pagemd/pdf/pdf_converter.hpp"

#include <gtest/gtest.h>

#include "pdf_test_files.hpp"

namespace pagemd::pdf {
namespace {

using testing::pdf_file;

// Where `needle` is in the Markdown; fails the test when it is not there.
std::size_t at(const std::string& markdown, const std::string& needle) {
  const std::size_t found = markdown.find(needle);
  EXPECT_NE(found, std::string::npos) << "missing: " << needle << "\n--- in:\n" << markdown;
  return found;
}

class Article : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto converted = convert_pdf(pdf_file("article.pdf"), {});
    ASSERT_TRUE(converted) << converted.error().message;
    document_ = new PdfDocument(std::move(*converted));
  }
  static void TearDownTestSuite() { delete document_; }
  static const std::string& markdown() { return document_->extraction.markdown; }
  static PdfDocument* document_;
};
PdfDocument* Article::document_ = nullptr;

TEST_F(Article, HeadingLevelsFollowTheFontSizes) {
  EXPECT_EQ(markdown().rfind("# Growing Onions in Cold Frames\n", 0), 0U) << markdown();
  at(markdown(), "\n## Why a cold frame\n");
  at(markdown(), "\n### Materials\n");
  at(markdown(), "\n## Harvest\n");
}

TEST_F(Article, ParagraphsJoinAcrossLinesAndPages) {
  at(markdown(),
     "A cold frame keeps the soil warm through the first weeks of spring, when seedlings are most at "
     "risk. Gardeners who start early");
  at(markdown(), "ready to plant out in spring, when the soil has warmed and the nights are mild.");
}

TEST_F(Article, ALineEndHyphenGoesWhenTheSecondPartIsNoWordOfItsOwn) {
  at(markdown(), "on warm afternoons; a well-made lid");
  EXPECT_EQ(markdown().find("after-"), std::string::npos) << markdown();
}

TEST_F(Article, ListsKeepTheirItemsAndHangingIndents) {
  at(markdown(),
     "- First item about timber that runs long enough to wrap onto a second line, which starts where the text of "
     "the first line does: a hanging indent.\n");
  at(markdown(), "- Second item: glass panes.\n");
  at(markdown(), "1. Measure the bed.\n");
  at(markdown(), "2. Cut the boards.\n");
}

TEST_F(Article, LinksComeFromTheAnnotations) {
  at(markdown(), "Read the [planting guide](https://garden.example/guide) before you start.");
  EXPECT_EQ(document_->extraction.metadata.links, std::vector<std::string>{"https://garden.example/guide"});
}

TEST_F(Article, MonospaceLinesAreFencedCode) {
  at(markdown(), "```\nframe = build(width=120)\nframe.open(hours=3)\n```");
}

TEST_F(Article, AlignedColumnsAreATable) {
  at(markdown(), "| Month | Task |");
  at(markdown(), "| March | Sow |");
  at(markdown(), "| April | Thin |");
}

TEST_F(Article, RunningHeadersAndPageNumbersAreDroppedFootnotesGoLast) {
  EXPECT_EQ(markdown().find("Quarterly Field Notes"), std::string::npos) << markdown();
  EXPECT_LT(at(markdown(), "dry them in the sun for a week."),
            at(markdown(), "Frames face south in the northern hemisphere."));
  for (const char* number : {"\n1\n", "\n2\n"}) EXPECT_EQ(markdown().find(number), std::string::npos) << markdown();
}

TEST_F(Article, MetadataComesFromTheDocumentInformation) {
  const extract::Metadata& metadata = document_->extraction.metadata;
  // "Microsoft Word - draft3.docx" is no title: the first heading is.
  EXPECT_EQ(metadata.title, "Growing Onions in Cold Frames");
  EXPECT_EQ(metadata.author, "Ada Gardener");
  EXPECT_EQ(metadata.published_time, "2024-01-31T12:00:00Z");
  EXPECT_EQ(document_->page_count, 2U);
  EXPECT_TRUE(document_->pages_without_text.empty());
  EXPECT_GT(metadata.word_count, 100U);
}

TEST(TwoColumns, ReadColumnByColumn) {
  auto converted = convert_pdf(pdf_file("two-columns.pdf"), {});
  ASSERT_TRUE(converted) << converted.error().message;
  const std::string& markdown = converted->extraction.markdown;
  EXPECT_EQ(converted->extraction.metadata.title, "Two Column Report");
  const std::size_t left_end = at(markdown, "paragraph goes on below it.");
  const std::size_t right_start = at(markdown, "The right column begins only after the left one is read");
  EXPECT_LT(at(markdown, "The left column starts here and continues with its second line"), left_end);
  EXPECT_LT(left_end, right_start);
  EXPECT_LT(right_start, at(markdown, "Its last paragraph closes the report at the bottom."));
}

// What a browser prints without text to show it: list discs drawn as shapes, table cells 3 pt apart.
class LayoutCues : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto converted = convert_pdf(pdf_file("layout-cues.pdf"), {});
    ASSERT_TRUE(converted) << converted.error().message;
    markdown_ = new std::string(std::move(converted->extraction.markdown));
  }
  static void TearDownTestSuite() { delete markdown_; }
  static const std::string& markdown() { return *markdown_; }
  static std::string* markdown_;
};
std::string* LayoutCues::markdown_ = nullptr;

TEST_F(LayoutCues, ItemsWithDrawnBulletsAreOneItemEachAWrappedOneWhole) {
  EXPECT_LT(at(markdown(), "\n- Plan two schedules before winter\n"),
            at(markdown(),
               "\n- Collect the loaves at the end of the week, when the bakery sells what is left at half "
               "the price it asked in the morning\n"));
  at(markdown(), "\n- Visit the market first\n");
}

TEST_F(LayoutCues, LinesThatStartWithTheSameWordAreNoTable) {
  for (const char* item : {"- Keep the seeds dry\n", "- Keep a notebook of sowings\n", "- Keep the labels\n"}) {
    at(markdown(), item);
  }
  EXPECT_EQ(markdown().find("| Keep"), std::string::npos) << markdown();
}

TEST_F(LayoutCues, ColumnsThreePointsApartAreATableByTheirAlignment) {
  at(markdown(), "| Crop | Weeks | Notes |\n| --- | --- | --- |\n| Onion | 12 | sow thinly |\n");
  at(markdown(), "| Garlic | 30 | plant cloves in autumn |\n| Shallot | 9 | sets, not seed |\n");
}

// Two cells 3 pt apart are one segment to poppler; the alignment of the rows below parts them, and
// a cell's second line stays in its row.
TEST_F(LayoutCues, CellsAsCloseAsWordsPartByAlignmentAndAWrappedCellStaysInItsRow) {
  at(markdown(), "| Bed | Size | Crop |\n| --- | --- | --- |\n| North | 2x4 | onions |\n");
  at(markdown(), "| South | 3x3 | leeks, then winter kale |\n| East | 1x2 | garlic |\n");
}

TEST_F(LayoutCues, AParagraphIndentedOnBothSidesIsAQuote) {
  at(markdown(), "\n> *Sow in the dark of the moon and reap in the light of it,");
  at(markdown(), "shown that it does not either.*\n\nThat is all the frame needs.");
}

// The fonts are not embedded and have no ToUnicode: their codes reach Unicode through poppler-data's
// CMaps (tests/convert reads the same file in the worker's jail, where only what warm_up read is).
TEST_F(LayoutCues, AScriptIsFencedInTheLanguageItsFirstLineNames) {
  at(markdown(), "```python\n#!/usr/bin/env python3\nprint('sown')\n```");
}

TEST(Cjk, CidFontsMappedByPopplerDataComeOutAsUnicode) {
  auto converted = convert_pdf(pdf_file("cjk.pdf"), {});
  ASSERT_TRUE(converted) << converted.error().message;
  const std::string& markdown = converted->extraction.markdown;
  EXPECT_LT(at(markdown, "\n中文文本\n"), at(markdown, "\n日本語の文書\n"));
  at(markdown, "\n한국어 문서\n");
}

// Poppler gives the Hebrew word in reading order, wrapped in direction marks that have no place on
// the page; the letters and the words after them keep their own places.
TEST(RightToLeft, AHebrewWordReadsInLogicalOrderAndTheLineGoesOnAfterIt) {
  auto converted = convert_pdf(pdf_file("hebrew-word.pdf"), {});
  ASSERT_TRUE(converted) << converted.error().message;
  const std::string& markdown = converted->extraction.markdown;
  at(markdown, "The word \u05e9\u05dc\u05d5\u05dd means peace, and the line goes on after it.");
  at(markdown, "A second line follows.");
  EXPECT_EQ(markdown.find("\u202b"), std::string::npos) << markdown;
}

// A page that reads right to left, as Chromium prints it: poppler's selection from the top left
// left out its first lines and its last, and gave each word's letters the rectangles of the word
// mirrored. Every line comes out, in reading order, with headings, list items, a number and a link.
// (Arabic's lam-alef ligatures come out with their two letters swapped, as pdftotext has them too:
// the phrases checked here have none.) Printed in two columns, the right one reads first.
class RightToLeftPage : public ::testing::TestWithParam<const char*> {};

TEST_P(RightToLeftPage, ComesOutCompleteAndInReadingOrder) {
  auto converted = convert_pdf(pdf_file(GetParam()), {});
  ASSERT_TRUE(converted) << converted.error().message;
  const std::string& markdown = converted->extraction.markdown;
  const std::vector<std::string> in_order = {
      "# גינה קהילתית בשכונה\n\n",
      "\n\nהגינה הקהילתית נפתחה באביב שעבר ליד בית הספר. תושבי השכונה מגדלים בה ירקות, תבלינים ופרחים, ונפגשים "
      "בה בכל יום שישי בבוקר כדי לעבוד יחד ולשתף זרעים.\n\n",
      "\n\nבשנת 2024 נשתלו יותר משלושים ערוגות, והרשימה המלאה נמצאת [באתר הגינה](https://garden.example/beds). "
      "המים מגיעים ממערכת השקיה בטפטוף שהותקנה בעזרת המועצה, והקומפוסט נאסף מהמטבחים של הבתים הסמוכים.\n\n",
      "\n\n## מה מגדלים\n\n",
      "\n\n- עגבניות ומלפפונים בקיץ\n- חסה ותרד בחורף\n- נענע, בזיליקום ופטרוזיליה כל השנה\n\n",
      "\n\n## حديقة الحي\n\n",
      "\n\nافتتحت حديقة الحي في الربيع الماضي بجانب المدرسة. يزرع السكان فيها الخضروات ",
      " والزهور، ويلتقون كل يوم جمعة صباحا للعمل معا وتبادل البذور.\n\n",
      "\n\nفي السنة ",
      " زرعت أكثر من ",
      " مسكبة، ويصل الماء من نظام ري بالتنقيط.",  // the page's last line
  };
  std::size_t previous = 0;
  for (const std::string& part : in_order) {
    const std::size_t found = at(markdown, part);
    if (found == std::string::npos) continue;
    EXPECT_GE(found, previous) << "out of order: " << part;
    previous = found;
  }
  EXPECT_EQ(converted->extraction.metadata.title, "גינה קהילתית") << "the document's own title, the page's <title>";
  EXPECT_EQ(converted->extraction.metadata.links, std::vector<std::string>{"https://garden.example/beds"});
}

INSTANTIATE_TEST_SUITE_P(HebrewAndArabic, RightToLeftPage,
                         ::testing::Values("right-to-left.pdf", "right-to-left-columns.pdf"),
                         [](const auto& param_info) {
                           return std::string(param_info.index == 0 ? "OneColumn" : "TwoColumns");
                         });

TEST(PartlyScanned, ThePagesWithoutTextAreNamedInTheWarning) {
  auto converted = convert_pdf(pdf_file("partly-scanned.pdf"), {});
  ASSERT_TRUE(converted) << converted.error().message;
  EXPECT_EQ(converted->pages_without_text, std::vector<std::size_t>{2});
  ASSERT_TRUE(converted->extraction.warning.has_value());
  EXPECT_NE(converted->extraction.warning->find("Page 2 has no text layer"), std::string::npos)
      << *converted->extraction.warning;
}

}  // namespace
}  // namespace pagemd::pdf
