#include "recent_results.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

namespace pagemd::store::detail {
namespace {

constexpr std::int64_t kAnyAge = std::numeric_limits<std::int64_t>::min();

RecentResults::Entry entry(std::string text, std::int64_t created_ms, std::int64_t expires_ms) {
  return {std::make_shared<const std::string>(std::move(text)), created_ms, expires_ms};
}

TEST(RecentResults, FindsWhatItKeepsUnderTheTablesRules) {
  RecentResults recent(1 << 20);
  recent.remember("a", entry("result", 1000, 5000));
  auto found = recent.find("a", 2000, kAnyAge);
  ASSERT_TRUE(found);
  EXPECT_EQ(*found->result_json, "result");
  EXPECT_EQ(found->created_at_ms, 1000);
  EXPECT_FALSE(recent.find("b", 2000, kAnyAge));
  EXPECT_FALSE(recent.find("a", 2000, 1000));  // not newer than the max_age bound: the table decides
  EXPECT_TRUE(recent.find("a", 2000, 999));
  EXPECT_TRUE(recent.find("a", 4999, kAnyAge));
  EXPECT_FALSE(recent.find("a", 5000, kAnyAge));  // expired, and dropped
  EXPECT_EQ(recent.bytes_held(), 0u);
}

TEST(RecentResults, ReplacingAKeyKeepsOneEntry) {
  RecentResults recent(1 << 20);
  recent.remember("a", entry("old", 1000, 5000));
  const auto one = recent.bytes_held();
  recent.remember("a", entry("new", 2000, 6000));
  EXPECT_EQ(recent.bytes_held(), one);
  EXPECT_EQ(*recent.find("a", 3000, kAnyAge)->result_json, "new");
}

TEST(RecentResults, LeastRecentlyUsedGoFirstOverTheBudget) {
  const std::string page(1000, 'x');
  const std::vector<std::string> keys{"a", "b", "c", "d", "e", "f", "g", "h"};
  RecentResults measure(1 << 20);
  measure.remember("a", entry(page, 1, 100));
  RecentResults recent(keys.size() * measure.bytes_held());  // room for exactly eight pages
  for (const auto& key : keys) recent.remember(key, entry(page, 1, 100));
  for (const auto& key : keys) ASSERT_TRUE(recent.find(key, 2, kAnyAge)) << key;
  ASSERT_TRUE(recent.find("a", 2, kAnyAge));  // "a" is now the most recently used; "b" the least
  recent.remember("i", entry(page, 1, 100));
  EXPECT_FALSE(recent.find("b", 2, kAnyAge));
  for (const char* key : {"a", "c", "d", "e", "f", "g", "h", "i"}) EXPECT_TRUE(recent.find(key, 2, kAnyAge)) << key;
}

TEST(RecentResults, AResultTooBigForItsShareIsNotKeptAndDropsTheOldEntry) {
  RecentResults recent(8000);
  recent.remember("a", entry("small", 1, 100));
  recent.remember("a", entry(std::string(2000, 'x'), 2, 100));
  EXPECT_FALSE(recent.find("a", 3, kAnyAge));
  EXPECT_EQ(recent.bytes_held(), 0u);
}

TEST(RecentResults, ABudgetOfZeroKeepsNothing) {
  RecentResults recent(0);
  recent.remember("a", entry("", 1, 100));
  EXPECT_FALSE(recent.find("a", 2, kAnyAge));
}

}  // namespace
}  // namespace pagemd::store::detail
