#include "pagemd/convert/extract_service.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <future>
#include <mutex>

#include "fake_clock.hpp"
#include "forwarding_store.hpp"
#include "pagemd/core/time.hpp"
#include "strict_json.hpp"
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
    return fetch::FetchedPage{url.normalized,
                              200,
                              content_type,
                              "",
                              "<title>Stored page</title><article><p>Words \"quoted\" here.</p></article>",
                              ""};
  }
  std::atomic<int> calls{0};
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
  // The REST answer of an outcome, parsed with duplicate keys refused.
  static nlohmann::json parsed(const ExtractOutcome& outcome) {
    return testing::parse_strict_json(rest_body(outcome.result, outcome.cache));
  }

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
  EXPECT_EQ(miss->cache.status, CacheStatus::miss);
  const auto first = parsed(*miss);
  EXPECT_EQ(first["metadata"]["cache"]["status"], "miss");
  EXPECT_EQ(first["metadata"]["final_url"], "https://example.com/a");

  clock_.advance(1h);
  auto hit = service_->extract(request_);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->cache.status, CacheStatus::hit);
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
  EXPECT_EQ(service_->extract(request_)->cache.status, CacheStatus::miss);
  request_.max_age.reset();
  clock_.advance(store::kCacheLifetime + 1s);
  EXPECT_EQ(service_->extract(request_)->cache.status, CacheStatus::miss);
  EXPECT_EQ(fetcher_.calls, 3);
}

TEST_F(ExtractServiceTest, OptionsThatChangeTheOutputHaveTheirOwnEntry) {
  ExtractRequest whole = request_;
  whole.options.scope = extract::ContentScope::whole_body;
  ExtractRequest excluding = request_;
  excluding.options.exclude_selectors = {"p"};
  // A wall converted on request must never answer a request that did not accept walls.
  ExtractRequest accepting = request_;
  accepting.options.accept_walls = true;
  EXPECT_NE(cache_key(request_), cache_key(accepting));
  EXPECT_NE(cache_key(request_), cache_key(whole));
  EXPECT_NE(cache_key(request_), cache_key(excluding));
  EXPECT_EQ(cache_key(request_), "https://example.com/a");
  ASSERT_TRUE(service_->extract(request_));
  EXPECT_EQ(service_->extract(whole)->cache.status, CacheStatus::miss);
}

// A store shared by several nodes, where another node fetched the page, cached it and gave its claim
// up between this request's look into the cache and its claim.
class ClaimedJustAfterAnotherNode final : public testing::ForwardingStore {
 public:
  ClaimedJustAfterAnotherNode(store::Store& real, std::string entry)
      : ForwardingStore(real), entry_(std::move(entry)) {}

  core::Result<bool> claim_fetch(std::string_view key, store::TimePoint now, std::chrono::milliseconds) override {
    ++claims;
    if (auto stored = real().cache_put(key, entry_, now); !stored) return core::unexpected(stored.error());
    return true;
  }
  core::Result<void> release_fetch(std::string_view) override {
    ++releases;
    return {};
  }
  int claims = 0;
  int releases = 0;

 private:
  std::string entry_;
};

TEST_F(ExtractServiceTest, AClaimWonAfterAnotherNodeCachedThePageServesItsEntry) {
  ASSERT_TRUE(service_->extract(request_));  // an entry to play the other node's
  auto entry = store_->cache_get(cache_key(request_), std::nullopt, clock_.now());
  ASSERT_TRUE(entry && *entry);
  const std::string others_entry = (*entry)->result_json;

  auto fresh_store = store::open_memory_store(clock_);
  ASSERT_TRUE(fresh_store);
  ClaimedJustAfterAnotherNode shared(**fresh_store, others_entry);
  ExtractService node(shared, fetcher_, converter_, clock_);
  auto outcome = node.extract(request_);
  ASSERT_TRUE(outcome) << outcome.error().message;
  EXPECT_EQ(outcome->cache.status, CacheStatus::hit);
  EXPECT_EQ(fetcher_.calls, 1) << "fetched again though the other node's entry was there";
  EXPECT_EQ(shared.claims, 1);
  EXPECT_EQ(shared.releases, 1) << "the claim is given up at once";
}

TEST_F(ExtractServiceTest, AnEntryOfAnOlderPagemdIsReadOnceAndStoredAgain) {
  // Older builds stored the answer's JSON, with metadata.cache and in any key order.
  const auto stored_at = clock_.now();
  ASSERT_TRUE(store_->cache_put(
      cache_key(request_),
      R"({"metadata":{"cache":{"cached_at":"2026-01-01T00:00:00Z","status":"miss"},"rendered":true,"title":"Old"},)"
      R"("markdown":"# Old\n","warning":"Thin"})",
      stored_at));
  clock_.advance(1h);
  auto hit = service_->extract(request_);
  ASSERT_TRUE(hit);
  const auto answer = parsed(*hit);
  EXPECT_EQ(answer["metadata"]["cache"]["status"], "hit");
  EXPECT_EQ(answer["metadata"]["cache"]["cached_at"], core::format_rfc3339(stored_at));
  EXPECT_EQ(answer["metadata"]["title"], "Old");
  EXPECT_EQ(answer["metadata"]["rendered"], true);
  // Cached before results said what they were, when every cached page was HTML or text: served as HTML.
  EXPECT_EQ(answer["metadata"]["content_type"], "text/html");
  EXPECT_EQ(answer["markdown"], "# Old\n");
  EXPECT_EQ(answer["warning"], "Thin");
  // Stored again in the current form, with its age kept: the next hit reads it without parsing.
  const auto entry = store_->cache_get(cache_key(request_), std::nullopt, clock_.now());
  ASSERT_TRUE(entry && *entry);
  EXPECT_EQ((*entry)->created_at, stored_at);
  const auto current = ResultText::from_entry((*entry)->result_json);
  ASSERT_TRUE(current);
  EXPECT_TRUE(current->rendered());
  EXPECT_EQ(fetcher_.calls, 0);
}

TEST_F(ExtractServiceTest, AnEntryOfTheFormatBeforeContentTypeIsServedAsHtml) {
  const std::string markdown = R"("# Old\n")";
  const std::string members = R"("title":"Old","rendered":false)";
  ASSERT_TRUE(store_->cache_put(cache_key(request_),
                                "pagemd-result/1 0 " + std::to_string(markdown.size()) + " " +
                                    std::to_string(members.size()) + " 0\n" + markdown + members,
                                clock_.now()));
  auto hit = service_->extract(request_);
  ASSERT_TRUE(hit);
  const auto answer = parsed(*hit);
  EXPECT_EQ(answer["metadata"]["cache"]["status"], "hit");
  EXPECT_EQ(answer["metadata"]["content_type"], "text/html");
  EXPECT_EQ(answer["metadata"]["title"], "Old");
  EXPECT_EQ(fetcher_.calls, 0);
}

TEST_F(ExtractServiceTest, AnEntryThatIsNoResultIsFetchedAgain) {
  for (const std::string_view broken :
       {"not json", R"({"markdown":3,"metadata":{}})", "pagemd-result/1 0 5 2 0\n\"abc\"",
        "pagemd-result/1 0 99999999999999999999 0 0\n"}) {
    ASSERT_TRUE(store_->cache_put(cache_key(request_), broken, clock_.now()));
    const int calls = fetcher_.calls;
    EXPECT_EQ(service_->extract(request_)->cache.status, CacheStatus::miss) << broken;
    EXPECT_EQ(fetcher_.calls, calls + 1) << broken;
  }
}

TEST_F(ExtractServiceTest, FetchErrorsPassThroughAndAreNotCached) {
  fetcher_.failure = core::Error{core::ErrorCode::fetch_failed, "upstream said no", 503};
  auto failed = service_->extract(request_);
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().code, core::ErrorCode::fetch_failed);
  EXPECT_EQ(failed.error().upstream_status, 503);
  fetcher_.failure.reset();
  EXPECT_EQ(service_->extract(request_)->cache.status, CacheStatus::miss);
}

TEST_F(ExtractServiceTest, AResultOverTheBoundIsRefusedAndNotCached) {
  ExtractLimits limits;
  limits.max_result_bytes = 200;  // the stored page's result is about 500 bytes
  ExtractService bounded(*store_, fetcher_, converter_, clock_, limits);
  auto refused = bounded.extract(request_);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, core::ErrorCode::unsupported_content);
  EXPECT_NE(refused.error().message.find("max_result_bytes"), std::string::npos) << refused.error().message;
  auto cached = bounded.cached(request_);
  ASSERT_TRUE(cached);
  EXPECT_FALSE(cached->has_value());
  EXPECT_TRUE(service_->extract(request_));  // the default bound of 10 MiB lets it through
}

// Converts pages whose address has "slow" in it only once let go, and counts those in progress.
class GatedConverter final : public PageConverter {
 public:
  core::Result<extract::Extraction> convert(const Page& page, const ConvertOptions& options) override {
    if (page.url.find("slow") != std::string::npos) {
      std::unique_lock lock(mutex_);
      ++slow_running_;
      changed_.notify_all();
      changed_.wait(lock, [&] { return open_; });
      --slow_running_;
    }
    return convert_page(page, options);
  }
  void wait_for_slow_running(int count) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return slow_running_ == count; });
  }
  [[nodiscard]] int slow_running() {
    const std::lock_guard lock(mutex_);
    return slow_running_;
  }
  void open() {
    {
      const std::lock_guard lock(mutex_);
      open_ = true;
    }
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  int slow_running_ = 0;
  bool open_ = false;
};

TEST_F(ExtractServiceTest, OneAccountsSlowPagesLeaveConvertersForOthers) {
  GatedConverter gated;
  ExtractLimits limits;
  limits.converter_slots = 2;
  limits.converter_wait = 300ms;
  ExtractService service(*store_, fetcher_, gated, clock_, limits);
  const auto request_for = [](const std::string& account, const std::string& url) {
    ExtractRequest request;
    request.url = *fetch::parse_url(url);
    request.account_id = account;
    return request;
  };
  std::vector<std::future<core::Result<ExtractOutcome>>> greedy;
  for (int i = 0; i < 3; ++i) {
    greedy.push_back(std::async(std::launch::async, [&, i] {
      return service.fresh(request_for("greedy", "https://example.com/slow/" + std::to_string(i)));
    }));
  }
  gated.wait_for_slow_running(1);
  // The greedy account holds its half (one of two); another account's page is converted at once.
  auto other = service.fresh(request_for("other", "https://example.com/fast"));
  ASSERT_TRUE(other) << other.error().message;
  EXPECT_EQ(gated.slow_running(), 1);
  // The greedy account's other two pages wait out extract_queue_seconds and are told busy, however
  // long the machine takes to get there: the page let in is held at the gate until they have been.
  std::vector<bool> answered(greedy.size(), false);
  int busy = 0;
  while (busy < 2) {
    for (std::size_t i = 0; i < greedy.size(); ++i) {
      if (answered[i] || greedy[i].wait_for(10ms) != std::future_status::ready) continue;
      answered[i] = true;
      auto outcome = greedy[i].get();
      EXPECT_FALSE(outcome);
      if (!outcome) {
        EXPECT_EQ(outcome.error().code, core::ErrorCode::busy);
      }
      ++busy;
    }
  }
  EXPECT_EQ(gated.slow_running(), 1);
  gated.open();
  for (auto& pending : greedy) {
    if (pending.valid()) {
      EXPECT_TRUE(pending.get());  // the one let in finishes normally
    }
  }
}

}  // namespace
}  // namespace pagemd::convert
