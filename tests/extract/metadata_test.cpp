#include "page_info/metadata.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace pagemd::extract {
namespace {

PageInfo read(std::string_view html, const std::vector<std::string>& json_ld = {},
              std::string_view url = "https://news.example/articles/story.html") {
  const Document doc = Document::parse(html);
  return read_page_info(doc, json_ld, url);
}

// ---- title -------------------------------------------------------------------------------------

TEST(MetadataTitle, OgTitleBeatsTitleElement) {
  const PageInfo info = read(R"(<head><title>Document Title | Site</title>
    <meta property="og:title" content="  Open   Graph
    Title "></head><body><h1>Heading</h1></body>)");
  EXPECT_EQ(info.title, "Open Graph Title");
}

TEST(MetadataTitle, OgTitleMatchedByNameAndCaseInsensitively) {
  EXPECT_EQ(read(R"(<meta name="og:title" content="By Name"><title>T</title>)").title, "By Name");
  EXPECT_EQ(read(R"(<meta PROPERTY="OG:Title" content="Mixed Case"><title>T</title>)").title, "Mixed Case");
}

TEST(MetadataTitle, BlankOgTitleFallsBackToTitleElement) {
  const PageInfo info = read(R"(<meta property="og:title" content="   "><title>  The  Title </title>)");
  EXPECT_EQ(info.title, "The Title");
}

TEST(MetadataTitle, TitleSuffixDroppedWhenItIsTheSiteName) {
  const PageInfo info = read(R"(<head><title>Rain Returns | The Daily Example</title>
    <meta property="og:site_name" content="the daily example"></head>)");
  EXPECT_EQ(info.title, "Rain Returns");
}

TEST(MetadataTitle, TitlePrefixDroppedWhenItIsTheSiteName) {
  const PageInfo info = read(R"(<head><title>Example Wiki :: How Tides Work On Long Coasts</title>
    <meta name="application-name" content="Example Wiki"></head>)");
  EXPECT_EQ(info.title, "How Tides Work On Long Coasts");
}

TEST(MetadataTitle, SiteNameFromJsonLdPublisherTrimsTitle) {
  const PageInfo info =
      read("<title>Rain Returns \xE2\x80\x94 Northwind Weekly</title>",
           {R"({"@type":"NewsArticle","publisher":{"@type":"Organization","name":"Northwind Weekly"}})"});
  EXPECT_EQ(info.title, "Rain Returns");
}

TEST(MetadataTitle, SiteNameMatchesDomainSpelling) {
  const PageInfo info =
      read(R"(<title>Rain Returns - Example.com</title><meta property="og:site_name" content="Example">)");
  EXPECT_EQ(info.title, "Rain Returns");
}

TEST(MetadataTitle, KnownSiteNameNotInTitleKeepsWholeTitle) {
  const PageInfo info =
      read(R"(<title>Rain Returns - Storms Ahead</title><meta property="og:site_name" content="Other Site">)");
  EXPECT_EQ(info.title, "Rain Returns - Storms Ahead");
}

TEST(MetadataTitle, ShortTrailingPartDroppedWithoutSiteName) {
  EXPECT_EQ(read("<title>Four Safe Ways to Support Your Onions | Hobby Corner</title>").title,
            "Four Safe Ways to Support Your Onions");
  EXPECT_EQ(read("<title>Four Safe Ways to Support Your Onions \xC2\xB7 Hobby Corner</title>").title,
            "Four Safe Ways to Support Your Onions");
}

TEST(MetadataTitle, ShortLeadingPartDroppedWithoutSiteName) {
  EXPECT_EQ(read("<title>Hobby Corner \xC2\xBB Four Safe Ways to Support Your Onions and Leeks Today</title>").title,
            "Four Safe Ways to Support Your Onions and Leeks Today");
}

TEST(MetadataTitle, UnsureTitleKeptWhole) {
  // Two equally long parts: nothing says which one is the site.
  EXPECT_EQ(read("<title>Tides - Currents</title>").title, "Tides - Currents");
  // Both ends long.
  EXPECT_EQ(read("<title>A Long Look at Spring Rain | The Regional Weekly Gardening Magazine</title>").title,
            "A Long Look at Spring Rain | The Regional Weekly Gardening Magazine");
  // No separator surrounded by spaces.
  EXPECT_EQ(read("<title>Well-known Tips|Site</title>").title, "Well-known Tips|Site");
}

TEST(MetadataTitle, HeadingMatchingAPartIsPreferred) {
  // Without the heading the heuristic would drop the short leading part.
  const PageInfo info = read(
      "<title>Short Post | Example Blog Network Daily Review</title>"
      "<body><h1>Short  Post</h1></body>");
  EXPECT_EQ(info.title, "Short Post");
}

TEST(MetadataTitle, HeadingMatchingSeveralPartsKeepsThem) {
  const PageInfo info = read("<title>Dune - A Review | Books | Site</title><h1>Dune - a review</h1>");
  EXPECT_EQ(info.title, "Dune - A Review");
}

TEST(MetadataTitle, HeadingEqualToWholeTitleKeepsIt) {
  const PageInfo info = read("<title>Bread Making 101 | Basics</title><h1>Bread Making 101 | Basics</h1>");
  EXPECT_EQ(info.title, "Bread Making 101 | Basics");
}

TEST(MetadataTitle, LogoHeadingLinkingHomeIsNotTheTitle) {
  const PageInfo info = read(R"(<title>Four Safe Ways to Support Your Onions | Hobby Corner</title>
    <body><header><h1><a href="/">Hobby Corner</a></h1></header><article><h2>x</h2></article></body>)");
  EXPECT_EQ(info.title, "Four Safe Ways to Support Your Onions");
}

TEST(MetadataTitle, BlankTitleFallsBackToFirstHeading) {
  const PageInfo info = read("<head><title>  \n </title></head><body><h1>First<br>Heading</h1><h1>Second</h1></body>");
  EXPECT_EQ(info.title, "First Heading");
}

TEST(MetadataTitle, MissingTitleFallsBackToHeading) {
  EXPECT_EQ(read("<body><h1> Only   heading </h1></body>").title, "Only heading");
}

TEST(MetadataTitle, NothingGivesEmptyTitle) { EXPECT_EQ(read("<body><p>text</p></body>").title, ""); }

TEST(MetadataTitle, SvgTitleIsNotThePageTitle) {
  const PageInfo info = read("<body><svg><title>icon</title></svg><h1>Real</h1></body>");
  EXPECT_EQ(info.title, "Real");
}

// ---- description -------------------------------------------------------------------------------

TEST(MetadataDescription, FallbackOrder) {
  const std::vector<std::string> ld = {R"({"@type":"Article","description":"ld"})"};
  EXPECT_EQ(read(R"(<meta name="twitter:description" content="tw"><meta name="description" content="plain">
    <meta property="og:description" content="og">)",
                 ld)
                .description,
            "og");
  EXPECT_EQ(read(R"(<meta name="twitter:description" content="tw"><meta name="Description" content="plain">)", ld)
                .description,
            "plain");
  EXPECT_EQ(read(R"(<meta name="twitter:description" content="tw">)", ld).description, "tw");
  EXPECT_EQ(read("<p>x</p>", ld).description, "ld");
  EXPECT_EQ(read("<p>x</p>").description, "");
}

TEST(MetadataDescription, JsonLdEntitiesDecodedAndWhitespaceCollapsed) {
  const PageInfo info = read("", {R"({"@type":"BlogPosting","description":"Tom &amp; Jerry\n  &#8217;s  day"})"});
  EXPECT_EQ(info.description, "Tom & Jerry \xE2\x80\x99s day");
}

// ---- author ------------------------------------------------------------------------------------

TEST(MetadataAuthor, AuthorMetaFirst) {
  const PageInfo info =
      read(R"(<meta property="article:author" content="Other"><meta name="author" content=" Ada  Lovelace ">)",
           {R"({"@type":"Article","author":"LD"})"});
  EXPECT_EQ(info.author, "Ada Lovelace");
}

TEST(MetadataAuthor, ArticleAuthorUsedUnlessItIsAUrl) {
  EXPECT_EQ(read(R"(<meta property="article:author" content="Grace Hopper">)").author, "Grace Hopper");
  EXPECT_EQ(read(R"(<meta property="article:author" content="https://facebook.example/grace">)",
                 {R"({"@type":"Article","author":{"@type":"Person","name":"Grace H."}})"})
                .author,
            "Grace H.");
}

TEST(MetadataAuthor, JsonLdAuthorForms) {
  EXPECT_EQ(read("", {R"({"@type":"Article","author":"Plain Name"})"}).author, "Plain Name");
  EXPECT_EQ(read("", {R"({"@type":"Article","author":{"@type":"Person","name":"Obj Name"}})"}).author, "Obj Name");
  EXPECT_EQ(read("", {R"({"@type":"Article","author":[{"name":"A One"},"B Two",{"name":"A One"}]})"}).author,
            "A One, B Two");
}

TEST(MetadataAuthor, GenericMetaConventionsLast) {
  EXPECT_EQ(read(R"(<meta name="byl" content="By Someone">)").author, "By Someone");
  EXPECT_EQ(read(R"(<meta name="parsely-author" content="P Author"><meta name="DC.creator" content="DC">)").author,
            "P Author");
  EXPECT_EQ(read(R"(<meta name="dc.creator" content="DC Author">)").author, "DC Author");
  EXPECT_EQ(
      read(R"(<meta name="sailthru.author" content="S Author">)", {R"({"@type":"Article","author":"LD"})"}).author,
      "LD");
}

// ---- published time ----------------------------------------------------------------------------

TEST(MetadataPublished, FallbackOrder) {
  const std::vector<std::string> ld = {R"({"@type":"Article","datePublished":"2024-02-02"})"};
  EXPECT_EQ(read(R"(<meta property="article:published_time" content=" 2024-01-01T10:00:00Z ">)", ld).published_time,
            "2024-01-01T10:00:00Z");
  EXPECT_EQ(read(R"(<meta name="date" content="2024-03-03">)", ld).published_time, "2024-02-02");
  EXPECT_EQ(read(R"(<meta name="pubdate" content="2024-03-03"><meta itemprop="datePublished" content="2024-04-04">)")
                .published_time,
            "2024-03-03");
  EXPECT_EQ(read(R"(<meta name="parsely-pub-date" content="2024-05-05">)").published_time, "2024-05-05");
  EXPECT_EQ(read(R"(<meta itemprop="datePublished" content="2024-04-04">)").published_time, "2024-04-04");
  EXPECT_EQ(read(R"(<body><time itemprop="datePublished" datetime="2024-06-06">June 6</time></body>)").published_time,
            "2024-06-06");
}

// ---- site name ---------------------------------------------------------------------------------

TEST(MetadataSiteName, FallbackOrder) {
  const std::vector<std::string> ld = {R"({"@type":"Article","publisher":{"@type":"Organization","name":"LD Pub"}})"};
  EXPECT_EQ(read(R"(<meta property="og:site_name" content="OG Site"><meta name="application-name" content="App">)", ld)
                .site_name,
            "OG Site");
  EXPECT_EQ(read(R"(<meta name="application-name" content="App">)", ld).site_name, "LD Pub");
  EXPECT_EQ(read(R"(<meta name="application-name" content="App">)").site_name, "App");
  EXPECT_EQ(read("").site_name, "");
}

// ---- image -------------------------------------------------------------------------------------

TEST(MetadataImage, RelativeOgImageResolvedAgainstPageUrl) {
  EXPECT_EQ(read(R"(<meta property="og:image" content="../img/a.png">)").image, "https://news.example/img/a.png");
}

TEST(MetadataImage, ResolvedThroughBaseHref) {
  const PageInfo info =
      read(R"(<head><base href="https://cdn.example/assets/"><meta property="og:image" content="b.jpg"></head>)");
  EXPECT_EQ(info.image, "https://cdn.example/assets/b.jpg");
  EXPECT_EQ(info.base_href, "https://cdn.example/assets/");
}

TEST(MetadataImage, FallbackOrder) {
  const std::vector<std::string> ld = {R"({"@type":"Article","image":"https://img.example/ld.png"})"};
  EXPECT_EQ(
      read(R"(<meta name="twitter:image" content="/tw.png"><meta property="og:image:secure_url" content="/sec.png">)",
           ld)
          .image,
      "https://news.example/sec.png");
  EXPECT_EQ(read(R"(<meta name="twitter:image" content="/tw.png">)", ld).image, "https://news.example/tw.png");
  EXPECT_EQ(read("", ld).image, "https://img.example/ld.png");
}

TEST(MetadataImage, JsonLdImageForms) {
  EXPECT_EQ(read("", {R"({"@type":"Article","image":{"@type":"ImageObject","url":"/obj.png"}})"}).image,
            "https://news.example/obj.png");
  EXPECT_EQ(read("", {R"({"@type":"Article","image":["/first.png","/second.png"]})"}).image,
            "https://news.example/first.png");
}

TEST(MetadataImage, UnresolvableRelativeImageWithoutPageUrlIsEmpty) {
  const Document doc = Document::parse(R"(<meta property="og:image" content="img/a.png">)");
  EXPECT_EQ(read_page_info(doc, {}, "").image, "");
}

// ---- canonical ---------------------------------------------------------------------------------

TEST(MetadataCanonical, RelTokenListCaseInsensitive) {
  const PageInfo info = read(R"(<link rel="stylesheet" href="/s.css"><link rel="Canonical nofollow" href="/canon">
    <meta property="og:url" content="https://news.example/og">)");
  EXPECT_EQ(info.canonical_url, "https://news.example/canon");
}

TEST(MetadataCanonical, FallsBackToOgUrl) {
  EXPECT_EQ(read(R"(<meta property="og:url" content="https://news.example/og">)").canonical_url,
            "https://news.example/og");
  EXPECT_EQ(read(R"(<link rel="canonicalish" href="/x">)").canonical_url, "");
}

// ---- base, lang --------------------------------------------------------------------------------

TEST(MetadataDocument, BaseHrefAndHtmlLangAsWritten) {
  const PageInfo info = read(R"(<html lang=" en-GB "><head><base target="_blank"><base href=" /sub/ "></head></html>)");
  EXPECT_EQ(info.base_href, "/sub/");
  EXPECT_EQ(info.html_lang, "en-GB");
  EXPECT_EQ(read("<p>x</p>").html_lang, "");
}

// ---- JSON-LD -----------------------------------------------------------------------------------

TEST(MetadataJsonLd, GraphArticleWithAuthorArrayAndReferences) {
  const std::string ld = R"({
    "@context": "https://schema.org",
    "@graph": [
      {"@type": "WebSite", "@id": "https://news.example/#site", "name": "News Site"},
      {"@type": "WebPage", "@id": "https://news.example/story#page", "description": "page description",
       "datePublished": "2023-01-01"},
      {"@type": "Person", "@id": "https://news.example/#p1", "name": "Referenced Person"},
      {"@type": ["Article", "NewsArticle"], "headline": "H",
       "author": [{"@id": "https://news.example/#p1"}, {"@type": "Person", "name": "Inline Person"}],
       "datePublished": "2024-07-01T08:00:00+02:00",
       "publisher": {"@id": "https://news.example/#org"}},
      {"@type": "Organization", "@id": "https://news.example/#org", "name": "News Org",
       "description": "org description"}
    ]})";
  const PageInfo info = read("", {ld});
  EXPECT_EQ(info.author, "Referenced Person, Inline Person");
  EXPECT_EQ(info.published_time, "2024-07-01T08:00:00+02:00");
  EXPECT_EQ(info.site_name, "News Org");
  // The article has no description: the page's, never the organization's.
  EXPECT_EQ(info.description, "page description");
}

TEST(MetadataJsonLd, ArticlePreferredOverEarlierWebPage) {
  const PageInfo info = read("", {R"({"@type":"WebPage","datePublished":"2020"})",
                                  R"([{"@type":"http://schema.org/BlogPosting","datePublished":"2021"}])"});
  EXPECT_EQ(info.published_time, "2021");
}

TEST(MetadataJsonLd, MainEntityOfWebPageFound) {
  const PageInfo info =
      read("", {R"({"@type":"WebPage","mainEntity":{"@type":"Article","author":{"name":"Main Author"}}})"});
  EXPECT_EQ(info.author, "Main Author");
}

TEST(MetadataJsonLd, MalformedBlocksIgnored) {
  const std::vector<std::string> ld = {
      R"({"@type":"Article","author":"Broken")",
      "not json at all",
      "",
      "{\"@type\":\"Article\",\"author\":\"\xff\xfe bad utf8\"}",
      R"({"@type":"Article","author":"Good Author"})",
  };
  EXPECT_EQ(read("", ld).author, "Good Author");
}

TEST(MetadataJsonLd, JunkAroundBlockTolerated) {
  EXPECT_EQ(read("", {"<!--\n{\"@type\":\"Article\",\"author\":\"Wrapped\"};\n-->"}).author, "Wrapped");
  EXPECT_EQ(read("", {"//<![CDATA[\n{\"@type\":\"Article\",\"author\":\"Cdata\"}\n//]]>"}).author, "Cdata");
}

TEST(MetadataJsonLd, HtmlEscapedBlockTolerated) {
  EXPECT_EQ(read("", {"{&quot;@type&quot;:&quot;Article&quot;,&quot;author&quot;:&quot;Escaped&quot;}"}).author,
            "Escaped");
}

TEST(MetadataJsonLd, DeeplyNestedBlockRefusedFast) {
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "[";
  for (int i = 0; i < 100000; ++i) deep += "]";
  std::string deep_objects;
  for (int i = 0; i < 100000; ++i) deep_objects += R"({"a":)";
  deep_objects += "1";
  for (int i = 0; i < 100000; ++i) deep_objects += "}";
  // Parsing these recursively would overflow the stack; refusing them keeps the page's other data.
  const PageInfo info = read("", {deep, deep_objects, R"({"@type":"Article","author":"Survivor"})"});
  EXPECT_EQ(info.author, "Survivor");
}

TEST(MetadataJsonLd, ModerateNestingStillParsed) {
  std::string ld = R"({"@type":"Article","author":"Nested OK","x":)";
  for (int i = 0; i < 30; ++i) ld += "[";
  for (int i = 0; i < 30; ++i) ld += "]";
  ld += "}";
  EXPECT_EQ(read("", {ld}).author, "Nested OK");
}

TEST(MetadataJsonLd, WrongValueTypesIgnored) {
  const PageInfo info = read(
      "",
      {R"({"@type":"Article","author":42,"datePublished":{"x":1},"description":null,"image":[1,2],"publisher":true})"});
  EXPECT_EQ(info.author, "");
  EXPECT_EQ(info.published_time, "");
  EXPECT_EQ(info.description, "");
  EXPECT_EQ(info.image, "");
  EXPECT_EQ(info.site_name, "");
}

TEST(MetadataJsonLd, EntitiesOnlyDoNotDescribeThePage) {
  const PageInfo info = read("", {R"({"@type":"Organization","name":"Org","description":"We sell things"})"});
  EXPECT_EQ(info.description, "");
}

// ---- title_from_url ----------------------------------------------------------------------------

TEST(TitleFromUrl, LastSegmentWithoutExtension) {
  EXPECT_EQ(title_from_url("https://x.org/blog/my-first_post.html"), "my first post");
  EXPECT_EQ(title_from_url("https://x.org/a/b/"), "b");
  EXPECT_EQ(title_from_url("https://x.org/a/b//?q=1#frag"), "b");
  EXPECT_EQ(title_from_url("https://x.org/index.php"), "index");
  EXPECT_EQ(title_from_url("https://x.org/v1.2"), "v1");
  EXPECT_EQ(title_from_url("https://x.org/archive.longext"), "archive.longext");
  EXPECT_EQ(title_from_url("https://x.org/.hidden"), ".hidden");
}

TEST(TitleFromUrl, HostWhenPathEmpty) {
  EXPECT_EQ(title_from_url("https://x.org/"), "x.org");
  EXPECT_EQ(title_from_url("https://x.org"), "x.org");
  EXPECT_EQ(title_from_url("http://user:pw@X.org:8080/?q"), "x.org");
  EXPECT_EQ(title_from_url("https://x.org/---/"), "x.org");
}

TEST(TitleFromUrl, PercentDecoded) {
  EXPECT_EQ(title_from_url("https://x.org/caf%C3%A9%20au%20lait"), "caf\xC3\xA9 au lait");
  EXPECT_EQ(title_from_url("https://x.org/bad%FFbyte%2"),
            "bad\xEF\xBF\xBD"
            "byte%2");
}

TEST(TitleFromUrl, UnparsableGivesEmpty) {
  EXPECT_EQ(title_from_url(""), "");
  EXPECT_EQ(title_from_url("not a url"), "");
  EXPECT_EQ(title_from_url("://x.org/a"), "");
  EXPECT_EQ(title_from_url("1http://x.org/a"), "");
}

}  // namespace
}  // namespace pagemd::extract
