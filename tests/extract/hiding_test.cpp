#include "tree/hiding.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "extract_test_helpers.hpp"
#include "pagemd/extract/extractor.hpp"
#include "parse/dom.hpp"

namespace pagemd::extract {
namespace {

using test_support::run;

// A popover is shown only once a button opens it, and a page comes with none open: hidden as the
// hidden attribute hides, whatever value it has. An element that only opens one is shown.
TEST(Hiding, APopoverIsHiddenUntilOpened) {
  for (const std::string popover : {"<div popover id=steps>Tap Share</div>", "<div popover=auto>Tap Share</div>",
                                    "<div popover=manual>Tap Share</div>"}) {
    const Document doc = Document::parse("<body>" + popover + "</body>");
    EXPECT_EQ(hiding_of(doc, doc.find_first(HtmlTag::div)), Hiding::by_attribute) << popover;
  }
  const Document opener = Document::parse("<body><button popovertarget=steps>Learn more</button></body>");
  EXPECT_EQ(hiding_of(opener, opener.find_first(HtmlTag::button)), Hiding::shown);
}

// A forum's "install this app" steps, in a popover (Invision Community's), are not the thread's.
TEST(Hiding, AnAppsInstallStepsInAPopoverAreNoPartOfTheThread) {
  constexpr std::string_view kPost =
      " says the forum has held years of craft designs, and an archive of them would keep the guides.";
  const std::string thread =
      "<html><head><title>If the forum comes to an end</title></head><body><i-card popover id=learn><ol>"
      "<li>Tap the Share icon in Safari</li><li>Scroll the menu and tap Add to Home Screen.</li></ol></i-card>"
      "<main><article class=post><h3>pilot0</h3><p>Post 0" +
      std::string(kPost) + "</p></article><article class=post><h3>pilot1</h3><p>Post 1" + std::string(kPost) +
      "</p></article></main>";
  ExtractOptions options;
  options.page_url = "https://forum.example/topic/225132-if-the-forum-comes-to-an-end/";
  const Extraction forum = run(thread, options);
  EXPECT_EQ(forum.metadata.page_type, PageType::forum);
  EXPECT_NE(forum.markdown.find("Post 1 says"), std::string::npos) << forum.markdown;
  EXPECT_EQ(forum.markdown.find("Home Screen"), std::string::npos) << forum.markdown;
}

}  // namespace
}  // namespace pagemd::extract
