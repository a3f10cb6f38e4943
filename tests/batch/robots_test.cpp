#include "pagemd/batch/robots.hpp"

#include <gtest/gtest.h>

namespace pagemd::batch {
namespace {

TEST(RobotsRules, NoRulesAllowEverything) {
  EXPECT_TRUE(RobotsRules().allows("/anything?x=1"));
  EXPECT_TRUE(RobotsRules::parse("", "pagemd").allows("/"));
  EXPECT_TRUE(RobotsRules::parse("Disallow: /\n", "pagemd").allows("/a"));  // a rule outside any group
}

TEST(RobotsRules, DisallowAllRefusesAllButRobotsTxt) {
  const RobotsRules rules = RobotsRules::disallow_all();
  EXPECT_FALSE(rules.allows("/"));
  EXPECT_FALSE(rules.allows("/page"));
  EXPECT_TRUE(rules.allows("/robots.txt"));
}

TEST(RobotsRules, OurGroupWinsOverTheStarGroupCaseInsensitively) {
  const char* text =
      "User-agent: *\nDisallow: /\n\n"
      "User-Agent: PageMD\nDisallow: /private\n";
  const RobotsRules rules = RobotsRules::parse(text, "pagemd");
  EXPECT_TRUE(rules.allows("/public"));
  EXPECT_FALSE(rules.allows("/private/x"));
  const RobotsRules other = RobotsRules::parse(text, "otherbot");
  EXPECT_FALSE(other.allows("/public"));
}

TEST(RobotsRules, GroupsWithSeveralAgentsAndRepeatedGroupsMerge) {
  const char* text =
      "user-agent: a\nuser-agent: pagemd\ndisallow: /one\n"
      "user-agent: b\ndisallow: /two\n"
      "user-agent: pagemd\ndisallow: /three # comment\n";
  const RobotsRules rules = RobotsRules::parse(text, "pagemd");
  EXPECT_FALSE(rules.allows("/one"));
  EXPECT_TRUE(rules.allows("/two"));
  EXPECT_FALSE(rules.allows("/three"));
}

TEST(RobotsRules, LongestMatchWinsAndAllowWinsATie) {
  const char* text = "User-agent: *\nDisallow: /docs\nAllow: /docs/public\nAllow: /same\nDisallow: /same\n";
  const RobotsRules rules = RobotsRules::parse(text, "pagemd");
  EXPECT_FALSE(rules.allows("/docs/secret"));
  EXPECT_TRUE(rules.allows("/docs/public/page"));
  EXPECT_TRUE(rules.allows("/same"));
  EXPECT_TRUE(rules.allows("/doc"));
}

TEST(RobotsRules, WildcardsAndEndAnchor) {
  const char* text = "User-agent: *\nDisallow: /*.pdf$\nDisallow: /private*/x\nDisallow:\n";
  const RobotsRules rules = RobotsRules::parse(text, "pagemd");
  EXPECT_FALSE(rules.allows("/files/report.pdf"));
  EXPECT_TRUE(rules.allows("/files/report.pdf?download=1"));
  EXPECT_FALSE(rules.allows("/private-area/x/y"));
  EXPECT_TRUE(rules.allows("/private-area/y"));
}

TEST(RobotsRules, PercentEncodingIsComparedNormalised) {
  const RobotsRules rules = RobotsRules::parse("User-agent: *\nDisallow: /%7Euser\nDisallow: /caf\xc3\xa9\n", "pagemd");
  EXPECT_FALSE(rules.allows("/~user/page"));
  EXPECT_FALSE(rules.allows("/%7euser/page"));
  EXPECT_FALSE(rules.allows("/caf%C3%A9"));
}

TEST(RobotsRules, AHostilePatternDoesNotBacktrack) {
  std::string pattern = "/";
  for (int i = 0; i < 200; ++i) pattern += "*a";
  const RobotsRules rules = RobotsRules::parse("User-agent: *\nDisallow: " + pattern + "b$\n", "pagemd");
  EXPECT_TRUE(rules.allows("/" + std::string(3000, 'a')));
}

TEST(PathOfUrl, TakesPathAndQueryWithoutFragment) {
  EXPECT_EQ(path_of_url("https://example.com/a/b?c=d#frag"), "/a/b?c=d");
  EXPECT_EQ(path_of_url("https://example.com"), "/");
  EXPECT_EQ(path_of_url("https://example.com?q=1"), "/?q=1");
  EXPECT_EQ(path_of_url("https://example.com#x"), "/");
}

}  // namespace
}  // namespace pagemd::batch
