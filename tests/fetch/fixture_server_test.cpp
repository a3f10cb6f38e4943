// The fixture server itself (tests/support/fixture_server.cpp), driven by a raw socket client.
#include "fixture_server.hpp"

#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>

namespace pagemd::testing {
namespace {

namespace asio = boost::asio;

// Sends `request` as is and returns everything the server writes until it closes.
std::string raw_exchange(const FixtureServer& server, const std::string& request) {
  asio::io_context io;
  asio::ip::tcp::socket socket(io);
  socket.connect({asio::ip::make_address("127.0.0.1"), server.port()});
  asio::write(socket, asio::buffer(request));
  std::string response;
  boost::system::error_code error;
  asio::read(socket, asio::dynamic_buffer(response), error);
  return response;
}

std::string get(const FixtureServer& server, const std::string& target) {
  return raw_exchange(server, "GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
}

TEST(FixtureServer, ListensOnLoopbackWithAnEphemeralPort) {
  const FixtureServer server;
  EXPECT_GT(server.port(), 0);
  EXPECT_EQ(server.url("/a"), "http://127.0.0.1:" + std::to_string(server.port()) + "/a");
}

TEST(FixtureServer, HandlersSeeTheRequestAndWriteRawBytes) {
  FixtureServer server;
  HttpRequest seen;
  server.handle("/raw", [&](const HttpRequest& request, Responder& responder) {
    seen = request;
    responder.write("HTTP/1.1 299 Odd\r\n");
    responder.write("X-Test: 1\r\n\r\nbody");
  });
  const std::string response =
      raw_exchange(server, "GET /raw?q=1 HTTP/1.1\r\nHost: x\r\nUser-Agent:  Probe/2 \r\nConnection: close\r\n\r\n");
  EXPECT_EQ(response, "HTTP/1.1 299 Odd\r\nX-Test: 1\r\n\r\nbody");
  EXPECT_EQ(seen.method, "GET");
  EXPECT_EQ(seen.target, "/raw?q=1");
  EXPECT_EQ(seen.path, "/raw");
  EXPECT_EQ(seen.header("user-agent"), "Probe/2");
  EXPECT_EQ(seen.header("x-missing"), "");
}

TEST(FixtureServer, CountsRequestsPerPathAndAnswersUnknownPathsWith404) {
  FixtureServer server;
  server.handle("/known", [](const HttpRequest&, Responder& responder) { responder.send(200, "text/plain", "ok"); });
  EXPECT_NE(get(server, "/known?x=1").find("HTTP/1.1 200 OK"), std::string::npos);
  EXPECT_NE(get(server, "/known").find("\r\n\r\nok"), std::string::npos);
  EXPECT_NE(get(server, "/unknown").find("HTTP/1.1 404"), std::string::npos);
  EXPECT_EQ(server.request_count("/known"), 2u);
  EXPECT_EQ(server.request_count("/unknown"), 1u);
  EXPECT_EQ(server.request_count("/never"), 0u);
}

TEST(FixtureServer, KeepsTheConnectionForSentResponses) {
  FixtureServer server;
  server.handle("/a", [](const HttpRequest&, Responder& responder) { responder.send(200, "text/plain", "A"); });
  const std::string both = raw_exchange(server,
                                        "GET /a HTTP/1.1\r\nHost: x\r\n\r\n"
                                        "GET /a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(server.request_count("/a"), 2u);
  EXPECT_NE(both.find("A", both.find("\r\n\r\nA") + 5), std::string::npos);
}

TEST(FixtureServer, ServesADirectoryWithTypesAndNoTraversal) {
  FixtureServer server;
  server.serve_directory("/pages/", PAGEMD_TEST_DATA_DIR "/pages");
  const std::string html = get(server, "/pages/article.html");
  EXPECT_NE(html.find("Content-Type: text/html; charset=utf-8"), std::string::npos);
  EXPECT_NE(html.find("<h1>Fixture article</h1>"), std::string::npos);
  EXPECT_NE(get(server, "/pages/notes.txt").find("Content-Type: text/plain"), std::string::npos);
  EXPECT_NE(get(server, "/pages/data.json").find("Content-Type: application/json"), std::string::npos);
  EXPECT_NE(get(server, "/pages/missing.html").find("HTTP/1.1 404"), std::string::npos);
  EXPECT_NE(get(server, "/pages/../pages/article.html").find("HTTP/1.1 404"), std::string::npos);
  EXPECT_NE(get(server, "/pages/../../CMakeLists.txt").find("HTTP/1.1 404"), std::string::npos);
}

TEST(FixtureServer, DestructionCutsPausedHandlersShort) {
  std::atomic<bool> finished_early{false};
  {
    FixtureServer server;
    server.handle("/slow", [&](const HttpRequest&, Responder& responder) {
      finished_early = !responder.pause(std::chrono::hours(1));
    });
    asio::io_context io;
    asio::ip::tcp::socket socket(io);
    socket.connect({asio::ip::make_address("127.0.0.1"), server.port()});
    asio::write(socket, asio::buffer(std::string("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")));
    while (server.request_count("/slow") == 0) {
      std::this_thread::yield();
    }
  }  // the destructor returns although the handler asked for an hour
  EXPECT_TRUE(finished_early);
}

TEST(FixtureServer, BindsOtherLoopbackAddresses) {
  FixtureServer server("127.0.0.2");
  EXPECT_EQ(server.url("/"), "http://127.0.0.2:" + std::to_string(server.port()) + "/");
}

}  // namespace
}  // namespace pagemd::testing
