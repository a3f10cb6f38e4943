// What only the PostgreSQL store has: its URL, its migrations under concurrent starts, and what an
// unreachable database gives. (The shared store suite runs on it too: accounts, usage, cache tests.)
#include <atomic>
#include <thread>
#include <vector>

#include "store_fixture.hpp"

namespace pagemd::store {
namespace {

using namespace std::chrono_literals;

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

// Both places a URL can carry a password (its userinfo and a password= parameter) are hidden, and a
// URL whose password cannot be told apart from the rest is not shown at all.
TEST(PostgresUrl, RedactionHidesThePasswordInEveryForm) {
  EXPECT_EQ(redacted_database_url("postgresql://pagemd:s3cret@db.example/pagemd"),
            "postgresql://pagemd:***@db.example/pagemd");
  EXPECT_EQ(redacted_database_url("postgresql://pagemd@db.example/pagemd?sslmode=require&password=s3cret"),
            "postgresql://pagemd@db.example/pagemd?sslmode=require&password=***");
  EXPECT_EQ(redacted_database_url("postgres:///pagemd?password=s3cret&host=/run/postgresql"),
            "postgres:///pagemd?password=***&host=/run/postgresql");
  EXPECT_EQ(redacted_database_url("postgresql://u:p%40ss@h/d?password=s3cret&password=again"),
            "postgresql://u:***@h/d?password=***&password=***");
  // No password: nothing to hide.
  EXPECT_EQ(redacted_database_url("postgresql:///pagemd?host=/run/postgresql"),
            "postgresql:///pagemd?host=/run/postgresql");
  EXPECT_EQ(redacted_database_url(""), "");
  for (const std::string url : {"postgresql://u@h/d?pass%77ord=s3cret", "postgresql://u:s3cret@h:notaport/d",
                                "postgresql://u@h/d?password=s3cret&unknownkey=1"}) {
    EXPECT_EQ(redacted_database_url(url).find("s3cret"), std::string::npos)
        << url << " -> " << redacted_database_url(url);
  }
}

TEST(PostgresUrl, AnUnreachableDatabaseIsStoreUnavailableWithoutThePassword) {
  testing::FakeClock clock;
  auto store = open_postgres_store("postgresql://pagemd:s3cret@/pagemd?host=/nonexistent/socket/dir", clock);
  ASSERT_FALSE(store);
  EXPECT_EQ(store.error().code, core::ErrorCode::store_unavailable);
  EXPECT_EQ(store.error().message.find("s3cret"), std::string::npos) << store.error().message;
}

// libpq quotes what it cannot parse, which may be the password itself (here a stray '%'); and a refused
// connection over TCP, with either form of the URL, names host and port but never the password.
TEST(PostgresUrl, ConnectionErrorsNeverQuoteThePassword) {
  testing::FakeClock clock;
  for (const std::string url :
       {"postgresql://pagemd:s3%zzcret@127.0.0.1:1/pagemd", "postgresql://pagemd@127.0.0.1:1/pagemd?password=s3%zzcret",
        "postgresql://pagemd:s3cret@127.0.0.1:1/pagemd",
        "postgresql://pagemd@127.0.0.1:1/pagemd?connect_timeout=5&password=s3cret"}) {
    auto store = open_postgres_store(url, clock);
    ASSERT_FALSE(store) << url;
    EXPECT_EQ(store.error().message.find("cret"), std::string::npos) << url << ": " << store.error().message;
  }
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

// The sliding-window books that keep the per-minute and upstream limits across nodes.
class PostgresBookTest : public PostgresStoreTest {
 protected:
  static constexpr std::chrono::milliseconds kSecond{1000};
  const SlotRule three_a_second_{3, kSecond, std::chrono::milliseconds{0}};
};

TEST_F(PostgresBookTest, NoWindowHoldsMoreThanTheLimitWhicheverNodeBooks) {
  auto other_node = open();
  const TimePoint start = clock_.now();
  for (int i = 0; i < 3; ++i) {
    Store& node = i % 2 == 0 ? *store_ : *other_node;
    const auto booking = node.shared_book()->book("api", clock_.now(), three_a_second_);
    ASSERT_TRUE(booking);
    EXPECT_TRUE(booking->booked) << i;
    EXPECT_EQ(booking->in_window, i);
  }
  clock_.advance(400ms);
  const auto refused = other_node->shared_book()->book("api", clock_.now(), three_a_second_);
  ASSERT_TRUE(refused);
  EXPECT_FALSE(refused->booked);
  EXPECT_EQ(refused->start, start + kSecond) << "the next start is when the oldest leaves the window";
  const auto seen = store_->shared_book()->look("api", clock_.now(), three_a_second_);
  EXPECT_FALSE(seen->booked);
  EXPECT_EQ(seen->start, start + kSecond) << "a refusal books nothing";

  clock_.advance(600ms);  // exactly a window after the first three: they have left
  const auto again = store_->shared_book()->book("api", clock_.now(), three_a_second_);
  ASSERT_TRUE(again);
  EXPECT_TRUE(again->booked);
  EXPECT_EQ(again->in_window, 0);
  EXPECT_TRUE(store_->shared_book()->book("other", clock_.now(), three_a_second_)->booked) << "books are apart";
}

TEST_F(PostgresBookTest, AQueueBooksLaterStartsInArrivalOrderUpToItsSpan) {
  SlotRule queued = three_a_second_;
  queued.max_delay = 2 * kSecond;
  const TimePoint start = clock_.now();
  std::vector<TimePoint> starts;
  for (int i = 0; i < 9; ++i) {
    const auto booking = store_->shared_book()->book("upstream", clock_.now(), queued);
    ASSERT_TRUE(booking && booking->booked) << i;
    starts.push_back(booking->start);
  }
  for (int i = 0; i < 9; ++i) EXPECT_EQ(starts[static_cast<std::size_t>(i)], start + kSecond * (i / 3)) << i;
  const auto full = store_->shared_book()->book("upstream", clock_.now(), queued);
  ASSERT_TRUE(full);
  EXPECT_FALSE(full->booked) << "a start three seconds ahead is past the queue's span";
  EXPECT_EQ(full->start, start + 3 * kSecond);
}

TEST_F(PostgresBookTest, TheKeyLookupBooksTheRequestOfAnActiveKeyOnly) {
  const auto account = new_account();
  const std::string digest(64, 'a');
  const auto key = store_->insert_key(NewKey{new_uuid_v4(), account, digest, "sk_live_abcd", KeyMode::live}, 20);
  ASSERT_TRUE(key);
  SlotBook& book = *store_->shared_book();
  EXPECT_FALSE(*book.find_key_and_book(std::string(64, 'f'), clock_.now(), three_a_second_)) << "no such key";

  for (int i = 0; i < 4; ++i) {
    const auto admitted = book.find_key_and_book(digest, clock_.now(), three_a_second_);
    ASSERT_TRUE(admitted && *admitted);
    EXPECT_EQ((*admitted)->identity.key_id, key->id);
    EXPECT_EQ((*admitted)->identity.account_id, account);
    EXPECT_EQ((*admitted)->booking.booked, i < 3) << i;
  }
  EXPECT_EQ(book.look(rate_scope(account), clock_.now(), three_a_second_)->start, clock_.now() + kSecond)
      << "the account's window is full";

  ASSERT_TRUE(store_->revoke_key(account, key->id));
  clock_.advance(kSecond);
  const auto revoked = book.find_key_and_book(digest, clock_.now(), three_a_second_);
  ASSERT_TRUE(revoked && *revoked);
  EXPECT_TRUE((*revoked)->identity.revoked_at.has_value());
  EXPECT_FALSE((*revoked)->booking.booked) << "a revoked key's request does not enter its account's window";
  const auto after = book.look(rate_scope(account), clock_.now(), three_a_second_);
  EXPECT_EQ(after->start, clock_.now());
  EXPECT_EQ(after->in_window, 0);
}

TEST_F(PostgresStoreTest, AFetchClaimHoldsOffOtherNodesUntilReleasedOrRunOut) {
  auto other_node = open();
  const std::string key("page\0key", 8);
  EXPECT_TRUE(*store_->claim_fetch(key, clock_.now(), 20s));
  EXPECT_FALSE(*other_node->claim_fetch(key, clock_.now(), 20s)) << "claimed by the first node";
  EXPECT_TRUE(*other_node->claim_fetch("another page", clock_.now(), 20s));
  ASSERT_TRUE(store_->release_fetch(key));
  EXPECT_TRUE(*other_node->claim_fetch(key, clock_.now(), 20s)) << "released";
  clock_.advance(19s);
  EXPECT_FALSE(*store_->claim_fetch(key, clock_.now(), 20s));
  clock_.advance(1s);
  EXPECT_TRUE(*store_->claim_fetch(key, clock_.now(), 20s)) << "the lease of a node that died has run out";
}

TEST(SqliteStoreBooks, AStoreOfOneNodeSharesNoBook) {
  testing::ScratchDir dir;
  testing::FakeClock clock;
  auto store = open_sqlite_store(database_file(dir.path()), clock);
  ASSERT_TRUE(store);
  EXPECT_EQ((*store)->shared_book(), nullptr) << "its limits are kept in the daemon's memory";
  EXPECT_TRUE(*(*store)->claim_fetch("page", clock.now(), 20s));
  EXPECT_TRUE(*(*store)->claim_fetch("page", clock.now(), 20s)) << "its process coalesces fetches by itself";
}

}  // namespace
}  // namespace pagemd::store
