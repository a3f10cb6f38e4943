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

TEST(PdfFailures, DeepNestingAndAFlateBombEndInAnError) {
  // Neither page has text: the nesting stops at poppler's recursion limit, the bomb's zeros are
  // white space to a content stream.
  EXPECT_EQ(failure_of("deep-nesting.pdf").code, ErrorCode::no_text_layer);
  EXPECT_EQ(failure_of("flate-bomb.pdf").code, ErrorCode::no_text_layer);
}

}  // namespace
}  // namespace pagemd::pdf
