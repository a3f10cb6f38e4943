// PDFs through POST /api/v1/extract: the real daemon fetching them from a local origin, with its PDF
// bounds set small (--max-pdf-bytes, --max-pdf-pages) so that the fixtures go over them.

#include <filesystem>
#include <fstream>
#include <iterator>

#include "daemon_test.hpp"

namespace pagemd::testing {
namespace {

std::string test_pdf(const std::string& name) {
  std::ifstream in(std::filesystem::path(PAGEMD_TEST_DATA_DIR) / "pdf" / name, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Bounds the fixtures are measured against: two-columns.pdf (1 page, 1.6 KB) fits both, article.pdf
// (2 pages, 3.5 KB) fits the bytes but not the pages, blank-pages.pdf (86 KB) neither.
constexpr std::size_t kMaxPdfBytes = 8192;
constexpr int kMaxPdfPages = 1;

class PdfApi : public DaemonTest {
 protected:
  void SetUp() override {
    serve("/two-columns.pdf", "application/pdf", test_pdf("two-columns.pdf"));
    serve("/download", "application/octet-stream", test_pdf("two-columns.pdf"));
    serve("/article.pdf", "application/pdf", test_pdf("article.pdf"));
    serve("/encrypted.pdf", "application/pdf", test_pdf("encrypted.pdf"));
    serve("/scan.pdf", "application/pdf", test_pdf("image-only.pdf"));
    serve("/blank-pages.pdf", "application/pdf", test_pdf("blank-pages.pdf"));
    serve("/image.pdf", "application/pdf",
          std::string("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16) + std::string(2000, '\x02'));
    serve("/archive.pdf", "application/octet-stream",
          std::string("PK\x03\x04\x14\0\0\0\x08\0", 10) + std::string(2000, '\x03'));
    // Larger than this daemon's PDF cap: a page is held to the page cap only.
    serve("/page.html", "text/html; charset=utf-8",
          article_html("Larger than a PDF may be", 7) + "<!--" + std::string(2 * kMaxPdfBytes, '-') + "-->");
    serve("/notes.txt", "text/plain", "Notes\n\nA line of plain text.");
    ASSERT_LT(test_pdf("article.pdf").size(), kMaxPdfBytes);
    ASSERT_GT(test_pdf("blank-pages.pdf").size(), kMaxPdfBytes);
    start_daemon({"--max-pdf-bytes", std::to_string(kMaxPdfBytes), "--max-pdf-pages", std::to_string(kMaxPdfPages)});
  }

  void serve(const std::string& path, const std::string& type, std::string body) {
    origin_.handle(path,
                   [type, body = std::move(body)](const HttpRequest&, Responder& out) { out.send(200, type, body); });
  }

  // The error answer's code, and its message containing `said` when that is not empty.
  void expect_refused(const std::string& path, const std::string& code, const std::string& said = {}) {
    SCOPED_TRACE(path);
    const auto response = extract(origin_.url(path), account_->key);
    EXPECT_EQ(response.status, 422) << response.body;
    const auto body = response.json();
    ASSERT_TRUE(body.is_object()) << response.body;
    EXPECT_EQ(body["code"], code);
    if (!said.empty()) {
      EXPECT_NE(body["error"].get<std::string>().find(said), std::string::npos) << response.body;
    }
  }

  static void expect_a_pdf_of_one_page(const nlohmann::json& result) {
    EXPECT_EQ(result["metadata"]["content_type"], "application/pdf");
    EXPECT_EQ(result["metadata"]["page_count"], 1);
    EXPECT_EQ(result["metadata"]["page_type"], "document");
  }

  std::int64_t pages_used() { return get("/extract/usage", account_->key).json()["used"].get<std::int64_t>(); }
};

TEST_F(PdfApi, APdfIsConvertedCachedAndMeteredAsOnePage) {
  const auto first = extract(origin_.url("/two-columns.pdf"), account_->key);
  ASSERT_EQ(first.status, 200) << first.body;
  EXPECT_EQ(first.header("x-cache"), "MISS");
  const auto result = first.json();
  expect_a_pdf_of_one_page(result);
  EXPECT_EQ(result["metadata"]["rendered"], false);
  EXPECT_EQ(result["metadata"]["final_url"], origin_.url("/two-columns.pdf"));
  EXPECT_FALSE(result["markdown"].get<std::string>().empty());
  EXPECT_EQ(pages_used(), 1);  // one document, however many pages it has

  const auto second = extract(origin_.url("/two-columns.pdf"), account_->key);
  ASSERT_EQ(second.status, 200) << second.body;
  EXPECT_EQ(second.header("x-cache"), "HIT");
  expect_a_pdf_of_one_page(second.json());
  EXPECT_EQ(second.json()["markdown"], result["markdown"]);
  EXPECT_EQ(origin_.request_count("/two-columns.pdf"), 1U);
  EXPECT_EQ(pages_used(), 2);

  // Served as application/octet-stream, the same bytes are the same PDF.
  const auto download = extract(origin_.url("/download"), account_->key);
  ASSERT_EQ(download.status, 200) << download.body;
  EXPECT_EQ(download.json()["metadata"]["content_type"], "application/pdf");
  EXPECT_EQ(download.json()["markdown"], result["markdown"]);

  // Pages say what they are too, and the page cap (10 MiB) is not the PDF cap.
  const auto page = extract(origin_.url("/page.html"), account_->key);
  ASSERT_EQ(page.status, 200) << page.body;
  EXPECT_EQ(page.json()["metadata"]["content_type"], "text/html");
  EXPECT_FALSE(page.json()["metadata"].contains("page_count"));
  const auto notes = extract(origin_.url("/notes.txt"), account_->key);
  ASSERT_EQ(notes.status, 200) << notes.body;
  EXPECT_EQ(notes.json()["metadata"]["content_type"], "text/plain");
}

TEST_F(PdfApi, WhatCannotBeConvertedSaysWhy) {
  expect_refused("/image.pdf", "unsupported_content", "not a PDF");
  expect_refused("/archive.pdf", "unsupported_content", "not a PDF");
  expect_refused("/encrypted.pdf", "pdf_encrypted");
  expect_refused("/scan.pdf", "no_text_layer");
  expect_refused("/blank-pages.pdf", "unsupported_content", std::to_string(kMaxPdfBytes) + " bytes");
  expect_refused("/blank-pages.pdf", "unsupported_content", "max_pdf_bytes");
  expect_refused("/article.pdf", "unsupported_content", "max_pdf_pages");
  // Refusals are not cached: the origin is asked each time.
  EXPECT_EQ(origin_.request_count("/article.pdf"), 1U);
  expect_refused("/article.pdf", "unsupported_content");
  EXPECT_EQ(origin_.request_count("/article.pdf"), 2U);
}

}  // namespace
}  // namespace pagemd::testing
