// Walls (lib/extract/src/walls/): every tests/data/walls/<case>.html says on its first line what it
// is and how it was served,
//   <!-- pagemd-wall: expect=blocked:cloudflare status=403 headers=server:cloudflare;cf-mitigated:challenge -->
// (expect: blocked:<vendor>, unusable:<reason>, paywalled or content), and extract() must find
// exactly that. Then the rules one at a time, each with the page that tells it apart from content.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "extract_test_helpers.hpp"
#include "pagemd/extract/extractor.hpp"

namespace pagemd::extract {

// A verdict as gtest prints it in a failure: "unusable:needs_javascript" rather than its bytes.
void PrintTo(const Wall& wall, std::ostream* out) {
  static constexpr const char* kKinds[] = {"none", "blocked", "unusable"};
  *out << kKinds[static_cast<int>(wall.kind)] << ':' << wall.detail;
}

namespace {

namespace fs = std::filesystem;
using test_support::run;

const fs::path kWallDir = fs::path(PAGEMD_TEST_DATA_DIR) / "walls";

struct WallCase {
  std::string name;
  std::string html;
  std::string expect;
  ExtractOptions options;
};

// The value of `key=` in the header line, up to the next " key=" or the comment's end.
std::string field(const std::string& line, const std::string& key) {
  const std::size_t at = line.find(" " + key + "=");
  if (at == std::string::npos) return {};
  const std::size_t from = at + key.size() + 2;
  std::size_t end = line.find(" -->", from);
  for (const char* next : {" expect=", " status=", " headers="}) {
    const std::size_t other = line.find(next, from);
    if (other != std::string::npos && other < end) end = other;
  }
  return line.substr(from, end - from);
}

std::vector<WallCase> wall_cases() {
  std::vector<WallCase> cases;
  for (const auto& entry : fs::directory_iterator(kWallDir)) {
    if (entry.path().extension() != ".html") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    WallCase wall{entry.path().stem().string(), text.str(), {}, {}};
    const std::string line = wall.html.substr(0, wall.html.find('\n'));
    wall.expect = field(line, "expect");
    wall.options.page_url = "https://www.example.com/" + wall.name;
    const std::string status = field(line, "status");
    wall.options.http_status = status.empty() ? 0 : std::stoi(status);
    std::stringstream headers(field(line, "headers"));
    for (std::string header; std::getline(headers, header, ';');) {
      const std::size_t colon = header.find(':');
      if (colon != std::string::npos)
        wall.options.wall_headers.emplace_back(header.substr(0, colon), header.substr(colon + 1));
    }
    cases.push_back(std::move(wall));
  }
  return cases;
}

std::string verdict_of(const Extraction& extraction) {
  switch (extraction.wall.kind) {
    case WallKind::blocked: return "blocked:" + extraction.wall.detail;
    case WallKind::unusable: return "unusable:" + extraction.wall.detail;
    case WallKind::none: break;
  }
  return extraction.metadata.paywalled ? "paywalled" : "content";
}

TEST(Walls, EveryFixtureIsJudgedAsItSays) {
  const std::vector<WallCase> cases = wall_cases();
  ASSERT_GE(cases.size(), 30U);
  std::size_t kinds[4] = {};
  for (const WallCase& wall : cases) {
    ASSERT_FALSE(wall.expect.empty()) << wall.name << " has no pagemd-wall line";
    const Extraction extraction = run(wall.html, wall.options);
    EXPECT_EQ(verdict_of(extraction), wall.expect) << wall.name;
    ++kinds[wall.expect.starts_with("blocked")    ? 0
            : wall.expect.starts_with("unusable") ? 1
            : wall.expect == "paywalled"          ? 2
                                                  : 3];
  }
  // Each kind has its pages, and content its tricky negatives.
  EXPECT_GE(kinds[0], 12U);
  EXPECT_GE(kinds[1], 10U);
  EXPECT_GE(kinds[2], 2U);
  EXPECT_GE(kinds[3], 6U);
}

TEST(Walls, TheResponseHeadersAloneNameACloudflareChallenge) {
  ExtractOptions options;
  options.http_status = 403;
  options.wall_headers = {{"cf-mitigated", "challenge"}};
  const Extraction extraction = run("<html><body><p>Checking.</p></body></html>", options);
  EXPECT_EQ(extraction.wall, (Wall{WallKind::blocked, "cloudflare"}));
}

TEST(Walls, AVendorSensorOnAnOrdinaryPageIsNoBlock) {
  // Protected sites load the sensor on every page; a short page that says something is content.
  const std::string page = R"(<html><head><script src="https://js.datadome.co/tags.js"></script>
    <script>window._pxAppId='PXabc';</script></head><body><h1>Opening hours</h1>
    <p>The library is open from nine to six on weekdays and from ten to four on Saturdays. On public
    holidays the reading room stays closed, but the return box by the door is emptied every morning.</p></body></html>)";
  EXPECT_EQ(run(page).wall.kind, WallKind::none);
}

TEST(Walls, ChallengePhrasesCountOnlyOnPagesThatSayLittleElse) {
  std::string article = "<html><head><title>Access denied: a history of the 403</title></head><body><article>";
  for (int i = 0; i < 12; ++i) {
    article +=
        "<p>Access denied pages, captchas and checks that verify you are human have a long history on the "
        "web, from the first password prompts to the managed challenges of today's CDNs.</p>";
  }
  article += "</article></body></html>";
  ExtractOptions refused;
  refused.http_status = 403;
  EXPECT_EQ(run(article, refused).wall.kind, WallKind::none);
  const Extraction tiny =
      run("<html><head><title>Access denied</title></head><body><h1>Access denied</h1></body></html>", refused);
  EXPECT_EQ(tiny.wall, (Wall{WallKind::blocked, "unknown"}));
}

TEST(Walls, ARefusalStatusWithAnOrdinaryErrorPageIsNoWall) {
  // A 503 maintenance page is not a block page: the conversion reports the status instead.
  ExtractOptions unavailable;
  unavailable.http_status = 503;
  EXPECT_EQ(
      run("<html><body><h1>Down for maintenance</h1><p>We will be back soon.</p></body></html>", unavailable).wall.kind,
      WallKind::none);
}

TEST(Walls, APasswordFieldInTheFurnitureMakesNoLoginWall) {
  const std::string page = R"(<html><body><header><form><input type="password"></form></header>
    <main><h1>Returns</h1><p>Return any item within thirty days.</p></main></body></html>)";
  EXPECT_EQ(run(page).wall.kind, WallKind::none);
  const std::string wall = R"(<html><body><main><h1>Returns</h1><form><input name="u"><input type="password"></form>
    </main></body></html>)";
  EXPECT_EQ(run(wall).wall, (Wall{WallKind::unusable, "login_wall"}));
}

TEST(Walls, A404StatusIsNoSoft404) {
  ExtractOptions not_found;
  not_found.http_status = 404;
  EXPECT_EQ(run("<html><head><title>Page not found</title></head><body><h1>Not found</h1></body></html>", not_found)
                .wall.kind,
            WallKind::none);
  EXPECT_EQ(run("<html><head><title>Page not found</title></head><body><h1>Not found</h1></body></html>").wall,
            (Wall{WallKind::unusable, "soft_404"}));
}

TEST(Walls, MustachesInCodeAreNoTemplate) {
  EXPECT_EQ(run("<html><body><h1>Interpolation</h1><pre><code>{{ msg }} and {{ other }}</code></pre>"
                "<p>The braces are replaced by the value.</p></body></html>")
                .wall.kind,
            WallKind::none);
  EXPECT_EQ(run("<html><body><h1>{{ title }}</h1><p>{{ body }}</p></body></html>").wall,
            (Wall{WallKind::unusable, "needs_javascript"}));
}

TEST(Walls, ATemplateAsksForRendering) {
  const Extraction extraction = run(R"(<html><body><main x-data="{}"><h1 x-text="t"></h1><p x-text="b"></p>
    </main></body></html>)");
  EXPECT_EQ(extraction.wall, (Wall{WallKind::unusable, "needs_javascript"}));
  EXPECT_TRUE(extraction.needs_script);
}

TEST(Walls, EachFrameworkPageIsATemplateOrAnEmptyRootUntilItsScriptRuns) {
  // The same article by React (an empty root), Vue, AngularJS and Alpine: without a browser, no
  // template text and no empty page, but the reason it has no content yet.
  std::size_t pages = 0;
  for (const auto& entry : fs::directory_iterator(kWallDir / "frameworks")) {
    if (entry.path().extension() != ".html") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    const Extraction extraction = run(text.str());
    EXPECT_EQ(extraction.wall, (Wall{WallKind::unusable, "needs_javascript"})) << entry.path().filename();
    EXPECT_TRUE(extraction.needs_script) << entry.path().filename();
    ++pages;
  }
  EXPECT_EQ(pages, 4U);
}

TEST(Walls, AnEmptyRootNeedsJavascriptOnlyWhenAFrameworkBundleFillsIt) {
  const std::string shell = R"(<html><head><title>Notes</title>SCRIPT</head><body><header><a href="/">Notes</a>
    </header><div id="root"></div></body></html>)";
  const auto with_script = [&](const std::string& script) {
    std::string page = shell;
    page.replace(page.find("SCRIPT"), 6, script);
    return run(page);
  };
  for (const char* bundle : {R"(<script src="/vendor/react-dom.production.min.js"></script>)",
                             R"(<script src="/_next/static/chunks/main-1a2b.js" defer></script>)",
                             R"(<script>/** @license React react.production.min.js */ (function(){})()</script>)",
                             R"(<script src="https://unpkg.com/preact@10/dist/preact.min.js"></script>)",
                             R"(<script type="module" crossorigin src="/assets/index-4f2a9c.js"></script>)"}) {
    EXPECT_EQ(with_script(bundle).wall, (Wall{WallKind::unusable, "needs_javascript"})) << bundle;
  }
  // A shell whose own script fills it is rendered by "auto" and, without a browser, thin content.
  const Extraction own = with_script(R"(<script src="/app.js"></script>)");
  EXPECT_EQ(own.wall.kind, WallKind::none);
  EXPECT_TRUE(own.needs_script);
  // A framework on a page with its text is a page with its text.
  std::string article =
      "<html><head><script src=\"/react.production.min.js\"></script></head><body>"
      "<div id=\"root\"></div><article><h1>Tides</h1>";
  for (int i = 0; i < 6; ++i) {
    article +=
        "<p>The tide tables of the harbour are printed each spring, with the heights of every high and low "
        "water of the year.</p>";
  }
  EXPECT_EQ(run(article + "</article></body></html>").wall.kind, WallKind::none);
}

TEST(Walls, OtherFrameworksTemplatesAskForRenderingToo) {
  // Knockout's data-bind and Aurelia's .bind and ${} leave their elements empty or their text as
  // expressions until the script runs.
  EXPECT_EQ(run(R"(<html><body><main><h1 data-bind="text: title"></h1><div data-bind="foreach: paragraphs">
    <p data-bind="text: $data"></p></div></main></body></html>)")
                .wall,
            (Wall{WallKind::unusable, "needs_javascript"}));
  EXPECT_EQ(run(R"(<html><body><main><h1>${story.title}</h1><section repeat.for="s of story.sections">
    <h2>${s.heading}</h2><p>${s.text}</p></section></main></body></html>)")
                .wall,
            (Wall{WallKind::unusable, "needs_javascript"}));
  // A price in dollars and a shell variable in a sentence are text.
  EXPECT_EQ(run(R"(<html><body><h1>Prices</h1><p>The kettle costs $40 and the pot ${ 12 }; set $HOME first.</p>
    </body></html>)")
                .wall.kind,
            WallKind::none);
}

TEST(Walls, APaywallSaysSoInTheWarning) {
  const Extraction extraction = run(R"(<html><head><script type="application/ld+json">
    {"@type":"NewsArticle","isAccessibleForFree": false}</script></head><body><article><h1>Teaser</h1>
    <p>The first paragraph of the story.</p></article></body></html>)");
  EXPECT_TRUE(extraction.metadata.paywalled);
  ASSERT_TRUE(extraction.warning);
  EXPECT_NE(extraction.warning->find("only the teaser"), std::string::npos);
  EXPECT_FALSE(run(R"(<html><head><script type="application/ld+json">{"isAccessibleForFree": true}</script></head>
    <body><p>Free to read.</p></body></html>)")
                   .metadata.paywalled);
}

TEST(Walls, APaywallBoxUnderALongerTeaserIsFoundByItsNameInAnyCase) {
  // 250 to 500 words: too long to be a wall, short enough to be a teaser.
  std::string teaser = "<html><body><article><h1>Harbour works</h1>";
  for (int i = 0; i < 20; ++i) {
    teaser += "<p>The harbour works began in March, and the new quay will take the ferries from next spring.</p>";
  }
  teaser += "</article><div class=\"BOX\">Subscribe to read the rest of this story, from one euro a week.</div>";
  teaser += "</body></html>";
  const auto with_box = [&](const std::string& name) {
    std::string page = teaser;
    page.replace(page.find("BOX"), 3, name);
    return run(page);
  };
  const Extraction boxed = with_box("article-PayWall-box");
  ASSERT_GT(boxed.metadata.word_count, 250U);
  EXPECT_TRUE(boxed.metadata.paywalled);
  EXPECT_TRUE(with_box("regwall").metadata.paywalled);
  EXPECT_FALSE(with_box("wall-of-fame").metadata.paywalled);
  EXPECT_FALSE(with_box("newsletter wallet").metadata.paywalled);
}

TEST(Walls, HostileInputIsJudgedWithoutHarm) {
  // Unclosed braces, a flood of ids and classes, nested forms: answered, not crashed or slow.
  std::string page = "<html><body>";
  for (int i = 0; i < 20'000; ++i) page += "<div class=\"cf-wrapper paywall consent-banner\" id=\"x\">{{";
  page += "<form><form><input type=password></form></form></body></html>";
  const Extraction extraction = run(page);
  EXPECT_NE(extraction.wall.kind, WallKind::none);
  EXPECT_EQ(run(std::string(100'000, '{')).wall.kind, WallKind::none);
}

}  // namespace
}  // namespace pagemd::extract
