// The widening of the article search's pick (lib/extract/src/content/widening/widening.cpp) to what
// it is a part of, through the whole extraction.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "extract_test_helpers.hpp"
#include "pagemd/extract/extractor.hpp"

namespace pagemd::extract {
namespace {

using test_support::run;

// A sentence of a service page's copy, numbered so that each one can be looked for.
std::string line_of_copy(const std::string& topic, int n) {
  return "<p>Our " + topic + " team, sentence " + std::to_string(n) +
         ", walks each client through the filings, the agreements and the deadlines that the state sets for "
         "them, so that nothing is left to chance.</p>";
}

// One row of a page builder: the row, its inner wrapper, its column and its element, each a <div> of
// the builder's classes, around `body`.
std::string builder_row(const std::string& body) {
  return "<div class='builder-row row-fluid'><div class=row-inner><div class='builder-column col-12'>"
         "<div class=element-wrap>" +
         body + "</div></div></div></div>";
}

std::string service_page(const std::string& rows) {
  return "<html><head><title>Business formation</title></head><body><header><nav><a href=/>Home</a> <a "
         "href=/about>About</a></nav></header><div class=site-content><div class='builder builder-44'>" +
         rows + "</div></div><footer><p>Formation Lawyers, 5 Main Street</p></footer></body></html>";
}

// Under-extraction on a page-builder page taken for an article: its rows are the page's sections,
// and the longest (an accordion of the services) is one of them, not the content.
TEST(ExtractWidening, APageBuildersRowsAreAllTheContent) {
  std::string accordion = "<div class=toggles>";
  for (int i = 0; i < 4; ++i) {
    accordion += "<div class=toggle-item><h3>Service " + std::to_string(i) + "</h3>" +
                 line_of_copy("accordion", 2 * i) + line_of_copy("accordion", 2 * i + 1) + "</div>";
  }
  accordion += "</div>";
  std::string rows = builder_row("<h1>Business formation</h1>" + line_of_copy("intro", 0));
  rows += builder_row("<h2>Why work with us</h2>" + line_of_copy("why", 0) + line_of_copy("why", 1));
  rows += builder_row(accordion);
  rows += builder_row("<h2>Local experience</h2>" + line_of_copy("local", 0) + line_of_copy("local", 1));
  rows += builder_row("<h2>Get started</h2>" + line_of_copy("closing", 0));
  const Extraction page = run(service_page(rows));
  EXPECT_NE(page.markdown.find("accordion team, sentence 7"), std::string::npos) << page.markdown;
  EXPECT_NE(page.markdown.find("intro team, sentence 0"), std::string::npos) << page.markdown;
  EXPECT_NE(page.markdown.find("why team, sentence 1"), std::string::npos) << page.markdown;
  EXPECT_NE(page.markdown.find("local team, sentence 1"), std::string::npos) << page.markdown;
  EXPECT_NE(page.markdown.find("closing team, sentence 0"), std::string::npos) << page.markdown;
  EXPECT_EQ(page.markdown.find("5 Main Street"), std::string::npos) << page.markdown;
}

// A story's row holds its headline: the rows after it (other posts, each a title and its opening
// lines) are no sections of it, however much they say.
TEST(ExtractWidening, AStorysRowsAfterItAreNoSectionsOfIt) {
  std::string story;
  for (int i = 0; i < 12; ++i) story += line_of_copy("story", i);
  std::string rows = builder_row("<h1>Business formation</h1>" + story);
  for (int r = 0; r < 3; ++r) {
    rows += builder_row("<h2><a href=/post/" + std::to_string(r) + ">Another post " + std::to_string(r) + "</a></h2>" +
                        line_of_copy("excerpt", r) + line_of_copy("excerpt", r + 10) + line_of_copy("excerpt", r + 20));
  }
  const Extraction page = run(service_page(rows));
  EXPECT_NE(page.markdown.find("story team, sentence 11"), std::string::npos) << page.markdown;
  EXPECT_EQ(page.markdown.find("excerpt team"), std::string::npos) << page.markdown;
}

}  // namespace
}  // namespace pagemd::extract
