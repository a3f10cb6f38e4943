// UpstreamFetcher over the real CurlFetcher: coalescing seen from the origin's side.
#include <thread>

#include "fake_clock.hpp"
#include "fetch_test.hpp"
#include "pagemd/fetch/upstream_fetcher.hpp"

namespace pagemd::fetch {
namespace {

using namespace std::chrono_literals;

TEST_F(FetchTest, ConcurrentRequestsForOnePageReachTheOriginOnce) {
  testing::FakeClock clock;
  CurlFetcherOptions options;
  options.user_agent = "pagemd-test/1";
  const std::unique_ptr<Fetcher> fetcher =
      make_upstream_fetcher({}, loopback_policy(), options, clock, LimiterOptions{1, 1000ms, 0});
  auto& upstream = dynamic_cast<UpstreamFetcher&>(*fetcher);
  constexpr int kCallers = 5;
  // The origin answers only once every other caller waits on the first one's fetch.
  server_.handle("/popular", [&](const testing::HttpRequest&, testing::Responder& responder) {
    while (upstream.followers_waiting() < kCallers - 1) {
      std::this_thread::yield();
    }
    responder.send(200, "text/html", "<p>popular</p>");
  });
  const ParsedUrl url = *parse_url(server_.url("/popular"), loopback_policy());
  std::atomic<int> fetched{0};
  std::vector<std::thread> callers;
  for (int i = 0; i < kCallers; ++i) {
    callers.emplace_back([&] {
      const auto page = upstream.fetch(url);
      fetched += page && page->body == "<p>popular</p>" ? 1 : 0;
    });
  }
  for (auto& caller : callers) {
    caller.join();
  }
  EXPECT_EQ(fetched, kCallers);
  EXPECT_EQ(server_.request_count("/popular"), 1u);
  // The limiter (one start per second, no queue) saw one start: the next fetch is busy.
  const auto busy = upstream.fetch(url);
  ASSERT_FALSE(busy);
  EXPECT_EQ(busy.error().code, core::ErrorCode::busy);
  EXPECT_EQ(server_.request_count("/popular"), 1u);
}

}  // namespace
}  // namespace pagemd::fetch
