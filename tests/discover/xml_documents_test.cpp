#include "pagemd/discover/xml_documents.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <fstream>
#include <sstream>

#include "gzip_text.hpp"

namespace pagemd::discover {
namespace {

TEST(Sitemap, ReadsUrlsWithTheirDatesAndCountsBadDates) {
  auto sitemap = parse_sitemap(
      "<?xml version='1.0'?><urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'>"
      "<url><loc> https://a.example/x </loc><lastmod>2024-02-29T10:00:00+00:00</lastmod></url>"
      "<url><loc>https://a.example/y</loc><lastmod>yesterday</lastmod></url>"
      "<url><lastmod>2024-01-01</lastmod></url></urlset>");
  ASSERT_TRUE(sitemap) << sitemap.error().message;
  EXPECT_EQ(sitemap->kind, SitemapKind::urlset);
  ASSERT_EQ(sitemap->entries.size(), 2U);
  EXPECT_EQ(sitemap->entries[0].url, "https://a.example/x");
  EXPECT_EQ(sitemap->entries[0].date, "2024-02-29T10:00:00+00:00");
  EXPECT_EQ(sitemap->entries[1].date, "");
  EXPECT_EQ(sitemap->bad_dates, 1U);
}

TEST(Sitemap, ReadsAnIndex) {
  auto sitemap = parse_sitemap(
      "<sitemapindex><sitemap><loc>/a.xml</loc></sitemap><sitemap><loc>/b.xml.gz</loc>"
      "</sitemap></sitemapindex>");
  ASSERT_TRUE(sitemap);
  EXPECT_EQ(sitemap->kind, SitemapKind::index);
  ASSERT_EQ(sitemap->entries.size(), 2U);
  EXPECT_EQ(sitemap->entries[1].url, "/b.xml.gz");
}

TEST(Sitemap, KeepsTheProtocolsLimitOfUrls) {
  std::string xml = "<urlset>";
  for (std::size_t i = 0; i < kMaxSitemapUrls + 3; ++i) xml += "<url><loc>/p" + std::to_string(i) + "</loc></url>";
  auto sitemap = parse_sitemap(xml + "</urlset>");
  ASSERT_TRUE(sitemap);
  EXPECT_EQ(sitemap->entries.size(), kMaxSitemapUrls);
  EXPECT_EQ(sitemap->dropped, 3U);
}

TEST(Sitemap, RefusesHtmlOtherRootsAndBrokenXml) {
  auto html = parse_sitemap("<!DOCTYPE html><html><body><p>Not found<br></body></html>");
  ASSERT_FALSE(html);
  EXPECT_EQ(html.error().message, "it is an HTML page, not a sitemap");
  auto rss = parse_sitemap("<rss><channel/></rss>");
  ASSERT_FALSE(rss);
  EXPECT_NE(rss.error().message.find("<rss>"), std::string::npos);
  auto broken = parse_sitemap("<urlset><url><loc>/a</loc></url>");
  ASSERT_FALSE(broken);
  EXPECT_NE(broken.error().message.find("not well-formed"), std::string::npos);
  EXPECT_FALSE(parse_sitemap(""));
}

// The billion laughs: refused at its first entity declaration, so it costs next to no memory. The
// address space is capped well below what an expansion would need, so an expansion fails the test.
TEST(Sitemap, AnEntityBombIsRefusedWithoutExpanding) {
  std::ifstream in(std::string(PAGEMD_TEST_DATA_DIR) + "/crawl/bomb.xml");
  std::stringstream text;
  text << in.rdbuf();
  auto sitemap = parse_sitemap(text.str());
  ASSERT_FALSE(sitemap);
  EXPECT_EQ(sitemap.error().message, "it declares XML entities, which pagemd refuses (an entity bomb, maybe)");
  // An external entity is refused the same way, before anything could be read.
  auto external = parse_sitemap(
      "<!DOCTYPE u [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><urlset><url><loc>&x;</loc>"
      "</url></urlset>");
  ASSERT_FALSE(external);
  EXPECT_NE(external.error().message.find("entities"), std::string::npos);
}

TEST(Feed, ReadsRssItemsWithTheirDates) {
  auto feed = parse_feed(
      "<rss version='2.0'><channel><link>/</link><item><link>/a</link>"
      "<pubDate>Tue, 05 Mar 2024 08:00:00 GMT</pubDate></item><item><link>/b</link>"
      "<pubDate>31 Feb 2024</pubDate></item><item><title>no link</title></item></channel></rss>");
  ASSERT_TRUE(feed) << feed.error().message;
  ASSERT_EQ(feed->entries.size(), 2U);
  EXPECT_EQ(feed->entries[0].url, "/a");
  EXPECT_EQ(feed->entries[0].date, "2024-03-05");
  EXPECT_EQ(feed->entries[1].date, "");
  EXPECT_EQ(feed->bad_dates, 1U);
}

TEST(Feed, ReadsAtomEntriesAlternateLinksAndTheLatestDate) {
  auto feed = parse_feed(
      "<feed xmlns='http://www.w3.org/2005/Atom'><link href='/'/><entry><link rel='edit' href='/e'/>"
      "<link href='/a'/><published>2024-01-01T00:00:00Z</published>"
      "<updated>2024-02-01T00:00:00Z</updated></entry></feed>");
  ASSERT_TRUE(feed) << feed.error().message;
  ASSERT_EQ(feed->entries.size(), 1U);
  EXPECT_EQ(feed->entries[0].url, "/a");
  EXPECT_EQ(feed->entries[0].date, "2024-02-01T00:00:00Z");
}

TEST(Feed, ReadsRss1AndRefusesHtml) {
  auto rdf = parse_feed(
      "<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#' xmlns:dc='x'><item>"
      "<link>/r</link><dc:date>2023-05-06</dc:date></item></rdf:RDF>");
  ASSERT_TRUE(rdf) << rdf.error().message;
  ASSERT_EQ(rdf->entries.size(), 1U);
  EXPECT_EQ(rdf->entries[0].date, "2023-05-06");
  EXPECT_FALSE(parse_feed("<html><body>hello</body></html>"));
}

TEST(Dates, W3cAndRfc822AreReadAndNonsenseIsNot) {
  EXPECT_EQ(normalize_date("2024-01-02"), "2024-01-02");
  EXPECT_EQ(normalize_date(" Mon, 2 Jan 06 15:04:05 MST "), "2006-01-02");
  EXPECT_EQ(normalize_date("2023-02-29"), "");
  EXPECT_EQ(normalize_date("2024-1-2"), "");
  EXPECT_EQ(normalize_date("2024-01-02 junk"), "");
  EXPECT_EQ(normalize_date("Mon, 02 Foo 2006"), "");
}

TEST(Gzip, InflatesAndRefusesCutShortCorruptAndOversizedData) {
  const std::string text(100'000, 'x');
  const std::string packed = testing::gzip_text(text);
  ASSERT_TRUE(is_gzip(packed));
  EXPECT_FALSE(is_gzip(text));
  auto whole = gunzip(packed, 1 << 20);
  ASSERT_TRUE(whole);
  EXPECT_EQ(*whole, text);
  auto cut = gunzip(packed.substr(0, packed.size() / 2), 1 << 20);
  ASSERT_FALSE(cut);
  EXPECT_EQ(cut.error().message, "its gzip data is cut short");
  std::string corrupt = packed;
  corrupt[12] = static_cast<char>(corrupt[12] ^ 0x55);
  corrupt[13] = static_cast<char>(corrupt[13] ^ 0x55);
  EXPECT_FALSE(gunzip(corrupt, 1 << 20));
  auto big = gunzip(packed, 50'000);
  ASSERT_FALSE(big);
  EXPECT_NE(big.error().message.find("inflates past"), std::string::npos);
}

}  // namespace
}  // namespace pagemd::discover
