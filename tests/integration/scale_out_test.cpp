// Three pagemdd on one PostgreSQL database hold one service's limits: the per-minute limit of an
// account, the global upstream limit and the monthly quota are exact across them; a database
// restart under load loses no count; and HAProxy in front of them (deploy/haproxy.cfg) makes one
// endpoint of them that survives the loss of a node.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "postgres_nodes.hpp"

namespace pagemd::testing {
namespace {

using namespace std::chrono_literals;

class ScaleOut : public PostgresNodes {};

// Asks `done` until it holds (true) or a minute has passed (false). The bound only ends the wait for
// something that never comes; how soon it comes depends on the machine.
bool wait_until(const std::function<bool()>& done) {
  const auto give_up = std::chrono::steady_clock::now() + 60s;
  while (!done()) {
    if (std::chrono::steady_clock::now() >= give_up) return false;
    std::this_thread::sleep_for(20ms);
  }
  return true;
}

// The single number `sql` gives on the database at `url`; -1 when it cannot be had.
std::int64_t query_number(const std::string& url, const std::string& sql) {
  PGconn* connection = PQconnectdb(url.c_str());
  std::int64_t number = -1;
  if (PQstatus(connection) == CONNECTION_OK) {
    PGresult* result = PQexec(connection, sql.c_str());
    if (PQresultStatus(result) == PGRES_TUPLES_OK && PQntuples(result) == 1)
      number = std::stoll(PQgetvalue(result, 0, 0));
    PQclear(result);
  }
  PQfinish(connection);
  return number;
}

TEST_F(ScaleOut, ThreeNodesKeepOnePerMinuteLimitPerAccount) {
  const std::string cluster = test_postgres_url();
  PAGEMD_REQUIRE_TEST_POSTGRES(cluster);
  const PostgresSchema schema(cluster);
  const TestAccount account = create_shared_account(schema.url(), "scale");
  const TestAccount other = create_shared_account(schema.url(), "scale");
  auto nodes = start_nodes(schema.url(), 3, {"--rate-limit-per-minute", "30"});

  for (int i = 0; i < 30; ++i) {
    const auto answer = extract(*nodes[static_cast<std::size_t>(i % 3)], origin_.url("/article"), account.key);
    ASSERT_EQ(answer.status, 200) << i << answer.body;
    EXPECT_EQ(answer.header("x-ratelimit-limit"), "30");
    EXPECT_EQ(answer.header("x-ratelimit-remaining"), std::to_string(29 - i)) << "node " << i % 3;
  }
  for (auto& node : nodes) {
    const auto refused = extract(*node, origin_.url("/article"), account.key);
    EXPECT_EQ(refused.status, 429) << refused.body;
    EXPECT_EQ(refused.json()["code"], "rate_limited");
    EXPECT_EQ(refused.header("x-ratelimit-remaining"), "0");
    const int retry_after = std::stoi(refused.header("retry-after"));
    EXPECT_GE(retry_after, 1);
    EXPECT_LE(retry_after, 60);
  }
  EXPECT_EQ(extract(*nodes[1], origin_.url("/article"), other.key).status, 200) << "another account has its own";
  // A refused method shows the shared window without entering it.
  const auto wrong_method =
      http_request("PUT", nodes[2]->api("/extract/usage"), {"Authorization: Bearer " + other.key});
  EXPECT_EQ(wrong_method.status, 405);
  EXPECT_EQ(wrong_method.header("x-ratelimit-remaining"), "29");
}

// Each node starts at most two fetches a second by its own limit; together they still start at most
// two: the starts are booked in the database.
TEST_F(ScaleOut, ThreeNodesKeepOneUpstreamLimit) {
  const std::string cluster = test_postgres_url();
  PAGEMD_REQUIRE_TEST_POSTGRES(cluster);
  const PostgresSchema schema(cluster);
  const TestAccount account = create_shared_account(schema.url(), "scale");
  std::mutex arrivals_mutex;
  std::vector<std::chrono::steady_clock::time_point> arrivals;
  const auto began = std::chrono::steady_clock::now();
  origin_.handle("/page", [&](const HttpRequest&, Responder& out) {
    {
      const std::lock_guard lock(arrivals_mutex);
      arrivals.push_back(std::chrono::steady_clock::now());
    }
    out.send(200, "text/html; charset=utf-8", article_html("Rivers of the Valley"));
  });
  auto nodes = start_nodes(schema.url(), 3, {"--rate-limit-per-minute", "0", "--upstream-fetches-per-second", "2"});

  constexpr int kPages = 12;
  std::atomic<int> answered{0};
  std::vector<std::thread> clients;
  for (int i = 0; i < kPages; ++i) {
    clients.emplace_back([&, i] {
      const auto answer =
          extract(*nodes[static_cast<std::size_t>(i % 3)], origin_.url("/page?n=" + std::to_string(i)), account.key);
      if (answer.status == 200) ++answered;
    });
  }
  for (auto& client : clients) client.join();
  EXPECT_EQ(answered.load(), kPages);
  ASSERT_EQ(arrivals.size(), static_cast<std::size_t>(kPages));
  // Two starts a second in all: the twelfth start is at least five seconds after the first, and its
  // fetch arrives later still, however long the nodes take to connect. Nodes that each kept their own
  // limit would start six a second, all twelve within about one. (The gaps between single arrivals
  // are not measured: each trails its start by a delay that varies with the machine's load.)
  EXPECT_GE(*std::max_element(arrivals.begin(), arrivals.end()) - began, 5s);
}

TEST_F(ScaleOut, EightyConcurrentRequestsOnThreeNodesAtTheLimitGetExactlyThePagesLeft) {
  const std::string cluster = test_postgres_url();
  PAGEMD_REQUIRE_TEST_POSTGRES(cluster);
  const PostgresSchema schema(cluster);
  const TestAccount account = create_shared_account(schema.url(), "free");  // 50 pages a month
  auto nodes = start_nodes(schema.url(), 3, {"--rate-limit-per-minute", "0"});
  for (int i = 0; i < 40; ++i) {
    ASSERT_EQ(extract(*nodes[static_cast<std::size_t>(i % 3)], origin_.url("/article"), account.key).status, 200);
  }

  std::atomic<int> served{0};
  std::atomic<int> over_quota{0};
  std::vector<std::thread> requests;
  for (int i = 0; i < 80; ++i) {
    requests.emplace_back([&, i] {
      const auto answer = extract(*nodes[static_cast<std::size_t>(i % 3)], origin_.url("/article"), account.key);
      if (answer.status == 200) ++served;
      if (answer.status == 429 && answer.json()["code"] == "monthly_limit_exceeded") ++over_quota;
    });
  }
  for (auto& request : requests) request.join();
  EXPECT_EQ(served.load(), 10);
  EXPECT_EQ(over_quota.load(), 70);
  const auto usage = http_request("GET", nodes[0]->api("/extract/usage"), {"Authorization: Bearer " + account.key});
  EXPECT_EQ(usage.json()["used"], 50) << usage.body;
}

// The database crashes and comes back while three nodes serve: meanwhile requests are answered 200
// (counted) or 503 store_unavailable (not served), the nodes recover by themselves, and the pages
// counted are the pages answered 200, give or take the requests in flight at the crash.
TEST_F(ScaleOut, ADatabaseRestartMidLoadLosesNoCountAndHeals) {
  if (test_postgres_url().empty()) PAGEMD_REQUIRE_TEST_POSTGRES(std::string{});
  const OwnPostgresCluster database;
  const TestAccount account = create_shared_account(database.url(), "scale");
  auto nodes = start_nodes(database.url(), 3, {"--rate-limit-per-minute", "0"});
  ASSERT_EQ(extract(*nodes[0], origin_.url("/article"), account.key).status, 200);

  constexpr int kClients = 6;
  std::atomic<bool> stop{false};
  std::atomic<int> served{1};
  std::atomic<int> unavailable{0};
  std::mutex others_mutex;
  std::vector<std::string> others;
  std::vector<std::thread> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&, c] {
      for (int i = 0; !stop; ++i) {
        const auto answer =
            extract(*nodes[static_cast<std::size_t>((c + i) % 3)], origin_.url("/article"), account.key);
        if (answer.status == 200) {
          ++served;
        } else if (answer.status == 503 && answer.json()["code"] == "store_unavailable" &&
                   !answer.header("retry-after").empty()) {
          ++unavailable;
          std::this_thread::sleep_for(20ms);
        } else {
          const std::lock_guard lock(others_mutex);
          others.push_back(std::to_string(answer.status) + " " + answer.body);
        }
      }
    });
  }
  // Each step waits for what the last one was for, rather than for a time the machine may be too slow for.
  EXPECT_TRUE(wait_until([&] { return served > 20; })) << "the load did not get going";
  database.halt();
  EXPECT_TRUE(wait_until([&] { return unavailable > 0; })) << "no request met the outage";
  database.resume();
  const auto all_ready = [&] {
    return std::all_of(nodes.begin(), nodes.end(),
                       [](const auto& node) { return http_request("GET", node->url("/readyz"), {}).status == 200; });
  };
  EXPECT_TRUE(wait_until(all_ready)) << "a node did not see the database come back";
  const int after_restart = served.load();
  EXPECT_TRUE(wait_until([&] { return served > after_restart; })) << "the nodes did not recover";
  stop = true;
  for (auto& client : clients) client.join();

  EXPECT_TRUE(others.empty()) << others.size() << " answers were neither 200 nor 503: " << others.front();
  for (auto& node : nodes) EXPECT_EQ(http_request("GET", node->url("/readyz"), {}).status, 200);

  const auto usage = http_request("GET", nodes[2]->api("/extract/usage"), {"Authorization: Bearer " + account.key});
  ASSERT_EQ(usage.status, 200) << usage.body;
  const int counted = usage.json()["used"].get<int>();
  EXPECT_GE(counted, served.load()) << "a page answered 200 was not counted";
  EXPECT_LE(counted, served.load() + kClients) << "more pages counted than answered and in flight";
}

// The same uncached page asked of two nodes at once is fetched once: one node claims the fetch,
// the other waits for its result in the shared cache.
TEST_F(ScaleOut, IdenticalMissesOnTwoNodesFetchOnce) {
  const std::string cluster = test_postgres_url();
  PAGEMD_REQUIRE_TEST_POSTGRES(cluster);
  const PostgresSchema schema(cluster);
  const TestAccount account = create_shared_account(schema.url(), "scale");
  origin_.handle("/slow", [](const HttpRequest&, Responder& out) {
    std::this_thread::sleep_for(600ms);
    out.send(200, "text/html; charset=utf-8", article_html("Rivers of the Valley"));
  });
  auto nodes = start_nodes(schema.url(), 2);
  std::array<HttpResponse, 2> answers;
  std::vector<std::thread> clients;
  for (std::size_t i = 0; i < 2; ++i) {
    clients.emplace_back([&, i] { answers[i] = extract(*nodes[i], origin_.url("/slow"), account.key); });
  }
  for (auto& client : clients) client.join();
  EXPECT_EQ(answers[0].status, 200) << answers[0].body;
  EXPECT_EQ(answers[1].status, 200) << answers[1].body;
  EXPECT_EQ(origin_.request_count("/slow"), 1U);
  std::multiset<std::string> cache{answers[0].header("x-cache"), answers[1].header("x-cache")};
  EXPECT_EQ(cache, (std::multiset<std::string>{"HIT", "MISS"}));

  // A fetch that fails gives its claim up: the next request fetches at once, not after the lease.
  origin_.handle("/flaky", [calls = std::make_shared<std::atomic<int>>(0)](const HttpRequest&, Responder& out) {
    if (++*calls == 1) {
      out.send(200, "application/octet-stream", std::string(100, '\0'));
    } else {
      out.send(200, "text/html; charset=utf-8", article_html("Second Try"));
    }
  });
  EXPECT_NE(extract(*nodes[0], origin_.url("/flaky"), account.key).status, 200);
  // Given up as the failed request ended, before its answer: no claim is left to wait out.
  EXPECT_EQ(query_number(schema.url(), "SELECT count(*) FROM fetch_claims"), 0);
  EXPECT_EQ(extract(*nodes[1], origin_.url("/flaky"), account.key).status, 200);
}

// A loopback port nobody listens on now.
std::uint16_t unused_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  // NOLINTNEXTLINE(cppcoreguidelines-pro-type-reinterpret-cast): the sockets API takes sockaddr*
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  // NOLINTNEXTLINE(cppcoreguidelines-pro-type-reinterpret-cast)
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  ::close(fd);
  return ntohs(address.sin_port);
}

// deploy/haproxy.cfg as shipped, pointed at this test's nodes and port; health checks every 200 ms
// instead of 2 s, and no syslog (there is none in the test's network namespace).
std::string haproxy_config_for(std::uint16_t front_port, const std::vector<std::unique_ptr<DaemonProcess>>& nodes) {
  std::ifstream in(PAGEMD_DEPLOY_HAPROXY_CONFIG);
  std::stringstream shipped;
  shipped << in.rdbuf();
  std::string config = shipped.str();
  config = std::regex_replace(config, std::regex(R"(\n\s*log [^\n]*)"), "");
  config = std::regex_replace(config, std::regex(R"(\n\s*option (httplog|dontlognull))"), "");
  config = std::regex_replace(config, std::regex("127\\.0\\.0\\.1:8787"), "127.0.0.1:" + std::to_string(front_port));
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    config = std::regex_replace(config, std::regex("127\\.0\\.0\\.1:880" + std::to_string(i + 1)),
                                "127.0.0.1:" + std::to_string(nodes[i]->port()));
  }
  config = std::regex_replace(config, std::regex("inter 2s"), "inter 200ms");
  return config;
}

std::int64_t metric(DaemonProcess& node, const std::string& name) {
  const auto metrics = http_request("GET", node.url("/metrics"), {});
  const std::regex line("\n" + name + " ([0-9]+)");
  std::smatch found;
  if (!std::regex_search(metrics.body, found, line)) return -1;
  return std::stoll(found[1]);
}

TEST_F(ScaleOut, HaproxyInFrontOfThreeNodesIsOneServiceThatOutlivesANode) {
  const std::string cluster = test_postgres_url();
  PAGEMD_REQUIRE_TEST_POSTGRES(cluster);
  if (std::string(PAGEMD_HAPROXY).empty()) {
    if (std::getenv("PAGEMD_REQUIRE_POSTGRES") != nullptr) FAIL() << "haproxy is not installed";
    GTEST_SKIP() << "haproxy is not installed";
  }
  const PostgresSchema schema(cluster);
  const TestAccount account = create_shared_account(schema.url(), "scale");
  auto nodes = start_nodes(schema.url(), 3, {"--rate-limit-per-minute", "0"});
  const std::uint16_t front_port = unused_port();
  ScratchDir proxy_dir;
  const auto config_file = proxy_dir.path() / "haproxy.cfg";
  std::ofstream(config_file) << haproxy_config_for(front_port, nodes);
  ChildProcess proxy({PAGEMD_HAPROXY, "-db", "-f", config_file.string()});
  const std::string front = "http://127.0.0.1:" + std::to_string(front_port);
  const auto through_proxy = [&] {
    return http_request("POST", front + "/api/v1/extract",
                        {"Authorization: Bearer " + account.key, "Content-Type: application/json"},
                        nlohmann::json{{"url", origin_.url("/article")}}.dump());
  };
  // Until HAProxy is up and its health checks have found the nodes.
  HttpResponse first;
  EXPECT_TRUE(wait_until([&] {
    first = through_proxy();
    return first.status == 200;
  }));
  ASSERT_EQ(first.status, 200) << first.body << proxy.err();

  int served = 1;
  for (int i = 0; i < 30; ++i) {
    const auto answer = through_proxy();
    ASSERT_EQ(answer.status, 200) << answer.body;
    EXPECT_EQ(answer.header("x-cache"), "HIT");
    ++served;
  }
  EXPECT_EQ(origin_.request_count("/article"), 1U) << "one fetch for the whole service";
  for (auto& node : nodes) EXPECT_GT(metric(*node, "pagemd_cache_hits_total"), 0) << "a node got no requests";

  // A node dies: the proxy sends its share to the others (a refused connection is retried elsewhere).
  nodes[1]->send_signal(SIGKILL);
  (void)nodes[1]->wait_for_exit(5s);
  for (int i = 0; i < 30; ++i) {
    const auto answer = through_proxy();
    ASSERT_EQ(answer.status, 200) << i << " " << answer.body;
    ++served;
  }
  const auto usage = http_request("GET", front + "/api/v1/extract/usage", {"Authorization: Bearer " + account.key});
  ASSERT_EQ(usage.status, 200) << usage.body;
  EXPECT_EQ(usage.json()["used"], served);
}

}  // namespace
}  // namespace pagemd::testing
