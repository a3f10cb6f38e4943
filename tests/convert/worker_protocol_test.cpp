#include "worker_protocol.hpp"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <thread>

namespace pagemd::convert::protocol {
namespace {

extract::Extraction full_extraction() {
  extract::Extraction extraction;
  extraction.markdown = std::string("# Title\n\nText with a NUL \0 byte.\n", 34);
  extract::Metadata& m = extraction.metadata;
  m.title = "Title";
  m.word_count = 1234567;
  m.links = {"https://example.com/a", "", "https://example.com/b"};
  m.language = "en";
  m.language_tag = "en";
  m.description = "description";
  m.author = "author";
  m.published_time = "2026-01-02T03:04:05Z";
  m.site_name = "site";
  m.image = "https://example.com/i.png";
  m.canonical_url = "https://example.com/canonical";
  m.page_type = extract::PageType::document;
  m.paywalled = true;
  m.content_type = "application/pdf";
  m.page_count = 321;
  extraction.warning = "thin";
  extraction.wall = {extract::WallKind::blocked, "datadome"};
  return extraction;
}

TEST(WorkerProtocol, RequestsComeThroughWhole) {
  Page page;
  page.body = std::string("<p>bytes \xff\0 of any kind</p>", 26);
  page.media_type = MediaType::plain_text;
  page.declared_charset = "shift_jis";
  page.declared_language = "ja";
  page.url = "https://example.com/page";
  ConvertOptions options;
  options.scope = extract::ContentScope::whole_body;
  options.include_selectors = {"article", "main p"};
  options.exclude_selectors = {".ad"};
  options.accept_walls = true;
  page.http_status = 429;
  page.wall_headers = {{"server", "cloudflare"}, {"cf-mitigated", "challenge"}};
  options.max_pdf_bytes = 123456789;
  options.max_pdf_pages = 77;
  const auto decoded =
      decode_request(encode_request(page, options, WorkerLimits{std::chrono::seconds{7}, 48 << 20, 4242}));
  ASSERT_TRUE(decoded);
  EXPECT_EQ(decoded->page.body, page.body);
  EXPECT_EQ(decoded->page.media_type, MediaType::plain_text);
  EXPECT_EQ(decoded->page.declared_charset, "shift_jis");
  EXPECT_EQ(decoded->page.declared_language, "ja");
  EXPECT_EQ(decoded->page.url, page.url);
  EXPECT_EQ(decoded->options.scope, extract::ContentScope::whole_body);
  EXPECT_EQ(decoded->options.include_selectors, options.include_selectors);
  EXPECT_EQ(decoded->options.exclude_selectors, options.exclude_selectors);
  EXPECT_EQ(decoded->options.max_pdf_bytes, 123456789U);
  EXPECT_EQ(decoded->options.max_pdf_pages, 77U);
  EXPECT_EQ(decoded->limits.cpu, std::chrono::seconds{7});
  EXPECT_EQ(decoded->limits.memory_bytes, 48U << 20);
  EXPECT_EQ(decoded->limits.result_bytes, 4242U);
  EXPECT_EQ(decoded->page.http_status, 429);
  EXPECT_EQ(decoded->page.wall_headers, page.wall_headers);
  EXPECT_TRUE(decoded->options.accept_walls);
}

TEST(WorkerProtocol, AWallsErrorKeepsItsVendorReasonAndStatus) {
  core::Error blocked{core::ErrorCode::page_blocked, "blocked", 403};
  blocked.vendor = "akamai";
  const auto decoded = decode_reply(encode_reply(core::unexpected(blocked)));
  ASSERT_TRUE(decoded && !*decoded);
  EXPECT_EQ(decoded->error().code, core::ErrorCode::page_blocked);
  EXPECT_EQ(decoded->error().vendor, "akamai");
  EXPECT_EQ(decoded->error().upstream_status, 403);
  core::Error unusable{core::ErrorCode::page_unusable, "login"};
  unusable.reason = "login_wall";
  const auto login = decode_reply(encode_reply(core::unexpected(unusable)));
  ASSERT_TRUE(login && !*login);
  EXPECT_EQ(login->error().reason, "login_wall");
  EXPECT_FALSE(login->error().upstream_status);
}

TEST(WorkerProtocol, ResultsComeThroughTyped) {
  const extract::Extraction sent = full_extraction();
  const auto decoded = decode_reply(encode_reply(sent));
  ASSERT_TRUE(decoded && *decoded);
  EXPECT_EQ(**decoded, sent);

  extract::Extraction plain;
  plain.markdown = "x";
  const auto without_warning = decode_reply(encode_reply(plain));
  ASSERT_TRUE(without_warning && *without_warning);
  EXPECT_EQ(**without_warning, plain);
}

TEST(WorkerProtocol, ErrorsKeepTheirCodeAndMessage) {
  const core::Result<extract::Extraction> sent = core::unexpected(core::ErrorCode::invalid_request, "bad selector");
  const auto decoded = decode_reply(encode_reply(sent));
  ASSERT_TRUE(decoded);
  ASSERT_FALSE(*decoded);
  EXPECT_EQ(decoded->error().code, core::ErrorCode::invalid_request);
  EXPECT_EQ(decoded->error().message, "bad selector");
}

TEST(WorkerProtocol, TruncatedOrPaddedFramesAreRefused) {
  const std::string reply = encode_reply(full_extraction());
  for (std::size_t cut = 0; cut < reply.size(); cut += 7) {
    EXPECT_FALSE(decode_reply(std::string_view(reply).substr(0, cut))) << cut;
  }
  EXPECT_FALSE(decode_reply(reply + "x"));
  extract::Extraction unknown_type = full_extraction();
  unknown_type.metadata.page_type = static_cast<extract::PageType>(static_cast<int>(extract::PageType::document) + 1);
  EXPECT_FALSE(decode_reply(encode_reply(unknown_type)));
  const std::string request = encode_request(Page{"<p>x</p>", MediaType::html, "", "", ""}, {}, {});
  EXPECT_FALSE(decode_request(std::string_view(request).substr(0, request.size() - 1)));
  EXPECT_FALSE(decode_request(request + "x"));
  // A list count far larger than the frame must not be believed (nor allocated for).
  std::string huge_count = encode_request(Page{}, {}, {});
  // media type, charset, language, url, status, header count, accept_walls, scope
  const std::size_t count_at = 1 + 8 + 8 + 8 + 4 + 8 + 1 + 1;
  huge_count.replace(count_at, 8, std::string(8, '\xff'));
  EXPECT_FALSE(decode_request(huge_count));
}

TEST(WorkerProtocol, FramesCrossASocketAndOversizedOnesAreRefused) {
  int ends[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, ends), 0);
  const std::string payload(200000, 'p');
  std::thread writer([&] {
    EXPECT_TRUE(write_frame(ends[0], payload));
    EXPECT_TRUE(write_frame(ends[0], payload));
  });
  EXPECT_EQ(read_frame(ends[1], payload.size()), payload);
  EXPECT_FALSE(read_frame(ends[1], payload.size() - 1));  // refused on its length alone
  writer.join();
  ::close(ends[0]);
  EXPECT_FALSE(read_frame(ends[1], payload.size()));  // what is left is not a frame
  ::close(ends[1]);
}

// The supervisor sends a request as its head and then the page body from where it lies (no copy of a
// 32 MiB PDF beside it): the worker reads the same frame as encode_request makes.
TEST(WorkerProtocol, ARequestSentAsHeadAndBodyIsTheWholeRequest) {
  Page page;
  page.body = std::string("%PDF-1.7\n\0binary", 16) + std::string(300000, 'b');
  page.url = "https://example.com/report.pdf";
  const WorkerLimits limits{std::chrono::seconds{3}, 1 << 20, 99};
  const std::string head = encode_request_head(page, {}, limits);
  ASSERT_LT(head.size(), 200U) << "the head holds no body bytes";
  int ends[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, ends), 0);
  std::thread writer([&] { EXPECT_TRUE(write_frame(ends[0], head, page.body)); });
  const auto frame = read_frame(ends[1], kMaxFrameBytes);
  writer.join();
  ::close(ends[0]);
  ::close(ends[1]);
  ASSERT_TRUE(frame);
  EXPECT_EQ(*frame, encode_request(page, {}, limits));
  const auto decoded = decode_request(*frame);
  ASSERT_TRUE(decoded);
  EXPECT_EQ(decoded->page.body, page.body);
  EXPECT_EQ(decoded->page.url, page.url);
}

TEST(WorkerProtocol, AFrameThatStopsHalfwayIsGivenUpAtTheDeadline) {
  int ends[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, ends), 0);
  // The length of a 1,000-byte frame and only 10 of its bytes, then silence with the peer still open:
  // without the deadline the reader would wait for ever.
  const std::uint64_t length = 1000;
  ASSERT_EQ(::write(ends[0], &length, sizeof length), static_cast<ssize_t>(sizeof length));
  ASSERT_EQ(::write(ends[0], "0123456789", 10), 10);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
  EXPECT_FALSE(read_frame(ends[1], length, deadline));
  // Nothing at all arrives: the same.
  EXPECT_FALSE(read_frame(ends[1], length, std::chrono::steady_clock::now() + std::chrono::milliseconds(50)));
  ::close(ends[0]);
  ::close(ends[1]);
}

}  // namespace
}  // namespace pagemd::convert::protocol
