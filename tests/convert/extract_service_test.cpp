#include "pagemd/convert/extract_service.hpp"

#include <gtest/gtest.h>

#include "fake_clock.hpp"
#include "pagemd/store/sqlite_store.hpp"

namespace pagemd::convert {
namespace {

using namespace std::chrono_literals;

// A Fetcher that serves one fixed page and counts its calls.
class CountingFetcher final : public fetch::Fetcher {
 public:
  core::Result<fetch::FetchedPage> fetch(const fetch::ParsedUrl& url) override {
    ++calls;
    if (failure) return core::unexpected(*failure);
    return fetch::FetchedPage{url.normalized, 200, content_type, "",
                              "<title>Stored page</title><article><p>Words \"quoted\" here.</p></article>"};
  }
  int calls = 0;
  std::string content_type = "text/html";
  std::optional<core::Error> failure;
};

class ExtractServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = store::open_memory_store(clock_);
    ASSERT_TRUE(opened);
    store_ = std::move(*opened);
    service_.emplace(*store_, fetcher_, converter_, clock_);
    request_.url = *fetch::parse_url("https://example.com/a");
  }
  static nlohmann::json parsed(const ExtractOutcome& outcome) { return nlohmann::json::parse(outcome.result_json); }

  testing::FakeClock clock_;
  std::unique_ptr<store::Store> store_;
  CountingFetcher fetcher_;
  InProcessConverter converter_;
  std::optional<ExtractService> service_;
  ExtractRequest request_;
};

TEST_F(ExtractServiceTest, AMissFetchesAndAHitDoesNot) {
  auto miss = service_->extract(request_);
  ASSERT_TRUE(miss) << miss.error().message;
  EXPECT_EQ(miss->cache, CacheStatus::miss);
  const auto first = parsed(*miss);
  EXPECT_EQ(first["metadata"]["cache"]["status"], "miss");
  EXPECT_EQ(first["metadata"]["final_url"], "https://example.com/a");

  clock_.advance(1h);
  auto hit = service_->extract(request_);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->cache, CacheStatus::hit);
  const auto second = parsed(*hit);
  EXPECT_EQ(second["metadata"]["cache"]["status"], "hit");
  EXPECT_EQ(second["metadata"]["cache"]["cached_at"], first["metadata"]["cache"]["cached_at"]);
  EXPECT_EQ(second["metadata"]["timestamp"], first["metadata"]["timestamp"]);
  EXPECT_EQ(second["markdown"], first["markdown"]);
  EXPECT_EQ(fetcher_.calls, 1);
}

TEST_F(ExtractServiceTest, MaxAgeAndExpiryFetchAgain) {
  ASSERT_TRUE(service_->extract(request_));
  clock_.advance(2h);
  request_.max_age = std::chrono::seconds{3600};
  EXPECT_EQ(service_->extract(request_)->cache, CacheStatus::miss);
  request_.max_age.reset();
  clock_.advance(store::kCacheLifetime + 1s);
  EXPECT_EQ(service_->extract(request_)->cache, CacheStatus::miss);
  EXPECT_EQ(fetcher_.calls, 3);
}

TEST_F(ExtractServiceTest, OptionsThatChangeTheOutputHaveTheirOwnEntry) {
  ExtractRequest whole = request_;
  whole.options.scope = extract::ContentScope::whole_body;
  ExtractRequest excluding = request_;
  excluding.options.exclude_selectors = {"p"};
  EXPECT_NE(cache_key(request_), cache_key(whole));
  EXPECT_NE(cache_key(request_), cache_key(excluding));
  EXPECT_EQ(cache_key(request_), "https://example.com/a");
  ASSERT_TRUE(service_->extract(request_));
  EXPECT_EQ(service_->extract(whole)->cache, CacheStatus::miss);
}

TEST_F(ExtractServiceTest, AnEntryOfAnotherShapeIsStillServed) {
  // An entry written without metadata.cache (by hand, or by an older build) takes the parsing path.
  ASSERT_TRUE(
      store_->cache_put(cache_key(request_), R"({"markdown":"# Old\n","metadata":{"title":"Old"}})", clock_.now()));
  auto hit = service_->extract(request_);
  ASSERT_TRUE(hit);
  EXPECT_EQ(parsed(*hit)["metadata"]["cache"]["status"], "hit");
  EXPECT_EQ(parsed(*hit)["metadata"]["title"], "Old");
  ASSERT_TRUE(store_->cache_put(cache_key(request_), "not json", clock_.now()));
  EXPECT_EQ(service_->extract(request_)->cache, CacheStatus::miss);  // refetched and replaced
}

TEST_F(ExtractServiceTest, FetchErrorsPassThroughAndAreNotCached) {
  fetcher_.failure = core::Error{core::ErrorCode::fetch_failed, "upstream said no", 503};
  auto failed = service_->extract(request_);
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().code, core::ErrorCode::fetch_failed);
  EXPECT_EQ(failed.error().upstream_status, 503);
  fetcher_.failure.reset();
  EXPECT_EQ(service_->extract(request_)->cache, CacheStatus::miss);
}

}  // namespace
}  // namespace pagemd::convert
