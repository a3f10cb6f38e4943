#include "pagemd/core/time_budget.hpp"

#include <gtest/gtest.h>

namespace pagemd::core {
namespace {

using namespace std::chrono_literals;
using Clock = TimeBudget::Clock;

const Clock::time_point kStart = Clock::time_point{} + 1000s;

TEST(TimeBudget, AnOwnerWaitsOnceItSpentTheBudgetAndOthersDoNot) {
  TimeBudget budget(30s, 60s);
  EXPECT_FALSE(budget.wait_before_spending("a", kStart));
  budget.charge("a", 12s, kStart);
  budget.charge("a", 12s, kStart + 10s);
  EXPECT_FALSE(budget.wait_before_spending("a", kStart + 10s)) << "24 s of 30";
  budget.charge("a", 7s, kStart + 20s);
  // 31 s: waits until the first spending leaves the window (at kStart + 60 s), which leaves 19 s.
  EXPECT_EQ(budget.wait_before_spending("a", kStart + 20s), 40s);
  EXPECT_EQ(budget.wait_before_spending("a", kStart + 59s), 1s);
  EXPECT_FALSE(budget.wait_before_spending("b", kStart + 20s));
  EXPECT_FALSE(budget.wait_before_spending("a", kStart + 60s)) << "the budget comes back with the window";
}

TEST(TimeBudget, TheWaitLastsUntilEnoughOfTheTimeHasLeftTheWindow) {
  TimeBudget budget(10s, 60s);
  budget.charge("a", 4s, kStart);
  budget.charge("a", 4s, kStart + 1s);
  budget.charge("a", 4s, kStart + 2s);
  budget.charge("a", 4s, kStart + 3s);
  // 16 s: the first two spendings must leave (8 s stays) before the owner may spend again.
  EXPECT_EQ(budget.wait_before_spending("a", kStart + 3s), 58s);
  EXPECT_EQ(budget.wait_before_spending("a", kStart + 60s), 1s);
  EXPECT_FALSE(budget.wait_before_spending("a", kStart + 61s));
}

TEST(TimeBudget, ASingleSpendingLongerThanTheBudgetWaitsOutTheWindow) {
  TimeBudget budget(1s, 60s);
  budget.charge("a", 15s, kStart);
  EXPECT_EQ(budget.wait_before_spending("a", kStart), 60s);
}

TEST(TimeBudget, AZeroBudgetBoundsNothingAndKeepsNothing) {
  TimeBudget budget(0s, 60s);
  budget.charge("a", 600s, kStart);
  EXPECT_FALSE(budget.wait_before_spending("a", kStart));
  EXPECT_EQ(budget.tracked_owners(), 0U);
}

TEST(TimeBudget, OwnersWhoseSpendingLeftTheWindowAreForgotten) {
  TimeBudget budget(30s, 60s);
  for (int i = 0; i < 1000; ++i) budget.charge("account-" + std::to_string(i), 1s, kStart);
  EXPECT_EQ(budget.tracked_owners(), 1000U);
  budget.charge("later", 1s, kStart + 61s);
  EXPECT_EQ(budget.tracked_owners(), 1U);
}

}  // namespace
}  // namespace pagemd::core
