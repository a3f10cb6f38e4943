#include "pagemd/convert/page_converter.hpp"

#include <gtest/gtest.h>

#include "pagemd/convert/result_json.hpp"
#include "pdf_test_files.hpp"
#include "strict_json.hpp"

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

TEST(ConvertPage, EveryResultSaysWhatItsBytesWere) {
  auto html = convert_page(html_page("<p>Some words.</p>"), {});
  ASSERT_TRUE(html) << html.error().message;
  EXPECT_EQ(html->metadata.content_type, "text/html");
  EXPECT_EQ(html->metadata.page_count, 0U);

  Page text = html_page("Some words.");
  text.media_type = MediaType::plain_text;
  EXPECT_EQ(convert_page(text, {})->metadata.content_type, "text/plain");

  // A PDF whatever it was called: the bytes decide.
  for (const MediaType declared : {MediaType::html, MediaType::plain_text}) {
    Page document = html_page(pdf::testing::pdf_file("article.pdf"));
    document.media_type = declared;
    auto pdf = convert_page(document, {});
    ASSERT_TRUE(pdf) << pdf.error().message;
    EXPECT_EQ(pdf->metadata.content_type, "application/pdf");
    EXPECT_EQ(pdf->metadata.page_count, 2U);
    EXPECT_EQ(pdf->metadata.page_type, extract::PageType::document);
    EXPECT_EQ(extract::to_string(pdf->metadata.page_type), "document");
    EXPECT_FALSE(pdf->markdown.empty());
  }
}

TEST(ConvertPage, APdfOverItsBoundsIsUnsupportedNamingTheLimit) {
  const std::string article = pdf::testing::pdf_file("article.pdf");
  ASSERT_GT(article.size(), 2048U);
  ConvertOptions small;
  small.max_pdf_bytes = 2048;
  const auto too_large = convert_page(html_page(article), small);
  ASSERT_FALSE(too_large);
  EXPECT_EQ(too_large.error().code, core::ErrorCode::unsupported_content);
  EXPECT_NE(too_large.error().message.find("2048 bytes"), std::string::npos) << too_large.error().message;
  EXPECT_NE(too_large.error().message.find("max_pdf_bytes"), std::string::npos) << too_large.error().message;

  ConvertOptions short_documents;
  short_documents.max_pdf_pages = 1;  // article.pdf has two
  const auto too_long = convert_page(html_page(article), short_documents);
  ASSERT_FALSE(too_long);
  EXPECT_EQ(too_long.error().code, core::ErrorCode::unsupported_content);
  EXPECT_NE(too_long.error().message.find("max_pdf_pages"), std::string::npos) << too_long.error().message;

  ConvertOptions exact;
  exact.max_pdf_bytes = article.size();
  exact.max_pdf_pages = 2;
  EXPECT_TRUE(convert_page(html_page(article), exact));
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
  EXPECT_FALSE(local["metadata"].contains("page_count"));  // a page's, not a PDF's
  EXPECT_EQ(local["warning"], "thin");

  result.final_url = "https://example.com/";
  result.rendered = true;
  const CacheMark cached{CacheStatus::hit, std::chrono::system_clock::time_point{std::chrono::seconds{1767225600}}};
  const ResultText text = ResultText::of(result);
  const nlohmann::json served = testing::parse_strict_json(rest_body(text, cached));
  EXPECT_EQ(served["metadata"]["final_url"], "https://example.com/");
  EXPECT_EQ(served["metadata"]["cache"]["status"], "hit");
  EXPECT_EQ(served["metadata"]["cache"]["cached_at"], "2026-01-01T00:00:00Z");
  EXPECT_EQ(served["metadata"]["rendered"], true);
  // The REST answer holds exactly what --json prints, plus the per-answer cache field.
  result.cache = cached;
  EXPECT_EQ(served, to_json(result));
  result.cache.reset();
  EXPECT_EQ(testing::parse_strict_json(rest_body(text, std::nullopt)), to_json(result));
}

TEST(ResultJson, APdfsResultHasItsTypeAndPageCount) {
  PageResult result;
  result.extraction.metadata.content_type = "application/pdf";
  result.extraction.metadata.page_count = 12;
  result.extraction.metadata.page_type = extract::PageType::document;
  const nlohmann::json json = to_json(result);
  EXPECT_EQ(json["metadata"]["content_type"], "application/pdf");
  EXPECT_EQ(json["metadata"]["page_count"], 12);
  EXPECT_EQ(json["metadata"]["page_type"], "document");
  const nlohmann::json served = testing::parse_strict_json(rest_body(ResultText::of(result), std::nullopt));
  EXPECT_EQ(served, json);
}

TEST(KindOfBytes, APdfOrBinaryDataIsKnownByItsBytes) {
  EXPECT_EQ(kind_of_bytes("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n"), ByteKind::pdf);
  EXPECT_EQ(kind_of_bytes(std::string(1000, '\n') + "%PDF-1.4"), ByteKind::pdf) << "within the first 1,024 bytes";
  EXPECT_EQ(kind_of_bytes(std::string(1030, ' ') + "%PDF-1.4"), ByteKind::text);
  EXPECT_EQ(kind_of_bytes(std::string("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16)), ByteKind::binary);
  EXPECT_EQ(kind_of_bytes(std::string("\x1F\x8B\x08\0", 4)), ByteKind::binary);  // gzip
  EXPECT_EQ(kind_of_bytes(std::string("GIF89a\x01\0\x01\0", 10)), ByteKind::binary);
  EXPECT_EQ(kind_of_bytes("<!doctype html><p>Text</p>"), ByteKind::text);
  EXPECT_EQ(kind_of_bytes("plain text\twith tabs\r\nand lines\f"), ByteKind::text);
  EXPECT_EQ(kind_of_bytes(""), ByteKind::text);
  // UTF-16 text is zero bytes half through; its byte order mark says so.
  EXPECT_EQ(kind_of_bytes(std::string("\xFF\xFE<\0p\0>\0", 8)), ByteKind::text);
  // A control character that slipped into a page of markup does not make it binary.
  EXPECT_EQ(kind_of_bytes(std::string("<html><body>A \x01 stray byte</body></html>")), ByteKind::text);
}

TEST(KindOfBytes, OnlyTextIsConverted) {
  for (const std::string& bytes : {std::string("%PDF-1.4\n1 0 obj"), std::string("PK\x03\x04\x14\0", 6)}) {
    Page page;
    page.body = bytes;
    const auto refused = convert_page(page, {});
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().code, core::ErrorCode::unsupported_content);
    page.media_type = MediaType::plain_text;
    EXPECT_FALSE(convert_page(page, {})) << "a text/plain type does not make bytes text";
  }
}

TEST(ResultText, AnEntryReadsBackAsTheSameResult) {
  PageResult result;
  result.extraction.markdown = "# \"Quoted\" {braces}\n\nline \\ \u00e9\n";
  result.extraction.metadata.title = "T\n";
  result.timestamp = "2026-01-02T03:04:05Z";
  for (const bool rendered : {false, true}) {
    for (const bool warned : {false, true}) {
      result.rendered = rendered;
      result.extraction.warning = warned ? std::optional<std::string>{"thin"} : std::nullopt;
      const ResultText made = ResultText::of(result);
      const auto read = ResultText::from_entry(made.entry());
      ASSERT_TRUE(read);
      EXPECT_EQ(read->rendered(), rendered);
      EXPECT_EQ(read->markdown(), made.markdown());
      EXPECT_EQ(read->metadata_members(), made.metadata_members());
      EXPECT_EQ(read->warning(), made.warning());
      EXPECT_EQ(testing::parse_strict_json(rest_body(*read, std::nullopt)), to_json(result));
      // The same result from its JSON, as `pagemd mcp` reads the daemon's answers.
      const auto from_json = ResultText::from_json(to_json(result));
      ASSERT_TRUE(from_json);
      EXPECT_EQ(from_json->entry(), made.entry());
    }
  }
}

TEST(ResultText, AnEntryMadeBeforeContentTypeIsServedAsHtml) {
  PageResult result;
  result.extraction.markdown = "# Old\n";
  result.extraction.metadata.title = "Old";
  result.extraction.warning = "thin";
  result.rendered = true;
  const ResultText current = ResultText::of(result);
  // What the previous pagemd stored: the same pieces under the header of format 1, no content_type.
  nlohmann::json members = testing::parse_strict_json("{" + std::string(current.metadata_members()) + "}");
  members.erase("content_type");
  const std::string old_members = members.dump();
  const std::string pieces =
      std::string(current.markdown()) + old_members.substr(1, old_members.size() - 2) + std::string(current.warning());
  const std::string old_entry = "pagemd-result/1 1 " + std::to_string(current.markdown().size()) + " " +
                                std::to_string(old_members.size() - 2) + " " +
                                std::to_string(current.warning().size()) + "\n" + pieces;
  const auto read = ResultText::from_entry(old_entry);
  ASSERT_TRUE(read);
  EXPECT_TRUE(read->rendered());
  const nlohmann::json served = testing::parse_strict_json(rest_body(*read, std::nullopt));
  EXPECT_EQ(served["metadata"]["content_type"], "text/html");
  EXPECT_EQ(served["metadata"]["title"], "Old");
  EXPECT_EQ(served["markdown"], "# Old\n");
  EXPECT_EQ(served["warning"], "thin");
  EXPECT_TRUE(current.entry().starts_with("pagemd-result/2 "));  // what is stored from now on

  nlohmann::json older_json = to_json(result);
  older_json["metadata"].erase("content_type");
  add_older_entries_content_type(older_json);
  EXPECT_EQ(older_json["metadata"]["content_type"], "text/html");
  nlohmann::json a_pdf = to_json(result);
  a_pdf["metadata"]["content_type"] = "application/pdf";
  add_older_entries_content_type(a_pdf);
  EXPECT_EQ(a_pdf["metadata"]["content_type"], "application/pdf");  // a type it has stays
}

TEST(ResultText, TextThatIsNoEntryIsRefused) {
  const std::string good = ResultText::of(PageResult{}).entry();
  for (const std::string& bad :
       {std::string{}, std::string("{}"), good.substr(0, good.size() - 1), good + "x",
        std::string("pagemd-result/1 2 0 0 0\n"), std::string("pagemd-result/1 0 1 -1 0\n"),
        std::string("pagemd-result/1 0 18446744073709551615 1 0\nab"), std::string("pagemd-result/2 2 0 0 0\n"),
        std::string("pagemd-result/2 0 3 0 0\nab"), std::string("pagemd-result/9 0 0 0 0\n")}) {
    EXPECT_FALSE(ResultText::from_entry(bad)) << bad;
  }
  EXPECT_FALSE(ResultText::from_json(nlohmann::json::array()));
  EXPECT_FALSE(ResultText::from_json(nlohmann::json{{"markdown", 3}, {"metadata", nlohmann::json::object()}}));
  EXPECT_FALSE(ResultText::from_json(nlohmann::json{{"markdown", "x"}}));
  EXPECT_FALSE(
      ResultText::from_json(nlohmann::json{{"markdown", "x"}, {"metadata", nlohmann::json::object()}, {"warning", 1}}));
}

TEST(ResultText, InvalidUtf8BecomesReplacementCharacters) {
  PageResult result;
  result.extraction.markdown = "bad \xff byte";
  EXPECT_NE(ResultText::of(result).markdown().find("bad \xef\xbf\xbd byte"), std::string::npos);
}

// A Cloudflare 1020 block page, as a fetch hands it on: the status and the edge's headers with it.
Page blocked_page() {
  Page page = html_page(R"(<html><head><title>Access denied | example.com used Cloudflare to restrict access</title>
    </head><body><div id="cf-wrapper"><div id="cf-error-details"><h1>Error 1020</h1><h2>Access denied</h2>
    <p>This website is using a security service to protect itself from online attacks.</p></div></div></body></html>)");
  page.http_status = 403;
  page.wall_headers = {{"server", "cloudflare"}};
  return page;
}

TEST(ConvertPage, AChallengeOrBlockPageIsPageBlockedWithItsVendorAndStatus) {
  auto result = convert_page(blocked_page(), {});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, core::ErrorCode::page_blocked);
  EXPECT_EQ(result.error().vendor, "cloudflare");
  EXPECT_EQ(result.error().upstream_status, 403);
  EXPECT_NE(result.error().message.find("does not solve challenges"), std::string::npos);
}

TEST(ConvertPage, AcceptedWallsConvertWithWhatWasFound) {
  ConvertOptions options;
  options.accept_walls = true;
  auto result = convert_page(blocked_page(), options);
  ASSERT_TRUE(result) << result.error().message;
  EXPECT_EQ(result->wall, (extract::Wall{extract::WallKind::blocked, "cloudflare"}));
  const auto json = to_json(PageResult{*result, "2026-01-01T00:00:00Z", "", std::nullopt});
  EXPECT_EQ(json["metadata"]["wall"], (nlohmann::json{{"code", "page_blocked"}, {"vendor", "cloudflare"}}));
}

TEST(ConvertPage, ARefusalStatusThatIsNoWallIsTheFetchFailureItWas) {
  Page page = html_page("<html><body><h1>Down for maintenance</h1><p>Back soon.</p></body></html>");
  page.http_status = 503;
  auto result = convert_page(page, {});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, core::ErrorCode::fetch_failed);
  EXPECT_EQ(result.error().upstream_status, 503);
}

// An error page whose bytes are a PDF is still the error, not the document it may hold.
TEST(ConvertPage, APdfAnsweredWithARefusalStatusIsTheFetchFailure) {
  Page page = html_page(pdf::testing::pdf_file("article.pdf"));
  page.http_status = 403;
  auto result = convert_page(page, {});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, core::ErrorCode::fetch_failed);
  EXPECT_EQ(result.error().upstream_status, 403);
}

TEST(ConvertPage, AFileThatIsASignInFormIsUnusable) {
  auto result = convert_page(html_page(R"(<html><head><title>Sign in</title></head><body><main><h1>Sign in</h1>
    <form action="/session" method="post"><input name="login"><input type="password" name="password">
    <button>Sign in</button></form></main></body></html>)"),
                             {});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, core::ErrorCode::page_unusable);
  EXPECT_EQ(result.error().reason, "login_wall");
  EXPECT_FALSE(result.error().upstream_status);
  EXPECT_EQ(core::kind_of(result.error().code).exit_status, 5);
}

TEST(ConvertPage, PlainTextIsNeverAWall) {
  Page page = html_page("Page not found\n\nThe page you are looking for does not exist.");
  page.media_type = MediaType::plain_text;
  EXPECT_TRUE(convert_page(page, {}));
}

TEST(ConvertPage, APaywalledTeaserConvertsFlagged) {
  auto result = convert_page(html_page(R"(<html><head><script type="application/ld+json">{"@type":"NewsArticle",
    "isAccessibleForFree":false}</script></head><body><article><h1>Teaser</h1><p>The start of it.</p></article>
    </body></html>)"),
                             {});
  ASSERT_TRUE(result) << result.error().message;
  const auto json = to_json(PageResult{*result, "2026-01-01T00:00:00Z", "", std::nullopt});
  EXPECT_EQ(json["metadata"]["paywalled"], true);
  EXPECT_FALSE(json["metadata"].contains("wall"));
}

}  // namespace
}  // namespace pagemd::convert
