#include "pagemd/fetch/upstream_fetcher.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "fake_clock.hpp"

namespace pagemd::fetch {
namespace {

using namespace std::chrono_literals;
using core::ErrorCode;

// An inner Fetcher that counts calls and, while held, blocks every call until released.
class GatedFetcher final : public Fetcher {
 public:
  core::Result<FetchedPage> fetch(const ParsedUrl& url) override {
    ++calls_;
    std::unique_lock lock(mutex_);
    released_.wait(lock, [&] { return !held_; });
    if (throws_) {
      throw std::runtime_error("inner fetcher broke");
    }
    if (fail_) {
      return core::unexpected(core::Error{ErrorCode::fetch_failed, "upstream said no", 503});
    }
    return FetchedPage{url.normalized, 200, "text/html", "utf-8", "<p>" + url.normalized + "</p>", ""};
  }
  void hold() {
    const std::lock_guard lock(mutex_);
    held_ = true;
  }
  void release() {
    {
      const std::lock_guard lock(mutex_);
      held_ = false;
    }
    released_.notify_all();
  }
  int calls() const { return calls_; }
  bool fail_ = false;
  bool throws_ = false;

 private:
  std::atomic<int> calls_{0};
  std::mutex mutex_;
  std::condition_variable released_;
  bool held_ = false;
};

ParsedUrl url_of(const std::string& path) { return *parse_url("http://example.com" + path); }

class UpstreamFetcherTest : public ::testing::Test {
 protected:
  // Starts `count` concurrent fetches of `url`: the first leads (and blocks in the gated inner
  // fetcher), the others are let go only once the leader is in flight, and the test waits until
  // they all wait on it. No sleeps: progress is observed through followers_waiting().
  std::vector<core::Result<FetchedPage>> fetch_together(const ParsedUrl& url, int count) {
    inner_->hold();
    std::vector<std::optional<core::Result<FetchedPage>>> results(static_cast<std::size_t>(count));
    std::vector<std::thread> threads;
    threads.emplace_back([&] { results[0] = upstream_.fetch(url); });
    while (inner_->calls() == 0) {
      std::this_thread::yield();
    }
    for (int i = 1; i < count; ++i) {
      threads.emplace_back([&, i] { results[static_cast<std::size_t>(i)] = upstream_.fetch(url); });
    }
    while (upstream_.followers_waiting() < static_cast<std::size_t>(count - 1)) {
      std::this_thread::yield();
    }
    inner_->release();
    for (auto& thread : threads) {
      thread.join();
    }
    std::vector<core::Result<FetchedPage>> done;
    for (auto& result : results) {
      done.push_back(std::move(*result));
    }
    return done;
  }

  testing::FakeClock clock_;
  std::shared_ptr<GatedFetcher> inner_ = std::make_shared<GatedFetcher>();
  std::shared_ptr<UpstreamLimiter> limiter_ = std::make_shared<UpstreamLimiter>(clock_, LimiterOptions{1, 1000ms, 0});
  UpstreamFetcher upstream_{inner_, limiter_};
};

TEST_F(UpstreamFetcherTest, ConcurrentFetchesOfOneUrlShareOneFetchAndOneSlot) {
  const auto results = fetch_together(url_of("/shared"), 6);
  EXPECT_EQ(inner_->calls(), 1);
  for (const auto& result : results) {
    ASSERT_TRUE(result);
    EXPECT_EQ(result->body, "<p>http://example.com/shared</p>");
  }
  // One start was used: with one start per window and no queue, the next caller is busy.
  EXPECT_EQ(limiter_->reserve(), std::nullopt);
  EXPECT_EQ(upstream_.followers_waiting(), 0u);
}

TEST_F(UpstreamFetcherTest, TheKeyIsTheNormalisedUrl) {
  limiter_ = std::make_shared<UpstreamLimiter>(clock_, LimiterOptions{10, 1000ms, 0});
  UpstreamFetcher upstream(inner_, limiter_);
  inner_->hold();
  std::thread leader([&] { EXPECT_TRUE(upstream.fetch(*parse_url("HTTP://EXAMPLE.COM:80/a#x"))); });
  while (inner_->calls() == 0) {
    std::this_thread::yield();
  }
  std::thread follower([&] { EXPECT_TRUE(upstream.fetch(*parse_url("http://example.com/a"))); });
  while (upstream.followers_waiting() == 0) {
    std::this_thread::yield();
  }
  inner_->release();
  leader.join();
  follower.join();
  EXPECT_EQ(inner_->calls(), 1);
}

TEST_F(UpstreamFetcherTest, DifferentUrlsAndLaterCallsFetchAgain) {
  limiter_ = std::make_shared<UpstreamLimiter>(clock_, LimiterOptions{10, 1000ms, 0});
  UpstreamFetcher upstream(inner_, limiter_);
  ASSERT_TRUE(upstream.fetch(url_of("/a")));
  ASSERT_TRUE(upstream.fetch(url_of("/a")));  // no caching here: the flight had landed
  const auto other = upstream.fetch(url_of("/b"));
  ASSERT_TRUE(other);
  EXPECT_EQ(other->final_url, "http://example.com/b");
  EXPECT_EQ(inner_->calls(), 3);
}

TEST_F(UpstreamFetcherTest, FollowersShareTheLeadersError) {
  inner_->fail_ = true;
  const auto results = fetch_together(url_of("/down"), 3);
  EXPECT_EQ(inner_->calls(), 1);
  for (const auto& result : results) {
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::fetch_failed);
    EXPECT_EQ(result.error().upstream_status, 503);
  }
}

TEST_F(UpstreamFetcherTest, BusyWhenTheLimiterQueueIsFullAndTheInnerFetcherIsNotCalled) {
  ASSERT_TRUE(limiter_->reserve());  // the only start of this window is taken
  const auto result = upstream_.fetch(url_of("/x"));
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, ErrorCode::busy);
  EXPECT_EQ(inner_->calls(), 0);
  clock_.advance(1s);
  EXPECT_TRUE(upstream_.fetch(url_of("/x")));
  EXPECT_EQ(inner_->calls(), 1);
}

TEST_F(UpstreamFetcherTest, AnExceptionReachesLeaderAndFollowersAndTheUrlCanBeFetchedAgain) {
  inner_->throws_ = true;
  inner_->hold();
  std::atomic<int> thrown{0};
  std::thread leader([&] {
    try {
      static_cast<void>(upstream_.fetch(url_of("/boom")));
    } catch (const std::runtime_error&) {
      ++thrown;
    }
  });
  while (inner_->calls() == 0) {
    std::this_thread::yield();
  }
  std::thread follower([&] {
    try {
      static_cast<void>(upstream_.fetch(url_of("/boom")));
    } catch (const std::runtime_error&) {
      ++thrown;
    }
  });
  while (upstream_.followers_waiting() == 0) {
    std::this_thread::yield();
  }
  inner_->release();
  leader.join();
  follower.join();
  EXPECT_EQ(thrown, 2);
  inner_->throws_ = false;
  clock_.advance(1s);
  EXPECT_TRUE(upstream_.fetch(url_of("/boom")));
}

}  // namespace
}  // namespace pagemd::fetch

namespace pagemd::fetch {
namespace {

// An inner ResourceFetcher that notes the (fake) time of each call.
class RecordingResources final : public ResourceFetcher {
 public:
  explicit RecordingResources(const core::Clock& clock) : clock_(clock) {}
  core::Result<FetchedResource> fetch_resource(std::string_view url, std::size_t,
                                               std::chrono::steady_clock::time_point) override {
    calls.push_back(clock_.now());
    return FetchedResource{200, "text/plain", "", std::string(url), {}};
  }
  std::vector<core::Clock::time_point> calls;

 private:
  const core::Clock& clock_;
};

class LimitedResourceFetcherTest : public ::testing::Test {
 protected:
  // Two starts a second, two callers may wait; waiting moves the fake clock.
  LimitedResourceFetcherTest()
      : limiter_(std::make_shared<UpstreamLimiter>(clock_, LimiterOptions{2, 1000ms, 2},
                                                   [this](UpstreamLimiter::Duration wait) { clock_.advance(wait); })),
        resources_(inner_, limiter_) {}

  core::Result<FetchedResource> fetch(std::chrono::steady_clock::time_point deadline = far_deadline()) {
    return resources_.fetch_resource("http://example.com/script.js", 1024, deadline);
  }
  static std::chrono::steady_clock::time_point far_deadline() { return std::chrono::steady_clock::now() + 1h; }

  testing::FakeClock clock_;
  std::shared_ptr<RecordingResources> inner_ = std::make_shared<RecordingResources>(clock_);
  std::shared_ptr<UpstreamLimiter> limiter_;
  LimitedResourceFetcher resources_;
};

TEST_F(LimitedResourceFetcherTest, EachRequestTakesAStartOfTheLimit) {
  const auto begin = clock_.now();
  for (int i = 0; i < 6; ++i) ASSERT_TRUE(fetch());
  ASSERT_EQ(inner_->calls.size(), 6U);
  // Two a second: the third and fourth wait a second, the fifth and sixth two.
  EXPECT_EQ(inner_->calls[1] - begin, 0s);
  EXPECT_EQ(inner_->calls[2] - begin, 1s);
  EXPECT_EQ(inner_->calls[3] - begin, 1s);
  EXPECT_EQ(inner_->calls[4] - begin, 2s);
  EXPECT_EQ(inner_->calls[5] - begin, 2s);
}

TEST_F(LimitedResourceFetcherTest, PageFetchesAndResourcesShareTheStarts) {
  ASSERT_TRUE(limiter_->reserve());  // a page fetch took one of this second's two starts
  ASSERT_TRUE(fetch());
  const auto begin = clock_.now();
  ASSERT_TRUE(fetch());
  EXPECT_EQ(inner_->calls.back() - begin, 1s);
}

TEST_F(LimitedResourceFetcherTest, AFullQueueIsBusyAndTheInnerFetcherIsNotCalled) {
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(limiter_->reserve());  // two now, two waiting
  const auto refused = fetch();
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::busy);
  EXPECT_TRUE(inner_->calls.empty());
}

TEST_F(LimitedResourceFetcherTest, AStartPastThePagesDeadlineIsATimeout) {
  const auto refused = fetch(std::chrono::steady_clock::now() - 1ms);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::fetch_timeout);
  EXPECT_TRUE(inner_->calls.empty());
}

}  // namespace
}  // namespace pagemd::fetch
