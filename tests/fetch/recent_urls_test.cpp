#include "pagemd/fetch/recent_urls.hpp"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

namespace pagemd::fetch {
namespace {

using core::ErrorCode;

void expect_same(const core::Result<ParsedUrl>& got, const core::Result<ParsedUrl>& want) {
  ASSERT_EQ(got.has_value(), want.has_value());
  if (!want) {
    EXPECT_EQ(got.error().code, want.error().code);
    EXPECT_EQ(got.error().message, want.error().message);
    return;
  }
  EXPECT_EQ(got->normalized, want->normalized);
  EXPECT_EQ(got->scheme, want->scheme);
  EXPECT_EQ(got->host, want->host);
  EXPECT_EQ(got->port, want->port);
}

TEST(RecentUrls, AnswersAsParseUrlDoesTheFirstTimeAndEveryTimeAfter) {
  RecentUrls urls(AddressPolicy{});
  for (const std::string raw :
       {"HTTP://ExAmple.COM:80/Path?Q=A#Section", "https://bücher.example/ä", "ftp://example.com/", "http://127.0.0.1/",
        "http://metadata/", "https://example.com:0/", ""}) {
    for (int time = 0; time < 3; ++time) expect_same(urls.parse(raw), parse_url(raw, AddressPolicy{}));
  }
}

TEST(RecentUrls, JudgesAddressesByItsOwnPolicy) {
  RecentUrls strict(AddressPolicy{});
  RecentUrls loopback_allowed(*AddressPolicy::from_cidrs({"127.0.0.0/8"}));
  for (int time = 0; time < 2; ++time) {
    const auto refused = strict.parse("http://127.0.0.1:8080/page");
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().code, ErrorCode::url_not_allowed);
    const auto allowed = loopback_allowed.parse("http://127.0.0.1:8080/page");
    ASSERT_TRUE(allowed);
    EXPECT_EQ(allowed->normalized, "http://127.0.0.1:8080/page");
  }
}

TEST(RecentUrls, StaysRightPastItsCapacity) {
  RecentUrls urls(AddressPolicy{}, 8);
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i < 20; ++i) {
      const std::string raw = "https://Example.com/page/" + std::to_string(i) + "#top";
      const auto url = urls.parse(raw);
      ASSERT_TRUE(url);
      EXPECT_EQ(url->normalized, "https://example.com/page/" + std::to_string(i));
    }
  }
}

TEST(RecentUrls, ThreadsAskingTogetherAllGetTheAnswer) {
  RecentUrls urls(AddressPolicy{}, 16);
  std::vector<std::thread> threads;
  std::vector<int> wrong(4, 0);
  for (std::size_t t = 0; t < wrong.size(); ++t) {
    threads.emplace_back([&urls, &wrong, t] {
      for (int i = 0; i < 2000; ++i) {
        const int page = i % 40;
        const auto url = urls.parse("http://EXAMPLE.org/" + std::to_string(page));
        if (!url || url->normalized != "http://example.org/" + std::to_string(page)) ++wrong[t];
      }
    });
  }
  for (auto& thread : threads) thread.join();
  for (const int count : wrong) EXPECT_EQ(count, 0);
}

}  // namespace
}  // namespace pagemd::fetch
