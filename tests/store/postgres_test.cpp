// What only the PostgreSQL store has: its URL, its migrations under concurrent starts, and what an
// unreachable database gives. (The shared store suite runs on it too: accounts, usage, cache tests.)
#include <atomic>
#include <thread>
#include <vector>

#include "store_fixture.hpp"

namespace pagemd::store {
namespace {

class PostgresStoreTest : public StoreTest {
 protected:
  [[nodiscard]] Backend backend() const override { return Backend::postgres; }
};

TEST(PostgresUrl, OnlyPostgresSchemesAreRecognised) {
  EXPECT_TRUE(is_postgres_url("postgresql://db.internal/pagemd"));
  EXPECT_TRUE(is_postgres_url("postgres:///pagemd?host=/run/postgresql"));
  EXPECT_FALSE(is_postgres_url("sqlite:/var/lib/pagemd/pagemd.db"));
  EXPECT_FALSE(is_postgres_url("/var/lib/pagemd"));
}

TEST(PostgresUrl, AnUnreachableDatabaseIsStoreUnavailableWithoutThePassword) {
  testing::FakeClock clock;
  auto store = open_postgres_store("postgresql://pagemd:s3cret@/pagemd?host=/nonexistent/socket/dir", clock);
  ASSERT_FALSE(store);
  EXPECT_EQ(store.error().code, core::ErrorCode::store_unavailable);
  EXPECT_EQ(store.error().message.find("s3cret"), std::string::npos) << store.error().message;
}

TEST_F(PostgresStoreTest, NodesStartingTogetherMigrateOnce) {
  // A schema of its own that nobody has migrated yet.
  const std::string fresh = "f" + schema_;
  testing::run_sql(testing::test_postgres_url(), "CREATE SCHEMA " + fresh);
  const std::string url = testing::url_with_schema(testing::test_postgres_url(), fresh);
  std::atomic<int> opened{0};
  std::vector<std::thread> nodes;
  for (int i = 0; i < 8; ++i) {
    nodes.emplace_back([&] {
      if (open_postgres_store(url, clock_)) ++opened;
    });
  }
  for (auto& node : nodes) node.join();
  EXPECT_EQ(opened.load(), 8);
  auto store = open_postgres_store(url, clock_);
  ASSERT_TRUE(store);
  EXPECT_TRUE((*store)->create_account(Plan::free, std::nullopt));
  testing::run_sql(testing::test_postgres_url(), "DROP SCHEMA " + fresh + " CASCADE");
}

TEST_F(PostgresStoreTest, ADatabaseFromANewerPagemdIsRefused) {
  testing::run_sql(testing::test_postgres_url(), "UPDATE " + schema_ + ".pagemd_schema SET version = 99");
  auto store = open_postgres_store(postgres_url(), clock_);
  ASSERT_FALSE(store);
  EXPECT_EQ(store.error().code, core::ErrorCode::internal);
  EXPECT_NE(store.error().message.find("99"), std::string::npos) << store.error().message;
}

TEST_F(PostgresStoreTest, EightyRequestsOnFourNodesAtTheLimitGetExactlyThePagesLeft) {
  const auto account = new_account(Plan::free);  // 50 pages a month
  const auto key = new_key(account);
  for (int i = 0; i < 40; ++i) ASSERT_TRUE(store_->count_page(account, key.id)->admitted);
  std::vector<std::unique_ptr<Store>> nodes;
  for (int i = 0; i < 4; ++i) nodes.push_back(open());
  std::atomic<int> admitted{0};
  std::vector<std::thread> requests;
  for (int i = 0; i < 80; ++i) {
    requests.emplace_back([&, i] {
      auto decision = nodes[static_cast<std::size_t>(i % 4)]->count_page(account, key.id);
      if (decision && decision->admitted) ++admitted;
    });
  }
  for (auto& request : requests) request.join();
  EXPECT_EQ(admitted.load(), 10);
  EXPECT_EQ(store_->usage(account, key.id)->used, 50);
}

TEST_F(PostgresStoreTest, ARevokedKeyIsSeenRevokedByEveryNode) {
  const auto account = new_account();
  const auto key = new_key(account);
  auto other_node = open();
  ASSERT_TRUE(store_->revoke_key(account, key.id));
  auto listed = other_node->list_keys(account);
  ASSERT_TRUE(listed);
  ASSERT_EQ(listed->size(), 1U);
  EXPECT_TRUE(listed->front().revoked_at.has_value());
}

}  // namespace
}  // namespace pagemd::store
