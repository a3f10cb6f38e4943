#include "pagemd/extract/page_links.hpp"

#include <gtest/gtest.h>

namespace pagemd::extract {
namespace {

TEST(PageLinks, EveryAnchorNavigationIncludedResolvedOnceInOrder) {
  const PageLinks links = read_page_links(
      "<html><head><title>Home | Site</title><meta name=description content='The home page'>"
      "<link rel=canonical href='/index'>"
      "<link rel='alternate feed' type='application/RSS+xml' href='/feed.xml'>"
      "<link rel=alternate type=application/atom+xml href='https://a.example/atom'>"
      "<link rel=alternate hreflang=de href='/de/'><link rel=stylesheet href='/s.css'></head>"
      "<body><nav><a href='/about'>About</a><a href=' docs/intro#x '>Docs</a></nav>"
      "<map><area href='/map'></map><a href='mailto:x@a.example'>mail</a><a>no href</a>"
      "<a href='/about'>again</a><a href='//b.example/x'>other</a><a href='javascript:void(0)'>js</a></body></html>",
      "https://a.example/home/", "");
  EXPECT_EQ(links.title, "Home | Site");  // as Metadata::title has it
  EXPECT_EQ(links.description, "The home page");
  EXPECT_EQ(links.canonical_url, "https://a.example/index");
  EXPECT_EQ(links.links, (std::vector<std::string>{"https://a.example/about", "https://a.example/home/docs/intro#x",
                                                   "https://a.example/map", "https://b.example/x"}));
  EXPECT_EQ(links.feeds, (std::vector<std::string>{"https://a.example/feed.xml", "https://a.example/atom"}));
}

TEST(PageLinks, BaseHrefRefinesThePagesAddress) {
  const PageLinks links =
      read_page_links("<base href='https://cdn.example/root/'><a href='x'>x</a>", "https://a.example/page", "");
  EXPECT_EQ(links.links, std::vector<std::string>{"https://cdn.example/root/x"});
  EXPECT_TRUE(links.canonical_url.empty());
}

}  // namespace
}  // namespace pagemd::extract
