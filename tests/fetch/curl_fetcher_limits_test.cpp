// Timeouts, the size cap on decoded bytes (plain, chunked, close-delimited, compression bombs), and
// hostile framing. Timeouts are checked by their error code only; the servers stall for far longer
// than the limit, and the fixture server cuts its pauses short when a test ends.
#include "compress.hpp"
#include "fetch_test.hpp"

namespace pagemd::fetch {
namespace {

using namespace std::chrono_literals;
using core::ErrorCode;
using testing::Coding;

constexpr std::size_t kSmallCap = 64 * 1024;

FetchLimits short_timeout() {
  FetchLimits limits;
  limits.total_timeout = 300ms;
  return limits;
}

FetchLimits small_cap() {
  FetchLimits limits;
  limits.max_body_bytes = kSmallCap;
  return limits;
}

std::string chunked(std::string_view data, std::size_t chunk_size) {
  std::string out;
  for (std::size_t at = 0; at < data.size(); at += chunk_size) {
    const std::string_view piece = data.substr(at, chunk_size);
    char size[32];
    std::snprintf(size, sizeof size, "%zx\r\n", piece.size());
    out.append(size).append(piece).append("\r\n");
  }
  return out + "0\r\n\r\n";
}

TEST_F(FetchTest, SlowHeadersTimeOut) {
  server_.handle("/slow-headers", [](const testing::HttpRequest&, testing::Responder& responder) {
    if (responder.pause(60s)) {
      responder.send(200, "text/html", "<p>too late</p>");
    }
  });
  EXPECT_EQ(code_of(fetch("/slow-headers", short_timeout())), ErrorCode::fetch_timeout);
}

TEST_F(FetchTest, ASlowBodyTimesOut) {
  server_.handle("/slow-body", [](const testing::HttpRequest&, testing::Responder& responder) {
    responder.write("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 1000\r\n\r\n<p>first bytes");
    responder.pause(60s);
  });
  EXPECT_EQ(code_of(fetch("/slow-body", short_timeout())), ErrorCode::fetch_timeout);
}

TEST_F(FetchTest, ADrippingBodyHitsTheTotalTimeoutNotAnIdleOne) {
  server_.handle("/drip", [](const testing::HttpRequest&, testing::Responder& responder) {
    responder.write("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n");
    while (responder.write("1\r\nx\r\n") && responder.pause(20ms)) {
    }
  });
  EXPECT_EQ(code_of(fetch("/drip", short_timeout())), ErrorCode::fetch_timeout);
}

TEST_F(FetchTest, TheTimeoutCoversTheWholeRedirectChain) {
  for (int i = 0; i < 5; ++i) {
    const std::string next = "/hop" + std::to_string(i + 1);
    server_.handle("/hop" + std::to_string(i), [next](const testing::HttpRequest&, testing::Responder& responder) {
      if (responder.pause(100ms)) {  // each hop alone is well within the limit
        responder.send(302, "text/html", "", {{"Location", next}});
      }
    });
  }
  serve("/hop5", "text/html", "<p>end</p>");
  EXPECT_EQ(code_of(fetch("/hop0", short_timeout())), ErrorCode::fetch_timeout);
}

TEST_F(FetchTest, ABodyAtTheCapPassesOneByteMoreDoesNot) {
  serve("/at-cap", "text/html", std::string(kSmallCap, 'a'));
  serve("/over-cap", "text/html", std::string(kSmallCap + 1, 'a'));
  const auto at_cap = fetch("/at-cap", small_cap());
  ASSERT_TRUE(at_cap) << at_cap.error().message;
  EXPECT_EQ(at_cap->body.size(), kSmallCap);
  const auto over = fetch("/over-cap", small_cap());
  EXPECT_EQ(code_of(over), ErrorCode::unsupported_content);
  EXPECT_NE(over.error().message.find("larger than"), std::string::npos);
}

TEST_F(FetchTest, AChunkedBodyOverTheCapIsCutOff) {
  server_.handle("/chunked", [](const testing::HttpRequest&, testing::Responder& responder) {
    responder.write("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n");
    responder.write(chunked(std::string(kSmallCap + 1, 'b'), 8192));
  });
  server_.handle("/chunked-ok", [](const testing::HttpRequest&, testing::Responder& responder) {
    responder.write("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n");
    responder.write(chunked(std::string(kSmallCap, 'b'), 8192));
  });
  EXPECT_EQ(code_of(fetch("/chunked", small_cap())), ErrorCode::unsupported_content);
  const auto ok = fetch("/chunked-ok", small_cap());
  ASSERT_TRUE(ok) << ok.error().message;
  EXPECT_EQ(ok->body.size(), kSmallCap);
}

TEST_F(FetchTest, AnEndlessBodyStopsAtTheCap) {
  server_.handle("/endless", [](const testing::HttpRequest&, testing::Responder& responder) {
    responder.write("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n");
    const std::string block(16384, 'c');
    for (int i = 0; i < 100'000 && responder.write(block); ++i) {  // 1.6 GB unless the client hangs up
    }
  });
  EXPECT_EQ(code_of(fetch("/endless", small_cap())), ErrorCode::unsupported_content);
}

TEST_F(FetchTest, ADeclaredLengthOverTheCapIsRefusedBeforeTheBody) {
  // A page over the page cap, and a PDF over the PDF cap (32 MiB by default).
  for (const std::string type : {"text/html", "application/pdf"}) {
    server_.handle("/declared", [type](const testing::HttpRequest&, testing::Responder& responder) {
      responder.write("HTTP/1.1 200 OK\r\nContent-Type: " + type + "\r\nContent-Length: 99999999999\r\n\r\n");
      responder.pause(60s);  // no body comes: only the early refusal can end this fetch in time
    });
    EXPECT_EQ(code_of(fetch("/declared", small_cap())), ErrorCode::unsupported_content) << type;
  }
}

TEST_F(FetchTest, LyingContentLengths) {
  server_.handle("/short-claim", [](const testing::HttpRequest&, testing::Responder& responder) {
    responder.write("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5\r\n\r\n<p>abcdefghij</p>");
  });
  const auto short_claim = fetch("/short-claim");
  ASSERT_TRUE(short_claim) << short_claim.error().message;
  EXPECT_EQ(short_claim->body, "<p>ab");  // the declared length delimits the body

  server_.handle("/long-claim", [](const testing::HttpRequest&, testing::Responder& responder) {
    responder.write("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 1000\r\n\r\n<p>cut</p>");
  });  // and the connection closes
  EXPECT_EQ(code_of(fetch("/long-claim")), ErrorCode::fetch_failed);
}

TEST_F(FetchTest, HugeHeadersFail) {
  server_.handle("/headers", [](const testing::HttpRequest&, testing::Responder& responder) {
    responder.write("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n");
    for (int i = 0; i < 2000 && responder.write("X-Filler-" + std::to_string(i) + ": " + std::string(60, 'h') + "\r\n");
         ++i) {
    }
    responder.write("Content-Length: 2\r\n\r\nok");
  });
  EXPECT_EQ(code_of(fetch("/headers")), ErrorCode::fetch_failed);
}

TEST_F(FetchTest, GarbageInsteadOfHttpFails) {
  server_.handle("/garbage", [](const testing::HttpRequest&, testing::Responder& responder) {
    responder.write("SSH-2.0-OpenSSH_9.2\r\n\x01\x02\x03");
  });
  server_.handle("/empty", [](const testing::HttpRequest&, testing::Responder&) {});
  EXPECT_EQ(code_of(fetch("/garbage")), ErrorCode::fetch_failed);
  EXPECT_EQ(code_of(fetch("/empty")), ErrorCode::fetch_failed);
}

class CompressionBomb : public FetchTest, public ::testing::WithParamInterface<Coding> {};

TEST_P(CompressionBomb, StopsAtTheDefaultCap) {
  // 32 MiB of markup-looking text: three times the 10 MiB cap once decoded.
  const std::string bomb = testing::compress(GetParam(), std::string(64 * 1024, 'a'), 512);
  ASSERT_LT(bomb.size(), 200'000u);
  if (GetParam() == Coding::zstd) {
    EXPECT_LT(bomb.size(), 1100u);  // 4 bytes per 128 KiB block
  }
  serve("/bomb", "text/html", bomb, {{"Content-Encoding", std::string(testing::coding_name(GetParam()))}});
  const auto result = fetch("/bomb");
  EXPECT_EQ(code_of(result), ErrorCode::unsupported_content);
  EXPECT_NE(result.error().message.find("larger than 10485760 bytes"), std::string::npos) << result.error().message;
}

TEST_P(CompressionBomb, AThreeKilobyteBombIsRefusedToo) {
  // Gzip cannot pack 10 MiB into 3 KB, but any coding must still stop at a lower cap.
  FetchLimits limits;
  limits.max_body_bytes = 1024 * 1024;
  const std::string bomb = testing::compress(GetParam(), std::string(1024, '\0'), 2048);  // 2 MiB of NULs
  serve("/small-bomb", "text/html", bomb, {{"Content-Encoding", std::string(testing::coding_name(GetParam()))}});
  EXPECT_LE(bomb.size(), 3 * 1024u);
  EXPECT_EQ(code_of(fetch("/small-bomb", limits)), ErrorCode::unsupported_content);
}

INSTANTIATE_TEST_SUITE_P(Codings, CompressionBomb,
                         ::testing::Values(Coding::gzip, Coding::deflate, Coding::br, Coding::zstd),
                         testing::CodingName{});

}  // namespace
}  // namespace pagemd::fetch
