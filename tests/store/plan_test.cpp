#include "pagemd/store/plan.hpp"

#include <gtest/gtest.h>

namespace pagemd::store {
namespace {

TEST(Plan, MonthlyLimitsOfDesign) {
  EXPECT_EQ(monthly_limit(Plan::free), 50);
  EXPECT_EQ(monthly_limit(Plan::starter), 5'000);
  EXPECT_EQ(monthly_limit(Plan::pro), 25'000);
  EXPECT_EQ(monthly_limit(Plan::scale), 200'000);
}

TEST(Plan, NamesRoundTrip) {
  for (const Plan plan : {Plan::free, Plan::starter, Plan::pro, Plan::scale}) {
    EXPECT_EQ(parse_plan(to_string(plan)), plan);
  }
  EXPECT_EQ(to_string(Plan::starter), "starter");
}

TEST(Plan, UnknownNamesAreRefused) {
  for (const char* name : {"", "Free", "FREE", "enterprise", "free ", " pro", "scale\n"}) {
    EXPECT_FALSE(parse_plan(name).has_value()) << name;
  }
}

TEST(KeyMode, NamesRoundTrip) {
  EXPECT_EQ(to_string(KeyMode::live), "live");
  EXPECT_EQ(to_string(KeyMode::test), "test");
  EXPECT_EQ(parse_key_mode("live"), KeyMode::live);
  EXPECT_EQ(parse_key_mode("test"), KeyMode::test);
  EXPECT_FALSE(parse_key_mode("Live").has_value());
  EXPECT_FALSE(parse_key_mode("").has_value());
}

}  // namespace
}  // namespace pagemd::store
