#include "pagemd/api/page_counter.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <future>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/thread_pool.hpp>

#include "fake_clock.hpp"
#include "pagemd/store/sqlite_store.hpp"
#include "pagemd/store/uuid.hpp"
#include "scratch_dir.hpp"

namespace pagemd::api {
namespace {

namespace asio = boost::asio;
using store::Store;

// The real store, with the batches it is given on record; the first batch can be held until the
// test lets it go, so that the counts behind it pile up.
class ObservedStore final : public Store {
 public:
  explicit ObservedStore(Store& real) : real_(real) {}

  std::vector<core::Result<store::QuotaDecision>> count_pages(std::span<const store::PageCount> pages) override {
    if (first_batch_.exchange(false)) release_first_batch_.get_future().wait();
    {
      const std::lock_guard lock(mutex_);
      batch_sizes_.push_back(pages.size());
    }
    return real_.count_pages(pages);
  }

  void hold_first_batch() { first_batch_ = true; }
  void let_first_batch_go() { release_first_batch_.set_value(); }
  std::vector<std::size_t> batch_sizes() {
    const std::lock_guard lock(mutex_);
    return batch_sizes_;
  }

  core::Result<std::string> create_account(store::Plan plan, std::optional<std::string> email) override {
    return real_.create_account(plan, std::move(email));
  }
  core::Result<std::optional<store::Account>> find_account(std::string_view id) override {
    return real_.find_account(id);
  }
  core::Result<std::vector<store::Account>> list_accounts() override { return real_.list_accounts(); }
  core::Result<void> set_plan(std::string_view id, store::Plan plan) override { return real_.set_plan(id, plan); }
  core::Result<store::KeyInfo> insert_key(const store::NewKey& key, std::int64_t max_active) override {
    return real_.insert_key(key, max_active);
  }
  core::Result<std::optional<store::KeyIdentity>> find_key_by_digest(std::string_view digest) override {
    return real_.find_key_by_digest(digest);
  }
  core::Result<void> mark_key_used(std::string_view key_id, store::TimePoint when) override {
    return real_.mark_key_used(key_id, when);
  }
  core::Result<std::vector<store::KeyInfo>> list_keys(std::string_view account_id) override {
    return real_.list_keys(account_id);
  }
  core::Result<store::KeyInfo> revoke_key(std::string_view account_id, std::string_view key_id) override {
    return real_.revoke_key(account_id, key_id);
  }
  core::Result<store::QuotaDecision> count_page(std::string_view account_id, std::string_view key_id) override {
    return real_.count_page(account_id, key_id);
  }
  core::Result<store::UsageSummary> usage(std::string_view account_id, std::string_view key_id) override {
    return real_.usage(account_id, key_id);
  }
  core::Result<std::optional<store::CachedResult>> cache_get(std::string_view key,
                                                             std::optional<std::chrono::seconds> max_age,
                                                             store::TimePoint now) override {
    return real_.cache_get(key, max_age, now);
  }
  core::Result<void> cache_put(std::string_view key, std::string_view json, store::TimePoint now) override {
    return real_.cache_put(key, json, now);
  }
  core::Result<std::int64_t> purge_expired_cache(store::TimePoint now) override {
    return real_.purge_expired_cache(now);
  }

 private:
  Store& real_;
  std::atomic<bool> first_batch_{false};
  std::promise<void> release_first_batch_;
  std::mutex mutex_;
  std::vector<std::size_t> batch_sizes_;
};

class PageCounterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = store::open_sqlite_store(store::database_file(dir_.path()), clock_);
    ASSERT_TRUE(opened) << opened.error().message;
    real_ = std::move(*opened);
    observed_ = std::make_unique<ObservedStore>(*real_);
    account_ = *real_->create_account(store::Plan::free, std::nullopt);
    key_ = real_->insert_key({store::new_uuid_v4(), account_, std::string(64, 'a'), "sk_live_abcd",
                              store::KeyMode::live}, 20)->id;
  }

  // Starts `requests` coroutines on `pool` that each count one page; returns their outcomes once all are in.
  std::vector<core::Result<store::QuotaDecision>> count_at_once(asio::thread_pool& pool, PageCounter& counter,
                                                                int requests, std::atomic<int>* started = nullptr) {
    std::vector<std::optional<core::Result<store::QuotaDecision>>> outcomes(static_cast<std::size_t>(requests));
    std::atomic<int> finished{0};
    std::promise<void> all_finished;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      asio::co_spawn(
          pool,
          [&, i]() -> asio::awaitable<void> {
            if (started) ++*started;
            outcomes[i] = co_await counter.count(account_, key_);
            if (++finished == requests) all_finished.set_value();
          },
          asio::detached);
    }
    on_all_started();
    all_finished.get_future().wait();
    std::vector<core::Result<store::QuotaDecision>> results;
    for (auto& outcome : outcomes) results.push_back(std::move(*outcome));
    return results;
  }

  std::function<void()> on_all_started = [] {};
  testing::ScratchDir dir_;
  testing::FakeClock clock_;
  std::unique_ptr<Store> real_;
  std::unique_ptr<ObservedStore> observed_;
  std::string account_;
  std::string key_;
};

TEST_F(PageCounterTest, AtTheLimitEachRequestGetsItsOwnDecisionAndTheCountIsExact) {
  for (int i = 0; i < 45; ++i) ASSERT_TRUE(real_->count_page(account_, key_)->admitted);
  asio::thread_pool pool(4);
  PageCounter counter(*observed_);
  const auto outcomes = count_at_once(pool, counter, 40);

  std::vector<std::int64_t> admitted_as;
  int refused = 0;
  for (const auto& outcome : outcomes) {
    ASSERT_TRUE(outcome) << outcome.error().message;
    if (outcome->admitted) admitted_as.push_back(outcome->used);
    else ++refused;
  }
  std::sort(admitted_as.begin(), admitted_as.end());
  EXPECT_EQ(admitted_as, (std::vector<std::int64_t>{46, 47, 48, 49, 50}));
  EXPECT_EQ(refused, 35);
  EXPECT_EQ(real_->usage(account_, key_)->used, 50);
}

// While one commit runs, the counts that arrive wait and are then committed together, so a batch
// is not limited by the number of threads.
TEST_F(PageCounterTest, CountsArrivingDuringACommitShareTheNextOne) {
  constexpr int kRequests = 30;
  asio::thread_pool pool(2);  // one thread held in the first commit, one to run everyone else
  PageCounter counter(*observed_);
  observed_->hold_first_batch();
  std::atomic<int> started{0};
  on_all_started = [&] {
    while (started.load() < kRequests) std::this_thread::yield();
    observed_->let_first_batch_go();
  };
  const auto outcomes = count_at_once(pool, counter, kRequests, &started);
  for (const auto& outcome : outcomes) ASSERT_TRUE(outcome && outcome->admitted);

  const auto sizes = observed_->batch_sizes();
  // The first count alone, the rest together; the last to start may still have been on its way in.
  ASSERT_GE(sizes.size(), 2u);
  EXPECT_LE(sizes.size(), 3u);
  EXPECT_EQ(sizes.front(), 1u);
  EXPECT_GE(sizes[1], static_cast<std::size_t>(kRequests - 2));
  EXPECT_EQ(real_->usage(account_, key_)->used, kRequests);
}

}  // namespace
}  // namespace pagemd::api
