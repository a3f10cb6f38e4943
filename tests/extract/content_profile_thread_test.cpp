// The thread profile of lib/extract/src/content/content_profile.hpp, through the whole extraction:
// where the content narrows to on a thread page.
#include <gtest/gtest.h>

#include <string>

#include "extract_test_helpers.hpp"
#include "pagemd/extract/extractor.hpp"

namespace pagemd::extract {
namespace {

using test_support::run;

// The thread page `html`, at a forum's address, checked to be taken for a thread.
Extraction run_thread(const std::string& html) {
  ExtractOptions options;
  options.page_url = "https://forum.example/t/stuck-on-starting/724779";
  Extraction forum = run(html, options);
  EXPECT_EQ(forum.metadata.page_type, PageType::forum);
  return forum;
}

// A thread of four posts of one template (a forum's page for crawlers), the second of which pastes
// a long log: that post alone holds most of the page's text, and the thread is still all four.
TEST(ExtractForum, OneLongPostIsNotTheWholeThread) {
  std::string log;
  for (int line = 0; line < 60; ++line) {
    log += "2024-05-03 10:09:38." + std::to_string(100 + line) +
           " ERROR (MainThread) Error doing job: Future exception was never retrieved\n";
  }
  std::string thread = "<html><head><title>Stuck on starting</title></head><body><div id=\"main-outlet\">";
  for (int i = 0; i < 4; ++i) {
    thread += "<div id=\"post_" + std::to_string(i + 1) +
              "\" class=\"topic-body crawler-post\"><div class=\"crawler-post-meta\"><span class=\"creator\">"
              "<a href=\"/u/tinker" +
              std::to_string(i) + "\">tinker" + std::to_string(i) + "</a></span></div><div class=\"post\"><p>Post " +
              std::to_string(i) +
              " says the update left the house stuck on starting until the integration was turned off.</p>" +
              (i == 1 ? "<pre><code>" + log + "</code></pre>" : "") + "</div></div>";
  }
  thread += "</div></body></html>";
  const Extraction forum = run_thread(thread);
  for (int i = 0; i < 4; ++i) {
    EXPECT_NE(forum.markdown.find("Post " + std::to_string(i) + " says"), std::string::npos) << forum.markdown;
    EXPECT_NE(forum.markdown.find("tinker" + std::to_string(i)), std::string::npos) << forum.markdown;
  }
  EXPECT_NE(forum.markdown.find("Future exception was never retrieved"), std::string::npos) << forum.markdown;
}

// Two wrappers without a class are no posts of one template: a page's header and body blocks,
// whatever their text, do not keep the content from narrowing to the thread.
TEST(ExtractForum, ClasslessWrappersAreNoPosts) {
  std::string thread =
      "<html><head><title>Stuck on starting</title></head><body><div><p>Welcome to the community forum, "
      "where owners help each other with their installations and builds.</p></div><div>";
  for (int i = 0; i < 4; ++i) {
    thread += "<div class=\"crawler-post\"><p>Post " + std::to_string(i) +
              " says the update left the house stuck on starting until the integration was turned off, and "
              "that the log said so in as many words, line after line, for every device it knew.</p></div>";
  }
  thread += "</div></body></html>";
  const Extraction forum = run_thread(thread);
  EXPECT_NE(forum.markdown.find("Post 3 says"), std::string::npos) << forum.markdown;
  EXPECT_EQ(forum.markdown.find("Welcome to the community"), std::string::npos) << forum.markdown;
}

}  // namespace
}  // namespace pagemd::extract
