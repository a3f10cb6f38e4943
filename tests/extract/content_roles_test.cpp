// What ARIA roles tell the content search (content/content.cpp): a role names what a block is,
// whatever its class says, but a role given the wrong way says less than the markup around it.
#include <gtest/gtest.h>

#include <string>

#include "extract_test_helpers.hpp"

namespace pagemd::extract {
namespace {

using test_support::run;

// A product's overview and specifications in an accordion marked up as a tablist holding its panels
// (the markup ARIA's practices once gave accordions): the panels are the page's sections. The
// strip of tabs above them, a tablist of tabs alone, is chrome. The accordion holds less of the
// page's text than a block must to be taken for the page's wrapper.
TEST(ContentRoles, ATablistHoldingItsPanelsIsAnAccordionOfContent) {
  ExtractOptions options;
  options.page_url = "https://shop.example/products/steel-tumbler";
  const std::string page =
      "<html><head><title>Steel tumbler</title></head><body><main><h1>Steel tumbler</h1><p>" +
      test_support::words(150) +
      "</p>"
      "<div role=tablist><a role=tab href=#overview>Overview tab</a><a role=tab href=#specs>Specs tab</a></div>"
      "<div role=tablist class=tab-content>"
      "<div role=tabpanel id=overview><p>A tumbler that keeps coffee hot through a long morning commute, "
      "with double walls of steel and a lid that does not leak when it rolls under a car seat.</p>"
      "<p>Its finish stands up to the dishwasher and to being dropped on a campsite's gravel.</p></div>"
      "<div role=tabpanel id=specs hidden><ul><li>Holds 20 ounces</li><li>Weighs 340 grams</li></ul></div>"
      "</div></main></body></html>";
  const Extraction product = run(page, options);
  EXPECT_NE(product.markdown.find("keeps coffee hot"), std::string::npos) << product.markdown;
  EXPECT_NE(product.markdown.find("Weighs 340 grams"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("Specs tab"), std::string::npos) << product.markdown;

  // The same in an article: its sections are in the accordion.
  const Extraction article = run(page);
  EXPECT_NE(article.markdown.find("dropped on a campsite"), std::string::npos) << article.markdown;
  EXPECT_EQ(article.markdown.find("Overview tab"), std::string::npos) << article.markdown;
}

// Panels are looked for a few levels down only: a tablist whose panels lie deeper is a strip of tabs
// with other chrome in it, and goes.
TEST(ContentRoles, PanelsDeepUnderATablistDoNotMakeItContent) {
  const std::string prose = "<p>" + test_support::words(120) + "</p>";
  const Extraction page = run("<html><body><article>" + prose +
                              "<div role=tablist><div><div><div><div role=tabpanel><p>Deep panel text that stays "
                              "out.</p></div></div></div></div></div>" +
                              prose + "</article></body></html>");
  EXPECT_EQ(page.markdown.find("Deep panel text"), std::string::npos) << page.markdown;
  EXPECT_NE(page.markdown.find("w119"), std::string::npos) << page.markdown;
}

}  // namespace
}  // namespace pagemd::extract
