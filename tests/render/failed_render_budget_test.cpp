#include "failed_render_budget.hpp"

#include <gtest/gtest.h>

namespace pagemd::render::detail {
namespace {

using namespace std::chrono_literals;
using Clock = FailedRenderBudget::Clock;

const Clock::time_point kStart = Clock::time_point{} + 1000s;

TEST(FailedRenderBudget, AnAccountIsRefusedOnceItsFailuresTookTheBudgetAndOthersAreNot) {
  FailedRenderBudget budget(30s, 60s);
  EXPECT_FALSE(budget.wait_before_render("a", kStart));
  budget.charge("a", 12s, kStart);
  budget.charge("a", 12s, kStart + 10s);
  EXPECT_FALSE(budget.wait_before_render("a", kStart + 10s)) << "24 s of 30";
  budget.charge("a", 7s, kStart + 20s);
  // 31 s: refused until the first failure leaves the window (at kStart + 60 s), which leaves 19 s.
  EXPECT_EQ(budget.wait_before_render("a", kStart + 20s), 40s);
  EXPECT_EQ(budget.wait_before_render("a", kStart + 59s), 1s);
  EXPECT_FALSE(budget.wait_before_render("b", kStart + 20s));
  EXPECT_FALSE(budget.wait_before_render("a", kStart + 60s)) << "the budget comes back with the window";
}

TEST(FailedRenderBudget, TheWaitLastsUntilEnoughOfTheTimeHasLeftTheWindow) {
  FailedRenderBudget budget(10s, 60s);
  budget.charge("a", 4s, kStart);
  budget.charge("a", 4s, kStart + 1s);
  budget.charge("a", 4s, kStart + 2s);
  budget.charge("a", 4s, kStart + 3s);
  // 16 s: the first two failures must leave (8 s stays) before a render may start.
  EXPECT_EQ(budget.wait_before_render("a", kStart + 3s), 58s);
  EXPECT_EQ(budget.wait_before_render("a", kStart + 60s), 1s);
  EXPECT_FALSE(budget.wait_before_render("a", kStart + 61s));
}

TEST(FailedRenderBudget, ASingleFailureLongerThanTheBudgetWaitsOutTheWindow) {
  FailedRenderBudget budget(1s, 60s);
  budget.charge("a", 15s, kStart);
  EXPECT_EQ(budget.wait_before_render("a", kStart), 60s);
}

TEST(FailedRenderBudget, AZeroBudgetBoundsNothingAndKeepsNothing) {
  FailedRenderBudget budget(0s, 60s);
  budget.charge("a", 600s, kStart);
  EXPECT_FALSE(budget.wait_before_render("a", kStart));
  EXPECT_EQ(budget.tracked_accounts(), 0U);
}

TEST(FailedRenderBudget, AccountsWhoseFailuresLeftTheWindowAreForgotten) {
  FailedRenderBudget budget(30s, 60s);
  for (int i = 0; i < 1000; ++i) budget.charge("account-" + std::to_string(i), 1s, kStart);
  EXPECT_EQ(budget.tracked_accounts(), 1000U);
  budget.charge("later", 1s, kStart + 61s);
  EXPECT_EQ(budget.tracked_accounts(), 1U);
}

}  // namespace
}  // namespace pagemd::render::detail
