// Never an empty answer for a page with text (issue 45, point 0): the causes found in forum thread
// pages of the WCXB dev split, reproduced in small synthetic pages.
#include <gtest/gtest.h>

#include <string>

#include "extract_test_helpers.hpp"

namespace pagemd::extract {
namespace {

using test_support::run;

// A Discourse thread page as some crawls keep it (dev pages 4147, 4314, 4838, 4278, 4607): the
// posts come by script, the body holds a splash screen and a hidden login form, and only the
// page's description says what the first post says.
std::string script_shell_thread(const std::string& extra_body) {
  return "<html><head><title>Beginner freelance web developer questions - Career Advice</title>"
         "<meta name=\"description\" content=\"Hello there, I am a recent grad with a BS in CS.\">"
         "<meta property=\"og:description\" content=\"Hello there,  I am a recent grad with a BS in CS. I have been "
         "interested in doing some local freelance gigs developing websites. I took a course in school on web dev "
         "and so I have HTML and CSS under my belt.\"></head><body><section id=\"d-splash\"><div "
         "class=\"preloader-image\"><div class=\"dots\"></div></div></section><div class=\"hidden\" "
         "id=\"data-preloaded\"></div><section id=\"main\"></section><form id=\"hidden-login-form\" method=\"post\" "
         "action=\"/login\" style=\"display: none;\"><input name=\"username\"><input type=\"submit\" value=\"Log In\">"
         "</form>" +
         extra_body + "<script>start()</script></body></html>";
}

TEST(EmptyAnswer, AThreadShellAnswersWithItsDescription) {
  ExtractOptions options;
  options.page_url = "https://forum.example.org/t/beginner-freelance-web-developer-questions/267765";
  const Extraction e = run(script_shell_thread(""), options);
  EXPECT_EQ(e.metadata.page_type, PageType::forum);
  EXPECT_NE(e.markdown.find("I have been interested in doing some local freelance gigs"), std::string::npos)
      << e.markdown;
  EXPECT_EQ(e.markdown.find("# Beginner freelance web developer questions"), 0U) << e.markdown;
  ASSERT_TRUE(e.warning.has_value());
  EXPECT_NE(e.warning->find("its description stands in for it"), std::string::npos) << *e.warning;
}

TEST(EmptyAnswer, AFewWordsOfChromeDoNotHideTheDescription) {
  // Page 4278: a header's handful of link words is all the body shows.
  ExtractOptions options;
  options.page_url = "https://forum.example.org/t/whats-your-range/3275";
  const Extraction e =
      run(script_shell_thread("<header><a href=\"/\">esk8.news</a> <a href=\"/calc\">calc</a></header>"), options);
  EXPECT_NE(e.markdown.find("I have been interested in doing some local freelance gigs"), std::string::npos)
      << e.markdown;
}

TEST(EmptyAnswer, ThreadRepliesTakenForChromeFallBackToTheArticleSearchThenTheBody) {
  // Every post is a short reply under a class that reads like a widget: the forum search drops
  // them all; the fallbacks still answer with the thread's text.
  std::string posts;
  for (int i = 0; i < 6; ++i) {
    posts += "<div class=\"share-widget\"><a href=\"/u/user" + std::to_string(i) + "\">user" + std::to_string(i) +
             "</a> <span>Reply number " + std::to_string(i) + " says the range is about twenty miles.</span></div>";
  }
  ExtractOptions options;
  options.page_url = "https://forum.example.org/t/range/1";
  const Extraction e =
      run("<html><head><title>Range</title></head><body><div id=\"app\"></div>" + posts + "</body></html>", options);
  EXPECT_NE(e.markdown.find("Reply number 3 says the range"), std::string::npos) << e.markdown;
  // Whether its scripts should run is judged on what the search found, not on a fallback's text.
  EXPECT_GE(e.metadata.word_count, 50U);
  EXPECT_TRUE(e.needs_script);
}

TEST(EmptyAnswer, APageWithoutTextSaysSo) {
  const Extraction e = run("<html><head><title>Dashboard</title></head><body><div id=\"root\"></div></body></html>");
  EXPECT_EQ(e.markdown, "");
  ASSERT_TRUE(e.warning.has_value());
  EXPECT_NE(e.warning->find("The page shows no text."), std::string::npos) << *e.warning;
}

TEST(EmptyAnswer, OtherPagesDescriptionsAreSummariesNotText) {
  // A service's landing page served empty: its description is a pitch, not the page's text.
  ExtractOptions options;
  options.page_url = "https://clinic.example.com/";
  const Extraction e =
      run("<html><head><title>Online care</title><meta name=\"description\" content=\"Our experts "
          "offer online care for anxiety, depression, insomnia and more. Learn about the care you "
          "can get today.\"></head><body><div id=\"app\"></div></body></html>",
          options);
  EXPECT_EQ(e.markdown, "");
}

TEST(EmptyAnswer, SelectorsTheCallerGaveAreObeyed) {
  ExtractOptions options;
  options.include_selectors = {"#nothing-here"};
  const Extraction e =
      run("<html><head><title>T</title><meta name=\"description\" content=\"A description long "
          "enough to be added if the fallback ignored the selectors given.\"></head>"
          "<body><p>Some text of the page itself.</p></body></html>",
          options);
  EXPECT_EQ(e.markdown, "");
}

}  // namespace
}  // namespace pagemd::extract
