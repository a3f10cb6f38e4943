// PDFs that cannot be converted: each ends in an error that says why, never in a crash or a hang.

#include <gtest/gtest.h>

#include "pagemd/pdf/pdf_converter.hpp"
#include "pdf_test_files.hpp"

namespace pagemd::pdf {
namespace {

using core::ErrorCode;
using testing::pdf_file;

core::Error failure_of(const std::string& name, const PdfOptions& options = {}) {
  auto converted = convert_pdf(pdf_file(name), options);
  EXPECT_FALSE(converted) << name << " converted to:\n" << (converted ? converted->extraction.markdown : "");
  return converted ? core::Error{ErrorCode::internal, "converted"} : converted.error();
}

TEST(PdfFailures, AnEncryptedPdfNeedsAPassword) {
  const core::Error error = failure_of("encrypted.pdf");
  EXPECT_EQ(error.code, ErrorCode::pdf_encrypted);
  EXPECT_NE(error.message.find("password"), std::string::npos) << error.message;
}

TEST(PdfFailures, AScanHasNoTextLayer) {
  const core::Error error = failure_of("image-only.pdf");
  EXPECT_EQ(error.code, ErrorCode::no_text_layer);
  EXPECT_NE(error.message.find("OCR"), std::string::npos) << error.message;
}

TEST(PdfFailures, MorePagesThanAllowedIsUnsupportedWithTheLimitSaid) {
  const core::Error error = failure_of("blank-pages.pdf");
  EXPECT_EQ(error.code, ErrorCode::unsupported_content);
  EXPECT_NE(error.message.find("600 pages, more than the 500"), std::string::npos) << error.message;
  PdfOptions more;
  more.max_pages = 1000;
  EXPECT_EQ(failure_of("blank-pages.pdf", more).code, ErrorCode::no_text_layer) << "600 blank pages have no text";
}

TEST(PdfFailures, BytesThatAreNoPdfAreUnsupported) {
  for (const std::string& bytes : {std::string("%PDF-1.4\n1 0 obj"), std::string("%PDF-"), std::string()}) {
    auto converted = convert_pdf(bytes, {});
    ASSERT_FALSE(converted);
    EXPECT_EQ(converted.error().code, ErrorCode::unsupported_content);
    EXPECT_NE(converted.error().message.find("This PDF cannot be read"), std::string::npos)
        << converted.error().message;
  }
}

// Poppler repairs what it can: a damaged file converts in part or fails with a reason.
TEST(PdfFailures, DamagedFilesConvertWhatIsLeftOrSayWhy) {
  for (const char* name : {"truncated.pdf", "bad-xref.pdf"}) {
    auto converted = convert_pdf(pdf_file(name), {});
    if (converted) {
      EXPECT_NE(converted->extraction.markdown.find("cold frame"), std::string::npos) << name;
    } else {
      EXPECT_TRUE(converted.error().code == ErrorCode::unsupported_content ||
                  converted.error().code == ErrorCode::no_text_layer)
          << name << ": " << converted.error().message;
    }
  }
}

TEST(PdfFailures, DeepNestingEndsAtPopplersRecursionLimit) {
  // The page has no text: the nesting stops where poppler's parser stops recursing.
  EXPECT_EQ(failure_of("deep-nesting.pdf").code, ErrorCode::no_text_layer);
}

// The bomb's content stream inflates to 100 MiB, past the default bound of 64 MiB: zlib counts it
// before poppler lexes a byte of it. (Its /Length starts with 1: "/Length 1..." is no /Length1, the
// mark of a font program.)
TEST(PdfFailures, AFlateBombPastTheInflateBoundIsRefusedWithTheBoundSaid) {
  const core::Error error = failure_of("flate-bomb.pdf");
  EXPECT_EQ(error.code, ErrorCode::unsupported_content);
  EXPECT_NE(error.message.find("streams inflate to more than 64 MiB"), std::string::npos) << error.message;
}

// A file too small to hold enough compressed bytes to pass the bound is not inflated first. The bomb
// is zeros at deflate's densest, about 1030 to 1: a bound one byte under what it inflates to must
// still find it, however close to the file's size times that ratio the bound is.
TEST(PdfFailures, TheInflateBoundHoldsForStreamsAtDeflatesDensest) {
  PdfOptions under;
  under.max_inflated_bytes = (std::size_t{100} << 20) - 1;
  EXPECT_NE(failure_of("flate-bomb.pdf", under).message.find("streams inflate to more than 104857599 bytes"),
            std::string::npos);
}

// The bound counts what the text layer reads; its edge is exact; images do not count, and font
// programs count against a bound of their own.
TEST(PdfFailures, TheInflateBoundCountsContentStreamsNotImagesOrFonts) {
  PdfOptions tight;
  tight.max_inflated_bytes = 16;
  EXPECT_EQ(failure_of("deep-nesting.pdf", tight).code, ErrorCode::unsupported_content);
  EXPECT_NE(failure_of("deep-nesting.pdf", tight).message.find("more than 16 bytes"), std::string::npos);
  // 100,000 brackets each way inflate to 200,000 bytes: at the bound exactly, poppler reads them.
  PdfOptions exact;
  exact.max_inflated_bytes = 200000;
  EXPECT_EQ(failure_of("deep-nesting.pdf", exact).code, ErrorCode::no_text_layer);
  exact.max_inflated_bytes = 199999;
  EXPECT_EQ(failure_of("deep-nesting.pdf", exact).code, ErrorCode::unsupported_content);
  // A font program of 2 MiB: font programs have four times the bound, so 1 MiB lets it through and
  // 256 KiB (1 MiB for fonts) does not.
  PdfOptions mebibyte;
  mebibyte.max_inflated_bytes = 1 << 20;
  auto beside_font = convert_pdf(pdf_file("big-font.pdf"), mebibyte);
  ASSERT_TRUE(beside_font) << beside_font.error().message;
  EXPECT_NE(beside_font->extraction.markdown.find("Text beside a large font program."), std::string::npos);
  PdfOptions quarter;
  quarter.max_inflated_bytes = 256 << 10;
  EXPECT_NE(failure_of("big-font.pdf", quarter).message.find("font programs inflate to more than 1 MiB"),
            std::string::npos);
  // The scan's image inflates to 64 KiB, and images never count: the page is still found textless.
  PdfOptions kibibyte;
  kibibyte.max_inflated_bytes = 1024;
  EXPECT_EQ(failure_of("image-only.pdf", kibibyte).code, ErrorCode::no_text_layer);
}

}  // namespace
}  // namespace pagemd::pdf
