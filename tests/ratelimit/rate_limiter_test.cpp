#include "pagemd/ratelimit/rate_limiter.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <deque>
#include <random>
#include <thread>
#include <vector>

#include "fake_clock.hpp"

namespace pagemd::ratelimit {
namespace {

using namespace std::chrono_literals;

class RateLimiterTest : public ::testing::Test {
 protected:
  testing::FakeClock clock_;
  RateLimiter limiter_{clock_};
};

TEST_F(RateLimiterTest, SixtyPassAndTheSixtyFirstWaitsTheWholeMinute) {
  for (std::int64_t i = 1; i <= 60; ++i) {
    const RateDecision decision = *limiter_.admit("acct");
    ASSERT_TRUE(decision.admitted) << i;
    EXPECT_EQ(decision.limit, 60);
    EXPECT_EQ(decision.remaining, 60 - i);
    EXPECT_EQ(decision.reset_seconds, 60);
    EXPECT_EQ(decision.retry_after_seconds, 0);
  }
  const RateDecision refused = *limiter_.admit("acct");
  EXPECT_FALSE(refused.admitted);
  EXPECT_EQ(refused.limit, 60);
  EXPECT_EQ(refused.remaining, 0);
  EXPECT_EQ(refused.retry_after_seconds, 60);
  EXPECT_EQ(refused.reset_seconds, 60);
}

TEST_F(RateLimiterTest, ExactlySixtySecondsLaterTheOldestHasLeft) {
  const auto start = clock_.now();
  for (int i = 0; i < 60; ++i) ASSERT_TRUE(limiter_.admit("acct")->admitted);
  clock_.set(start + 60s - 1ns);
  const RateDecision almost = *limiter_.admit("acct");
  EXPECT_FALSE(almost.admitted);
  EXPECT_EQ(almost.retry_after_seconds, 1);  // rounded up: waiting 0 s would not do
  clock_.set(start + 60s);
  const RateDecision boundary = *limiter_.admit("acct");
  EXPECT_TRUE(boundary.admitted);
  EXPECT_EQ(boundary.remaining, 59);  // all 60 of `start` are gone: the window is (t - 60 s, t]
  EXPECT_EQ(boundary.reset_seconds, 60);
}

TEST_F(RateLimiterTest, RefusedRequestsDoNotEnterTheWindow) {
  const auto start = clock_.now();
  for (int i = 0; i < 60; ++i) ASSERT_TRUE(limiter_.admit("acct")->admitted);
  clock_.advance(30s);
  for (int i = 0; i < 100; ++i) ASSERT_FALSE(limiter_.admit("acct")->admitted);
  clock_.set(start + 60s);
  for (int i = 0; i < 60; ++i) EXPECT_TRUE(limiter_.admit("acct")->admitted) << i;
}

TEST_F(RateLimiterTest, RetryAfterIsUntilTheOldestLeaves) {
  const auto start = clock_.now();
  for (int i = 0; i < 60; ++i) {
    clock_.set(start + std::chrono::seconds{i});
    ASSERT_TRUE(limiter_.admit("acct")->admitted);
  }
  clock_.set(start + 59s + 500ms);
  RateDecision refused = *limiter_.admit("acct");
  EXPECT_FALSE(refused.admitted);
  EXPECT_EQ(refused.retry_after_seconds, 1);  // 0.5 s rounded up
  clock_.set(start + 60s);
  EXPECT_TRUE(limiter_.admit("acct")->admitted);  // the one of `start` left
  refused = *limiter_.admit("acct");
  EXPECT_FALSE(refused.admitted);
  EXPECT_EQ(refused.retry_after_seconds, 1);  // the one of start + 1 s leaves at start + 61 s
  clock_.set(start + 60s + 250ms);
  EXPECT_EQ(limiter_.admit("acct")->retry_after_seconds, 1);
}

TEST_F(RateLimiterTest, ResetIsUntilTheOldestLeavesRoundedUp) {
  const RateDecision first = *limiter_.admit("acct");
  EXPECT_EQ(first.remaining, 59);
  EXPECT_EQ(first.reset_seconds, 60);
  clock_.advance(20s + 300ms);
  const RateDecision second = *limiter_.admit("acct");
  EXPECT_EQ(second.remaining, 58);
  EXPECT_EQ(second.reset_seconds, 40);  // 39.7 s
  clock_.advance(39s + 700ms);          // the first has left
  const RateDecision third = *limiter_.admit("acct");
  EXPECT_EQ(third.remaining, 58);
  EXPECT_EQ(third.reset_seconds, 21);  // the second leaves in 20.3 s
}

TEST_F(RateLimiterTest, NotAFixedWindow) {
  // 60 requests at the end of one clock minute and more at the start of the next: a fixed window
  // would admit 120 within two seconds.
  clock_.set(std::chrono::system_clock::time_point{std::chrono::minutes{29'453'760} + 59s});
  for (int i = 0; i < 60; ++i) ASSERT_TRUE(limiter_.admit("acct")->admitted);
  clock_.advance(2s);
  EXPECT_FALSE(limiter_.admit("acct")->admitted);
}

TEST_F(RateLimiterTest, AccountsAreIndependent) {
  for (int i = 0; i < 60; ++i) ASSERT_TRUE(limiter_.admit("a")->admitted);
  EXPECT_FALSE(limiter_.admit("a")->admitted);
  const RateDecision other = *limiter_.admit("b");
  EXPECT_TRUE(other.admitted);
  EXPECT_EQ(other.remaining, 59);
}

TEST_F(RateLimiterTest, PeekShowsTheWindowWithoutEnteringIt) {
  EXPECT_EQ(limiter_.peek("acct")->remaining, 60);
  EXPECT_EQ(limiter_.peek("acct")->reset_seconds, 0);
  ASSERT_TRUE(limiter_.admit("acct")->admitted);
  clock_.advance(10s);
  for (int i = 0; i < 3; ++i) {
    const RateDecision seen = *limiter_.peek("acct");
    EXPECT_TRUE(seen.admitted);
    EXPECT_EQ(seen.limit, 60);
    EXPECT_EQ(seen.remaining, 59);  // peeking again changes nothing
    EXPECT_EQ(seen.reset_seconds, 50);
  }
  for (int i = 0; i < 59; ++i) ASSERT_TRUE(limiter_.admit("acct")->admitted);
  const RateDecision full = *limiter_.peek("acct");
  EXPECT_FALSE(full.admitted);
  EXPECT_EQ(full.remaining, 0);
  EXPECT_EQ(full.retry_after_seconds, 50);
  clock_.advance(50s);  // the first request has left the window
  EXPECT_EQ(limiter_.peek("acct")->remaining, 1);
  EXPECT_EQ(limiter_.peek("other")->remaining, 60);
}

TEST(RateLimiter, LimitIsConfigurable) {
  testing::FakeClock clock;
  RateLimiter limiter(clock, RateLimiterOptions{5});
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(limiter.admit("acct")->admitted);
  const RateDecision refused = *limiter.admit("acct");
  EXPECT_FALSE(refused.admitted);
  EXPECT_EQ(refused.limit, 5);
}

TEST(RateLimiter, ZeroTurnsItOff) {
  testing::FakeClock clock;
  RateLimiter limiter(clock, RateLimiterOptions{0});
  for (int i = 0; i < 10'000; ++i) {
    const RateDecision decision = *limiter.admit("acct");
    ASSERT_TRUE(decision.admitted);
    ASSERT_EQ(decision.limit, 0);
    ASSERT_EQ(decision.retry_after_seconds, 0);
  }
  EXPECT_EQ(limiter.tracked_accounts(), 0u);
}

// Random arrivals against a reference model that keeps every admitted time: the limiter admits a
// request exactly when fewer than `limit` admitted requests lie in (t - 60 s, t], and its
// Retry-After and Reset match the model.
TEST(RateLimiter, MatchesTheSlidingWindowDefinition) {
  testing::FakeClock clock;
  constexpr std::int64_t kLimit = 60;
  RateLimiter limiter(clock, RateLimiterOptions{kLimit});
  const unsigned seed = std::random_device{}();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 random(seed);
  std::exponential_distribution<double> gap_ms(1.0 / 700.0);  // bursts and lulls around the limit
  std::vector<core::Clock::time_point> admitted;
  for (int i = 0; i < 20'000; ++i) {
    clock.advance(std::chrono::microseconds{static_cast<std::int64_t>(gap_ms(random) * 1000.0)});
    const auto now = clock.now();
    const auto first_in_window =
        std::upper_bound(admitted.begin(), admitted.end(), now - kWindow);  // times > now - 60 s
    const auto in_window = std::distance(first_in_window, admitted.end());
    const auto whole_seconds = [&](core::Clock::time_point when) {
      return std::chrono::ceil<std::chrono::seconds>(when - now).count();
    };
    const RateDecision decision = *limiter.admit("acct");
    ASSERT_EQ(decision.admitted, in_window < kLimit) << i;
    if (decision.admitted) {
      const auto oldest = in_window == 0 ? now : *first_in_window;
      ASSERT_EQ(decision.remaining, kLimit - in_window - 1);
      ASSERT_EQ(decision.reset_seconds, whole_seconds(oldest + kWindow)) << i;
      admitted.push_back(now);
    } else {
      ASSERT_EQ(decision.retry_after_seconds, std::max<std::int64_t>(whole_seconds(*first_in_window + kWindow), 1));
    }
  }
  // No window of 60 s ever held more than the limit.
  for (std::size_t i = 0; i + kLimit < admitted.size(); ++i) {
    ASSERT_GE(admitted[i + kLimit] - admitted[i], kWindow) << i;
  }
}

TEST(RateLimiter, ThreadsOnOneAccountGetExactlyTheLimit) {
  testing::FakeClock clock;
  RateLimiter limiter(clock);
  std::atomic<int> admitted{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 16; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 50; ++i) {
        if (limiter.admit("shared")->admitted) ++admitted;
        (void)limiter.admit("own-" + std::to_string(t));
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(admitted.load(), 60);
  EXPECT_EQ(limiter.tracked_accounts(), 17u);
}

TEST(RateLimiter, IdleAccountsAreForgotten) {
  testing::FakeClock clock;
  RateLimiter limiter(clock);
  for (int i = 0; i < 1000; ++i) (void)limiter.admit("old-" + std::to_string(i));
  EXPECT_EQ(limiter.tracked_accounts(), 1000u);
  clock.advance(61s);
  for (int i = 0; i < 500; ++i) (void)limiter.admit("new-" + std::to_string(i));
  EXPECT_EQ(limiter.tracked_accounts(), 500u);
}

TEST(RateLimiter, AnAccountActiveWithinTheWindowSurvivesASweep) {
  testing::FakeClock clock;
  RateLimiter limiter(clock);
  for (int i = 0; i < 500; ++i) (void)limiter.admit("other-" + std::to_string(i));  // every shard: next sweep in 60 s
  clock.advance(30s);
  for (int i = 0; i < 60; ++i) ASSERT_TRUE(limiter.admit("busy")->admitted);
  clock.advance(31s);  // the sweep is due and runs on this call; "busy" is 31 s into its window
  const RateDecision decision = *limiter.admit("busy");
  EXPECT_FALSE(decision.admitted);
  EXPECT_EQ(decision.retry_after_seconds, 29);
}

}  // namespace
}  // namespace pagemd::ratelimit
