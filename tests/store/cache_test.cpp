#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "store_fixture.hpp"

namespace pagemd::store {
namespace {

using namespace std::chrono_literals;
class CacheTest : public StoreTest {};
PAGEMD_STORE_BACKENDS(CacheTest);
using SqliteCacheTest = SqliteStoreTest;

constexpr std::string_view kUrl = "https://example.com/a|main";

TEST_P(CacheTest, MissWhenAbsent) {
  auto hit = store_->cache_get(kUrl, std::nullopt, clock_.now());
  ASSERT_TRUE(hit);
  EXPECT_FALSE(hit->has_value());
}

TEST_P(CacheTest, PutThenGetReturnsTheResultAndItsTime) {
  const auto stored_at = clock_.now();
  ASSERT_TRUE(store_->cache_put(kUrl, R"({"markdown":"# A"})", stored_at));
  clock_.advance(3h);
  auto hit = store_->cache_get(kUrl, std::nullopt, clock_.now());
  ASSERT_TRUE(hit && hit->has_value());
  EXPECT_EQ((**hit).result_json, R"({"markdown":"# A"})");
  EXPECT_EQ((**hit).created_at, stored_at);
  EXPECT_FALSE(store_->cache_get("https://example.com/a|all", std::nullopt, clock_.now())->has_value());
}

TEST_P(CacheTest, SharedAcrossStoresOnTheSameFile) {
  ASSERT_TRUE(store_->cache_put(kUrl, "{}", clock_.now()));
  EXPECT_TRUE(open()->cache_get(kUrl, std::nullopt, clock_.now())->has_value());
}

// A store keeps recent results in memory; the table stays the truth. A request whose max_age the
// kept result is too old for still finds the newer row another process wrote.
TEST_F(SqliteCacheTest, AFresherRowFromAnotherProcessIsFoundWhenTheKeptOneIsTooOld) {
  ASSERT_TRUE(store_->cache_put(kUrl, "first", clock_.now()));
  ASSERT_EQ((**store_->cache_get(kUrl, std::nullopt, clock_.now())).result_json, "first");
  clock_.advance(10min);
  ASSERT_TRUE(open()->cache_put(kUrl, "second", clock_.now()));
  clock_.advance(1min);
  EXPECT_EQ((**store_->cache_get(kUrl, std::nullopt, clock_.now())).result_json, "first");  // still fresh enough
  EXPECT_EQ((**store_->cache_get(kUrl, 5min, clock_.now())).result_json, "second");
  EXPECT_EQ((**store_->cache_get(kUrl, std::nullopt, clock_.now())).result_json, "second");  // now the kept one
}

TEST_F(SqliteCacheTest, WithoutMemoryEveryAnswerComesFromTheTable) {
  SqliteOptions options;
  options.recent_results_bytes = 0;
  auto uncached = open_sqlite_store(db_file(), clock_, options);
  ASSERT_TRUE(uncached);
  ASSERT_TRUE((*uncached)->cache_put(kUrl, "first", clock_.now()));
  ASSERT_TRUE(store_->cache_put(kUrl, "second", clock_.now()));
  EXPECT_EQ((**(*uncached)->cache_get(kUrl, std::nullopt, clock_.now())).result_json, "second");
}

TEST_P(CacheTest, ExpiresAfterSevenDaysExactly) {
  const auto stored_at = clock_.now();
  ASSERT_TRUE(store_->cache_put(kUrl, "{}", stored_at));
  EXPECT_TRUE(store_->cache_get(kUrl, std::nullopt, stored_at + kCacheLifetime - 1ms)->has_value());
  EXPECT_FALSE(store_->cache_get(kUrl, std::nullopt, stored_at + kCacheLifetime)->has_value());
}

TEST_P(CacheTest, MaxAgeIsHttpFreshness) {
  const auto stored_at = clock_.now();
  ASSERT_TRUE(store_->cache_put(kUrl, "{}", stored_at));
  const auto now = stored_at + 60s;
  EXPECT_TRUE(store_->cache_get(kUrl, 61s, now)->has_value());
  EXPECT_FALSE(store_->cache_get(kUrl, 60s, now)->has_value());       // age 60 is not younger than 60
  EXPECT_FALSE(store_->cache_get(kUrl, 0s, stored_at)->has_value());  // 0 always refetches
  EXPECT_TRUE(store_->cache_get(kUrl, std::chrono::seconds{24 * 3600 * 365}, now)->has_value());
}

TEST_P(CacheTest, PutReplacesAndRestartsTheLifetime) {
  ASSERT_TRUE(store_->cache_put(kUrl, "old", clock_.now()));
  clock_.advance(6 * 24h);
  const auto replaced_at = clock_.now();
  ASSERT_TRUE(store_->cache_put(kUrl, "new", replaced_at));
  clock_.advance(2 * 24h);
  auto hit = store_->cache_get(kUrl, std::nullopt, clock_.now());
  ASSERT_TRUE(hit && hit->has_value());
  EXPECT_EQ((**hit).result_json, "new");
  EXPECT_EQ((**hit).created_at, replaced_at);
}

TEST_P(CacheTest, KeysAreExactBytes) {
  const std::string with_nul("https://example.com/\0x", 22);
  ASSERT_TRUE(store_->cache_put(with_nul, "nul", clock_.now()));
  ASSERT_TRUE(store_->cache_put("https://example.com/'; DROP TABLE cache; --", "quote", clock_.now()));
  EXPECT_EQ((**store_->cache_get(with_nul, std::nullopt, clock_.now())).result_json, "nul");
  EXPECT_FALSE(store_->cache_get("https://example.com/", std::nullopt, clock_.now())->has_value());
  EXPECT_EQ(
      (**store_->cache_get("https://example.com/'; DROP TABLE cache; --", std::nullopt, clock_.now())).result_json,
      "quote");
}

TEST_P(CacheTest, PurgeDeletesOnlyExpiredRowsInBatches) {
  const auto start = clock_.now();
  for (int i = 0; i < 700; ++i) ASSERT_TRUE(store_->cache_put("old/" + std::to_string(i), "{}", start));
  ASSERT_TRUE(store_->cache_put("fresh", "{}", start + 1h));
  const auto later = start + kCacheLifetime;

  auto purged = store_->purge_expired_cache(later);
  ASSERT_TRUE(purged) << purged.error().message;
  EXPECT_EQ(*purged, 700);
  EXPECT_TRUE(store_->cache_get("fresh", std::nullopt, later)->has_value());
  EXPECT_EQ(*store_->purge_expired_cache(later), 0);
  // Expired rows that get() already hides are gone from the file too: a put under the old key starts fresh.
  ASSERT_TRUE(store_->cache_put("old/1", "again", later));
  EXPECT_EQ((**store_->cache_get("old/1", std::nullopt, later)).result_json, "again");
}

TEST_P(CacheTest, ReadersKeepReadingDuringAPurge) {
  const auto start = clock_.now();
  ASSERT_TRUE(store_->cache_put("kept", "{}", start + 1h));
  for (int i = 0; i < 3000; ++i) ASSERT_TRUE(store_->cache_put("old/" + std::to_string(i), "{}", start));
  const auto later = start + kCacheLifetime;

  std::atomic<bool> done{false};
  std::atomic<int> reads{0};
  std::atomic<int> misses{0};
  std::thread reader([&] {
    auto other = open();
    do {
      auto hit = other->cache_get("kept", std::nullopt, later);
      if (!hit || !hit->has_value()) ++misses;
      ++reads;
    } while (!done.load());
  });
  auto purged = store_->purge_expired_cache(later);
  done = true;
  reader.join();
  ASSERT_TRUE(purged);
  EXPECT_EQ(*purged, 3000);
  EXPECT_EQ(misses.load(), 0);
  EXPECT_GT(reads.load(), 0);
}

}  // namespace
}  // namespace pagemd::store
