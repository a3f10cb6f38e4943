// POST /mcp on the real daemon: sessions, origins, and tool calls metered, cached and rate-limited like
// POST /api/v1/extract. (The official SDK client drives both transports in tests/mcp/client.)

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "daemon_test.hpp"
#include "strict_json.hpp"

namespace pagemd::testing {
namespace {

using nlohmann::json;

class McpApi : public DaemonTest {
 protected:
  HttpResponse post(const json& message, std::vector<std::string> headers = {}) {
    headers.push_back(bearer(account_->key));
    headers.emplace_back("Content-Type: application/json");
    if (!session_.empty()) headers.push_back("Mcp-Session-Id: " + session_);
    return http_request("POST", daemon_->url("/mcp"), headers, message.dump());
  }
  void initialize() {
    const auto answer = post({{"jsonrpc", "2.0"},
                              {"id", 0},
                              {"method", "initialize"},
                              {"params", {{"protocolVersion", "2025-06-18"}, {"capabilities", json::object()}}}});
    ASSERT_EQ(answer.status, 200) << answer.body;
    session_ = answer.header("mcp-session-id");
    ASSERT_EQ(session_.size(), 32U);
    EXPECT_EQ(post({{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}}).status, 202);
  }
  json call_tool(const std::string& name, const json& arguments) {
    const auto answer = post({{"jsonrpc", "2.0"},
                              {"id", ++next_id_},
                              {"method", "tools/call"},
                              {"params", {{"name", name}, {"arguments", arguments}}}});
    EXPECT_EQ(answer.status, 200) << answer.body;
    last_ = answer;
    // One object whose keys are unique, as strict parsers and schema validators demand.
    return parse_strict_json(answer.body).value("result", json::object());
  }

  std::string session_;
  int next_id_ = 0;
  HttpResponse last_;
};

TEST_F(McpApi, AToolCallIsMeteredAndCachedLikeTheRestEndpoint) {
  origin_.handle("/article",
                 [](const HttpRequest&, Responder& out) { out.send(200, "text/html", article_html("Metered")); });
  start_daemon();
  initialize();
  const json first = call_tool("extract", {{"url", origin_.url("/article")}});
  ASSERT_EQ(first.value("isError", true), false) << first.dump();
  EXPECT_EQ(first["structuredContent"]["title"], "Metered");
  const json second = call_tool("extract", {{"url", origin_.url("/article")}});
  EXPECT_EQ(second["content"], first["content"]);
  // convert_html brings a whole page: a body far over the API's 64 KiB, within mcp_max_body_bytes.
  std::string big_page = "<html><body><article>";
  while (big_page.size() < 300'000) big_page += "<p>A paragraph of a long page that an agent already has.</p>";
  const json given = call_tool("convert_html", {{"html", big_page + "</article></body></html>"}});
  EXPECT_EQ(given.value("isError", true), false) << given.dump().substr(0, 300);
  // The extracts count as pages, as POST /api/v1/extract would, and share the one cache.
  EXPECT_EQ(get("/extract/usage", account_->key).json()["used"], 3);  // two extracts, one convert_html
  EXPECT_EQ(origin_.request_count("/article"), 1U);
  EXPECT_EQ(extract(origin_.url("/article"), account_->key).header("x-cache"), "HIT");
}

TEST_F(McpApi, ThePerMinuteLimitIsAToolResultWithItsWait) {
  start_daemon({"--rate-limit-per-minute", "5"});
  initialize();  // initialize and its notification: two messages of the window
  EXPECT_EQ(post({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/list"}}).status, 200);
  EXPECT_EQ(call_tool("usage", json::object()).value("isError", true), false);
  EXPECT_EQ(call_tool("usage", json::object()).value("isError", true), false);
  const json limited = call_tool("usage", json::object());
  EXPECT_EQ(limited.value("isError", false), true) << limited.dump();
  const std::string text = limited["content"][0]["text"];
  EXPECT_NE(text.find("rate_limited"), std::string::npos) << text;
  EXPECT_NE(text.find("Retry in"), std::string::npos) << text;
  EXPECT_GT(limited["_meta"]["retry_after_seconds"].get<int>(), 0);
  EXPECT_EQ(last_.header("x-ratelimit-remaining"), "0");
  // The REST endpoint shares the window.
  EXPECT_EQ(get("/extract/usage", account_->key).status, 429);
}

// Messages other than tool calls count too: pings in a loop are held to the limit like extracts.
TEST_F(McpApi, EveryMessageCountsAgainstThePerMinuteLimit) {
  start_daemon({"--rate-limit-per-minute", "5"});
  initialize();
  int passed = 0;
  for (int i = 0; i < 30; ++i) {
    const auto answer = post({{"jsonrpc", "2.0"}, {"id", 100 + i}, {"method", "ping"}});
    if (answer.status == 200) {
      ++passed;
      continue;
    }
    ASSERT_EQ(answer.status, 429) << answer.body;
    EXPECT_FALSE(answer.header("retry-after").empty());
    const json refused = parse_strict_json(answer.body);
    EXPECT_EQ(refused["id"], 100 + i);
    EXPECT_NE(refused["error"]["message"].get<std::string>().find("rate_limited"), std::string::npos);
  }
  EXPECT_EQ(passed, 3) << "five a minute, two of them the handshake's";
}

TEST_F(McpApi, SessionsAndOriginsAreChecked) {
  start_daemon({"--mcp-allowed-origins", "https://app.example"});
  const json list = {{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/list"}};
  EXPECT_EQ(post(list).status, 400);  // no session yet
  session_ = "not-a-session";
  EXPECT_EQ(post(list).status, 404);
  session_.clear();
  initialize();
  EXPECT_EQ(post(list).status, 200);
  EXPECT_EQ(post(list, {"Origin: https://app.example"}).status, 200);
  EXPECT_EQ(post(list, {"Origin: https://evil.example"}).status, 403);
  EXPECT_EQ(post(list, {"MCP-Protocol-Version: 1999-01-01"}).status, 400);
  EXPECT_EQ(http_request("POST", daemon_->url("/mcp"), {}, list.dump()).status, 401);
  EXPECT_EQ(http_request("GET", daemon_->url("/mcp"), {bearer(account_->key)}).status, 405);
  // The REST endpoint's bounds hold for tool calls too: a selector too long to match cheaply.
  const json long_selector =
      call_tool("extract", {{"url", "https://example.com/"}, {"include_selectors", {std::string(300, 'p')}}});
  EXPECT_EQ(long_selector.value("isError", false), true);
  EXPECT_NE(long_selector["content"][0]["text"].get<std::string>().find("invalid_request"), std::string::npos);
  // A protocol fault is a JSON-RPC error in a 200 answer, and the next message is served.
  const auto unknown = post({{"jsonrpc", "2.0"}, {"id", 2}, {"method", "prompts/list"}});
  EXPECT_EQ(unknown.json()["error"]["code"], -32601);
  EXPECT_EQ(post(list).status, 200);
}

// Connects `socket_fd` to the daemon on loopback and sends `request`; "" when all went out, else what failed.
std::string connect_and_send(int socket_fd, std::uint16_t port, const std::string& request) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(socket_fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) return "connect failed";
  if (::send(socket_fd, request.data(), request.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(request.size())) {
    return "send failed";
  }
  return {};
}

// A caller without a valid key gets its 401 on the headers alone: the 2 MiB its request announces are never
// waited for, so keyless connections cannot make the daemon hold megabytes each (issue 41). All are open at
// once, as an attacker would hold them.
TEST_F(McpApi, AKeylessLargeBodyIsRefusedBeforeItIsRead) {
  start_daemon();
  constexpr int kConnections = 200;
  std::vector<int> sockets;
  for (int i = 0; i < kConnections; ++i) {
    sockets.push_back(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
    // Half with no key, half with a well-formed key that no account has.
    const std::string authorization =
        i % 2 == 0 ? ""
                   : bearer(account_->key.substr(0, 8) +
                            std::string(account_->key.size() - 8, static_cast<char>('a' + i % 26))) +
                         "\r\n";
    const std::string headers = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
                                authorization + "Content-Length: 2097152\r\n\r\n";
    ASSERT_EQ(connect_and_send(sockets.back(), daemon_->port(), headers), "");
  }
  int refused = 0;
  for (const int fd : sockets) {
    std::string answer;
    char chunk[4096];
    for (ssize_t got = 0; (got = ::recv(fd, chunk, sizeof chunk, 0)) > 0;)
      answer.append(chunk, static_cast<std::size_t>(got));
    ::close(fd);
    if (answer.rfind("HTTP/1.1 401", 0) == 0) ++refused;
  }
  EXPECT_EQ(refused, kConnections);
  // The key's owner still sends a large body (the convert_html of AToolCallIsMeteredAndCachedLikeTheRestEndpoint).
  initialize();
  const json given = call_tool("convert_html", {{"html", "<p>" + std::string(1'500'000, 'x') + "</p>"}});
  EXPECT_EQ(given.value("isError", true), false) << given.dump().substr(0, 300);
}

}  // namespace
}  // namespace pagemd::testing
