#include "response/content_type.hpp"

#include <gtest/gtest.h>

namespace pagemd::fetch::detail {
namespace {

TEST(ContentType, MediaTypeAndCharset) {
  const ContentType plain = parse_content_type("text/html");
  EXPECT_EQ(plain.media_type, "text/html");
  EXPECT_EQ(plain.charset, "");

  const ContentType declared = parse_content_type(" Text/HTML ;  Charset = \"ISO-8859-1\" ");
  EXPECT_EQ(declared.media_type, "text/html");
  EXPECT_EQ(declared.charset, "iso-8859-1");

  EXPECT_EQ(parse_content_type("text/plain; format=flowed; charset=Shift_JIS").charset, "shift_jis");
  EXPECT_EQ(parse_content_type("text/html; charset=utf-8; charset=latin1").charset, "utf-8");
  EXPECT_EQ(parse_content_type("text/html; mycharset=koi8-r").charset, "");
  EXPECT_EQ(parse_content_type("text/html; charset").charset, "");
  EXPECT_EQ(parse_content_type("text/html; charset=\"\"").charset, "");
  EXPECT_EQ(parse_content_type("").media_type, "");
  EXPECT_EQ(parse_content_type("; charset=utf-8").media_type, "");
}

TEST(ContentType, SupportedTypes) {
  for (const char* type : {"text/html", "application/xhtml+xml", "text/plain"}) {
    EXPECT_TRUE(is_supported_media_type(type)) << type;
  }
  for (const char* type : {"application/pdf", "image/png", "application/json", "text/css", "text/javascript",
                           "application/xml", "text/htmlx", "", "application/octet-stream"}) {
    EXPECT_FALSE(is_supported_media_type(type)) << type;
  }
}

TEST(ContentType, SniffsHtmlTextAndBinary) {
  EXPECT_EQ(sniff_media_type("<!DOCTYPE html><p>hi"), "text/html");
  EXPECT_EQ(sniff_media_type("\xEF\xBB\xBF\n  <HTML lang=en>"), "text/html");
  EXPECT_EQ(sniff_media_type("<!-- a comment --><p>"), "text/html");
  EXPECT_EQ(sniff_media_type("Just some notes.\nSecond line.\t"), "text/plain");
  EXPECT_EQ(sniff_media_type(""), "text/plain");
  EXPECT_EQ(sniff_media_type(std::string_view("%PDF-1.7\n\x00\x01", 11)), std::nullopt);
  EXPECT_EQ(sniff_media_type("\x89PNG\r\n\x1A\n"), std::nullopt);
  // Only the first 512 bytes are looked at.
  EXPECT_EQ(sniff_media_type(std::string(600, 'a') + '\x01'), "text/plain");
}

}  // namespace
}  // namespace pagemd::fetch::detail

namespace pagemd::fetch::detail {
namespace {

constexpr std::size_t kPage = 10'000;
constexpr std::size_t kPdf = 30'000;

TEST(BodyAdmission, TextIsHeldToThePageCapAndAPdfToItsOwn) {
  BodyAdmission html("text/html", kPage, kPdf);
  EXPECT_EQ(html.declared_cap(), kPage);
  EXPECT_EQ(html.cap(), kPdf);  // until the first bytes tell, either may apply
  EXPECT_TRUE(html.settle("<!doctype html><p>text"));
  EXPECT_FALSE(html.is_pdf());
  EXPECT_EQ(html.cap(), kPage);

  BodyAdmission mislabelled("text/html", kPage, kPdf);
  EXPECT_TRUE(mislabelled.settle("%PDF-1.7\n"));
  EXPECT_TRUE(mislabelled.is_pdf());
  EXPECT_EQ(mislabelled.cap(), kPdf);
}

TEST(BodyAdmission, OtherTypesAreKeptOnlyAsPdfs) {
  for (const char* type : {"application/pdf", "application/octet-stream", "image/png", "application/zip"}) {
    BodyAdmission pdf(type, kPage, kPdf);
    EXPECT_EQ(pdf.declared_cap(), kPdf) << type;
    EXPECT_EQ(pdf.cap(), kPdf) << type;
    EXPECT_TRUE(pdf.settle(std::string(100, '\n') + "%PDF-1.4")) << type;
    BodyAdmission other(type, kPage, kPdf);
    EXPECT_FALSE(other.settle(std::string("\x89PNG\r\n\x1A\n", 8))) << type;
  }
  BodyAdmission untyped("", kPage, kPdf);
  EXPECT_EQ(untyped.declared_cap(), kPdf);  // its bytes may yet show a PDF
  EXPECT_TRUE(untyped.settle("plain words"));
  EXPECT_EQ(untyped.cap(), kPage);
}

TEST(BodyAdmission, APdfsRefusalNamesItsLimit) {
  BodyAdmission pdf("application/pdf", kPage, kPdf);
  EXPECT_EQ(pdf.too_large_message(kPdf),
            "The target is a PDF larger than 30000 bytes, the most a PDF may have (max_pdf_bytes).");
  BodyAdmission page("text/html", kPage, kPdf);
  ASSERT_TRUE(page.settle("<p>"));
  EXPECT_EQ(page.too_large_message(kPage), "The target's content is larger than 10000 bytes.");
}

}  // namespace
}  // namespace pagemd::fetch::detail
