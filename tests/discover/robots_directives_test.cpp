#include "pagemd/discover/robots_directives.hpp"

#include <gtest/gtest.h>

namespace pagemd::discover {
namespace {

TEST(RobotsDirectives, SitemapsFromAnywhereAndTheCrawlersOwnDelay) {
  const auto directives = read_robots_directives(
      "Sitemap: https://a.example/one.xml\nUser-agent: *\nCrawl-delay: 5\nDisallow: /x\n\n"
      "User-agent: other\nUser-agent: PageMD\nCrawl-delay: 0.5 # half\nSITEMAP:https://a.example/two.xml\n",
      "pagemd");
  EXPECT_EQ(directives.sitemaps, (std::vector<std::string>{"https://a.example/one.xml", "https://a.example/two.xml"}));
  ASSERT_TRUE(directives.crawl_delay);
  EXPECT_EQ(*directives.crawl_delay, std::chrono::milliseconds{500});
}

TEST(RobotsDirectives, TheStarGroupsDelayElseNoneAndNonsenseIgnored) {
  EXPECT_EQ(read_robots_directives("User-agent: *\nCrawl-delay: 2\n", "pagemd").crawl_delay,
            std::chrono::milliseconds{2000});
  EXPECT_FALSE(read_robots_directives("User-agent: bot\nCrawl-delay: 2\n", "pagemd").crawl_delay);
  EXPECT_FALSE(read_robots_directives("User-agent: *\nCrawl-delay: soon\n", "pagemd").crawl_delay);
  EXPECT_FALSE(read_robots_directives("User-agent: *\nCrawl-delay: 100000\n", "pagemd").crawl_delay);
  EXPECT_FALSE(read_robots_directives("User-agent: *\nCrawl-delay: -1\n", "pagemd").crawl_delay);
}

}  // namespace
}  // namespace pagemd::discover
