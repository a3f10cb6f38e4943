#include "pagemd/server/server.hpp"

#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>

#include <atomic>
#include <future>
#include <sstream>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "pagemd/api/responses.hpp"

namespace pagemd::server {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;

class EchoHandler final : public api::Handler {
 public:
  asio::awaitable<api::Response> handle(const api::Request& request, const api::RequestInfo& info) override {
    ++calls;
    if (request.target() == "/slow" && slow_until.valid()) slow_until.wait();
    if (request.target() == "/throw") throw std::runtime_error("handler bug");
    nlohmann::json answer = {{"target", std::string(request.target())}, {"draining", info.draining}};
    if (!request.body().empty()) answer["body"] = request.body();
    co_return api::json_response(request, 200, answer);
  }
  // Like a keyed route: no Authorization header, no large body.
  std::optional<api::Response> refuse_before_body(const api::Request& headers, const api::RequestInfo&) override {
    ++vetted;
    if (!headers[boost::beast::http::field::authorization].empty()) return std::nullopt;
    return api::error_response(headers, {core::ErrorCode::unauthorized, "no key"});
  }
  std::atomic<int> calls{0};
  std::atomic<int> vetted{0};
  // What a request for /slow waits for before it is answered.
  std::shared_future<void> slow_until;
};

// A server on a free loopback port, run on a thread of its own for the test's lifetime.
class RunningServer {
 public:
  explicit RunningServer(ServerOptions options, Lifecycle events = {}) : lifecycle(std::move(events)) {
    options.host = "127.0.0.1";
    options.port = 0;
    options.io_threads = 2;  // as the daemon runs on two cores: the listener and the drain share the threads
    auto listening = Server::listen(options, handler, metrics);
    if (!listening) throw std::runtime_error(listening.error().message);
    server = std::move(*listening);
    thread = std::thread([this] { drained = server->run(lifecycle); });
  }
  ~RunningServer() {
    server->drain();
    if (thread.joinable()) thread.join();
  }
  EchoHandler handler;
  api::Metrics metrics;
  Lifecycle lifecycle;
  std::unique_ptr<Server> server;
  std::thread thread;
  bool drained = false;
};

// Sends raw bytes on a fresh connection and returns everything the server writes until it closes.
std::string exchange(std::uint16_t port, const std::string& bytes) {
  asio::io_context io;
  tcp::socket socket(io);
  socket.connect({asio::ip::make_address("127.0.0.1"), port});
  // The server may answer and close before all is sent (an oversized request): a failed write is fine.
  boost::system::error_code ec;
  asio::write(socket, asio::buffer(bytes), ec);
  std::string answer;
  asio::read(socket, asio::dynamic_buffer(answer), ec);
  return answer;
}

TEST(Server, AnswersAndKeepsConnectionsAlive) {
  RunningServer running({});
  const std::string two_requests =
      "GET /one HTTP/1.1\r\nHost: x\r\n\r\nGET /two HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  const std::string answer = exchange(running.server->port(), two_requests);
  EXPECT_NE(answer.find("{\"draining\":false,\"target\":\"/one\"}"), std::string::npos) << answer;
  EXPECT_NE(answer.find("{\"draining\":false,\"target\":\"/two\"}"), std::string::npos) << answer;
  EXPECT_NE(answer.find("X-Request-Id: "), std::string::npos);
}

TEST(Server, ABodyIsReadWholeWhetherItCameWithTheHeadersOrAfterThem) {
  RunningServer running({});
  const std::uint16_t port = running.server->port();
  const std::string with_headers =
      "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"
      "POST /b HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
      "3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"
      "GET /c HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  const std::string answers = exchange(port, with_headers);
  EXPECT_NE(answers.find("{\"body\":\"hello\",\"draining\":false,\"target\":\"/a\"}"), std::string::npos) << answers;
  EXPECT_NE(answers.find("{\"body\":\"abcde\",\"draining\":false,\"target\":\"/b\"}"), std::string::npos) << answers;
  EXPECT_NE(answers.find("{\"draining\":false,\"target\":\"/c\"}"), std::string::npos) << answers;

  // Part of the body with the headers, the rest later: the server must wait for it.
  asio::io_context io;
  tcp::socket socket(io);
  socket.connect({asio::ip::make_address("127.0.0.1"), port});
  asio::write(socket, asio::buffer(std::string("POST /d HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                                               "Content-Length: 11\r\n\r\nhello")));
  std::this_thread::sleep_for(100ms);
  asio::write(socket, asio::buffer(std::string(" world")));
  std::string split;
  boost::system::error_code ec;
  asio::read(socket, asio::dynamic_buffer(split), ec);
  EXPECT_NE(split.find("{\"body\":\"hello world\",\"draining\":false,\"target\":\"/d\"}"), std::string::npos) << split;

  const std::string bad_chunk =
      "POST /e HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n";
  EXPECT_EQ(exchange(port, bad_chunk).rfind("HTTP/1.1 400", 0), 0U);
  EXPECT_EQ(running.handler.calls.load(), 4);
}

TEST(Server, OversizedHeadersAndBodiesAreRefused) {
  RunningServer running({});
  const std::string big_header = "GET / HTTP/1.1\r\nHost: x\r\nX-Pad: " + std::string(9000, 'p') + "\r\n\r\n";
  EXPECT_EQ(exchange(running.server->port(), big_header).rfind("HTTP/1.1 431", 0), 0U);
  const std::string big_body = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 70000\r\n\r\n" + std::string(70000, 'b');
  EXPECT_EQ(exchange(running.server->port(), big_body).rfind("HTTP/1.1 413", 0), 0U);
  const std::string chunked = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n11170\r\n" +
                              std::string(70000, 'c') + "\r\n0\r\n\r\n";
  EXPECT_EQ(exchange(running.server->port(), chunked).rfind("HTTP/1.1 413", 0), 0U);
  EXPECT_EQ(exchange(running.server->port(), "NONSENSE\r\n\r\n").rfind("HTTP/1.1 400", 0), 0U);
  EXPECT_EQ(running.handler.calls.load(), 0);
}

TEST(Server, APathWithALargeBodyLimitTakesLargeBodiesAndOnlyIt) {
  ServerOptions options;
  options.large_body_paths = {"/mcp"};
  options.max_large_body_bytes = 200'000;
  RunningServer running(options);
  const auto post = [&](const std::string& target, std::size_t size, bool chunked) {
    const std::string body(size, 'b');
    // With a key, which the handler wants to see before a large body is read.
    std::string request = "POST " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer k\r\n";
    if (chunked) {
      std::ostringstream length;
      length << std::hex << size;
      request += "Transfer-Encoding: chunked\r\n\r\n" + length.str() + "\r\n" + body + "\r\n0\r\n\r\n";
    } else {
      request += "Content-Length: " + std::to_string(size) + "\r\n\r\n" + body;
    }
    return exchange(running.server->port(), request).substr(0, 12);
  };
  EXPECT_EQ(post("/mcp", 150'000, false), "HTTP/1.1 200");
  EXPECT_EQ(post("/mcp?x=1", 150'000, true), "HTTP/1.1 200");
  EXPECT_EQ(post("/mcp", 250'000, false), "HTTP/1.1 413");  // declared over the large limit
  EXPECT_EQ(post("/mcp", 250'000, true), "HTTP/1.1 413");
  // Other paths keep the ordinary limit, declared or chunked, although the parser starts out large.
  EXPECT_EQ(post("/api/v1/extract", 70'000, false), "HTTP/1.1 413");
  EXPECT_EQ(post("/api/v1/extract", 70'000, true), "HTTP/1.1 413");
  EXPECT_EQ(running.handler.calls.load(), 2);
}

// A large body is read only once the handler accepts the headers; a refused caller is answered with the
// body unsent, so the server never holds it.
TEST(Server, ALargeBodyIsReadOnlyAfterTheHandlerAcceptsTheHeaders) {
  ServerOptions options;
  options.large_body_paths = {"/mcp"};
  options.max_large_body_bytes = 3'000'000;
  RunningServer running(options);
  const std::string headers = "POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 2097152\r\n";
  // Only the headers are sent: the answer comes without waiting for the 2 MiB announced.
  const std::string refused = exchange(running.server->port(), headers + "\r\n");
  EXPECT_EQ(refused.rfind("HTTP/1.1 401", 0), 0U) << refused;
  EXPECT_NE(refused.find("Connection: close"), std::string::npos) << refused;
  const std::string chunked =
      exchange(running.server->port(), "POST /mcp HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
  EXPECT_EQ(chunked.rfind("HTTP/1.1 401", 0), 0U) << chunked;
  EXPECT_EQ(running.handler.vetted.load(), 2);
  EXPECT_EQ(running.handler.calls.load(), 0);

  const std::string accepted = exchange(running.server->port(), headers +
                                                                    "Authorization: Bearer k\r\n"
                                                                    "Connection: close\r\n\r\n" +
                                                                    std::string(2097152, 'b'));
  EXPECT_EQ(accepted.rfind("HTTP/1.1 200", 0), 0U) << accepted.substr(0, 200);
  EXPECT_EQ(running.handler.calls.load(), 1);
  // A body within the ordinary limit goes straight to the handler, which makes its own checks.
  const std::string small = exchange(
      running.server->port(), "POST /mcp HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}");
  EXPECT_EQ(small.rfind("HTTP/1.1 200", 0), 0U) << small;
  EXPECT_EQ(running.handler.vetted.load(), 3);
}

TEST(Server, ASlowClientIsCutOffAtTheReadTimeout) {
  ServerOptions options;
  options.read_timeout = 300ms;
  RunningServer running(options);
  // Half a request line, then silence: the server must close the connection rather than wait.
  const std::string answer = exchange(running.server->port(), "GET /slowloris HTTP/1.1\r\nHost:");
  EXPECT_EQ(answer, "");
  EXPECT_EQ(running.handler.calls.load(), 0);
}

TEST(Server, HandlerExceptionsBecome500) {
  RunningServer running({});
  const std::string answer =
      exchange(running.server->port(), "GET /throw HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 500", 0), 0U) << answer;
  EXPECT_NE(answer.find("\"code\":\"internal\""), std::string::npos);
  EXPECT_EQ(answer.find("handler bug"), std::string::npos);  // details stay in the log
}

TEST(Server, ConnectionsOverTheCapAreTurnedAway) {
  ServerOptions options;
  options.max_connections = 1;
  RunningServer running(options);
  asio::io_context io;
  tcp::socket held(io);
  held.connect({asio::ip::make_address("127.0.0.1"), running.server->port()});
  // The server takes connections in the order they were made, so the held one is counted first.
  const std::string answer = exchange(running.server->port(), "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 503", 0), 0U) << answer;
}

// One client address cannot hold every connection: past its share it is turned away, others are not,
// and a connection it closes frees its place.
TEST(Server, OneAddressGetsItsShareOfConnections) {
  ServerOptions options;
  options.max_connections_per_address = 2;
  RunningServer running(options);
  asio::io_context io;
  std::vector<tcp::socket> held;
  for (int i = 0; i < 2; ++i) {
    held.emplace_back(io);
    held.back().connect({asio::ip::make_address("127.0.0.1"), running.server->port()});
  }
  // The server takes connections in the order they were made, so the held ones are counted first.
  const std::string refused = exchange(running.server->port(), "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(refused.rfind("HTTP/1.1 503", 0), 0U) << refused;
  held.back().close();
  held.pop_back();
  // The place is free once the server has seen the connection go, which takes it a moment of its own:
  // until then it still says 503. The bound only stops a server that never frees it.
  std::string served;
  const auto give_up = std::chrono::steady_clock::now() + 30s;
  for (;;) {
    served = exchange(running.server->port(), "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    if (served.rfind("HTTP/1.1 503", 0) != 0 || std::chrono::steady_clock::now() >= give_up) break;
    std::this_thread::sleep_for(10ms);
  }
  EXPECT_EQ(served.rfind("HTTP/1.1 200", 0), 0U) << served;
}

TEST(Server, DrainFinishesRequestsInFlight) {
  // The request is answered only once the drain has begun, so it is in flight then on any machine.
  std::promise<void> drain_begun;
  Lifecycle lifecycle;
  lifecycle.on_stopping = [&drain_begun] { drain_begun.set_value(); };
  auto running = std::make_unique<RunningServer>(ServerOptions{}, lifecycle);
  running->handler.slow_until = drain_begun.get_future().share();
  std::string answer;
  std::thread client([&] { answer = exchange(running->server->port(), "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n"); });
  while (running->handler.calls.load() == 0) std::this_thread::sleep_for(5ms);
  running->server->drain();
  client.join();
  EXPECT_EQ(answer.rfind("HTTP/1.1 200", 0), 0U) << answer;
  EXPECT_NE(answer.find("Connection: close"), std::string::npos);
  running.reset();
}

// Connections come and go on both I/O threads while the server drains: every client gets whole
// answers or a closed connection, and the server stops.
TEST(Server, DrainsWhileConnectionsComeAndGoOnSeveralThreads) {
  auto running = std::make_unique<RunningServer>(ServerOptions{});
  const std::uint16_t port = running->server->port();
  std::atomic<bool> stop{false};
  std::atomic<int> answered{0};
  std::atomic<int> torn{0};
  std::vector<std::thread> clients;
  for (int c = 0; c < 8; ++c) {
    clients.emplace_back([&] {
      while (!stop.load()) {
        boost::system::error_code ec;
        asio::io_context io;
        tcp::socket socket(io);
        socket.connect({asio::ip::make_address("127.0.0.1"), port}, ec);
        if (ec) continue;  // the listener has closed
        asio::write(socket, asio::buffer(std::string("GET /a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")), ec);
        std::string answer;
        asio::read(socket, asio::dynamic_buffer(answer), ec);
        if (answer.empty()) continue;  // refused or closed before a request was read
        if (answer.rfind("HTTP/1.1 200", 0) == 0 && answer.find("\"target\":\"/a\"") != std::string::npos) {
          ++answered;
        } else {
          ++torn;
        }
      }
    });
  }
  while (answered.load() < 200) std::this_thread::sleep_for(1ms);
  running->server->drain();
  running->thread.join();
  stop = true;
  for (auto& client : clients) client.join();
  EXPECT_EQ(torn.load(), 0);
  EXPECT_TRUE(running->drained);
}

}  // namespace
}  // namespace pagemd::server
