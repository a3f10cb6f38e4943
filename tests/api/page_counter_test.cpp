#include "pagemd/api/page_counter.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <latch>
#include <future>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>

#include "fake_clock.hpp"
#include "forwarding_store.hpp"
#include "pagemd/store/sqlite_store.hpp"
#include "pagemd/store/uuid.hpp"
#include "scratch_dir.hpp"

namespace pagemd::api {
namespace {

namespace asio = boost::asio;
using store::Store;

// The real store, with the batches it is given on record; the first batch can be held until the
// test lets it go, so that the counts behind it pile up.
class ObservedStore final : public testing::ForwardingStore {
 public:
  explicit ObservedStore(Store& real) : ForwardingStore(real) {}

  std::vector<core::Result<store::QuotaDecision>> count_pages(std::span<const store::PageCount> pages) override {
    if (first_batch_.exchange(false)) {
      first_batch_entered_.set_value();
      release_first_batch_.get_future().wait();
    }
    {
      const std::lock_guard lock(mutex_);
      batch_sizes_.push_back(pages.size());
    }
    return real().count_pages(pages);
  }

  // The first batch waits in count_pages() until let_first_batch_go(); returns once it is waiting.
  std::future<void> hold_first_batch() {
    first_batch_ = true;
    return first_batch_entered_.get_future();
  }
  void let_first_batch_go() { release_first_batch_.set_value(); }
  std::vector<std::size_t> batch_sizes() {
    const std::lock_guard lock(mutex_);
    return batch_sizes_;
  }

 private:
  std::atomic<bool> first_batch_{false};
  std::promise<void> first_batch_entered_;
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
    key_ = real_
               ->insert_key(
                   {store::new_uuid_v4(), account_, std::string(64, 'a'), "sk_live_abcd", store::KeyMode::live}, 20)
               ->id;
  }

  // Requests that each count one page, as coroutines on a pool, and what each was told.
  class Requests {
   public:
    explicit Requests(int count) : outcomes_(static_cast<std::size_t>(count)), finished_(count) {}

    void start(asio::thread_pool& pool, PageCounter& counter, const std::string& account, const std::string& key,
               int first, int last) {
      for (int i = first; i < last; ++i) {
        asio::co_spawn(
            pool,
            [&, i]() -> asio::awaitable<void> {
              ++started_;
              outcomes_[static_cast<std::size_t>(i)] = co_await counter.count(account, key);
              finished_.count_down();
            },
            asio::detached);
      }
    }
    void wait_until_started(int count) const {
      while (started_.load() < count) std::this_thread::yield();
    }
    std::vector<core::Result<store::QuotaDecision>> outcomes() {
      finished_.wait();
      std::vector<core::Result<store::QuotaDecision>> results;
      for (auto& outcome : outcomes_) results.push_back(std::move(*outcome));
      return results;
    }

   private:
    std::vector<std::optional<core::Result<store::QuotaDecision>>> outcomes_;
    std::atomic<int> started_{0};
    std::latch finished_;
  };

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
  Requests requests(40);
  requests.start(pool, counter, account_, key_, 0, 40);

  std::vector<std::int64_t> admitted_as;
  int refused = 0;
  for (const auto& outcome : requests.outcomes()) {
    ASSERT_TRUE(outcome) << outcome.error().message;
    if (outcome->admitted)
      admitted_as.push_back(outcome->used);
    else
      ++refused;
  }
  std::sort(admitted_as.begin(), admitted_as.end());
  EXPECT_EQ(admitted_as, (std::vector<std::int64_t>{46, 47, 48, 49, 50}));
  EXPECT_EQ(refused, 35);
  EXPECT_EQ(real_->usage(account_, key_)->used, 50);
}

// The commit is queued behind the requests already waiting for a thread, so all of them reach
// their count first and share it.
TEST_F(PageCounterTest, RequestsQueuedTogetherShareOneCommit) {
  constexpr int kRequests = 30;
  asio::thread_pool pool(1);
  PageCounter counter(*observed_);
  std::promise<void> all_queued;
  asio::post(pool, [queued = all_queued.get_future()] { queued.wait(); });  // the thread waits for the queue
  Requests requests(kRequests);
  requests.start(pool, counter, account_, key_, 0, kRequests);
  all_queued.set_value();
  for (const auto& outcome : requests.outcomes()) ASSERT_TRUE(outcome && outcome->admitted);
  EXPECT_EQ(observed_->batch_sizes(), std::vector<std::size_t>{kRequests});
  EXPECT_EQ(real_->usage(account_, key_)->used, kRequests);
}

// While one commit runs, the counts that arrive wait and are then committed together, so a batch
// is not limited by the number of threads.
TEST_F(PageCounterTest, CountsArrivingDuringACommitShareTheNextOne) {
  constexpr int kRequests = 30;
  asio::thread_pool pool(2);  // one thread held in the first commit, one to run everyone else
  PageCounter counter(*observed_);
  auto first_batch_waiting = observed_->hold_first_batch();
  Requests requests(kRequests);
  requests.start(pool, counter, account_, key_, 0, 1);
  first_batch_waiting.wait();
  requests.start(pool, counter, account_, key_, 1, kRequests);
  requests.wait_until_started(kRequests);
  observed_->let_first_batch_go();
  for (const auto& outcome : requests.outcomes()) ASSERT_TRUE(outcome && outcome->admitted);

  const auto sizes = observed_->batch_sizes();
  // The first count alone, the rest together; the last to start may still have been on its way in.
  ASSERT_GE(sizes.size(), 2u);
  EXPECT_LE(sizes.size(), 3u);
  EXPECT_EQ(sizes.front(), 1u);
  EXPECT_GE(sizes[1], static_cast<std::size_t>(kRequests - 2));
  EXPECT_EQ(real_->usage(account_, key_)->used, kRequests);
}

// Each request goes on on its own executor: the commit resumes the waiters of its executor itself,
// and hands the others back to theirs.
TEST_F(PageCounterTest, EachRequestResumesOnItsOwnExecutor) {
  asio::thread_pool committing_pool(1);
  asio::thread_pool other_pool(1);
  const auto thread_of = [](asio::thread_pool& pool) {
    std::promise<std::thread::id> id;
    asio::post(pool, [&id] { id.set_value(std::this_thread::get_id()); });
    return id.get_future().get();
  };
  const std::thread::id committing_thread = thread_of(committing_pool);
  const std::thread::id other_thread = thread_of(other_pool);

  PageCounter counter(*observed_);
  auto first_batch_waiting = observed_->hold_first_batch();
  std::promise<std::thread::id> first_resumed_on;
  std::promise<std::thread::id> second_resumed_on;
  const auto count_and_report = [&](std::promise<std::thread::id>& resumed_on) -> asio::awaitable<void> {
    auto outcome = co_await counter.count(account_, key_);
    EXPECT_TRUE(outcome && outcome->admitted);
    resumed_on.set_value(std::this_thread::get_id());
  };
  asio::co_spawn(committing_pool, count_and_report(first_resumed_on), asio::detached);
  first_batch_waiting.wait();
  asio::co_spawn(other_pool, count_and_report(second_resumed_on), asio::detached);
  thread_of(other_pool);  // runs after the second request has suspended in its count
  observed_->let_first_batch_go();

  EXPECT_EQ(first_resumed_on.get_future().get(), committing_thread);
  EXPECT_EQ(second_resumed_on.get_future().get(), other_thread);
  EXPECT_EQ(real_->usage(account_, key_)->used, 2);
}

// The server's connections run on strands of an io_context, executors that count their references:
// each request's count must take and release its executor exactly once, however the compiler
// handles the co_await that fetches it.
TEST_F(PageCounterTest, RequestsOnStrandsEachGetTheirCount) {
  asio::io_context io;
  PageCounter counter(*observed_);
  constexpr int kRequests = 40;
  std::atomic<int> admitted{0};
  for (int i = 0; i < kRequests; ++i) {
    asio::co_spawn(
        asio::make_strand(io),
        [&]() -> asio::awaitable<void> {
          auto outcome = co_await counter.count(account_, key_);
          if (outcome && outcome->admitted) ++admitted;
        },
        asio::detached);
  }
  std::thread helper([&io] { io.run(); });
  io.run();
  helper.join();
  EXPECT_EQ(admitted.load(), kRequests);
  EXPECT_EQ(real_->usage(account_, key_)->used, kRequests);
}

}  // namespace
}  // namespace pagemd::api
