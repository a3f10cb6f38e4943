#include "pagemd/convert/page_converter.hpp"

#include <gtest/gtest.h>

#include "pagemd/convert/result_json.hpp"

namespace pagemd::convert {
namespace {

Page html_page(std::string html) {
  Page page;
  page.body = std::move(html);
  page.url = "https://example.com/a/page.html";
  return page;
}

TEST(ConvertPage, MakesMarkdownAndMetadata) {
  auto result = convert_page(html_page("<html><head><title>Hello</title></head><body><article><p>Some words "
                                       "<a href=\"/x\">here</a>.</p></article></body></html>"),
                             {});
  ASSERT_TRUE(result) << result.error().message;
  EXPECT_EQ(result->metadata.title, "Hello");
  EXPECT_EQ(result->metadata.links, std::vector<std::string>{"https://example.com/x"});
  EXPECT_NE(result->markdown.find("[here](https://example.com/x)"), std::string::npos);
  EXPECT_TRUE(result->warning.has_value());  // five words are thin content
}

TEST(ConvertPage, MalformedSelectorIsInvalidRequest) {
  ConvertOptions options;
  options.include_selectors = {"div[["};
  auto result = InProcessConverter().convert(html_page("<p>text</p>"), options);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, core::ErrorCode::invalid_request);
}

TEST(ConvertPage, TheDeclaredCharsetDecidesOverSniffing) {
  Page page = html_page(
      "<title>caf\xE9</title><p>cr\xE8me br\xFBl\xE9"
      "e</p>");
  page.declared_charset = "windows-1252";
  auto result = convert_page(page, {});
  ASSERT_TRUE(result);
  EXPECT_EQ(result->metadata.title, "caf\u00e9");
  EXPECT_NE(result->markdown.find("cr\u00e8me br\u00fbl\u00e9e"), std::string::npos) << result->markdown;
}

TEST(PlainText, ParagraphsAreEscapedText) {
  const std::string html = plain_text_as_html("first <b>line</b> & more\n\nsecond\n\n\n\n");
  EXPECT_EQ(html,
            "<!DOCTYPE html><html><body><p>first &lt;b&gt;line&lt;/b&gt; &amp; more</p><p>second</p>"
            "</body></html>");
}

TEST(ConvertPage, PlainTextKeepsEveryParagraphAndItsBrackets) {
  Page page = html_page("Title line\n\nA *starred* word <not a tag>.\n\nLast paragraph.");
  page.media_type = MediaType::plain_text;
  auto result = convert_page(page, {});
  ASSERT_TRUE(result) << result.error().message;
  EXPECT_NE(result->markdown.find("Title line\n\nA \\*starred\\* word \\<not a tag>.\n\nLast paragraph."),
            std::string::npos)
      << result->markdown;
}

TEST(PageFromFetch, TakesTypeCharsetAndFinalAddress) {
  fetch::FetchedPage fetched;
  fetched.final_url = "https://example.com/final";
  fetched.content_type = "text/plain";
  fetched.charset = "koi8-r";
  fetched.body = "text";
  const Page page = page_from_fetch(fetched);
  EXPECT_EQ(page.media_type, MediaType::plain_text);
  EXPECT_EQ(page.declared_charset, "koi8-r");
  EXPECT_EQ(page.url, "https://example.com/final");
  EXPECT_EQ(page.body, "text");
  fetched.content_type = "application/xhtml+xml";
  EXPECT_EQ(page_from_fetch(fetched).media_type, MediaType::html);
}

TEST(ResultJson, WritesTheResultObject) {
  extract::Extraction extraction;
  extraction.markdown = "# T\n";
  extraction.metadata.title = "T";
  extraction.metadata.word_count = 1;
  extraction.metadata.language = "unknown";
  extraction.metadata.author = "A. Writer";
  extraction.warning = "thin";
  PageResult result{extraction, "2026-01-02T03:04:05Z", {}, std::nullopt};
  const nlohmann::json local = to_json(result);
  EXPECT_EQ(local["markdown"], "# T\n");
  EXPECT_EQ(local["metadata"]["timestamp"], "2026-01-02T03:04:05Z");
  EXPECT_EQ(local["metadata"]["author"], "A. Writer");
  EXPECT_FALSE(local["metadata"].contains("description"));  // not stated by the page: left out
  EXPECT_FALSE(local["metadata"].contains("final_url"));
  EXPECT_FALSE(local["metadata"].contains("cache"));
  EXPECT_EQ(local["warning"], "thin");

  result.final_url = "https://example.com/";
  result.cache = CacheMark{CacheStatus::miss, std::chrono::system_clock::time_point{std::chrono::seconds{1767225600}}};
  const nlohmann::json served = nlohmann::json::parse(to_json_text(result));
  EXPECT_EQ(served["metadata"]["final_url"], "https://example.com/");
  EXPECT_EQ(served["metadata"]["cache"]["status"], "miss");
  EXPECT_EQ(served["metadata"]["cache"]["cached_at"], "2026-01-01T00:00:00Z");
}

TEST(ResultJson, InvalidUtf8BecomesReplacementCharacters) {
  PageResult result;
  result.extraction.markdown = "bad \xff byte";
  EXPECT_NE(to_json_text(result).find("bad \xef\xbf\xbd byte"), std::string::npos);
}

}  // namespace
}  // namespace pagemd::convert
