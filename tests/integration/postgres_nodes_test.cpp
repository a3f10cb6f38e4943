// Several pagemdd on one PostgreSQL database behave as one service: the real daemons, the real
// database (a schema of the test cluster, or a cluster of the test's own for an outage).

#include <signal.h>

#include <atomic>
#include <thread>

#include "postgres_nodes.hpp"

namespace pagemd::testing {
namespace {

using namespace std::chrono_literals;

TEST_F(PostgresNodes, TwoNodesShareCacheQuotaAndRevocation) {
  const std::string cluster = test_postgres_url();
  PAGEMD_REQUIRE_TEST_POSTGRES(cluster);
  const PostgresSchema schema(cluster);
  const TestAccount account = create_shared_account(schema.url());
  auto first = start_node(schema.url(), first_data_);
  auto second = start_node(schema.url(), second_data_);

  const auto miss = extract(*first, origin_.url("/article"), account.key);
  ASSERT_EQ(miss.status, 200) << miss.body;
  EXPECT_EQ(miss.header("x-cache"), "MISS");
  const auto hit = extract(*second, origin_.url("/article"), account.key);
  ASSERT_EQ(hit.status, 200) << hit.body;
  EXPECT_EQ(hit.header("x-cache"), "HIT") << "a page fetched through one node is a hit on the other";
  EXPECT_EQ(origin_.request_count("/article"), 1U);

  const auto usage = http_request("GET", second->api("/extract/usage"), {"Authorization: Bearer " + account.key});
  EXPECT_EQ(usage.json()["used"], 2) << usage.body;

  // A key made and revoked through the first node is refused by the second at once.
  const auto made = http_request("POST", first->api("/extract/keys"), {"Authorization: Bearer " + account.key});
  ASSERT_EQ(made.status, 201) << made.body;
  const std::string other_key = made.json()["key"];
  const std::string other_id = made.json()["id"];
  EXPECT_EQ(http_request("GET", second->api("/extract/usage"), {"Authorization: Bearer " + other_key}).status, 200);
  // The second node now knows the key; a page request may go by that for a moment, but its count
  // checks the key again.
  ASSERT_EQ(extract(*second, origin_.url("/article"), other_key).status, 200);
  const auto revoked =
      http_request("DELETE", first->api("/extract/keys/" + other_id), {"Authorization: Bearer " + account.key});
  ASSERT_EQ(revoked.status, 200) << revoked.body;
  const auto refused = http_request("GET", second->api("/extract/usage"), {"Authorization: Bearer " + other_key});
  EXPECT_EQ(refused.status, 401);
  EXPECT_EQ(refused.json()["code"], "key_revoked");
  const auto refused_page = extract(*second, origin_.url("/article"), other_key);
  EXPECT_EQ(refused_page.status, 401) << refused_page.body;
  EXPECT_EQ(refused_page.json()["code"], "key_revoked");
  EXPECT_EQ(http_request("GET", second->api("/extract/usage"), {"Authorization: Bearer " + account.key}).json()["used"],
            3)
      << "the revoked key's page was not counted";

  EXPECT_EQ(http_request("GET", first->url("/readyz"), {}).status, 200);
  EXPECT_EQ(http_request("GET", second->url("/readyz"), {}).status, 200);
}

// The daemon's own flags before an account command name the state for it as for the daemon.
TEST_F(PostgresNodes, AccountCommandsHonourTheDatabaseUrlFlag) {
  const std::string cluster = test_postgres_url();
  PAGEMD_REQUIRE_TEST_POSTGRES(cluster);
  const PostgresSchema schema(cluster);
  const RunResult created = run_program({pagemdd_binary(), "--database-url", schema.url(), "account", "create",
                                         "--data-dir", first_data_.path().string(), "--plan", "pro", "--json"});
  ASSERT_EQ(created.status, 0) << created.err;
  const std::string key = nlohmann::json::parse(created.out).at("key");
  auto node = start_node(schema.url(), second_data_);
  EXPECT_EQ(extract(*node, origin_.url("/article"), key).status, 200) << "the account is on the shared database";
  const RunResult listed = run_program({pagemdd_binary(), "--database-url", schema.url(), "account", "list", "--json"});
  ASSERT_EQ(listed.status, 0) << listed.err;
  EXPECT_NE(listed.out.find("\"pro\""), std::string::npos) << listed.out;
  EXPECT_FALSE(std::filesystem::exists(first_data_.path() / "pagemd.db")) << "nothing went to SQLite";
}

// A database outage: requests that need it answer 503 store_unavailable with Retry-After and nothing
// is served uncounted, /readyz is 503, and the node recovers by itself when the database is back.
TEST_F(PostgresNodes, ADatabaseOutageIsStoreUnavailableUntilItReturns) {
  const std::string cluster = test_postgres_url();
  PAGEMD_REQUIRE_TEST_POSTGRES(cluster);
  const PostgresDatabase database(cluster);
  const TestAccount account = create_shared_account(database.url());
  auto node = start_node(database.url(), first_data_);
  ASSERT_EQ(extract(*node, origin_.url("/article"), account.key).status, 200);

  database.go_down();
  const auto down = extract(*node, origin_.url("/article?again"), account.key);
  EXPECT_EQ(down.status, 503) << down.body;
  EXPECT_EQ(down.json()["code"], "store_unavailable");
  EXPECT_FALSE(down.header("retry-after").empty());
  // A well-formed key the node has not seen fails the same way before it is authenticated: the answer
  // names no socket path, host or user of the database.
  const auto stranger = extract(*node, origin_.url("/article"), "sk_live_" + std::string(48, 'A'));
  EXPECT_EQ(stranger.status, 503) << stranger.body;
  EXPECT_EQ(stranger.body.find('/'), std::string::npos) << stranger.body;
  EXPECT_EQ(down.body.find('/'), std::string::npos) << down.body;
  EXPECT_EQ(down.body.find("user"), std::string::npos) << down.body;
  const auto not_ready = http_request("GET", node->url("/readyz"), {});
  EXPECT_EQ(not_ready.status, 503);
  EXPECT_EQ(not_ready.json()["status"], "database_unreachable");
  EXPECT_EQ(http_request("GET", node->url("/healthz"), {}).status, 200) << "the process itself is fine";
  EXPECT_EQ(origin_.request_count("/article"), 1U) << "nothing was fetched for a request that could not be counted";

  database.come_back();
  // Until the node has reconnected, which takes it as long as the machine makes it; the bound only
  // ends the wait for a node that never does.
  HttpResponse back;
  for (const auto give_up = std::chrono::steady_clock::now() + 60s;;) {
    back = extract(*node, origin_.url("/article?again"), account.key);
    if (back.status == 200 || std::chrono::steady_clock::now() >= give_up) break;
    std::this_thread::sleep_for(200ms);
  }
  EXPECT_EQ(back.status, 200) << back.body;
  EXPECT_EQ(http_request("GET", node->url("/readyz"), {}).status, 200);
  const auto usage = http_request("GET", node->api("/extract/usage"), {"Authorization: Bearer " + account.key});
  EXPECT_EQ(usage.json()["used"], 2) << "the served pages, and only they, are counted";
  node.reset();
}

// A node killed with SIGKILL under load loses no count: the pages counted are the pages answered 200,
// give or take the requests in flight when it died (counted, their answers lost with the node).
TEST_F(PostgresNodes, ANodeKilledUnderLoadLosesNoCount) {
  const std::string cluster = test_postgres_url();
  PAGEMD_REQUIRE_TEST_POSTGRES(cluster);
  const PostgresSchema schema(cluster);
  const TestAccount account = create_shared_account(schema.url(), "scale");
  auto node = std::make_unique<DaemonProcess>(
      first_data_.path(), std::vector<std::string>{"--allow-private-targets", "127.0.0.0/8", "--database-url",
                                                   schema.url(), "--rate-limit-per-minute", "0"});
  ASSERT_EQ(extract(*node, origin_.url("/article"), account.key).status, 200);

  constexpr int kClients = 8;
  std::atomic<int> answered{1};
  std::vector<std::thread> clients;
  for (int i = 0; i < kClients; ++i) {
    clients.emplace_back([&] {
      for (;;) {
        const auto response = extract(*node, origin_.url("/article"), account.key);
        if (response.status == 200) {
          ++answered;
        } else if (response.status == 0) {
          return;  // the node is gone
        }
      }
    });
  }
  // Killed once the load is going (however long that takes the machine), not after a set time.
  for (const auto give_up = std::chrono::steady_clock::now() + 60s;
       answered.load() <= 50 && std::chrono::steady_clock::now() < give_up;) {
    std::this_thread::sleep_for(20ms);
  }
  node->send_signal(SIGKILL);
  for (auto& client : clients) client.join();
  ASSERT_GT(answered.load(), 50) << "the load did not get going";

  auto after = start_node(schema.url(), second_data_);
  const auto usage = http_request("GET", after->api("/extract/usage"), {"Authorization: Bearer " + account.key});
  ASSERT_EQ(usage.status, 200) << usage.body;
  const int counted = usage.json()["used"].get<int>();
  EXPECT_GE(counted, answered.load()) << "a page answered 200 was not counted";
  EXPECT_LE(counted, answered.load() + kClients) << "more pages counted than answered and in flight";
}

// A single node's SQLite state moved to PostgreSQL: the same keys work, the cached page is a hit, the
// month's count goes on; a second run of the migration changes nothing.
TEST_F(PostgresNodes, StoreMigrateMovesASingleNodeAndCanRunAgain) {
  const std::string cluster = test_postgres_url();
  PAGEMD_REQUIRE_TEST_POSTGRES(cluster);
  const TestAccount account = create_account(first_data_.path());
  {
    DaemonProcess single(first_data_.path(), {"--allow-private-targets", "127.0.0.0/8"});
    ASSERT_EQ(extract(single, origin_.url("/article"), account.key).status, 200);
  }
  const PostgresSchema schema(cluster);
  const std::vector<std::string> migrate{
      pagemdd_binary(), "store",     "migrate", "--from", "sqlite:" + (first_data_.path() / "pagemd.db").string(),
      "--to",           schema.url()};
  const RunResult first_run = run_program(migrate);
  ASSERT_EQ(first_run.status, 0) << first_run.err;
  EXPECT_NE(first_run.out.find("copied 1 accounts, 1 keys, 1 usage rows and 1 cache entries"), std::string::npos)
      << first_run.out;
  const RunResult second_run = run_program(migrate);
  ASSERT_EQ(second_run.status, 0) << second_run.err;
  EXPECT_EQ(second_run.out, first_run.out);

  auto node = start_node(schema.url(), second_data_);
  const auto hit = extract(*node, origin_.url("/article"), account.key);
  ASSERT_EQ(hit.status, 200) << hit.body;
  EXPECT_EQ(hit.header("x-cache"), "HIT");
  EXPECT_EQ(origin_.request_count("/article"), 1U);
  const auto usage = http_request("GET", node->api("/extract/usage"), {"Authorization: Bearer " + account.key});
  EXPECT_EQ(usage.json()["used"], 2) << usage.body;

  EXPECT_EQ(run_program({pagemdd_binary(), "store", "migrate", "--from", "/no/scheme.db", "--to", schema.url()}).status,
            2);
  EXPECT_EQ(
      run_program({pagemdd_binary(), "store", "migrate", "--from", "sqlite:/no/such/file.db", "--to", schema.url()})
          .status,
      1);
}

}  // namespace
}  // namespace pagemd::testing
