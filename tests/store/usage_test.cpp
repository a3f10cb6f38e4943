#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "pagemd/store/period.hpp"
#include "store_fixture.hpp"

namespace pagemd::store {
namespace {

using namespace std::chrono;
class UsageTest : public StoreTest {};
PAGEMD_STORE_BACKENDS(UsageTest);

TEST_P(UsageTest, CountsUpToTheLimitAndNoFurther) {
  const auto account = new_account(Plan::free);
  const auto key = new_key(account);
  for (std::int64_t page = 1; page <= 50; ++page) {
    auto counted = store_->count_page(account, key.id);
    ASSERT_TRUE(counted) << counted.error().message;
    EXPECT_TRUE(counted->admitted);
    EXPECT_EQ(counted->used, page);
    EXPECT_EQ(counted->limit, 50);
  }
  auto refused = store_->count_page(account, key.id);
  ASSERT_TRUE(refused);
  EXPECT_FALSE(refused->admitted);
  EXPECT_EQ(refused->used, 50);
  EXPECT_EQ(refused->limit, 50);
  EXPECT_EQ(store_->usage(account, key.id)->used, 50);
}

TEST_P(UsageTest, PerAccountAcrossKeysAndPerKey) {
  const auto account = new_account(Plan::free);
  const auto first = new_key(account);
  const auto second = new_key(account);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(store_->count_page(account, first.id)->admitted);
  for (int i = 0; i < 2; ++i) ASSERT_TRUE(store_->count_page(account, second.id)->admitted);

  auto summary = store_->usage(account, first.id);
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->used, 5);
  EXPECT_EQ(summary->key_used, 3);
  EXPECT_EQ(store_->usage(account, second.id)->key_used, 2);

  auto keys = store_->list_keys(account);
  ASSERT_TRUE(keys);
  EXPECT_EQ((*keys)[0].used, 2);  // `second`, the newer
  EXPECT_EQ((*keys)[1].used, 3);
}

TEST_P(UsageTest, LimitIsPerAccountAcrossKeys) {
  const auto account = new_account(Plan::free);
  const auto first = new_key(account);
  const auto second = new_key(account);
  for (int i = 0; i < 50; ++i) ASSERT_TRUE(store_->count_page(account, i % 2 == 0 ? first.id : second.id)->admitted);
  EXPECT_FALSE(store_->count_page(account, first.id)->admitted);
  EXPECT_FALSE(store_->count_page(account, second.id)->admitted);
}

TEST_P(UsageTest, SummaryHasPlanAndPeriod) {
  clock_.set(sys_days{2026y / May / 20} + hours{8});
  const auto account = new_account(Plan::pro);
  const auto key = new_key(account);
  auto summary = store_->usage(account, key.id);
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->plan, Plan::pro);
  EXPECT_EQ(summary->monthly_limit, 25'000);
  EXPECT_EQ(summary->used, 0);
  EXPECT_EQ(summary->key_used, 0);
  EXPECT_EQ(summary->period_start, sys_days{2026y / May / 1});
  EXPECT_EQ(summary->resets_at, sys_days{2026y / June / 1});
}

TEST_P(UsageTest, NewMonthStartsFromZero) {
  clock_.set(sys_days{2026y / January / 31} + hours{23} + minutes{59} + seconds{59});
  const auto account = new_account(Plan::free);
  const auto key = new_key(account);
  for (int i = 0; i < 50; ++i) ASSERT_TRUE(store_->count_page(account, key.id)->admitted);
  EXPECT_FALSE(store_->count_page(account, key.id)->admitted);

  clock_.advance(seconds{1});  // 2026-02-01T00:00:00Z
  auto counted = store_->count_page(account, key.id);
  ASSERT_TRUE(counted);
  EXPECT_TRUE(counted->admitted);
  EXPECT_EQ(counted->used, 1);
  EXPECT_EQ(store_->usage(account, key.id)->key_used, 1);
  EXPECT_EQ((**store_->find_account(account)).used, 1);
}

TEST_P(UsageTest, RaisingThePlanLetsCountingGoOn) {
  const auto account = new_account(Plan::free);
  const auto key = new_key(account);
  for (int i = 0; i < 50; ++i) ASSERT_TRUE(store_->count_page(account, key.id)->admitted);
  ASSERT_TRUE(store_->set_plan(account, Plan::starter));
  auto counted = store_->count_page(account, key.id);
  EXPECT_TRUE(counted->admitted);
  EXPECT_EQ(counted->limit, 5'000);
}

TEST_P(UsageTest, UnknownAccountOrForeignKeyIsNotFound) {
  const auto account = new_account();
  const auto other = new_account();
  const auto foreign = new_key(other);
  for (const auto& [owner, key] : {std::pair{std::string("00000000-0000-4000-8000-000000000000"), foreign.id},
                                   std::pair{account, foreign.id}, std::pair{account, std::string("nope")}}) {
    auto counted = store_->count_page(owner, key);
    ASSERT_FALSE(counted);
    EXPECT_EQ(counted.error().code, core::ErrorCode::not_found);
  }
  EXPECT_EQ(store_->usage(other, foreign.id)->used, 0);
  auto summary = store_->usage("00000000-0000-4000-8000-000000000000", foreign.id);
  ASSERT_FALSE(summary);
  EXPECT_EQ(summary.error().code, core::ErrorCode::not_found);
}

// The daemon may authenticate a page request by an identity read a moment ago; the count is where
// a key revoked since then (by another node) is caught, before anything is served.
TEST_P(UsageTest, ARevokedKeysPageIsNotCounted) {
  const auto account = new_account();
  const auto key = new_key(account);
  const auto other = new_key(account);
  ASSERT_TRUE(store_->count_page(account, key.id));
  ASSERT_TRUE(store_->revoke_key(account, key.id));
  const PageCount pages[] = {{account, key.id}, {account, other.id}};
  auto counted = store_->count_pages(pages);
  ASSERT_FALSE(counted[0]);
  EXPECT_EQ(counted[0].error().code, core::ErrorCode::key_revoked);
  ASSERT_TRUE(counted[1]) << "the account's other key goes on";
  EXPECT_TRUE(counted[1]->admitted);
  EXPECT_EQ(store_->usage(account, key.id)->used, 2);
  EXPECT_EQ(store_->usage(account, key.id)->key_used, 1);
}

TEST_P(UsageTest, ABatchDecidesItsPagesInOrderAcrossAccountsAndKeys) {
  const auto account = new_account(Plan::free);
  const auto first = new_key(account);
  const auto second = new_key(account);
  const auto other = new_account(Plan::free);
  const auto other_key = new_key(other);
  for (int i = 0; i < 48; ++i) ASSERT_TRUE(store_->count_page(account, first.id)->admitted);

  const std::string unknown = "00000000-0000-4000-8000-000000000000";
  const std::vector<PageCount> pages{{account, first.id},  {other, other_key.id}, {account, second.id},
                                     {account, first.id},  {unknown, first.id},   {account, other_key.id},
                                     {other, other_key.id}};
  const auto outcomes = store_->count_pages(pages);
  ASSERT_EQ(outcomes.size(), pages.size());
  const auto admitted_as = [&](std::size_t index, std::int64_t used) {
    ASSERT_TRUE(outcomes[index]) << index << ": " << outcomes[index].error().message;
    EXPECT_TRUE(outcomes[index]->admitted) << index;
    EXPECT_EQ(outcomes[index]->used, used) << index;
  };
  admitted_as(0, 49);
  admitted_as(1, 1);
  admitted_as(2, 50);
  ASSERT_TRUE(outcomes[3]);
  EXPECT_FALSE(outcomes[3]->admitted);  // the page before it took the account's last one
  EXPECT_EQ(outcomes[3]->used, 50);
  EXPECT_EQ(outcomes[3]->plan, Plan::free);
  ASSERT_FALSE(outcomes[4]);
  EXPECT_EQ(outcomes[4].error().code, core::ErrorCode::not_found);
  ASSERT_FALSE(outcomes[5]);  // a key of another account
  EXPECT_EQ(outcomes[5].error().code, core::ErrorCode::not_found);
  admitted_as(6, 2);

  EXPECT_EQ(store_->usage(account, first.id)->key_used, 49);
  EXPECT_EQ(store_->usage(account, second.id)->key_used, 1);
  EXPECT_EQ(store_->usage(account, second.id)->used, 50);
  EXPECT_EQ(store_->usage(other, other_key.id)->used, 2);
}

TEST_P(UsageTest, AnEmptyBatchCountsNothing) { EXPECT_TRUE(store_->count_pages({}).empty()); }

// Runs `threads` threads that each try to count `attempts` pages, each on its own store (as separate
// daemons or admin processes would) or all on one; returns how many were admitted.
int hammer(const std::vector<Store*>& stores, const std::string& account, const std::string& key, int threads,
           int attempts) {
  std::atomic<int> admitted{0};
  std::atomic<int> failures{0};
  std::atomic<bool> go{false};
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([&, t] {
      Store& store = *stores[static_cast<std::size_t>(t) % stores.size()];
      while (!go.load()) std::this_thread::yield();
      for (int i = 0; i < attempts; ++i) {
        auto counted = store.count_page(account, key);
        if (!counted)
          ++failures;
        else if (counted->admitted)
          ++admitted;
      }
    });
  }
  go = true;
  for (auto& worker : workers) worker.join();
  EXPECT_EQ(failures.load(), 0);
  return admitted.load();
}

TEST_P(UsageTest, SixtyFourThreadsOnePageBelowTheLimitAdmitExactlyOne) {
  const auto account = new_account(Plan::free);
  const auto key = new_key(account);
  for (int i = 0; i < 49; ++i) ASSERT_TRUE(store_->count_page(account, key.id)->admitted);
  EXPECT_EQ(hammer({store_.get()}, account, key.id, 64, 4), 1);
  EXPECT_EQ(store_->usage(account, key.id)->used, 50);
  EXPECT_EQ(store_->usage(account, key.id)->key_used, 50);
}

TEST_P(UsageTest, ConcurrentStoresOnOneFileCountExactly) {
  const auto account = new_account(Plan::free);
  const auto key = new_key(account);
  auto second = open();
  auto third = open();
  for (int i = 0; i < 30; ++i) ASSERT_TRUE(store_->count_page(account, key.id)->admitted);
  EXPECT_EQ(hammer({store_.get(), second.get(), third.get()}, account, key.id, 12, 5), 20);
  EXPECT_EQ(store_->usage(account, key.id)->used, 50);
}

}  // namespace
}  // namespace pagemd::store
