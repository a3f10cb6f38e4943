// What a reader sees: faults a careful read of unseen pages' Markdown found (issue 45, point 5).
#include <gtest/gtest.h>

#include <string>

#include "extract_test_helpers.hpp"

namespace pagemd::extract {
namespace {

using test_support::run;

ExtractOptions whole_body() {
  ExtractOptions options;
  options.scope = ContentScope::whole_body;
  return options;
}

// The Markdown of the whole body of `html`, without the heading of the title the page's address gives.
std::string body_of(const std::string& html) {
  std::string markdown = run(html, whole_body()).markdown;
  const std::string title = "# post\n\n";
  if (markdown.starts_with(title)) markdown.erase(0, title.size());
  return markdown;
}

// The Markdown of an article titled `title` whose prose surrounds `body`.
std::string article_markdown(const std::string& title, const std::string& body) {
  return run("<html><head><title>" + title + "</title></head><body><article><h1>" + title + "</h1><p>" +
             test_support::words(60) + "</p>" + body + "<p>" + test_support::words(40) + "</p></article></body></html>")
      .markdown;
}

TEST(ReaderEmphasis, EdgeSpacesMoveOutsideNestedSpans) {
  const std::string e_md =
      body_of("<p>Shared with<strong><a href=\"https://example.com/s\"> one in three</a></strong> readers.</p>");
  EXPECT_EQ(e_md, "Shared with **[one in three](https://example.com/s)** readers.\n");
}

TEST(ReaderEmphasis, ASpaceKeepsDelimitersFromJoiningWords) {
  // Asterisks next to a letter on one side and punctuation on the other would show as asterisks.
  const std::string e_md = body_of(
      "<p>see<strong><a href=\"https://example.com/d\">docs</a></strong>now and "
      "<em>done.</em>Next</p>");
  EXPECT_EQ(e_md, "see **[docs](https://example.com/d)** now and *done.* Next\n");
  // Letters on both sides stay one word: no punctuation inside the delimiters.
  EXPECT_EQ(body_of("<p>un<b>bold</b>ed</p>"), "un**bold**ed\n");
}

// A heading by its ARIA role is written as one, at its aria-level (2 when none is given); one that
// repeats the title is the headline, written once from the title.
TEST(ReaderHeadings, AnAriaHeadingIsAHeading) {
  EXPECT_EQ(body_of("<div role=\"heading\" aria-level=\"3\">Care and repair</div><p>Oil the chain.</p>"
                    "<div role=heading>Tools</div>"),
            "### Care and repair\n\nOil the chain.\n\n## Tools\n");
  // A link's text marked as a heading (a listing's linked titles) stays the link it is.
  EXPECT_EQ(body_of("<p><a href=\"https://a.example/b\"><span role=heading aria-level=4>Oak</span></a></p>"),
            "[Oak](https://a.example/b)\n");
  const Extraction e =
      run("<html><head><title>Release notes</title></head><body><div role=main><div role=heading aria-level=1>"
          "Release notes</div><p>" +
          test_support::words(60) + "</p></div></body></html>");
  EXPECT_EQ(e.markdown.find("# Release notes"), 0U) << e.markdown;
  EXPECT_EQ(e.markdown.find("Release notes", 3), std::string::npos) << e.markdown;
}

// A heading named like a widget ("share-title") over a paragraph of prose is the section's title;
// over a row of links it is the widget's label, and goes with it.
TEST(ReaderHeadings, AWidgetNamedHeadingOverProseStays) {
  const std::string md =
      article_markdown("Community garden",
                       "<h2 class=\"share-title\">Share</h2><p>Share your harvest with the neighbours: every "
                       "Saturday the gate opens early and the spare beans go to the kitchen down the street.</p>");
  EXPECT_NE(md.find("\n## Share\n\nShare your harvest"), std::string::npos) << md;
  const std::string widget =
      article_markdown("Community garden",
                       "<h2 class=\"share-title\">Share</h2><p><a href=\"https://x.example/s\">Post it</a> "
                       "<a href=\"https://m.example/s\">Mail it</a> <a href=\"https://f.example/s\">Send it "
                       "to a friend of the garden and its gate</a></p>");
  EXPECT_EQ(widget.find("## Share"), std::string::npos) << widget;
}

// The label a story is filed under, set right above its headline, goes with the headline; a row of
// labels there (a product's brand and tags) or a sentence stays.
TEST(ReaderHeadings, AKickerAboveTheHeadlineGoesWithIt) {
  const auto page = [](const std::string& above) {
    return run("<html><head><title>Floods close the valley road</title></head><body><article>" + above +
               "<h1>Floods close the valley road</h1><p>" + test_support::words(60) + "</p></article></body></html>")
        .markdown;
  };
  EXPECT_EQ(page("<div>International weather desk</div>").find("weather desk"), std::string::npos);
  EXPECT_NE(page("<div><span>Keychron Keyboards</span> <span>Prebuilt</span></div>").find("Keychron"),
            std::string::npos);
  EXPECT_NE(page("<p>Rain fell all night.</p>").find("Rain fell"), std::string::npos);
}

// A breadcrumb written straight into the block of the headline, right before it, goes with the
// headline; links before a headline with words between them are a line of the page.
TEST(ReaderHeadings, ABreadcrumbWrittenBeforeTheHeadlineGoesWithIt) {
  const auto page = [](const std::string& above) {
    return run("<html><head><title>Floods close the valley road</title></head><body><article><div>" + above +
               "<h1>Floods close the valley road</h1></div><p>The river rose by a metre overnight, and the road "
               "along it closed at noon, the first time since the winter of 2019.</p></article></body></html>")
        .markdown;
  };
  EXPECT_EQ(page("<a href=/news>News</a> / <a href=/news/local>Local</a>").find("Local"), std::string::npos);
  EXPECT_EQ(page("<a href=/>Home</a> \xE2\x80\xBA <a href=/news>News</a> \xE2\x80\xBA").find("Home"),
            std::string::npos);
  EXPECT_NE(page("Read <a href=/news>News</a> and <a href=/news/local>Local</a> first.").find("Local"),
            std::string::npos);
}

// AMP pages write their pictures as <amp-img>: each is an image, as an <img> would be.
TEST(ReaderImages, AnAmpImageIsAnImage) {
  const std::string markdown =
      run("<html><head><title>Floods</title></head><body><article><h1>Floods</h1><p>The river rose by a metre "
          "overnight, and the road along it closed at noon, the first time since the winter of 2019.</p>"
          "<p><amp-img src=/photos/river.jpg alt='The river at noon' width=800 height=533 layout=responsive>"
          "</amp-img></p><p>Farmers, who had waited since spring for rain, were glad of it, though the road "
          "flooded and the school bus took the hill road.</p></article></body></html>")
          .markdown;
  EXPECT_NE(markdown.find("![The river at noon](https://example.com/photos/river.jpg)"), std::string::npos) << markdown;
}

TEST(ReaderInvisibleCharacters, SoftHyphensAndZeroWidthSpacesGo) {
  const std::string e_md =
      body_of("<p>Donau\u00AD dampf\u00ADschiff\u00ADfahrt und Zero\u200Bwidth\u2060joined\uFEFF.</p>");
  EXPECT_EQ(e_md, "Donau dampfschifffahrt und Zerowidthjoined.\n");
}

TEST(ReaderInvisibleCharacters, AHeadingAnchorsZeroWidthSpaceDoesNotRepeatTheTitle) {
  const Extraction e =
      run("<html><head><title>Release notes</title></head><body><article><h1>Release notes<a href=\"#release-notes\" "
          "class=\"anchor\">\u200B</a></h1><p>" +
          test_support::words(60) + "</p></article></body></html>");
  EXPECT_EQ(e.markdown.find("# Release notes"), 0U) << e.markdown;
  EXPECT_EQ(e.markdown.find("Release notes", 3), std::string::npos) << e.markdown;
}

TEST(ReaderCodeBlocks, VitePressLabelAndCopyButtonLeaveOnlyTheFencedCode) {
  const std::string e_md = body_of(
      "<p>Install it:</p><div class=\"language-ts vp-adaptive-theme\"><button title=\"Copy Code\" class=\"copy\">Copy"
      "</button><span class=\"lang\">ts</span><pre class=\"shiki shiki-themes github-light\" tabindex=\"0\"><code>"
      "<span class=\"line\"><span>const x: number = 1;</span></span></code></pre></div><p>Done.</p>");
  EXPECT_EQ(e_md, "Install it:\n\n```ts\nconst x: number = 1;\n```\n\nDone.\n");
}

TEST(ReaderCodeBlocks, TypeScriptHandbookLabelAndTryLinkInsideThePre) {
  const std::string e_md = body_of(
      "<p>An example:</p><pre class=\"shiki light-plus twoslash lsp\"><div class=\"language-id\">ts</div>"
      "<div class=\"code-container\"><code><div class=\"line\">let a = 1;</div><div class=\"line\">a = 2;</div>"
      "</code><a class=\"playground-link\" href=\"https://www.typescriptlang.org/play\">Try</a></div></pre>");
  EXPECT_EQ(e_md, "An example:\n\n```ts\nlet a = 1;\na = 2;\n```\n");
}

TEST(ReaderCodeBlocks, TypeCheckerErrorsAndHoverTypesAreNotCode) {
  // The TypeScript handbook's Twoslash: an error set under the line (message and number) and its
  // hidden copy; the newer Twoslash's hover popups and error lines.
  const std::string handbook = body_of(
      "<pre class=\"shiki twoslash lsp\"><div class=\"language-id\">ts</div><div class=\"code-container\"><code>"
      "<div class=\"line\"><span>let </span><data-lsp lsp=\"let x: number\">x</data-lsp><span> = 1</span></div>"
      "<span class=\"error\"><span>Type 'string' is not assignable.</span><span class=\"code\">2322</span></span>"
      "<span class=\"error-behind\">Type 'string' is not assignable.</span><div class=\"line\">x = 2</div></code>"
      "</div></pre>");
  EXPECT_EQ(handbook, "```ts\nlet x = 1\nx = 2\n```\n");
  const std::string vitepress = body_of(
      "<pre class=\"shiki twoslash\"><code><span class=\"line\"><span class=\"twoslash-hover\"><span "
      "class=\"twoslash-popup-container\"><code class=\"twoslash-popup-code\">const n: 1</code></span>n</span>"
      "<span> = 1</span></span>\n<div class=\"twoslash-meta-line twoslash-error-line\">Cannot assign.</div>"
      "<span class=\"line\">n++</span></code></pre>");
  EXPECT_EQ(vitepress, "```\nn = 1\nn++\n```\n");
  // A highlighter's error token is code, and so is the code a tooltip opens from.
  EXPECT_EQ(body_of("<pre><code>a <span class=\"error\">@</span> b</code></pre>"), "```\na @ b\n```\n");
  EXPECT_EQ(body_of("<pre><code>-u <span class=\"tooltip-trigger-isolate\"><span>sk_test</span></span></code></pre>"),
            "```\n-u sk_test\n```\n");
}

TEST(ReaderCodeBlocks, AnAuthorsParagraphNamingTheLanguageStays) {
  const std::string e_md = body_of("<p>Python</p><pre><code class=\"language-python\">print(1)</code></pre>");
  EXPECT_EQ(e_md, "Python\n\n```python\nprint(1)\n```\n");
}

TEST(ReaderTables, AWidgetWordInAHeadedTablesFirstCellIsData) {
  // "Print" and "Recommended" are labels of widgets on their own; as a status in a headed table's
  // first column they are data, and the rows under them are not a labelled section to drop.
  const std::string md = article_markdown(
      "Job states",
      "<table><thead><tr><th>Status</th><th>Meaning</th></tr></thead><tbody><tr><td>Print</td><td>queued for the "
      "printer</td></tr><tr><td>Done</td><td>finished</td></tr></tbody></table><table><tr><th>Field</th><th>Required"
      "</th></tr><tr><td>size</td><td>Recommended</td></tr><tr><td>color</td><td><a href=/p>Popular loaf</a></td></tr>"
      "</table>");
  EXPECT_NE(md.find("| Print | queued for the printer |\n| Done | finished |"), std::string::npos) << md;
  EXPECT_NE(md.find("| size | Recommended |\n| color | [Popular loaf](https://example.com/p) |"), std::string::npos)
      << md;
}

TEST(ReaderTables, ABylineOrBreadcrumbLookInADataTableIsData) {
  // An "Updated" column reads as a byline; rows of code saying "n > 0" beside links read as a
  // breadcrumb trail ("Home > Docs"); the table and its wrapper are data all the same.
  const std::string md = article_markdown(
      "Limits",
      "<div><table><thead><tr><th>Name</th><th>Check</th><th>Updated</th></tr></thead><tbody><tr><td>"
      "<a href=/a>alpha</a></td><td><code>n &gt; 0</code></td><td>1.9</td></tr><tr><td><a href=/b>beta</a></td>"
      "<td><code>m &gt; 1</code></td><td>2.0</td></tr></tbody></table></div>");
  EXPECT_NE(md.find("| Name | Check | Updated |"), std::string::npos) << md;
  EXPECT_NE(md.find("| [beta](https://example.com/b) | `m > 1` | 2.0 |"), std::string::npos) << md;
}

TEST(ReaderLists, AnItemOpeningWithAWidgetWordIsAnItem) {
  // "Share your document" and "Print the tickets" over items that say something: steps of a list,
  // not a share bar or a print button's section.
  const std::string md = article_markdown(
      "Trip",
      "<ul><li>Pack the night before.</li><li>Share your document patiently<ul><li>Send the plan to the "
      "family</li><li>Keep a copy on paper</li></ul></li><li>Print the tickets at home</li></ul>");
  EXPECT_NE(md.find("- Share your document patiently\n  - Send the plan to the family"), std::string::npos) << md;
  EXPECT_NE(md.find("- Print the tickets at home"), std::string::npos) << md;
}

TEST(ReaderTeasers, ALabelledLineOfLinksGoesWhole) {
  // "Read more:" and "Related:" before a link to another story: the line is a teaser, not text;
  // the label alone went as a widget's word and left the link behind.
  const std::string md = article_markdown(
      "Weekly", "<p class=read-more><strong>Read more:</strong> <a href=/x>Everything about pictures</a></p><p>" +
                    test_support::words(30) +
                    "</p><p><b>Related:</b> <a href=/y>Another story</a>, <a href=/z>And one more</a></p>");
  EXPECT_EQ(md.find("pictures"), std::string::npos) << md;
  EXPECT_EQ(md.find("Another story"), std::string::npos) << md;
  // A label over a sentence of the author's, or links in a sentence, stay.
  const std::string kept =
      article_markdown("Weekly",
                       "<p><strong>Related:</strong> the <a href=/r>river study</a> found the same in every town it "
                       "measured over ten years.</p>");
  EXPECT_NE(kept.find("river study"), std::string::npos) << kept;
}

TEST(ReaderTables, CellsWrappingTheirTextInParagraphsStayATable) {
  const std::string e_md = body_of(
      "<table><tr><td><p>Plan</p></td><td><p>Price</p></td></tr><tr><td><p>Basic</p></td><td><p>$5</p></td></tr>"
      "<tr><td><p>Pro</p></td><td><p>$9</p></td></tr></table>");
  EXPECT_EQ(e_md, "| Plan | Price |\n| --- | --- |\n| Basic | $5 |\n| Pro | $9 |\n");
  // Cells holding several blocks are a layout still.
  const std::string layout_md = body_of(
      "<table><tr><td><p>One</p><p>Two</p></td><td><p>Three</p></td></tr><tr><td><p>Four</p></td><td>Five</td></tr>"
      "</table>");
  EXPECT_EQ(layout_md.find('|'), std::string::npos) << layout_md;
}

}  // namespace
}  // namespace pagemd::extract
