#include "pagemd/convert/page_converter.hpp"

#include <gtest/gtest.h>

namespace pagemd::convert {
namespace {

ConvertRequest html_request(std::string html) {
  ConvertRequest request;
  request.body = std::move(html);
  request.options.page_url = "https://example.com/a/page.html";
  request.timestamp = "2026-01-02T03:04:05Z";
  return request;
}

TEST(InProcessConverter, ProducesTheResultObject) {
  InProcessConverter converter;
  auto result = converter.convert(html_request(
      "<html><head><title>Hello</title></head><body><article><p>Some words <a href=\"/x\">here</a>.</p>"
      "</article></body></html>"));
  ASSERT_TRUE(result) << result.error().message;
  EXPECT_EQ((*result)["metadata"]["title"], "Hello");
  EXPECT_EQ((*result)["metadata"]["timestamp"], "2026-01-02T03:04:05Z");
  EXPECT_EQ((*result)["metadata"]["links"], nlohmann::json::array({"https://example.com/x"}));
  EXPECT_NE((*result)["markdown"].get<std::string>().find("[here](https://example.com/x)"), std::string::npos);
  EXPECT_TRUE(result->contains("warning"));  // five words are thin content
}

TEST(InProcessConverter, MalformedSelectorIsInvalidRequest) {
  InProcessConverter converter;
  auto request = html_request("<p>text</p>");
  request.options.include_selectors = {"div[["};
  auto result = converter.convert(request);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, core::ErrorCode::invalid_request);
}

TEST(PlainText, ParagraphsAreEscapedText) {
  const std::string html = plain_text_as_html("first <b>line</b> & more\n\nsecond\n\n\n\n");
  EXPECT_EQ(html, "<!DOCTYPE html><html><body><p>first &lt;b&gt;line&lt;/b&gt; &amp; more</p><p>second</p>"
                  "</body></html>");
}

TEST(InProcessConverter, PlainTextKeepsEveryParagraph) {
  InProcessConverter converter;
  auto request = html_request("Title line\n\nA *starred* word.\n\nLast paragraph.");
  request.media_type = MediaType::plain_text;
  auto result = converter.convert(request);
  ASSERT_TRUE(result) << result.error().message;
  const auto markdown = (*result)["markdown"].get<std::string>();
  EXPECT_NE(markdown.find("Title line"), std::string::npos);
  EXPECT_NE(markdown.find("A \\*starred\\* word."), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("Last paragraph."), std::string::npos);
}

}  // namespace
}  // namespace pagemd::convert
