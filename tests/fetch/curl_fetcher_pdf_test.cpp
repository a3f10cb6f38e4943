// PDFs: known by their bytes whatever they are served as, and held to their own cap (max_pdf_bytes)
// while pages keep theirs (max_body_bytes).
#include "compress.hpp"
#include "fetch_test.hpp"

namespace pagemd::fetch {
namespace {

using namespace std::chrono_literals;
using core::ErrorCode;

constexpr std::size_t kPageCap = 64 * 1024;
constexpr std::size_t kPdfCap = 256 * 1024;

FetchLimits small_caps() {
  FetchLimits limits;
  limits.max_body_bytes = kPageCap;
  limits.max_pdf_bytes = kPdfCap;
  return limits;
}

// Bytes the fetcher takes for a PDF (the header is all it looks at), `size` bytes long.
std::string pdf_bytes(std::size_t size, std::string_view before_header = {}) {
  std::string bytes(before_header);
  bytes += "%PDF-1.7\n%\xE2\xE3\xCF\xD3\n";
  bytes.resize(size, ' ');
  return bytes;
}

TEST_F(FetchTest, APdfIsKnownByItsBytesWhateverItIsServedAs) {
  const std::string pdf = pdf_bytes(5000);
  for (const char* type : {"application/pdf", "application/octet-stream", "binary/octet-stream",
                           "application/x-download", "image/png", "text/html", "text/plain", ""}) {
    serve("/doc", type, pdf);
    const auto fetched = fetch("/doc");
    ASSERT_TRUE(fetched) << type << ": " << fetched.error().message;
    EXPECT_EQ(fetched->content_type, "application/pdf") << type;
    EXPECT_EQ(fetched->body, pdf) << type;
  }
}

TEST_F(FetchTest, APdfHeaderCountsWithinTheFirstKibibyteOnly) {
  serve("/junk-first", "application/octet-stream", pdf_bytes(3000, std::string(1000, '\n')));
  serve("/header-too-late", "application/octet-stream", pdf_bytes(3000, std::string(1025, '\n')));
  serve("/short", "application/pdf", "%PDF-1.4\n");  // ends before the header window is full
  EXPECT_EQ(fetch("/junk-first")->content_type, "application/pdf");
  EXPECT_EQ(code_of(fetch("/header-too-late")), ErrorCode::unsupported_content);
  EXPECT_EQ(fetch("/short")->body, "%PDF-1.4\n");
}

TEST_F(FetchTest, OtherBinariesServedAsPdfOrOctetStreamAreUnsupported) {
  const std::string png("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
  const std::string zip = std::string("PK\x03\x04\x14\0\0\0\x08\0", 10) + std::string(4000, '\x01');
  for (const auto& [type, body] : std::vector<std::pair<std::string, std::string>>{
           {"application/pdf", png}, {"application/pdf", zip}, {"application/octet-stream", zip}, {"", png}}) {
    serve("/fake.pdf", type, body);
    const auto result = fetch("/fake.pdf");
    EXPECT_EQ(code_of(result), ErrorCode::unsupported_content) << type;
    if (!type.empty()) {
      EXPECT_NE(result.error().message.find("not a PDF"), std::string::npos) << result.error().message;
    }
  }
}

TEST_F(FetchTest, APdfMayBeLargerThanAPageUpToItsOwnCap) {
  serve("/big.pdf", "application/pdf", pdf_bytes(kPdfCap));
  serve("/big-untyped", "", pdf_bytes(kPdfCap));
  serve("/big-page", "text/html", std::string(kPageCap + 1, 'a'));
  const auto pdf = fetch("/big.pdf", small_caps());
  ASSERT_TRUE(pdf) << pdf.error().message;
  EXPECT_EQ(pdf->body.size(), kPdfCap);
  EXPECT_TRUE(fetch("/big-untyped", small_caps()));
  const auto page = fetch("/big-page", small_caps());
  EXPECT_EQ(code_of(page), ErrorCode::unsupported_content);
  EXPECT_NE(page.error().message.find(std::to_string(kPageCap)), std::string::npos) << page.error().message;
}

TEST_F(FetchTest, APdfOverItsCapIsUnsupportedNamingTheLimit) {
  serve("/declared.pdf", "application/pdf", pdf_bytes(kPdfCap + 1));  // with a Content-Length
  server_.handle("/streamed.pdf", [](const testing::HttpRequest&, testing::Responder& responder) {
    responder.write("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n\r\n");
    responder.write(pdf_bytes(kPdfCap + 1));
  });
  for (const char* path : {"/declared.pdf", "/streamed.pdf"}) {
    const auto result = fetch(path, small_caps());
    EXPECT_EQ(code_of(result), ErrorCode::unsupported_content) << path;
    EXPECT_NE(result.error().message.find(std::to_string(kPdfCap) + " bytes"), std::string::npos)
        << result.error().message;
    EXPECT_NE(result.error().message.find("max_pdf_bytes"), std::string::npos) << result.error().message;
  }
}

TEST_F(FetchTest, ACompressedPdfBombStopsAtThePdfCap) {
  const std::string header = "%PDF-1.7\n";
  const std::string bomb =
      testing::compress(testing::Coding::gzip, header + std::string(64 * 1024 - header.size(), '\0'),
                        16);  // 1 MiB decoded, four times the cap
  serve("/bomb.pdf", "application/pdf", bomb, {{"Content-Encoding", "gzip"}});
  const auto result = fetch("/bomb.pdf", small_caps());
  EXPECT_EQ(code_of(result), ErrorCode::unsupported_content);
  EXPECT_NE(result.error().message.find("max_pdf_bytes"), std::string::npos) << result.error().message;
}

}  // namespace
}  // namespace pagemd::fetch
