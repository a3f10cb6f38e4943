// The per-minute limit kept in PostgreSQL for several nodes decides exactly as the limit of one
// node kept in memory (the reference, tested on its own in rate_limiter_test.cpp).
#include <atomic>
#include <random>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "fake_clock.hpp"
#include "pagemd/ratelimit/rate_limiter.hpp"
#include "pagemd/store/postgres_store.hpp"
#include "test_postgres.hpp"

namespace pagemd::ratelimit {
namespace {

class SharedRateLimiterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    cluster_ = testing::test_postgres_url();
    PAGEMD_REQUIRE_TEST_POSTGRES(cluster_);
    schema_.emplace(cluster_);
    for (int node = 0; node < 2; ++node) {
      auto store = store::open_postgres_store(schema_->url(), clock_);
      ASSERT_TRUE(store) << store.error().message;
      nodes_.push_back(std::move(store).value());
    }
  }

  [[nodiscard]] SharedRateLimiter limiter_of(std::size_t node, std::int64_t limit = 60) {
    return SharedRateLimiter(*nodes_[node]->shared_book(), clock_, RateLimiterOptions{limit});
  }

  testing::FakeClock clock_;
  std::string cluster_;
  std::optional<testing::PostgresSchema> schema_;
  std::vector<std::unique_ptr<store::Store>> nodes_;
};

void expect_same(const RateDecision& shared, const RateDecision& reference, int step) {
  EXPECT_EQ(shared.admitted, reference.admitted) << step;
  EXPECT_EQ(shared.limit, reference.limit) << step;
  EXPECT_EQ(shared.remaining, reference.remaining) << step;
  EXPECT_EQ(shared.reset_seconds, reference.reset_seconds) << step;
  EXPECT_EQ(shared.retry_after_seconds, reference.retry_after_seconds) << step;
}

// Random arrivals on two nodes in turn, against one node's limit in memory: every decision and
// every header value is the same.
TEST_F(SharedRateLimiterTest, TwoNodesDecideAsOneNodeWould) {
  constexpr std::int64_t kLimit = 20;
  RateLimiter reference(clock_, RateLimiterOptions{kLimit});
  std::array<SharedRateLimiter, 2> shared{limiter_of(0, kLimit), limiter_of(1, kLimit)};
  const unsigned seed = std::random_device{}();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 random(seed);
  std::exponential_distribution<double> gap_ms(1.0 / 2500.0);  // about the limit: bursts and lulls
  int refused = 0;
  for (int i = 0; i < 1500; ++i) {
    // Whole milliseconds: the database keeps times to the millisecond.
    clock_.advance(std::chrono::milliseconds{static_cast<std::int64_t>(gap_ms(random))});
    SharedRateLimiter& node = shared[static_cast<std::size_t>(i % 2)];
    if (i % 7 == 0) expect_same(*node.peek("acct"), *reference.peek("acct"), i);
    const RateDecision decision = *node.admit("acct");
    expect_same(decision, *reference.admit("acct"), i);
    if (!decision.admitted) ++refused;
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(refused, 50) << "the arrivals did not reach the limit";
}

TEST_F(SharedRateLimiterTest, ThreadsOnTwoNodesGetExactlyTheLimit) {
  std::array<SharedRateLimiter, 2> shared{limiter_of(0), limiter_of(1)};
  std::atomic<int> admitted{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 20; ++i) {
        const auto decision = shared[static_cast<std::size_t>(t % 2)].admit("busy");
        if (decision && decision->admitted) ++admitted;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(admitted.load(), 60);
}

TEST_F(SharedRateLimiterTest, ZeroTurnsItOffWithoutAskingTheDatabase) {
  SharedRateLimiter off = limiter_of(0, 0);
  EXPECT_EQ(off.shared_rule(), nullptr);
  const RateDecision decision = *off.admit("acct");
  EXPECT_TRUE(decision.admitted);
  EXPECT_EQ(decision.limit, 0);
  EXPECT_NE(limiter_of(0).shared_rule(), nullptr);
}

TEST_F(SharedRateLimiterTest, ADatabaseWithoutTheBookIsAnErrorNotAnAdmission) {
  auto unreachable = store::open_postgres_store(schema_->url(), clock_);
  ASSERT_TRUE(unreachable);
  SharedRateLimiter limiter((*(*unreachable)->shared_book()), clock_);
  testing::run_sql(cluster_, "DROP SCHEMA " + schema_->name() + " CASCADE; CREATE SCHEMA " + schema_->name());
  const auto decision = limiter.admit("acct");
  ASSERT_FALSE(decision) << "admitted with no book to keep it in";
}

}  // namespace
}  // namespace pagemd::ratelimit
