#include "fake_clock.hpp"

#include <gtest/gtest.h>

#include <chrono>

namespace pagemd::testing {
namespace {

TEST(FakeClock, MovesOnlyWhenTold) {
  FakeClock clock;
  const auto start = clock.now();
  EXPECT_EQ(clock.now(), start);
  clock.advance(std::chrono::milliseconds{1500});
  EXPECT_EQ(clock.now() - start, std::chrono::milliseconds{1500});
}

TEST(SystemClock, FollowsTheSystemClock) {
  const core::SystemClock clock;
  const auto before = std::chrono::system_clock::now();
  const auto read = clock.now();
  EXPECT_GE(read, before);
}

}  // namespace
}  // namespace pagemd::testing
