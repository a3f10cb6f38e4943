#include "pagemd/fetch/upstream_limiter.hpp"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "fake_clock.hpp"

namespace pagemd::fetch {
namespace {

using namespace std::chrono_literals;
using testing::FakeClock;

class UpstreamLimiterTest : public ::testing::Test {
 protected:
  // A sleep that moves the fake clock instead of waiting, and remembers how long it was asked for.
  UpstreamLimiter::Sleep fake_sleep() {
    return [this](UpstreamLimiter::Duration how_long) {
      slept_ += how_long;
      ++sleeps_;
      clock_.advance(how_long);
    };
  }

  FakeClock clock_;
  UpstreamLimiter::Duration slept_{};
  int sleeps_ = 0;
};

TEST_F(UpstreamLimiterTest, TenStartAtOnceThenTheQueueWaitsForTheWindow) {
  UpstreamLimiter limiter(clock_);
  const auto t0 = clock_.now();
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(limiter.reserve(), t0) << i;
  }
  EXPECT_EQ(limiter.waiting(), 0u);
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(limiter.reserve(), t0 + 1s) << i;
  }
  EXPECT_EQ(limiter.reserve(), t0 + 2s);
  EXPECT_EQ(limiter.waiting(), 11u);
}

TEST_F(UpstreamLimiterTest, TheWindowRolls) {
  UpstreamLimiter limiter(clock_);
  const auto t0 = clock_.now();
  for (int i = 0; i < 5; ++i) {
    ASSERT_EQ(limiter.reserve(), t0);
  }
  clock_.advance(600ms);
  for (int i = 0; i < 5; ++i) {
    ASSERT_EQ(limiter.reserve(), t0 + 600ms);
  }
  clock_.advance(399ms);  // t0 + 999 ms: all ten still inside the window
  EXPECT_EQ(limiter.reserve(), t0 + 1s);
  clock_.advance(1ms);  // t0 + 1 s: the first five have left (one slot of them is booked above)
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(limiter.reserve(), t0 + 1s) << i;
  }
  EXPECT_EQ(limiter.reserve(), t0 + 1600ms);
}

TEST_F(UpstreamLimiterTest, NoWindowEverHoldsMoreThanTheLimit) {
  UpstreamLimiter limiter(clock_, LimiterOptions{3, 1000ms, 100});
  std::vector<core::Clock::time_point> starts;
  for (int i = 0; i < 40; ++i) {
    if (i % 7 == 0) {
      clock_.advance(std::chrono::milliseconds(130 * (i % 5)));
    }
    const auto start = limiter.reserve();
    ASSERT_TRUE(start);
    starts.push_back(*start);
  }
  for (const auto first : starts) {
    const auto in_window =
        std::count_if(starts.begin(), starts.end(), [&](auto t) { return t >= first && t < first + 1000ms; });
    EXPECT_LE(in_window, 3) << "window starting at a booked start holds too many";
  }
}

TEST_F(UpstreamLimiterTest, BusyPastTheQueueUntilTimeMoves) {
  UpstreamLimiter limiter(clock_, LimiterOptions{10, 1000ms, 3});
  for (int i = 0; i < 13; ++i) {
    ASSERT_TRUE(limiter.reserve()) << i;
  }
  EXPECT_EQ(limiter.reserve(), std::nullopt);
  EXPECT_EQ(limiter.waiting(), 3u);
  clock_.advance(1s);  // the three queued starts are now current, the first ten have left
  EXPECT_EQ(limiter.waiting(), 0u);
  EXPECT_EQ(limiter.reserve(), clock_.now());
}

TEST_F(UpstreamLimiterTest, AcquireSleepsUntilItsStart) {
  UpstreamLimiter limiter(clock_, {}, fake_sleep());
  for (int i = 0; i < 10; ++i) {
    ASSERT_TRUE(limiter.acquire());
  }
  EXPECT_EQ(sleeps_, 0);
  ASSERT_TRUE(limiter.acquire());
  EXPECT_EQ(slept_, 1s);
}

TEST_F(UpstreamLimiterTest, AcquireIsBusyWithoutSleepingWhenTheQueueIsFull) {
  UpstreamLimiter limiter(clock_, LimiterOptions{1, 1000ms, 0}, fake_sleep());
  ASSERT_TRUE(limiter.acquire());
  const core::Result<void> refused = limiter.acquire();
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, core::ErrorCode::busy);
  EXPECT_EQ(sleeps_, 0);
}

TEST_F(UpstreamLimiterTest, AClockSetBackDoesNotStallTheQueue) {
  UpstreamLimiter limiter(clock_, LimiterOptions{1, 1000ms, 5}, fake_sleep());
  const auto t0 = clock_.now();
  ASSERT_TRUE(limiter.reserve());
  ASSERT_TRUE(limiter.reserve());  // booked for t0 + 1 s
  clock_.set(t0 - 1h);
  EXPECT_EQ(limiter.reserve(), t0 - 1h);  // the old bookings lie beyond any real wait: dropped
  ASSERT_TRUE(limiter.acquire());
  EXPECT_EQ(slept_, 1s);
}

TEST_F(UpstreamLimiterTest, ConcurrentCallersGetExactlyTheSlotsThereAre) {
  UpstreamLimiter limiter(clock_, LimiterOptions{10, 1000ms, 30});
  std::atomic<int> now{0};
  std::atomic<int> later{0};
  std::atomic<int> busy{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 50; ++i) {
    threads.emplace_back([&] {
      const auto start = limiter.reserve();
      (!start ? busy : *start == clock_.now() ? now : later)++;
    });
  }
  for (auto& thread : threads) {
    thread.join();
  }
  EXPECT_EQ(now, 10);
  EXPECT_EQ(later, 30);
  EXPECT_EQ(busy, 10);
}

}  // namespace
}  // namespace pagemd::fetch
