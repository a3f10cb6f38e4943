// What comes back: content types, charsets, content codings and upstream statuses.
#include "compress.hpp"
#include "fetch_test.hpp"
#include "pagemd/extract/extractor.hpp"

namespace pagemd::fetch {
namespace {

using namespace std::chrono_literals;
using core::ErrorCode;
using testing::Coding;

constexpr std::string_view kLatin1Page =
    "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Latin</title></head><body><article>"
    "<p>Caf\xe9 au lait and cr\xe8me br\xfbl\xe9"
    "e.</p></article></body></html>";

TEST_F(FetchTest, HtmlXhtmlAndPlainTextAreFetched) {
  serve("/html", "text/html", "<p>h</p>");
  serve("/xhtml", "Application/XHTML+XML; charset=utf-8", "<html xmlns=\"http://www.w3.org/1999/xhtml\"/>");
  serve("/text", "text/plain", "notes");
  EXPECT_EQ(fetch("/html")->content_type, "text/html");
  EXPECT_EQ(fetch("/xhtml")->content_type, "application/xhtml+xml");
  EXPECT_EQ(fetch("/text")->content_type, "text/plain");
}

TEST_F(FetchTest, OtherTypesAreUnsupported) {
  for (const char* type : {"application/pdf", "image/png", "application/json", "application/octet-stream", "text/css",
                           "application/xml", "video/mp4"}) {
    serve("/typed", type, "data");
    const auto result = fetch("/typed");
    EXPECT_EQ(code_of(result), ErrorCode::unsupported_content) << type;
    EXPECT_NE(result.error().message.find(type), std::string::npos) << result.error().message;
  }
}

TEST_F(FetchTest, AnUnsupportedTypeIsRefusedOnceItsFirstBytesShowItIsNoPdf) {
  // Only the header window is read: the rest of the body never comes, and the fetch ends in time.
  server_.handle("/video", [](const testing::HttpRequest&, testing::Responder& responder) {
    responder.write("HTTP/1.1 200 OK\r\nContent-Type: video/mp4\r\nTransfer-Encoding: chunked\r\n\r\n");
    responder.write("800\r\n" + std::string(0x800, '\x01') + "\r\n");
    responder.pause(60s);
  });
  EXPECT_EQ(code_of(fetch("/video", FetchLimits{5000ms, 5000ms})), ErrorCode::unsupported_content);
}

TEST_F(FetchTest, AMissingTypeIsSniffed) {
  serve("/untyped-html", "", "\n<!doctype html><title>t</title>");
  serve("/untyped-text", "", "just words\n");
  serve("/untyped-binary", "", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
  EXPECT_EQ(fetch("/untyped-html")->content_type, "text/html");
  EXPECT_EQ(fetch("/untyped-text")->content_type, "text/plain");
  EXPECT_EQ(code_of(fetch("/untyped-binary")), ErrorCode::unsupported_content);
}

TEST_F(FetchTest, TheHeaderCharsetIsReportedAsDeclared) {
  serve("/declared", "text/html; charset=\"ISO-8859-1\"", std::string(kLatin1Page));
  serve("/missing", "text/html", std::string(kLatin1Page));
  serve("/wrong", "text/html; charset=utf-8", std::string(kLatin1Page));
  serve("/unknown", "text/html; charset=x-no-such-charset", "<p>x</p>");
  const auto declared = fetch("/declared");
  ASSERT_TRUE(declared);
  EXPECT_EQ(declared->charset, "iso-8859-1");
  EXPECT_EQ(declared->body, kLatin1Page);  // bytes as sent: decoding is the extractor's job
  EXPECT_EQ(fetch("/missing")->charset, "");
  EXPECT_EQ(fetch("/wrong")->charset, "utf-8");
  EXPECT_EQ(fetch("/wrong")->body, kLatin1Page);
  EXPECT_EQ(fetch("/unknown")->charset, "x-no-such-charset");
}

TEST_F(FetchTest, TheHeaderCharsetReachesTheExtractorsDecoder) {
  serve("/latin1", "text/html; charset=iso-8859-1", std::string(kLatin1Page));
  const auto page = fetch("/latin1");
  ASSERT_TRUE(page) << page.error().message;
  extract::ExtractOptions options;
  options.page_url = page->final_url;
  options.declared_charset = page->charset;
  const auto extracted = extract::extract(page->body, options);
  ASSERT_TRUE(extracted);
  EXPECT_NE(extracted->markdown.find("Café au lait and crème brûlée."), std::string::npos) << extracted->markdown;

  options.declared_charset = "";  // without it the page's wrong <meta charset=utf-8> would win
  EXPECT_EQ(extract::extract(page->body, options)->markdown.find("Café"), std::string::npos);
}

TEST_F(FetchTest, HttpErrorsCarryTheUpstreamStatus) {
  // The statuses a block page comes with are errors too when their body is not HTML.
  for (const int status : {400, 403, 404, 410, 429, 500, 502, 503}) {
    server_.handle("/status", [status](const testing::HttpRequest&, testing::Responder& responder) {
      responder.send(status, status == 403 || status == 429 || status == 503 ? "text/plain" : "text/html",
                     "<p>error page</p>");
    });
    const auto result = fetch("/status");
    EXPECT_EQ(code_of(result), ErrorCode::fetch_failed) << status;
    EXPECT_EQ(result.error().upstream_status, status);
    EXPECT_NE(result.error().message.find(std::to_string(status)), std::string::npos);
  }
}

TEST_F(FetchTest, AnHtmlAnswerThatMayBeABlockPageComesWithItsStatusAndVendorHeaders) {
  for (const int status : {401, 403, 405, 428, 429, 503}) {
    server_.handle("/blocked", [status](const testing::HttpRequest&, testing::Responder& responder) {
      responder.send(status, "text/html; charset=UTF-8", "<title>Just a moment...</title>",
                     {{"Server", "cloudflare"}, {"CF-Mitigated", "challenge"}, {"X-Other", "kept out"}});
    });
    const auto page = fetch("/blocked");
    ASSERT_TRUE(page) << status << ": " << page.error().message;
    EXPECT_EQ(page->http_status, status);
    EXPECT_EQ(page->body, "<title>Just a moment...</title>");
    const std::vector<std::pair<std::string, std::string>> headers{{"server", "cloudflare"},
                                                                   {"cf-mitigated", "challenge"}};
    EXPECT_EQ(page->wall_headers, headers);
  }
}

TEST_F(FetchTest, AnErrorStatusIsDecidedWithoutWaitingForItsBody) {
  server_.handle("/stalled-500", [](const testing::HttpRequest&, testing::Responder& responder) {
    responder.write("HTTP/1.1 500 Internal Server Error\r\nContent-Type: text/html\r\nContent-Length: 100\r\n\r\n");
    responder.pause(60s);
  });
  const auto result = fetch("/stalled-500", FetchLimits{5000ms, 5000ms});
  EXPECT_EQ(code_of(result), ErrorCode::fetch_failed);
  EXPECT_EQ(result.error().upstream_status, 500);
}

TEST_F(FetchTest, InformationalResponsesAndTrailersAreHandled) {
  server_.handle("/continue", [](const testing::HttpRequest&, testing::Responder& responder) {
    responder.write("HTTP/1.1 100 Continue\r\nContent-Type: application/pdf\r\n\r\n");
    responder.write(testing::make_response(200, "text/html", "<p>after 100</p>"));
  });
  server_.handle("/trailers", [](const testing::HttpRequest&, testing::Responder& responder) {
    responder.write(
        "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n"
        "5\r\n<p>t<\r\n0\r\nContent-Type: application/pdf\r\n\r\n");
  });
  const auto after_continue = fetch("/continue");
  ASSERT_TRUE(after_continue) << after_continue.error().message;
  EXPECT_EQ(after_continue->body, "<p>after 100</p>");
  const auto with_trailers = fetch("/trailers");
  ASSERT_TRUE(with_trailers) << with_trailers.error().message;
  EXPECT_EQ(with_trailers->body, "<p>t<");
}

class ContentCoding : public FetchTest, public ::testing::WithParamInterface<Coding> {};

TEST_P(ContentCoding, BodiesAreDecoded) {
  std::string html = "<!DOCTYPE html><p>";
  for (int i = 0; i < 2000; ++i) {
    html += "word" + std::to_string(i) + " ";
  }
  html += "</p>";
  serve("/coded", "text/html; charset=utf-8", testing::compress(GetParam(), html),
        {{"Content-Encoding", std::string(testing::coding_name(GetParam()))}});
  const auto page = fetch("/coded");
  ASSERT_TRUE(page) << page.error().message;
  EXPECT_EQ(page->body, html);
}

INSTANTIATE_TEST_SUITE_P(Codings, ContentCoding,
                         ::testing::Values(Coding::gzip, Coding::deflate, Coding::br, Coding::zstd),
                         testing::CodingName{});

TEST_F(FetchTest, ACorruptCompressedBodyFails) {
  serve("/corrupt", "text/html", "definitely not gzip", {{"Content-Encoding", "gzip"}});
  EXPECT_EQ(code_of(fetch("/corrupt")), ErrorCode::fetch_failed);
}

}  // namespace
}  // namespace pagemd::fetch
