#include "pagemd/extract/extractor.hpp"

#include <gtest/gtest.h>
#include <sys/mman.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "extract_test_helpers.hpp"
#include "pagemd/core/error.hpp"

namespace pagemd::extract {
namespace {

using test_support::run;
using test_support::words;

Extraction run_whole_body(std::string_view html) {
  ExtractOptions options;
  options.scope = ContentScope::whole_body;
  return run(html, options);
}

// Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF, no truncated sequences.
bool is_valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    if (b0 < 0x80) {
      ++i;
      continue;
    }
    std::size_t length = 0;
    unsigned int lower = 0x80;
    unsigned int upper = 0xBF;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      length = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      length = 3;
      if (b0 == 0xE0) lower = 0xA0;
      if (b0 == 0xED) upper = 0x9F;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      length = 4;
      if (b0 == 0xF0) lower = 0x90;
      if (b0 == 0xF4) upper = 0x8F;
    } else {
      return false;
    }
    if (i + length > s.size()) return false;
    const auto b1 = static_cast<unsigned char>(s[i + 1]);
    if (b1 < lower || b1 > upper) return false;
    for (std::size_t k = 2; k < length; ++k) {
      const auto b = static_cast<unsigned char>(s[i + k]);
      if (b < 0x80 || b > 0xBF) return false;
    }
    i += length;
  }
  return true;
}

std::string repeat(std::string_view piece, std::size_t times) {
  std::string out;
  out.reserve(piece.size() * times);
  for (std::size_t i = 0; i < times; ++i) out.append(piece);
  return out;
}

const std::string kEnglish =
    "The river rose overnight, and by morning the lower streets were under water, so the town council "
    "opened the school hall and the old mill as shelters for the families who had to leave their homes. "
    "Volunteers brought blankets and soup, while the fire brigade moved people from the flooded farms to "
    "higher ground before the second wave of rain arrived in the afternoon.";

// ---- self-check of the validator, so the hostile-input tests can trust it --------------------

TEST(ExtractUtf8Validator, AcceptsAndRejects) {
  EXPECT_TRUE(is_valid_utf8("plain \xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"));
  EXPECT_FALSE(is_valid_utf8("\xC0\xAF"));          // overlong '/'
  EXPECT_FALSE(is_valid_utf8("\xED\xA0\x80"));      // surrogate
  EXPECT_FALSE(is_valid_utf8("\xF4\x90\x80\x80"));  // above U+10FFFF
  EXPECT_FALSE(is_valid_utf8("\xE2\x82"));          // truncated
  EXPECT_FALSE(is_valid_utf8("\x80"));
}

// ---- title --------------------------------------------------------------------------------

TEST(ExtractTitle, OpenGraphWins) {
  const Extraction e =
      run("<html><head><meta property='og:title' content='The OG Title'>"
          "<title>Doc Title | Site</title></head><body><h1>Heading</h1><p>Text here.</p></body></html>");
  EXPECT_EQ(e.metadata.title, "The OG Title");
}

TEST(ExtractTitle, TitleElementWithSiteSuffixTrimmed) {
  const Extraction e =
      run("<html><head><title>  My First Post | Example Site </title></head>"
          "<body><p>Text here.</p></body></html>");
  EXPECT_EQ(e.metadata.title, "My First Post");
}

TEST(ExtractTitle, FirstH1WhenNoTitle) {
  const Extraction e =
      run("<html><head><title>   </title></head><body><h1>Heading  One</h1><p>Text.</p>"
          "<h1>Heading Two</h1></body></html>");
  EXPECT_EQ(e.metadata.title, "Heading One");
}

TEST(ExtractTitle, UrlWhenPageNamesNothing) {
  ExtractOptions options;
  options.page_url = "https://example.com/news/my-great_story.html?x=1#top";
  EXPECT_EQ(run("<p>Text.</p>", options).metadata.title, "my great story");
  options.page_url = "https://Example.COM/";
  EXPECT_EQ(run("<p>Text.</p>", options).metadata.title, "example.com");
}

TEST(ExtractTitle, NoTitleAtAllWithoutUrl) {
  core::Result<Extraction> e = extract("<p>Only text.</p>", ExtractOptions{});
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->metadata.title, "");
  EXPECT_EQ(e->markdown, "Only text.\n");
}

TEST(ExtractTitle, MarkdownStartsWithTitleAndDropsRepeatedH1) {
  const Extraction e =
      run("<html><head><title>Hello, World! | Site</title></head><body><article>"
          "<h1>Hello World</h1><p>First paragraph.</p><h2>Part</h2><p>Second.</p>"
          "</article></body></html>");
  EXPECT_EQ(e.metadata.title, "Hello, World!");
  EXPECT_EQ(e.markdown, "# Hello, World!\n\nFirst paragraph.\n\n## Part\n\nSecond.\n");
}

TEST(ExtractTitle, DifferentH1IsKept) {
  const Extraction e =
      run("<html><head><meta property='og:title' content='Outer'></head><body><article>"
          "<h1>Inner</h1><p>Body text.</p></article></body></html>");
  EXPECT_EQ(e.markdown, "# Outer\n\n# Inner\n\nBody text.\n");
}

TEST(ExtractTitle, TitleIsEscapedInHeading) {
  const Extraction e =
      run("<html><head><meta property='og:title' content='*Stars* & [brackets] #1'></head>"
          "<body><p>x</p></body></html>");
  EXPECT_EQ(e.metadata.title, "*Stars* & [brackets] #1");
  EXPECT_EQ(e.markdown, "# \\*Stars\\* & \\[brackets\\] #1\n\nx\n");
}

// ---- word count and warning ---------------------------------------------------------------

TEST(ExtractWords, CountsTextAndTitleNotUrlsOrSyntax) {
  const Extraction e =
      run("<html><head><title>Two Words</title></head><body><article>"
          "<p>See <a href='https://example.com/a/very/long/path?query=1'>the docs</a> "
          "<strong>now</strong>.</p><p><img src='/pic.png' alt='alt text words'></p>"
          "<ul><li>one</li><li>two</li></ul></article></body></html>");
  EXPECT_EQ(e.markdown,
            "# Two Words\n\nSee [the docs](https://example.com/a/very/long/path?query=1) **now**.\n\n"
            "![alt text words](https://example.com/pic.png)\n\n- one\n- two\n");
  EXPECT_EQ(e.metadata.word_count, 2u + 4u + 2u);
}

TEST(ExtractWords, WarningBelowThreshold) {
  // The title adds its words: 1 + 198 = 199.
  const Extraction e = run_whole_body("<title>Title</title><p>" + words(198) + "</p>");
  EXPECT_EQ(e.metadata.word_count, 199u);
  ASSERT_TRUE(e.warning.has_value());
  EXPECT_EQ(*e.warning, "Thin content: the extracted text has 199 words, under the 200-word threshold.");
}

TEST(ExtractWords, NoWarningAtThreshold) {
  const Extraction e = run_whole_body("<title>Title</title><p>" + words(199) + "</p>");
  EXPECT_EQ(e.metadata.word_count, 200u);
  EXPECT_FALSE(e.warning.has_value());
}

TEST(ExtractWords, EmptyPageIsThin) {
  const Extraction e = run("");
  EXPECT_EQ(e.metadata.title, "post");
  EXPECT_EQ(e.markdown, "");
  EXPECT_EQ(e.metadata.word_count, 0u);
  ASSERT_TRUE(e.warning.has_value());
  EXPECT_EQ(*e.warning,
            "Thin content: the extracted text has 0 words, under the 200-word threshold. The page shows no text.");
}

// A script's empty shell: the title is in the metadata, not a heading over nothing.
TEST(ExtractWords, APageWithoutContentHasNoMarkdown) {
  const Extraction e = run("<title>Dashboard</title><body><div id=root></div><script>start()</script></body>");
  EXPECT_EQ(e.metadata.title, "Dashboard");
  EXPECT_EQ(e.markdown, "");
  EXPECT_EQ(e.metadata.word_count, 0u);
  const Extraction one_word = run("<title>Dashboard</title><body><div id=root><p>Hello</p></div></body>");
  EXPECT_EQ(one_word.markdown, "# Dashboard\n\nHello\n");
}

TEST(ExtractWords, TableCellsAreSeparateWords) {
  const Extraction e = run_whole_body(
      "<title>T</title><table><tr><th>one</th><th>two</th></tr><tr><td>three</td><td>four</td></tr></table>");
  EXPECT_EQ(e.markdown, "# T\n\n| one | two |\n| --- | --- |\n| three | four |\n");
  EXPECT_EQ(e.metadata.word_count, 5u);
}

TEST(ExtractMarkdown, DigitsInInlineElementThenPeriodAreNotAList) {
  const Extraction e = run("<p><span>1</span>. Not a list</p>");
  EXPECT_EQ(e.markdown, "# post\n\n1\\. Not a list\n");
}

TEST(ExtractMarkdown, AnInlineElementHoldingOnlyASpaceStillSeparatesTheWords) {
  // Sphinx writes a signature's spaces as <span class="w"> </span>; emptier elements go.
  const Extraction e = run("<article><p>" + kEnglish +
                           "</p><dl><dt><em>class</em><span class=w> </span><code>Middleware</code></dt>"
                           "<dd>Runs on every request, <b>before</b><span> </span><i>the view</i>.</dd></dl>"
                           "<p>More <span></span>words.</p></article>");
  EXPECT_NE(e.markdown.find("*class* `Middleware`"), std::string::npos) << e.markdown;
  EXPECT_NE(e.markdown.find("**before** *the view*"), std::string::npos) << e.markdown;
  EXPECT_NE(e.markdown.find("More words."), std::string::npos) << e.markdown;
}

TEST(ExtractMarkdown, ItemsSetSideBySideWithNothingBetweenThemAreTwoWords) {
  const auto body = [](std::string_view html) {
    const std::string markdown = run_whole_body("<title>T</title><p>" + std::string(html) + "</p>").markdown;
    return markdown.substr(markdown.find("\n\n") + 2);
  };
  // A card's brand and model, an API field's name and type: styled by classes of their own.
  EXPECT_EQ(body("<span class=brand>Merrell</span><span class=model>Moab</span>"), "Merrell Moab\n");
  EXPECT_EQ(body("<span class=name><code>id</code></span><span class=type>string</span>"), "`id` string\n");
  // Two links to two places.
  EXPECT_EQ(body("<a href='https://x.test/a'>Home</a><a href='https://x.test/b'>Blog</a>"),
            "[Home](https://x.test/a) [Blog](https://x.test/b)\n");
  // One text in pieces stays one: plain formatting, runs under one class, a link split in three.
  EXPECT_EQ(body("<b>un</b><i>true</i>"), "**un***true*\n");
  EXPECT_EQ(body("<span class=run>Le</span><span class=run>arn more</span>"), "Learn more\n");
  EXPECT_EQ(body("<a href='https://x.test/m'>Arte</a><a href='https://x.test/m'>mis</a>"),
            "[Arte](https://x.test/m)[mis](https://x.test/m)\n");
  // A number goes on: its cents, an ordinal's ending; a unit after it is a word of its own.
  EXPECT_EQ(body("<span class=whole>19</span><span class=cents>99</span>"), "1999\n");
  EXPECT_EQ(body("<span class=day>1</span><span class=suffix>st</span>"), "1st\n");
  EXPECT_EQ(body("<span class=amount>5</span><span class=unit>kg</span>"), "5 kg\n");
  EXPECT_EQ(body("<span class=amount>1</span><span class=unit>stone</span>"), "1 stone\n");
  // Code is written as it is.
  EXPECT_EQ(body("<code><span class=kw>a</span><span class=id>b</span></code>"), "`ab`\n");
  // Only letters and digits meeting need the space; punctuation and other scripts do not.
  EXPECT_EQ(body("<span class=a>Moab</span><span class=b>, 3</span>"), "Moab, 3\n");
  EXPECT_EQ(body("<span class=a>\xE4\xB8\xAD</span><span class=b>\xE6\x96\x87</span>"), "\xE4\xB8\xAD\xE6\x96\x87\n");
}

// ---- links --------------------------------------------------------------------------------

TEST(ExtractLinks, AbsoluteUniqueOrderedAndFiltered) {
  const Extraction e =
      run("<html><body><nav><a href='/nav-only'>Menu</a></nav><article><p>"
          "<a href='/a'>a</a> <a href='https://other.org/x'>x</a> <a href='/a'>again</a> "
          "<a href='mailto:me@example.com'>mail</a> <a href='javascript:void(0)'>js</a> "
          "<a href='#section'>jump</a> <a href='https://example.com/blog/post.html#frag'>self</a> "
          "<a href='ftp://files.example.com/f'>ftp</a> <a href='page2.html'>next</a> "
          "<img src='/image.png' alt='pic'> <a href='HTTP://Other.org/y'>y</a></p></article></body></html>");
  const std::vector<std::string> expected = {"https://example.com/a", "https://other.org/x",
                                             "https://example.com/blog/page2.html", "http://other.org/y"};
  EXPECT_EQ(e.metadata.links, expected);
}

TEST(ExtractLinks, MarkdownUsesAbsoluteUrls) {
  const Extraction e =
      run("<body><p><a href='../docs/intro page.html'>intro</a> "
          "<img src='img/a.png' alt='A'></p></body>");
  EXPECT_EQ(e.markdown,
            "# post\n\n[intro](https://example.com/docs/intro%20page.html) "
            "![A](https://example.com/blog/img/a.png)\n");
  const std::vector<std::string> expected = {"https://example.com/docs/intro%20page.html"};
  EXPECT_EQ(e.metadata.links, expected);
}

TEST(ExtractLinks, BaseHrefRebases) {
  const Extraction e =
      run("<head><base href='https://cdn.example.net/root/'></head><body><p><a href='x'>x</a></p></body>");
  const std::vector<std::string> expected = {"https://cdn.example.net/root/x"};
  EXPECT_EQ(e.metadata.links, expected);
}

// ---- language -----------------------------------------------------------------------------

TEST(ExtractLanguage, EnglishText) {
  EXPECT_EQ(run("<html lang=de><body><article><p>" + kEnglish + "</p></article></body></html>").metadata.language,
            "en");
}

TEST(ExtractLanguage, OtherTextIsUnknown) {
  const std::string german =
      "Der Fluss stieg über Nacht, und am Morgen standen die unteren Straßen unter Wasser, so dass der "
      "Gemeinderat die Schule und die alte Mühle als Unterkunft für die Familien öffnete, die ihre Häuser "
      "verlassen mussten. Freiwillige brachten Decken und Suppe, während die Feuerwehr die Menschen von den "
      "überfluteten Höfen auf höheres Gelände brachte.";
  EXPECT_EQ(run("<html lang=en><body><article><p>" + german + "</p></article></body></html>").metadata.language,
            "unknown");
}

TEST(ExtractLanguage, NoTextIsUnknown) {
  EXPECT_EQ(run("<html lang=en><body></body></html>").metadata.language, "unknown");
  EXPECT_EQ(run("<html lang=en><body></body></html>").metadata.language_tag, "und");
}

TEST(ExtractLanguage, TheTagComesFromTheTextThenHtmlLangThenContentLanguage) {
  const std::string japanese =
      "<p>東京は日本の首都であり、世界で最も人口の多い都市圏の一つです。多くの観光客が毎年訪れ、"
      "古い寺院と新しい建物が並ぶ街並みを楽しみます。</p>";
  EXPECT_EQ(run("<html lang=en><body><article>" + japanese + "</article></body></html>").metadata.language_tag, "ja");
  // A few names do not tell a language: <html lang> does, and before it the Content-Language header.
  const std::string names = "<p>Tokyo Osaka Kyoto Nagoya Sapporo Fukuoka Kobe Sendai Hiroshima</p>";
  ExtractOptions from_http;
  from_http.declared_language = "ja";
  EXPECT_EQ(run("<html><body>" + names + "</body></html>", from_http).metadata.language_tag, "ja");
  EXPECT_EQ(run("<html lang=zh-TW><body>" + names + "</body></html>", from_http).metadata.language_tag, "zh-Hant");
  const Extraction english = run("<html><body><article><p>" + kEnglish + "</p></article></body></html>");
  EXPECT_EQ(english.metadata.language_tag, "en");
  EXPECT_EQ(english.metadata.language, "en");
}

// ---- extra metadata -----------------------------------------------------------------------

TEST(ExtractMetadata, FromMetaTagsAndOpenGraph) {
  const Extraction e =
      run("<html><head><meta property='og:description' content='A summary.'>"
          "<meta name='author' content='Jane Doe'>"
          "<meta property='article:published_time' content='2026-05-20T10:00:00Z'>"
          "<meta property='og:site_name' content='Example News'>"
          "<meta property='og:image' content='/img/cover.jpg'>"
          "<link rel='canonical' href='/blog/post'></head><body><p>x</p></body></html>");
  EXPECT_EQ(e.metadata.description, "A summary.");
  EXPECT_EQ(e.metadata.author, "Jane Doe");
  EXPECT_EQ(e.metadata.published_time, "2026-05-20T10:00:00Z");
  EXPECT_EQ(e.metadata.site_name, "Example News");
  EXPECT_EQ(e.metadata.image, "https://example.com/img/cover.jpg");
  EXPECT_EQ(e.metadata.canonical_url, "https://example.com/blog/post");
}

TEST(ExtractMetadata, FromJsonLd) {
  const Extraction e =
      run("<html><head><script type='application/ld+json'>"
          R"({"@context": "https://schema.org", "@type": "NewsArticle", "headline": "H",
          "description": "LD summary", "author": {"@type": "Person", "name": "Ann Lee"},
          "datePublished": "2026-01-02", "image": "https://img.example.com/a.png",
          "publisher": {"@type": "Organization", "name": "LD Publisher"}})"
          "</script></head><body><p>x</p></body></html>");
  EXPECT_EQ(e.metadata.description, "LD summary");
  EXPECT_EQ(e.metadata.author, "Ann Lee");
  EXPECT_EQ(e.metadata.published_time, "2026-01-02");
  EXPECT_EQ(e.metadata.site_name, "LD Publisher");
  EXPECT_EQ(e.metadata.image, "https://img.example.com/a.png");
  EXPECT_EQ(e.markdown.find("LD summary"), std::string::npos);
}

TEST(ExtractMetadata, AbsentFieldsAreEmpty) {
  const Extraction e = run("<p>x</p>");
  EXPECT_EQ(e.metadata.description, "");
  EXPECT_EQ(e.metadata.author, "");
  EXPECT_EQ(e.metadata.published_time, "");
  EXPECT_EQ(e.metadata.site_name, "");
  EXPECT_EQ(e.metadata.image, "");
  EXPECT_EQ(e.metadata.canonical_url, "");
}

// ---- charsets -----------------------------------------------------------------------------

TEST(ExtractCharset, DeclaredWindows1252) {
  ExtractOptions options;
  options.declared_charset = "windows-1252";
  const Extraction e = run("<html><body><p>Caf\xE9 \x93quoted\x94 \x80 5</p></body></html>", options);
  EXPECT_EQ(e.markdown, "# post\n\nCaf\xC3\xA9 \xE2\x80\x9Cquoted\xE2\x80\x9D \xE2\x82\xAC 5\n");
}

TEST(ExtractCharset, MetaCharsetWindows1252) {
  const Extraction e =
      run("<html><head><meta charset='windows-1252'></head><body><p>Caf\xE9 na\xEFve</p></body></html>");
  EXPECT_EQ(e.markdown, "# post\n\nCaf\xC3\xA9 na\xC3\xAFve\n");
}

TEST(ExtractCharset, HttpEquivContentType) {
  const Extraction e =
      run("<html><head><meta http-equiv='Content-Type' content='text/html; charset=ISO-8859-1'>"
          "</head><body><p>Gr\xFC\xDF"
          "e</p></body></html>");
  EXPECT_EQ(e.markdown,
            "# post\n\nGr\xC3\xBC\xC3\x9F"
            "e\n");
}

TEST(ExtractCharset, DeclaredCharsetWinsOverMeta) {
  ExtractOptions options;
  options.declared_charset = "windows-1252";
  const Extraction e = run("<html><head><meta charset='utf-8'></head><body><p>Caf\xE9</p></body></html>", options);
  EXPECT_EQ(e.markdown, "# post\n\nCaf\xC3\xA9\n");
}

TEST(ExtractCharset, Utf8PassesThrough) {
  const Extraction e = run("<p>\xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80</p>");
  EXPECT_EQ(e.markdown, "# post\n\n\xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80\n");
}

// ---- options ------------------------------------------------------------------------------

TEST(ExtractOptionsTest, InvalidIncludeSelectorIsInvalidRequest) {
  ExtractOptions options;
  options.include_selectors = {"div", "a:hover"};
  core::Result<Extraction> e = extract("<p>x</p>", options);
  ASSERT_FALSE(e.has_value());
  EXPECT_EQ(e.error().code, core::ErrorCode::invalid_request);
  EXPECT_NE(e.error().message.find("a:hover"), std::string::npos) << e.error().message;
}

TEST(ExtractOwned, GivesWhatExtractGives) {
  ExtractOptions options;
  options.page_url = "https://example.com/post";
  const std::string page =
      "<html lang=de><head><title>Ein Titel</title></head><body><nav><a href=/>Start</a></nav><article><p>"
      "Ein Absatz mit genug W\xF6rtern, <a href=/mehr>einem Link</a> und etwas Text.</p></article></body></html>";
  const core::Result<Extraction> viewed = extract(page, options);
  const core::Result<Extraction> owned = extract_owned(page, options);
  ASSERT_TRUE(viewed.has_value());
  ASSERT_TRUE(owned.has_value());
  EXPECT_EQ(*owned, *viewed);
  EXPECT_NE(owned->markdown.find("Absatz"), std::string::npos);
}

// The page is a mapping of untouched zero pages: extract() must refuse it before reading a byte.
TEST(ExtractLimits, APageOverTheLargestIsUnsupportedContent) {
  const std::size_t size = kMaxHtmlBytes + 1;
  void* pages = mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  ASSERT_NE(pages, MAP_FAILED);
  const core::Result<Extraction> e = extract(std::string_view(static_cast<const char*>(pages), size), {});
  munmap(pages, size);
  ASSERT_FALSE(e.has_value());
  EXPECT_EQ(e.error().code, core::ErrorCode::unsupported_content);
  EXPECT_NE(e.error().message.find("512 MiB"), std::string::npos) << e.error().message;
}

TEST(ExtractOptionsTest, InvalidExcludeSelectorIsInvalidRequest) {
  ExtractOptions options;
  options.exclude_selectors = {"p ~ p"};
  core::Result<Extraction> e = extract("<p>x</p>", options);
  ASSERT_FALSE(e.has_value());
  EXPECT_EQ(e.error().code, core::ErrorCode::invalid_request);
}

TEST(ExtractOptionsTest, IncludeSelectorsRestrictOutput) {
  ExtractOptions options;
  options.include_selectors = {"#keep", ".also"};
  const Extraction e = run("<html><head><title>Page</title></head><body><article><p>" + kEnglish +
                               "</p><div id=keep><p>Kept <a href='/k'>link</a>.</p></div></article>"
                               "<aside class=also>Aside kept too.</aside></body></html>",
                           options);
  EXPECT_EQ(e.markdown, "# Page\n\nKept [link](https://example.com/k).\n\nAside kept too.\n");
  const std::vector<std::string> expected = {"https://example.com/k"};
  EXPECT_EQ(e.metadata.links, expected);
  EXPECT_EQ(e.metadata.word_count, 1u + 5u);
}

TEST(ExtractOptionsTest, ExcludeSelectorsRemoveABlock) {
  ExtractOptions options;
  options.exclude_selectors = {"div.promo", "[data-skip=yes]"};
  const Extraction e =
      run("<html><head><title>Page</title></head><body><article><p>First.</p>"
          "<div class=promo><p>Buy now.</p></div><p data-skip=yes>Skipped.</p><p>Last.</p>"
          "</article></body></html>",
          options);
  EXPECT_EQ(e.markdown, "# Page\n\nFirst.\n\nLast.\n");
}

TEST(ExtractOptionsTest, WholeBodyKeepsNavigation) {
  const std::string html =
      "<html><head><title>Page</title></head><body><nav><a href='/home'>Home</a></nav>"
      "<article><p>" +
      kEnglish + "</p></article></body></html>";
  const Extraction main = run(html);
  EXPECT_EQ(main.markdown.find("Home"), std::string::npos) << main.markdown;
  EXPECT_TRUE(main.metadata.links.empty());
  const Extraction whole = run_whole_body(html);
  EXPECT_EQ(whole.markdown.rfind("# Page\n\n[Home](https://example.com/home)\n\nThe river rose", 0), 0u)
      << whole.markdown;
  const std::vector<std::string> expected = {"https://example.com/home"};
  EXPECT_EQ(whole.metadata.links, expected);
}

// ---- hostile input: each must finish and give sane, valid output --------------------------

void expect_sane(const Extraction& e) {
  EXPECT_TRUE(is_valid_utf8(e.markdown));
  EXPECT_TRUE(is_valid_utf8(e.metadata.title));
  EXPECT_EQ(e.markdown.find('\0'), std::string::npos);
  EXPECT_EQ(e.markdown.find("\n\n\n"), std::string::npos);
}

// A page that React streamed: the article's middle came at the end of the page, hidden, for a
// script to move into its placeholder. It is read in its place.
TEST(ExtractStreaming, ReactsStreamedContentIsReadWhereItBelongs) {
  const std::string page =
      "<html><head><title>Tides</title></head><body><main><article><h1>Tides</h1><p>The first paragraph "
      "says that the moon pulls the sea, and the sea follows it round the earth twice a day.</p><!--$?-->"
      "<template id=\"B:0\"></template><!--/$--><p>The last paragraph says that spring tides come at the "
      "full and the new moon, when the sun pulls the same way.</p></article></main><footer>Footer</footer>"
      "<div hidden id=\"S:0\"><p>The streamed paragraph says that the tide is late each day by fifty "
      "minutes, as the moon is.</p></div><script>$RC(\"B:0\",\"S:0\")</script></body></html>";
  const std::string markdown = run(page).markdown;
  const std::size_t first = markdown.find("The first paragraph");
  const std::size_t streamed = markdown.find("The streamed paragraph");
  const std::size_t last = markdown.find("The last paragraph");
  ASSERT_NE(streamed, std::string::npos) << markdown;
  EXPECT_LT(first, streamed) << markdown;
  EXPECT_LT(streamed, last) << markdown;
}

TEST(ExtractHostile, DeeplyNestedDivs) {
  const std::string html = repeat("<div>", 5000) + "deep text" + repeat("</div>", 5000);
  const Extraction e = run(html);
  expect_sane(e);
  EXPECT_EQ(e.markdown, "# post\n\ndeep text\n");
}

TEST(ExtractHostile, ManyOpenItalics) {
  // 300,000 unclosed <i>: gumbo's formatting-element reconstruction is quadratic without bounds.
  const std::string html = "<p>" + repeat("<i>", 300000) + "x</p><p>after</p>";
  const Extraction e = run(html);
  expect_sane(e);
  EXPECT_NE(e.markdown.find("after"), std::string::npos);
  EXPECT_NE(e.markdown.find('x'), std::string::npos);
}

TEST(ExtractHostile, ManyUnclosedSpans) {
  const std::string html = "<p>start " + repeat("<span>a ", 20000) + "end";
  const Extraction e = run(html);
  expect_sane(e);
  EXPECT_EQ(e.metadata.word_count, 1u + 20002u);
  EXPECT_EQ(e.markdown.rfind("# post\n\nstart a a a", 0), 0u);
  EXPECT_EQ(e.markdown.substr(e.markdown.size() - 6), "a end\n");
}

TEST(ExtractHostile, TwentyMegabytePage) {
  const std::string paragraph = "<p>" + kEnglish + "</p>\n";
  std::string html = "<html><head><title>Big</title></head><body><article>";
  const std::size_t count = std::size_t{20} * 1024 * 1024 / paragraph.size() + 1;
  html += repeat(paragraph, count);
  html += "</article></body></html>";
  ASSERT_GT(html.size(), 20u * 1024u * 1024u);
  const Extraction e = run(html);
  expect_sane(e);
  EXPECT_EQ(e.metadata.title, "Big");
  EXPECT_EQ(e.metadata.language, "en");
  EXPECT_FALSE(e.warning.has_value());
  EXPECT_GT(e.metadata.word_count, count * 50);
}

TEST(ExtractHostile, NulBytes) {
  std::string html = "<p>a";
  html += '\0';
  html += "b</p><di";
  html += '\0';
  html += "v cl";
  html += '\0';
  html += "ass='x'>c";
  html += std::string(3, '\0');
  html += "d</div><p>tail</p>";
  const Extraction e = run(html);
  expect_sane(e);
  EXPECT_NE(e.markdown.find("tail"), std::string::npos);
}

TEST(ExtractHostile, InvalidUtf8) {
  const std::string html =
      "<html><head><title>Bad \xFF title \xC3</title></head><body><p>lone \x80 continuation, overlong \xC0\xAF, "
      "surrogate \xED\xA0\x80, too big \xF4\x90\x80\x80, truncated \xE2\x82</p>"
      "<a href='https://example.com/\xFF\xFE'>l\xFEnk</a><img alt='\xC3' src='/\xF8.png'></body></html>";
  const Extraction e = run(html);
  expect_sane(e);
  EXPECT_NE(e.markdown.find("lone"), std::string::npos);
  for (const std::string& link : e.metadata.links) EXPECT_TRUE(is_valid_utf8(link)) << link;
}

TEST(ExtractHostile, DeeplyNestedBlockquotes) {
  const std::string html = repeat("<blockquote>", 100000) + "quoted" + repeat("</blockquote>", 100000);
  const Extraction e = run(html);
  expect_sane(e);
  EXPECT_NE(e.markdown.find("quoted"), std::string::npos);
}

TEST(ExtractHostile, DeeplyNestedLists) {
  const std::string html = repeat("<ul><li>", 50000) + "item" + repeat("</li></ul>", 50000);
  const Extraction e = run(html);
  expect_sane(e);
  EXPECT_NE(e.markdown.find("item"), std::string::npos);
}

TEST(ExtractHostile, TableWithTenThousandColumns) {
  std::string html = "<table><tr>";
  for (int i = 0; i < 10000; ++i) html += "<th>h" + std::to_string(i) + "</th>";
  html += "</tr><tr>";
  for (int i = 0; i < 10000; ++i) html += "<td>" + std::to_string(i) + "</td>";
  html += "</tr></table>";
  const Extraction e = run_whole_body(html);
  expect_sane(e);
  // Too wide to read as a grid: every cell is kept, a row to a line.
  EXPECT_EQ(e.markdown.find("| --- |"), std::string::npos);
  EXPECT_NE(e.markdown.find("h0 \\| h1 \\|"), std::string::npos);
  EXPECT_NE(e.markdown.find("9998 \\| 9999"), std::string::npos);
}

TEST(ExtractHostile, FiveMegabyteAttribute) {
  const std::string html = "<p title='" + std::string(std::size_t{5} * 1024 * 1024, 'a') +
                           "'>visible</p>"
                           "<a href='https://example.com/" +
                           std::string(std::size_t{5} * 1024 * 1024, 'b') + "'>big link</a>";
  const Extraction e = run(html);
  expect_sane(e);
  EXPECT_NE(e.markdown.find("visible"), std::string::npos);
}

// Judging each ancestor by a walk of its whole subtree would make these quadratic (minutes); the
// ctest timeout is what fails them if that comes back.
TEST(ExtractHostile, WideSubtreeUnderDeepNesting) {
  const std::string html = repeat("<div>", 390) + "x" + repeat("<br>", 250000);
  const Extraction e = run(html);
  expect_sane(e);
  EXPECT_EQ(e.markdown, "# post\n\nx\n");
}

TEST(ExtractHostile, ManyItemsUnderDeepLists) {
  // Enough items that work proportional to depth x items (12 million steps) would stand out.
  const std::string html = repeat("<ul><li>", 200) + "item" + repeat("<li>", 60000);
  const Extraction e = run(html);
  expect_sane(e);
  EXPECT_NE(e.markdown.find("item"), std::string::npos);
}

TEST(ExtractHostile, UnterminatedCommentAtEof) {
  const Extraction e = run("<p>before</p><!-- never closed <p>hidden</p>");
  expect_sane(e);
  EXPECT_EQ(e.markdown, "# post\n\nbefore\n");
}

TEST(ExtractHostile, UnterminatedScriptAtEof) {
  const Extraction e = run("<p>before</p><script>var s = '<p>hidden</p>';");
  expect_sane(e);
  EXPECT_EQ(e.markdown, "# post\n\nbefore\n");
}

TEST(ExtractHostile, UnterminatedTagAndAttributeAtEof) {
  for (const char* html : {"<p>before</p><div class='x", "<p>before</p><!", "<p>before</p><style>",
                           "<p>before</p><textarea>", "<p>before</p><a href='"}) {
    const Extraction e = run(html);
    expect_sane(e);
    EXPECT_EQ(e.markdown, "# post\n\nbefore\n") << html;
  }
  // The tokenizer gives a '<' before end of file back as text.
  EXPECT_EQ(run("<p>before</p><").markdown, "# post\n\nbefore\n\n<\n");
}

// The parser pages of issue 45: text a browser shows is kept, once and in its place.
std::string in_article(std::string_view html) {
  return "<!DOCTYPE html><title>post</title><article><h1>Head</h1><p>" + words(40) + "</p>" + std::string(html) +
         "<p>" + words(30) + "</p></article>";
}

TEST(ExtractParserPages, AnUnclosedSvgInALinkKeepsTheTextAfterTheLink) {
  const std::string markdown = run(in_article("<p><a href=/more><svg viewBox='0 0 8 8'><path d=M0></a>The harbour "
                                              "opened in spring.</p><p>Closing line.</p>"))
                                   .markdown;
  EXPECT_NE(markdown.find("\n\nThe harbour opened in spring.\n\n"), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("Closing line."), std::string::npos) << markdown;
  EXPECT_EQ(markdown.find("/more)"), std::string::npos) << markdown;  // nothing moved into the link
}

TEST(ExtractParserPages, AnOldStyleScriptCommentLeaksNothing) {
  const std::string markdown =
      run(in_article("<script><!-- document.write('<script src=x.js></script>'); //--></script><p>After.</p>"))
          .markdown;
  EXPECT_NE(markdown.find("After."), std::string::npos) << markdown;
  EXPECT_EQ(markdown.find("');"), std::string::npos) << markdown;
  EXPECT_EQ(markdown.find("-->"), std::string::npos) << markdown;
}

TEST(ExtractParserPages, TextAfterADialogIsABlockOfItsOwn) {
  const std::string markdown = run(in_article("<dialog><p>Subscribe now</dialog><p>bar text</p>")).markdown;
  EXPECT_NE(markdown.find("\n\nbar text\n\n"), std::string::npos) << markdown;
  EXPECT_EQ(markdown.find("Subscribe now"), std::string::npos) << markdown;  // a dialog is not content
  const std::string search = run(in_article("<p>Before<search>Find it</search>after</p>")).markdown;
  EXPECT_NE(search.find("Before\n\nFind it\n\nafter"), std::string::npos) << search;
}

TEST(ExtractParserPages, MathInATableStaysInItsCell) {
  const std::string markdown = run(in_article("<table><tr><th>Name</th><th>Formula</th></tr><tr><td>Area</td><td>"
                                              "<math><mi>x</mi><mo>+</mo><mn>1</mn></math></td></tr>"
                                              "<tr><td>Next</td><td>plain</td></tr></table>"))
                                   .markdown;
  EXPECT_NE(markdown.find("| Area | $x+1$ |\n| Next | plain |"), std::string::npos) << markdown;
}

TEST(ExtractParserPages, ALazyImageShowsTheImageOfItsNoscript) {
  const std::string markdown = run(in_article("<figure><img src=\"data:image/gif;base64,R0lGODlhAQABAAAAACw=\" "
                                              "alt=Harbour><noscript><img src=https://example.com/harbour.jpg "
                                              "alt=Harbour></noscript><figcaption>The harbour</figcaption></figure>"))
                                   .markdown;
  EXPECT_NE(markdown.find("](https://example.com/harbour.jpg)"), std::string::npos) << markdown;
  const std::string copied = run(in_article("<p><img data-src=https://example.com/a.jpg alt=A><noscript>"
                                            "<img src=https://example.com/a.jpg alt=A></noscript> A caption.</p>"))
                                 .markdown;
  const std::size_t first = copied.find("example.com/a.jpg");
  ASSERT_NE(first, std::string::npos) << copied;
  EXPECT_EQ(copied.find("example.com/a.jpg", first + 1), std::string::npos) << copied;  // once
}

}  // namespace
}  // namespace pagemd::extract
