#include "pagemd/store/period.hpp"

#include <gtest/gtest.h>

namespace pagemd::store {
namespace {

using namespace std::chrono;

system_clock::time_point at(year_month_day day, hours h = hours{0}, minutes m = minutes{0}) {
  return sys_days{day} + h + m;
}

TEST(UsagePeriod, MidMonth) {
  const auto period = usage_period(at(2026y / March / 17, hours{13}, minutes{5}));
  EXPECT_EQ(period.start, at(2026y / March / 1));
  EXPECT_EQ(period.end, at(2026y / April / 1));
  EXPECT_EQ(period.id, 202603);
}

TEST(UsagePeriod, FirstInstantBelongsToTheNewMonth) {
  const auto start = at(2026y / April / 1);
  EXPECT_EQ(usage_period(start).id, 202604);
  EXPECT_EQ(usage_period(start - nanoseconds{1}).id, 202603);
  EXPECT_EQ(usage_period(start - nanoseconds{1}).end, start);
}

TEST(UsagePeriod, DecemberRollsIntoTheNextYear) {
  const auto period = usage_period(at(2025y / December / 31, hours{23}, minutes{59}));
  EXPECT_EQ(period.id, 202512);
  EXPECT_EQ(period.end, at(2026y / January / 1));
  EXPECT_EQ(usage_period(period.end).id, 202601);
}

TEST(UsagePeriod, LeapFebruary) {
  EXPECT_EQ(usage_period(at(2028y / February / 29, hours{12})).end, at(2028y / March / 1));
  EXPECT_EQ(usage_period(at(2027y / February / 28, hours{12})).end, at(2027y / March / 1));
}

TEST(UsagePeriod, IsUtcNotLocalTime) {
  // 23:30 UTC on the last day is still that month wherever the machine is.
  EXPECT_EQ(usage_period(at(2026y / January / 31, hours{23}, minutes{30})).id, 202601);
}

}  // namespace
}  // namespace pagemd::store
