// lib/extract/src/content/never_content.cpp: what is left out before the search begins, and the
// hidden blocks that are content all the same (an accordion's collapsed panel).
#include <gtest/gtest.h>

#include <string>

#include "extract_test_helpers.hpp"
#include "pagemd/extract/extractor.hpp"

namespace pagemd::extract {
namespace {

using test_support::run;

const std::string kIntro =
    "<p>The fire pit burns wood with a second draft of hot air, so that the smoke itself catches fire and "
    "the flame stands tall and clear above the logs.</p><p>It is made of stainless steel, stands on a base "
    "that keeps the heat from the deck, and packs into a bag for the car.</p>";

// The Markdown of a product page whose description sits under a toggle, the toggle and what it
// controls written as `toggled`.
std::string markdown_with(const std::string& toggled) {
  return run("<html><body><main><h1>Summit fire pit</h1>" + kIntro + "<div>" + toggled + "</div></main></body></html>")
      .markdown;
}

// A component library's collapse animation hides a wrapper around the panel the toggle names (a
// style element beside it), not the panel itself: the wrapper is the collapsed panel, content; a
// hidden wrapper around a block no toggle opens stays hidden.
TEST(NeverContent, AHiddenWrapperOfAControlledPanelIsContent) {
  const std::string markdown = markdown_with(
      "<button aria-expanded='false' aria-controls='panel-1'><span>Description</span></button>"
      "<div class='c1x' style='display:none;height:0'><style>.c2y{padding:0}</style><div role='region' "
      "id='panel-1' class='c2y'><p>From the team that made the first smokeless pit comes the tallest flame "
      "yet, lit in seconds from a cone of gel at its heart.</p></div></div>"
      "<div class='c1x' style='display:none'><div id='panel-9'><p>A block that no toggle opens, however long "
      "the text it holds, and with commas, too.</p></div></div>");
  EXPECT_NE(markdown.find("tallest flame yet"), std::string::npos) << markdown;
  EXPECT_EQ(markdown.find("no toggle opens"), std::string::npos) << markdown;
}

// The wrapper holds the panel alone: a hidden block holding the panel beside other text is not the
// panel's wrapper, and stays hidden.
TEST(NeverContent, AHiddenBlockBesideAControlledPanelStaysHidden) {
  const std::string markdown = markdown_with(
      "<button aria-expanded='false' aria-controls='panel-1'>Description</button><div style='display:none'>"
      "<p>A hidden note beside the panel, which no toggle names by itself.</p><div id='panel-1'><p>From the "
      "team that made the first smokeless pit comes the tallest flame yet.</p></div></div>");
  EXPECT_EQ(markdown.find("hidden note beside the panel"), std::string::npos) << markdown;
}

}  // namespace
}  // namespace pagemd::extract
