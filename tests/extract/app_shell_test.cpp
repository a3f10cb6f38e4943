// Which pages show next to nothing until their scripts run: through extract(), whose
// Extraction::needs_script the daemon's "auto" render mode follows.
#include <gtest/gtest.h>

#include <string>

#include "pagemd/extract/extractor.hpp"

namespace pagemd::extract {
namespace {

bool needs_script(const std::string& html) {
  auto extraction = extract(html, ExtractOptions{});
  EXPECT_TRUE(extraction);
  return extraction && extraction->needs_script;
}

std::string article(std::size_t paragraphs) {
  std::string body;
  for (std::size_t i = 0; i < paragraphs; ++i) {
    body += "<p>This paragraph of the article says something worth reading about the subject at hand, at length.</p>";
  }
  return body;
}

TEST(AppShell, AnEmptyMountNodeWithThinTextNeedsScripts) {
  EXPECT_TRUE(needs_script(R"(<html><head><title>Shop</title></head><body><div id="root"></div>
                              <script src="/static/js/main.4f2a.js"></script></body></html>)"));
  EXPECT_TRUE(needs_script(R"(<body><div class="wrapper"><main id="app"></main></div></body>)"));
  EXPECT_TRUE(needs_script(R"(<body><app-root></app-root><script src="main.js"></script></body>)"));
}

TEST(AppShell, ABodyOfNothingButScriptsNeedsScripts) {
  // Apps that mount on <body> itself (Svelte's default target) have no mount node.
  EXPECT_TRUE(needs_script(R"(<html><head><title>Tides</title></head><body>
                              <script type="module" src="/assets/index-9f3c.js"></script></body></html>)"));
  EXPECT_FALSE(needs_script(R"(<html><head><title>Tides</title></head><body></body></html>)"));
}

TEST(AppShell, ANoscriptPleaWithThinTextNeedsScripts) {
  EXPECT_TRUE(needs_script(R"(<body><noscript>You need to enable JavaScript to run this app.</noscript>
                              <header><a href="/">Home</a></header></body>)"));
}

TEST(AppShell, ADocumentMostlyOfScriptWithThinTextNeedsScripts) {
  std::string bundle(20'000, 'x');
  EXPECT_TRUE(needs_script("<body><header>Menu</header><script>var state = '" + bundle + "';</script></body>"));
}

TEST(AppShell, APageWithItsTextIsLeftAlone) {
  // Articles are static, even with an empty widget mount and a noscript plea for their comments.
  EXPECT_FALSE(needs_script(R"(<body><article><h1>Title</h1>)" + article(8) +
                            R"(</article><div id="comments"></div><noscript>Enable JavaScript for comments.</noscript>
                              <script>)" +
                            std::string(50'000, 'x') + R"(</script></body>)"));
}

TEST(AppShell, AShortPageWithoutAnySignIsLeftAlone) {
  EXPECT_FALSE(needs_script(R"(<body><h1>Contact</h1><p>Write to us at the address below.</p>
                               <div class="map"></div><script type="application/ld+json">)" +
                            std::string(5'000, ' ') + R"({}</script></body>)"));
  // An empty element without an id is layout, not a mount point; a data script is not code.
  EXPECT_FALSE(needs_script(R"(<body><p>Short.</p><div></div><script type="application/json">)" +
                            std::string(5'000, '1') + "</script></body>"));
}

}  // namespace
}  // namespace pagemd::extract
