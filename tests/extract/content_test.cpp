#include "content/content.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "parse/dom.hpp"
#include "tree/element_kinds.hpp"
#include "tree/selector.hpp"
#include "tree/table_kind.hpp"
#include "text/text_util.hpp"

namespace pagemd::extract {
namespace {

TableKind classify_first_table(std::string_view html) {
  const Document doc = Document::parse(html);
  const NodeId table = doc.find_first(HtmlTag::table);
  EXPECT_NE(table, kNoNode) << html;
  return classify_table(doc, table);
}

// ---- classify_table -------------------------------------------------------------------------

TEST(ClassifyTable, RolePresentationIsLayoutEvenWithHeaders) {
  EXPECT_EQ(classify_first_table("<table role=presentation><tr><th>a</th><th>b</th></tr>"
                                 "<tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></table>"),
            TableKind::layout);
  EXPECT_EQ(classify_first_table("<table role=' NONE '><tr><th>a</th><th>b</th></tr>"
                                 "<tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></table>"),
            TableKind::layout);
}

TEST(ClassifyTable, DatatableZeroIsLayout) {
  EXPECT_EQ(classify_first_table("<table datatable=0><thead><tr><th>a</th><th>b</th></tr></thead>"
                                 "<tr><td>1</td><td>2</td></tr></table>"),
            TableKind::layout);
}

TEST(ClassifyTable, SummaryIsData) {
  EXPECT_EQ(classify_first_table("<table summary='prices'><tr><td>a</td></tr></table>"), TableKind::data);
}

TEST(ClassifyTable, TableHoldingATableIsLayout) {
  const Document doc = Document::parse(
      "<table id=outer><tr><td>nav</td><td><table id=inner><tr><th>k</th><th>v</th></tr>"
      "<tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></table></td></tr>"
      "<tr><td>x</td><td>y</td></tr></table>");
  const std::vector<NodeId> tables = doc.find_all(HtmlTag::table);
  ASSERT_EQ(tables.size(), 2u);
  EXPECT_EQ(classify_table(doc, tables[0]), TableKind::layout);
  EXPECT_EQ(classify_table(doc, tables[1]), TableKind::data);
}

TEST(ClassifyTable, HeaderCellsMakeData) {
  EXPECT_EQ(classify_first_table("<table><tr><th>Name</th><th>Age</th></tr><tr><td>Ann</td><td>30</td></tr></table>"),
            TableKind::data);
  EXPECT_EQ(classify_first_table("<table><thead><tr><td>Name</td><td>Age</td></tr></thead>"
                                 "<tbody><tr><td>Ann</td><td>30</td></tr></tbody></table>"),
            TableKind::data);
  EXPECT_EQ(classify_first_table("<table><caption>People</caption><tr><td>Ann</td><td>30</td></tr>"
                                 "<tr><td>Bob</td><td>31</td></tr></table>"),
            TableKind::data);
}

TEST(ClassifyTable, UniformGridIsData) {
  EXPECT_EQ(classify_first_table("<table><tr><td>a</td><td>1</td></tr><tr><td>b</td><td>2</td></tr>"
                                 "<tr><td>c</td><td>3</td></tr></table>"),
            TableKind::data);
}

TEST(ClassifyTable, SmallIrregularGridIsLayout) {
  EXPECT_EQ(classify_first_table("<table><tr><td>a</td><td>1</td></tr><tr><td>b</td><td>2</td></tr></table>"),
            TableKind::layout);
  EXPECT_EQ(classify_first_table("<table><tr><td>a</td><td>1</td></tr><tr><td>b</td></tr>"
                                 "<tr><td>c</td><td>3</td></tr></table>"),
            TableKind::layout);
}

TEST(ClassifyTable, LargeTablesAreData) {
  std::string tall = "<table>";
  for (int i = 0; i < 10; ++i) tall += "<tr><td>k</td><td>v</td></tr>";
  tall += "</table>";
  EXPECT_EQ(classify_first_table(tall), TableKind::data);
  EXPECT_EQ(classify_first_table("<table><tr><td>1</td><td>2</td><td>3</td><td>4</td><td>5</td></tr>"
                                 "<tr><td>1</td><td>2</td></tr></table>"),
            TableKind::data);
}

TEST(ClassifyTable, SingleRowOrColumnIsLayout) {
  EXPECT_EQ(classify_first_table("<table><tr><th>a</th><th>b</th><th>c</th><th>d</th><th>e</th></tr></table>"),
            TableKind::layout);
  std::string column = "<table>";
  for (int i = 0; i < 12; ++i) column += "<tr><td>only</td></tr>";
  column += "</table>";
  EXPECT_EQ(classify_first_table(column), TableKind::layout);
  EXPECT_EQ(classify_first_table("<table></table>"), TableKind::layout);
}

TEST(ClassifyTable, BlockContentIsLayout) {
  EXPECT_EQ(classify_first_table("<table><tr><td><p>a</p></td><td><p>b</p></td></tr>"
                                 "<tr><td><div>c</div></td><td>d</td></tr><tr><td>e</td><td>f</td></tr></table>"),
            TableKind::layout);
  // Headers with blocks: a small one lays a page out, a big one is data with rich cells.
  EXPECT_EQ(classify_first_table("<table><tr><th>a</th><th>b</th></tr><tr><td><ul><li>x</li></ul></td><td>y</td>"
                                 "</tr></table>"),
            TableKind::layout);
  EXPECT_EQ(classify_first_table("<table><tr><th>a</th><th>b</th></tr><tr><td><p>x</p></td><td>y</td></tr>"
                                 "<tr><td><p>z</p></td><td>w</td></tr></table>"),
            TableKind::data);
}

TEST(ClassifyTable, ColspanCountsColumns) {
  // Two rows whose colspans make five columns: wide enough to be data.
  EXPECT_EQ(classify_first_table("<table><tr><td colspan=5>banner</td></tr><tr><td colspan=4>a</td><td>b</td></tr>"
                                 "</table>"),
            TableKind::data);
}

// ---- select_content -------------------------------------------------------------------------

// The text the selection renders: its roots in order, dropped subtrees left out, each text node
// separated by a space, whitespace collapsed.
std::string selected_text(const Document& doc, const ContentSelection& selection) {
  std::string text;
  for (NodeId root : selection.roots) {
    doc.walk(root, [&](NodeId id) {
      if (selection.dropped[id]) return false;
      if (doc.node(id).kind == NodeKind::text) {
        text += ' ';
        text += doc.text(id);
      }
      return true;
    });
  }
  return collapse_whitespace(text);
}

std::string select(std::string_view html, ContentScope scope = ContentScope::main_content,
                   const SelectorList* include = nullptr, const SelectorList* exclude = nullptr) {
  const Document doc = Document::parse(html);
  const ContentRules rules{scope, include, exclude};
  const ContentSelection selection = select_content(doc, rules);
  EXPECT_EQ(selection.dropped.size(), doc.size());
  return selected_text(doc, selection);
}

SelectorList selectors(std::string_view text) {
  core::Result<SelectorList> parsed = SelectorList::parse(text);
  EXPECT_TRUE(parsed.has_value()) << text;
  return parsed ? std::move(parsed).value() : SelectorList{};
}

// Enough prose (over 500 characters with commas) that the first, strict pass is kept.
const std::string kProse1 =
    "The river rose overnight, and by morning the lower streets were under water, so the town "
    "council opened the school hall, the church and the old mill as shelters for the families "
    "who had to leave their homes in a hurry.";
const std::string kProse2 =
    "Volunteers brought blankets, soup and dry clothes, while the fire brigade, helped by farmers "
    "with tractors, moved people from the flooded farms along the valley road to higher ground "
    "before the second wave of rain arrived in the afternoon.";
const std::string kProse3 =
    "By evening the water had started to fall, the power was back in most houses, and the mayor "
    "thanked everyone who had helped, adding that the town would ask the region for money to "
    "build a proper flood wall next year.";
const std::string kArticleText = kProse1 + " " + kProse2 + " " + kProse3;

std::string article_paragraphs() { return "<p>" + kProse1 + "</p><p>" + kProse2 + "</p><p>" + kProse3 + "</p>"; }

TEST(ContentSelect, DropsNavAsideFooterAndHeader) {
  const std::string html =
      "<html><head><title>T</title></head><body>"
      "<header>Site masthead</header>"
      "<nav><a href='/'>Home</a> <a href='/about'>About us</a></nav>"
      "<article>" +
      article_paragraphs() +
      "</article>"
      "<aside>Sidebar teaser text</aside>"
      "<footer>Copyright 2026 Example</footer>"
      "<script>var x = 1;</script></body></html>";
  EXPECT_EQ(select(html), kArticleText);
}

// A short article (under the 500 characters that end the search at once) found whole by the strict
// attempt: the relaxed ones choose the same block and would only keep its breadcrumb and tags.
TEST(ContentSelect, AShortArticleFoundWholeKeepsTheStrictCleaning) {
  const std::string html =
      "<body><main>"
      "<div><a href='/'>Home</a> <a href='/garden'>Garden</a></div>"
      "<div><p>" +
      kProse1 + "</p><p>" + kProse2 +
      "</p></div>"
      "<div><a href='/t/1'>river</a> <a href='/t/2'>flood</a> <a href='/t/3'>valley</a></div>"
      "</main></body>";
  EXPECT_EQ(select(html), kProse1 + " " + kProse2);
}

// Custom elements are a web component's parts, laid out as blocks: the parent of a page's components
// is not one long paragraph of all their text, and the story's own element is the content.
TEST(ContentSelect, CustomElementsAreBlocksOfTheirParent) {
  std::string promos;
  for (int i = 0; i < 4; ++i) {
    promos += "<promo-card><a href='/p/" + std::to_string(i) +
              "'>Why the river rose</a><promo-text>The valley flooded twice, and the town council met again "
              "to talk about the wall.</promo-text></promo-card>";
  }
  const std::string html = "<body><page-body><story-view><story-text><p>" + kProse1 + "</p><p>" + kProse2 +
                           "</p></story-text></story-view><promo-list>" + promos + "</promo-list></page-body></body>";
  EXPECT_EQ(select(html), kProse1 + " " + kProse2);
}

TEST(ContentSelect, UnlikelyClassesAreDropped) {
  const std::string html =
      "<body><div id=main-wrapper>"
      "<div class='sidebar'>Sidebar: popular posts, archives, and links</div>"
      "<div class='story-body'>" +
      article_paragraphs() +
      "</div>"
      "<div class='comments'><p>" +
      kProse1 +
      "</p></div>"
      "<div class='share-tools'>Share on Facebook</div>"
      "</div></body>";
  EXPECT_EQ(select(html), kArticleText);
}

TEST(ContentSelect, HiddenAndRoleNavigationDropped) {
  const std::string html = "<body><main>" + article_paragraphs() +
                           "<div role=navigation>Next post, previous post</div>"
                           "<p hidden>hidden text</p><p style='display: none'>invisible</p>"
                           "<div aria-hidden=true>decor</div></main></body>";
  EXPECT_EQ(select(html), kArticleText);
}

TEST(ContentSelect, BootstrapsDisplayNoneIsHidden) {
  // d-none hides a block at every screen size, unless a d-{size}-{display} class shows it from one
  // (d-print-block shows it on paper alone).
  const std::string text = select("<body><main>" + article_paragraphs() +
                                  "<dl class='d-none'><dt>Product name</dt><dd>Rejoy carry-on</dd></dl>"
                                  "<p class='d-none d-print-block'>Shown in print alone.</p>"
                                  "<p class='d-none d-md-none'>Hidden on every screen.</p>"
                                  "<p class='d-none d-md-block'>Shown from medium screens on.</p>"
                                  "<p class='d-sm-none'>Shown on the smallest screens.</p></main></body>");
  EXPECT_EQ(text.find("Rejoy"), std::string::npos) << text;
  EXPECT_EQ(text.find("in print alone"), std::string::npos) << text;
  EXPECT_EQ(text.find("Hidden on every screen"), std::string::npos) << text;
  EXPECT_NE(text.find("Shown from medium screens on."), std::string::npos) << text;
  EXPECT_NE(text.find("Shown on the smallest screens."), std::string::npos) << text;
}

TEST(ContentSelect, TextForScreenReadersAloneIsLeftOutUnlessItNamesAnIcon) {
  // Visually hidden labels repeat what the page shows ("Regular price" before a price); the name of
  // an icon that is all its cell holds (a check mark's "Yes") is what the icon says.
  const std::string text =
      select("<body><main>" + article_paragraphs() +
             "<p><span class=visually-hidden>Regular price</span> $19.99 <span class=sr-only>Sale price</span> "
             "$14.99 for a bag of the dark roast</p><table><tr><th>Feature</th><th>Online</th></tr><tr><td>Chat "
             "sessions</td><td><svg></svg><span class='screen-reader-text'>Yes</span></td></tr></table></main></body>");
  EXPECT_EQ(text.find("Regular price"), std::string::npos) << text;
  EXPECT_EQ(text.find("Sale price"), std::string::npos) << text;
  EXPECT_NE(text.find("$19.99"), std::string::npos) << text;
  EXPECT_NE(text.find("Yes"), std::string::npos) << text;
  // A parent of many nodes is no icon, however empty they are: the look stops early.
  std::string spacers;
  for (int i = 0; i < 40; ++i) spacers += "<i></i>";
  const std::string wide =
      select("<body><main>" + article_paragraphs() + "<div>" + spacers +
             "<span class=sr-only>Opens the photograph of the harvest at its full size, in a new window</span></div>"
             "</main></body>");
  EXPECT_EQ(wide.find("Opens the photograph"), std::string::npos) << wide;
}

// A heading for screen readers alone labels a landmark (a help centre's "Search" over its search
// form, unseen-layouts-4 x0025), though it is all the text its block holds; Zendesk's themes call
// such text visibility-hidden.
TEST(ContentSelect, AHeadingForScreenReadersAloneIsLeftOutThoughItIsItsBlocksText) {
  const std::string text = select(
      "<body><section><h2 class=visibility-hidden>Search</h2><form><input type=search></form></section>"
      "<p><span class=visibility-hidden>Note:</span> Sold out.</p><table><tr><td><svg></svg><span "
      "class=visibility-hidden>Yes</span></td></tr></table></body>",
      ContentScope::whole_body);
  EXPECT_EQ(text.find("Search"), std::string::npos) << text;
  EXPECT_EQ(text.find("Note:"), std::string::npos) << text;
  EXPECT_NE(text.find("Sold out."), std::string::npos) << text;
  EXPECT_NE(text.find("Yes"), std::string::npos) << text;  // an icon's name
}

TEST(ContentSelect, AReactStreamedSegmentIsContent) {
  // React's streaming rendering sends the finished article hidden, for a script to move into place.
  const std::string html =
      "<body><div class=shell><template id=\"B:0\"></template><p>Loading…</p></div>"
      "<footer>Footer line</footer><div hidden id=\"S:0\"><article>" +
      article_paragraphs() + "</article></div><p hidden>really hidden</p></body>";
  EXPECT_EQ(select(html), kArticleText);
  // A segment whose placeholder is not in the page stays where it came, still content; React numbers
  // its segments in hexadecimal.
  const std::string unplaced = "<body><p>Loading…</p><footer>Footer line</footer><div hidden id=\"S:1a\"><article>" +
                               article_paragraphs() + "</article></div></body>";
  EXPECT_EQ(select(unplaced), kArticleText);
}

TEST(ContentSelect, APageThatHidesItsTextUntilScriptsRunIsReadAsShown) {
  // A lockdown app hides the page's content with an inline style until it has checked the visitor,
  // and shows a notice meanwhile; a streamed fragment waits, hidden, for a script to move it.
  const std::string notice = "<div class=notice>Access denied. Enable customer accounts.</div>";
  for (const std::string hide : {"style='display:none;'", "style='visibility: hidden'"}) {
    const std::string text = select("<body>" + notice + "<div class=content " + hide + "><div>" + article_paragraphs() +
                                    "<p hidden>A paragraph no script shows.</p><p hidden style='display:none'>Nor "
                                    "this one, hidden twice.</p></div></div></body>");
    EXPECT_NE(text.find(kProse1), std::string::npos) << hide << ": " << text;
    EXPECT_EQ(text.find("no script shows"), std::string::npos) << hide << ": " << text;
    EXPECT_EQ(text.find("hidden twice"), std::string::npos) << hide << ": " << text;
  }
  // Hidden by the attributes, the text stays out: those hide it from every reader.
  for (const std::string hide : {"hidden", "aria-hidden=true"}) {
    const std::string text = select("<body>" + notice + "<div class=content " + hide + "><div>" + article_paragraphs() +
                                    "</div></div></body>");
    EXPECT_EQ(text.find(kProse1), std::string::npos) << hide << ": " << text;
  }
  // A page that shows its article keeps its hidden blocks hidden.
  const std::string shown = select("<body><div>" + article_paragraphs() +
                                   "<p style='display:none'>An earlier draft of the second paragraph, kept for the "
                                   "editors, which the page never shows.</p></div></body>");
  EXPECT_EQ(shown, kArticleText);
  // Nor is a short message hidden on a page that shows next to nothing.
  const std::string message = select(
      "<body><p>Orders</p><div style='display:none'><p>Your order has shipped and arrives on "
      "Tuesday.</p></div></body>");
  EXPECT_EQ(message.find("shipped"), std::string::npos) << message;
  // Nor is a page that shows its article and hides twice as much (the article in other languages)
  // one that waits for its scripts.
  const std::string translations =
      "<div style='display:none'><div>" + article_paragraphs() + article_paragraphs() + "</div></div>";
  EXPECT_EQ(select("<body><div>" + article_paragraphs() + "</div>" + translations + "</body>"), kArticleText);
}

TEST(ContentSelect, HiddenTabPanelsAreContent) {
  // A code sample in three languages, one tab shown: the reader can switch to each.
  const std::string html = "<body><main>" + article_paragraphs() +
                           "<div role=tablist><button role=tab>Python</button><button role=tab>Go</button></div>"
                           "<div role=tabpanel><pre>print('hello')</pre></div>"
                           "<div role=tabpanel hidden style='display:none'><pre>fmt.Println(\"hello\")</pre></div>"
                           "<div role=' TabPanel ' aria-hidden=true><pre>puts 'hello'</pre></div>"
                           "<div hidden><pre>not a tab</pre></div></main></body>";
  const std::string text = select(html);
  EXPECT_NE(text.find("print('hello')"), std::string::npos) << text;
  EXPECT_NE(text.find("fmt.Println(\"hello\")"), std::string::npos) << text;
  EXPECT_NE(text.find("puts 'hello'"), std::string::npos) << text;
  EXPECT_EQ(text.find("not a tab"), std::string::npos) << text;
}

TEST(ContentSelect, LayoutUtilityClassesSayNothing) {
  // Tailwind's overflow-hidden clips a block, it does not hide it; "hidden" in a name still warns.
  const std::string html = "<body><div class='flex flex-col overflow-hidden md:hidden'>" + article_paragraphs() +
                           "</div><div class=hidden-teasers><p>Read next: a story about something else, "
                           "with a teaser long enough to be a paragraph.</p></div></body>";
  const Document doc = Document::parse(html);
  const NodeId article = doc.find_first(HtmlTag::div);
  EXPECT_EQ(class_hint(doc, article), Hint::none);
  EXPECT_EQ(class_hint(doc, doc.node(article).next_sibling), Hint::negative);

  // A heading's scroll-mt-24 keeps it clear of a sticky header; "scroll" alone still warns.
  const Document headings = Document::parse(
      "<h2 class='group scroll-mt-24'>Providers</h2><div class=scroll>x</div><h3 "
      "class='g-offset-scroll-margin-top'>Fields</h3>");
  const NodeId heading = headings.find_first(HtmlTag::h2);
  EXPECT_EQ(class_hint(headings, heading), Hint::none);
  EXPECT_EQ(class_hint(headings, headings.find_first(HtmlTag::div)), Hint::negative);
  // A design system's prefixed utility names the property inside the class.
  EXPECT_EQ(class_hint(headings, headings.find_first(HtmlTag::h3)), Hint::none);
}

TEST(ContentSelect, ChoosesTheProseOverLinkLists) {
  std::string links = "<div class='box'><ul>";
  for (int i = 0; i < 12; ++i) links += "<li><a href='/p" + std::to_string(i) + "'>Another headline number</a></li>";
  links += "</ul></div>";
  const std::string html = "<body>" + links + "<div class='box'>" + article_paragraphs() + "</div></body>";
  EXPECT_EQ(select(html), kArticleText);
}

// A list of links that a sentence leads into goes on that sentence; one under a label of a word or
// two ("Our picks:") is a strip of links as before.
TEST(ContentSelect, AListOfLinksASentenceLeadsIntoIsText) {
  const auto page = [](std::string_view lead) {
    return "<body><article><p>" + kProse1 + "</p><p>" + kProse2 + "</p><p>" + std::string(lead) +
           "</p><ul><li><a href='/strings'>Overview of strings</a></li><li><a href='/cmds'>String command "
           "reference</a></li></ul><p>" +
           kProse3 + "</p></article></body>";
  };
  EXPECT_NE(select(page("For more information, see:")).find("String command reference"), std::string::npos);
  EXPECT_EQ(select(page("Our picks:")).find("String command reference"), std::string::npos);
  EXPECT_EQ(select(page("For more information, see the links.")).find("String command reference"), std::string::npos);
}

// A list whose every item says something besides its links is text that links; a list of links
// with a word or two beside each is still a link strip.
TEST(ContentSelect, AListOfSentencesThatLinkIsText) {
  const auto page = [](std::string_view items) {
    return "<body><article><p>" + kProse1 + "</p><p>" + kProse2 + "</p><ul>" + std::string(items) + "</ul><p>" +
           kProse3 + "</p></article></body>";
  };
  EXPECT_NE(select(page("<li>Sends the <a href='/flood-report'>flood report</a> to the <a href='/council'>town "
                        "council</a> (see <a href='/howto'>How to report a flood</a>).</li>"))
                .find("flood report"),
            std::string::npos);
  EXPECT_EQ(select(page("<li>Read: <a href='/flood-report'>The flood report of the town council</a></li><li>Also: "
                        "<a href='/howto'>How to report a flood to the council</a></li>"))
                .find("flood report"),
            std::string::npos);
}

// Sphinx and Markdown renderers name a section or a heading after its title (an anchor without text
// may come first): "respond-to-review-comments" says what the section is about, not that it holds
// the page's comments. A block so named with another heading is still the comments.
TEST(ContentSelect, ASectionNamedAfterItsHeadingIsNotWhatItsWordsSay) {
  const auto page = [](std::string_view heading) {
    return "<body><main><section id='describe'><h2>Describe your changes</h2><p>" + kProse1 + "</p><p>" + kProse2 +
           "</p></section><section id='respond-to-review-comments'><span id='review'></span> <h2>" +
           std::string(heading) +
           "</h2><p>Reviewers take time out of their day, so answer each point they raise, politely and in "
           "the thread itself.</p></section></main></body>";
  };
  EXPECT_NE(select(page("Respond to review comments")).find("Reviewers take time"), std::string::npos);
  EXPECT_EQ(select(page("What readers said")).find("Reviewers take time"), std::string::npos);

  // Markdown renderers put the slug on the heading itself, a self-link often after its text.
  const Document doc = Document::parse(
      "<h2 id='share-your-work'>Share your work<a href='#share-your-work'>#</a></h2><h2 id='share-this'>Tell a "
      "friend</h2>");
  const NodeId slugged = doc.find_first(HtmlTag::h2);
  EXPECT_EQ(class_hint(doc, slugged), Hint::none);
  EXPECT_EQ(class_hint(doc, doc.node(slugged).next_sibling), Hint::negative);
}

// A docs page's option headings are anchored by their own one-word names ("<h4 id=share>Share</h4>")
// and head a sentence each: section titles, whatever widget word they say. A block named
// "comments" that opens with "Comments" is still the comments.
TEST(ContentSelect, AnOptionHeadingNamedAfterItselfHeadsItsSentence) {
  std::string options;
  for (const std::string_view name : {"Loading", "Share", "Comments"}) {
    std::string id(name);
    id[0] = static_cast<char>(id[0] - 'A' + 'a');
    options += "<h4 id=" + id + ">" + std::string(name) + "</h4><p>Whether the " + id +
               " option applies to each request sent.</p>";
  }
  const std::string chosen = select("<body><main><h1>Request options</h1><p>" + kProse1 + "</p><p>" + kProse2 + "</p>" +
                                    options + "</main></body>");
  for (const std::string_view name : {"Loading", "Share", "Comments"}) {
    EXPECT_NE(chosen.find(name), std::string::npos) << name << " in: " << chosen;
  }
  const Document doc = Document::parse("<div id=comments><h2>Comments</h2><p>First!</p></div>");
  EXPECT_EQ(class_hint(doc, doc.find_first(HtmlTag::div)), Hint::negative);
}

// A table of contents is a list of links into the page. Sites that build theirs with a script name
// the sections it will list after it ("toc-chapters", "toc-para"): blocks of prose, which a "toc"
// name does not make a contents box. The box itself, a list of links, still goes.
TEST(ContentSelect, SectionsNamedForAScriptsContentsAreTheDocuments) {
  const std::string contents =
      "<div class='toc'><p>On this page</p><ul><li><a href='/llc#name'>Name</a></li><li><a href='/llc#tax'>Tax"
      "</a></li></ul></div>";
  const std::string sections = "<div class='toc-chapters'><section class='toc-para'><h2>Choosing a name</h2><p>" +
                               kProse1 + "</p></section><section class='toc-para'><h2>Paying tax</h2><p>" + kProse2 +
                               "</p></section></div>";
  const std::string text =
      select("<body><main><h1>Forming a company</h1><p>" + kProse3 + "</p>" + contents + sections + "</main></body>");
  EXPECT_NE(text.find("The river rose"), std::string::npos) << text;
  EXPECT_NE(text.find("Volunteers brought"), std::string::npos) << text;
  EXPECT_EQ(text.find("On this page"), std::string::npos) << text;
  const Document doc =
      Document::parse("<div class='toc'><p>" + kProse1 + "</p></div><div class='toc'><p>Contents</p></div>");
  const NodeId prose = doc.find_first(HtmlTag::div);
  EXPECT_EQ(class_hint(doc, prose), Hint::none);
  EXPECT_EQ(unlikely_kind(doc, prose), Unlikely::no);
  EXPECT_EQ(class_hint(doc, doc.node(prose).next_sibling), Hint::negative);
  EXPECT_EQ(unlikely_kind(doc, doc.node(prose).next_sibling), Unlikely::by_hint);
}

// A picture with a few words under it is the story's, whether it is an <img> or an AMP page's
// <amp-img>: a block of a few words and no picture would be a widget's leftover.
TEST(ContentSelect, AnAmpPictureIsAPictureAsAnImageIs) {
  for (const std::string tag : {"img", "amp-img"}) {
    const std::string picture =
        "<div><" + tag + " src='/street.jpg' width=600 height=400></" + tag + "><span>The flooded street</span></div>";
    const std::string text =
        select("<body><article><h1>Floods</h1>" + article_paragraphs() + picture + "</article></body>");
    EXPECT_NE(text.find("The flooded street"), std::string::npos) << tag << ": " << text;
  }
}

// An <aside> beside the story's headline is its sidebar even when it holds more text than a thin
// story: a rail of live updates is not a wrapper around the page. An <aside> that holds the
// headline, on a site that wraps its page in one, is.
TEST(ContentSelect, AnAsideBesideTheHeadlineIsASidebarHoweverThinTheStory) {
  std::string updates;
  for (int i = 0; i < 4; ++i) updates += "<li><time>10:3" + std::to_string(i) + "</time><p>" + kProse2 + "</p></li>";
  const std::string rail = "<aside><section><h2>Live updates</h2><ol>" + updates + "</ol></section></aside>";
  const std::string story = "<h1>Garden prices rise</h1><p>" + kProse1 + "</p>";
  const std::string beside = select("<body><main><div><div>" + story + "</div>" + rail + "</div></main></body>");
  EXPECT_NE(beside.find("The river rose"), std::string::npos);
  EXPECT_EQ(beside.find("Volunteers brought"), std::string::npos) << beside;
  const std::string wrapping = select("<body><aside><div>" + story + "</div><ol>" + updates + "</ol></aside></body>");
  EXPECT_NE(wrapping.find("The river rose"), std::string::npos);
  EXPECT_NE(wrapping.find("Volunteers brought"), std::string::npos) << wrapping;
}

// So is a site's <header> without a heading of its own, whose menu describes the products in
// sentences and outweighs a short post (unseen-layouts-3 w0035, class-blind). A <header> with
// headings of its own that holds most of the page is a section some sites write as one.
TEST(ContentSelect, AHeaderBesideTheHeadlineIsThePagesHoweverThinTheStory) {
  std::string panels;
  for (int i = 0; i < 4; ++i) {
    panels += "<li><a href=/p" + std::to_string(i) + ">Product</a><div><p>" + kProse2 + "</p></div></li>";
  }
  const std::string story = "<div><h1>Garden prices rise</h1><p>" + kProse1 + "</p></div>";
  const std::string beside =
      select("<body><header><a href=/>Brand</a><ul>" + panels + "</ul></header>" + story + "</body>");
  EXPECT_NE(beside.find("The river rose"), std::string::npos) << beside;
  EXPECT_EQ(beside.find("Volunteers brought"), std::string::npos) << beside;
  const std::string sectioned =
      select("<body><div><h1>Garden prices rise</h1></div><header><h2>How prices rose</h2><p>" + kProse1 + "</p><p>" +
             kProse2 + "</p><p>" + kProse3 + "</p></header></body>");
  EXPECT_NE(sectioned.find("Volunteers brought"), std::string::npos) << sectioned;
}

// The items of one list share their tag and their class attribute, or have none.
TEST(ElementKinds, ItemsOfOneTemplateShareTagAndClass) {
  const Document doc = Document::parse(
      "<ul><li class='a b'>1</li><li class='a b'>2</li><li class='a'>3</li><li>4</li><li>5</li></ul><p class='a "
      "b'>6</p>");
  std::vector<NodeId> items;
  for (NodeId at = 0; at < doc.size(); ++at) {
    if (doc.is_element(at, HtmlTag::li) || doc.is_element(at, HtmlTag::p)) items.push_back(at);
  }
  ASSERT_EQ(items.size(), 6U);
  EXPECT_TRUE(same_tag_and_class(doc, items[0], items[1]));
  EXPECT_FALSE(same_tag_and_class(doc, items[1], items[2]));                          // another class
  EXPECT_FALSE(same_tag_and_class(doc, items[2], items[3]));                          // one without
  EXPECT_TRUE(same_tag_and_class(doc, items[3], items[4]));                           // neither has one
  EXPECT_FALSE(same_tag_and_class(doc, items[0], items[5]));                          // another tag
  EXPECT_FALSE(same_tag_and_class(doc, items[0], doc.node(items[0]).first_child()));  // a text node
}

// A page builder writes a story as rows of one template ("row row-0", "row row-1"), each a column,
// a module and a text block deep: too deep for a paragraph's score to reach the row. The best row
// is one of them, and the story is every row.
TEST(ContentSelect, RowsOfOneTemplateAreTheStorysParts) {
  const auto row = [](int n, const std::string& paragraphs) {
    return "<div class='r7 r7-" + std::to_string(n) +
           "'><div class='c'><div class='m'><div class='t'><div class='b'><div class='d'>" + paragraphs +
           "</div></div></div></div></div></div>";
  };
  const std::string html = "<body><div><div class='s'>" + row(0, "<p>" + kProse1 + "</p>") +
                           row(1, "<p>" + kProse2 + "</p>") + row(2, "<p>" + kProse3 + "</p>") +
                           row(3, "<p>" + kProse1 + "</p><p>" + kProse2 + "</p>") +
                           "</div></div><div><a href='/a'>Home</a> <a href='/b'>About</a></div></body>";
  EXPECT_EQ(select(html), kArticleText + " " + kProse1 + " " + kProse2);
}

// A row of the template of the best one, holding prose, is a part of the story however short
// beside it; a row of teasers for other pages (a title that links away) is not.
TEST(ContentSelect, AShortRowOfTheBestRowsTemplateIsTheStorys) {
  const auto row = [](int n, const std::string& paragraphs) {
    return "<div class='r7 r7-" + std::to_string(n) +
           "'><div class='c'><div class='m'><div class='t'><div class='b'><div class='d'>" + paragraphs +
           "</div></div></div></div></div></div>";
  };
  const std::string teaser = "<h3><a href='/next'>The valley's second flood</a></h3><p>" + kProse3 + "</p>";
  const std::string html = "<body><div><div class='s'>" + row(0, "<p>" + kProse2 + "</p>") +
                           row(1, article_paragraphs() + "<p>" + kProse1 + "</p>") + row(2, teaser) +
                           "</div></div><div><a href='/a'>Home</a> <a href='/b'>About</a></div></body>";
  EXPECT_EQ(select(html), kProse2 + " " + kArticleText + " " + kProse1);
}

// A section that wraps its heading and text in one width container (<section><div><h2>) is as
// headed as one that opens with its heading: the longest one is a chapter of the document.
TEST(ContentSelect, SectionsHeadedInsideTheirWrapperAreTheDocuments) {
  const auto section = [](const std::string& heading, const std::string& blocks) {
    return "<section class=s><div class=w><h2>" + heading + "</h2>" + blocks + "</div></section>";
  };
  std::string list = "<ol>";
  for (int i = 0; i < 4; ++i) list += "<li>" + kProse1 + "</li><li>" + kProse2 + "</li><li>" + kProse3 + "</li>";
  list += "</ol>";
  const std::string html = "<body><div><div>" + section("Rain", "<p>" + kProse1 + "</p>") +
                           section("Shelter", "<p>" + kProse2 + "</p>") +
                           section("Wall", "<p>" + kProse3 + "</p>" + list) + "</div></div></body>";
  const std::string text = select(html);
  EXPECT_TRUE(text.starts_with("Rain " + kProse1)) << text;
  EXPECT_NE(text.find("Shelter " + kProse2), std::string::npos) << text;
}

// An introduction in paragraphs, then the document's headed sections, one of them far longer: the
// search takes the paragraphs beside the longest section, and the document is every section.
TEST(ContentSelect, TheShorterSectionsBesideTheChosenOnesAreTheDocuments) {
  std::string longest = "<section><h2>Shelter</h2>";
  for (int i = 0; i < 4; ++i) longest += article_paragraphs();
  longest += "</section>";
  const std::string html = "<body><div><div><p>" + kProse1 + "</p><p>" + kProse2 + "</p>" + longest +
                           "<section><h2>Wall</h2><p>" + kProse3 +
                           "</p></section><section><h2>Money</h2><p>The region pays for the wall, and the town "
                           "pays for the road.</p></section></div>"
                           "<div><a href='/a'>Home</a> <a href='/b'>About</a></div></div></body>";
  const std::string text = select(html);
  EXPECT_NE(text.find("Wall " + kProse3), std::string::npos) << text;
  EXPECT_TRUE(text.ends_with("Money The region pays for the wall, and the town pays for the road.")) << text;
}

// A list of the page's contents links to its sections, and some sites name each section after the
// list ("toc_how-it-works"): the section a contents list points to is the document's, whatever its
// id says. Without the list the same id is a table of contents' name.
TEST(ContentSelect, ASectionTheContentsListLinksToIsTheDocuments) {
  const auto page = [](bool listed) {
    const std::string contents =
        listed ? "<nav><ul><li><a href='#toc_why'>Why</a></li><li><a href='#toc_how-it-works'>How</a></li>"
                 "<li><a href='#toc_faq'>FAQ</a></li></ul></nav>"
               : "";
    return "<body>" + contents + "<main><h1>Index funds</h1><p>" + kProse1 + "</p><p>" + kProse2 + "</p><p>" + kProse3 +
           "</p><div id='toc_how-it-works'><h2>How index funds work</h2><p>It buys every company of its index.</p>"
           "<p>So it returns what the index returns.</p></div></main></body>";
  };
  // The contents' targets are recorded as the page's tree is built.
  const auto select_page = [](const std::string& html) {
    const Document doc = Document::build_page(html);
    return selected_text(doc, select_content(doc, ContentRules{ContentScope::main_content}));
  };
  // Short paragraphs: a section of prose would be no contents box whatever its names.
  EXPECT_NE(select_page(page(true)).find("every company of its index"), std::string::npos);
  EXPECT_EQ(select_page(page(false)).find("every company of its index"), std::string::npos);
}

// A row of a few links drawn as buttons ("Get the report", "Donate") is a call to action on any
// page. A row of plain links, a dozen feature cards that call themselves buttons, and buttons in a
// list's items stay.
TEST(ContentSelect, ARowOfButtonLinksIsACallToAction) {
  const auto page = [](std::string_view row) {
    return "<body><article><p>" + kProse1 + "</p><p>" + kProse2 + "</p>" + std::string(row) + "<p>" + kProse3 +
           "</p></article></body>";
  };
  const std::string buttons =
      "<p><a class='button' href='/report.pdf'>Get the flood report</a> <a role=button href='/give'>Donate to "
      "the shelters</a></p>";
  EXPECT_EQ(select(page(buttons)).find("Get the flood report"), std::string::npos);
  EXPECT_EQ(select(page(buttons)).find("Donate"), std::string::npos);
  EXPECT_NE(select(page("<p><a href='/report.pdf'>Get the flood report</a></p>")).find("Get the flood report"),
            std::string::npos);
  std::string cards = "<p>";
  for (int i = 0; i < 5; ++i) {
    cards += "<a class='card-button' href='/s" + std::to_string(i) + "'>Shelter " + std::to_string(i) + "</a> ";
  }
  EXPECT_NE(select(page(cards + "</p>")).find("Shelter 4"), std::string::npos);
  EXPECT_NE(select(page("<ul><li><p><a class=btn href='/map'>Map of the shelters</a></p>open all night, with "
                        "beds for two hundred</li><li>The school hall, open from noon</li></ul>"))
                .find("Map of the shelters"),
            std::string::npos);
}

// A block that is mostly a heading is judged as the heading: rustdoc's method signatures, their
// types linked and arrows in them, beside a "Source" link, are neither link lists nor breadcrumbs.
TEST(ContentSelect, ABlockThatIsMostlyAHeadingIsAHeading) {
  std::string methods;
  for (const std::string name : {"map", "map_err", "and_then"}) {
    methods += "<details open><summary><section id='method." + name +
               "' class=method><span class=rightside>1.0.0 · <a href='/src'>Source</a></span><h4 class=code-header>"
               "pub fn <a href='#method." +
               name + "'>" + name +
               "</a>&lt;U&gt;(self, op: <a href='/fnonce'>FnOnce</a>) -&gt; <a href='/result'>Result</a>&lt;U&gt;"
               "</h4></section></summary><div class=docblock><p>" +
               kProse1 + "</p></div></details>";
  }
  const std::string text = select("<body><main><h1>Result</h1><p>" + kProse2 + "</p>" + methods + "</main></body>");
  EXPECT_NE(text.find("pub fn map <U>"), std::string::npos) << text;
  EXPECT_NE(text.find("pub fn and_then <U>"), std::string::npos) << text;
}

// A parameter's name and type, each in a block of its own inside the heading, are the heading's text,
// not tiny blocks to clean away.
TEST(ContentSelect, BlocksInsideAHeadingAreItsText) {
  const std::string html = "<body><main><h1>Charges</h1><p>" + kProse1 + "</p><p>" + kProse2 +
                           "</p><h4><div><span>amount</span> <span>integer</span></div></h4><p>" + kProse3 +
                           "</p></main></body>";
  EXPECT_NE(select(html).find("amount integer"), std::string::npos) << select(html);
}

// An accordion's collapsed panel is hidden until the button that controls it (aria-controls, with
// aria-expanded) opens it: the reader can, so it is content. A block hidden with no such control
// (a carousel's "next" button controls without expanding) is not.
TEST(ContentSelect, ACollapsedPanelOfAnAccordionIsContent) {
  const std::string html =
      "<body><main><h1>Pet insurance</h1><p>" + kProse1 + "</p><p>" + kProse2 +
      "</p><div class='faq'><div role='heading'><button aria-expanded='false' aria-controls='answer-1 other'>How "
      "long are the waiting periods?</button></div><div id='answer-1' role='region' aria-hidden='true'><p>Illnesses "
      "are covered after fifteen days, and accidents after two, unless the policy says otherwise.</p></div><button "
      "aria-controls='answer-2'>Next</button><div id='answer-2' "
      "aria-hidden='true'><p>A slide that no button opens, however long the text it holds, and with commas, too."
      "</p></div></div></main></body>";
  const std::string text = select(html);
  EXPECT_NE(text.find("covered after fifteen days"), std::string::npos) << text;
  EXPECT_EQ(text.find("no button opens"), std::string::npos) << text;
}

// A toggle that does not say whether it is open (no aria-expanded) is still an accordion's when it
// is the heading of the panel it controls; a control without a heading stays a slider's button.
TEST(ContentSelect, APanelUnderAHeadedToggleIsContent) {
  const std::string html =
      "<body><main><h1>Going solar</h1><p>" + kProse1 + "</p><p>" + kProse2 +
      "</p><div><a role='button' aria-controls='step-1'><span role='heading' aria-level='3'>1. Read your "
      "bill</span></a><div id='step-1' style='display:none'><p>Your bill shows the yearly use, which sizes the "
      "system that you will need, within a tenth.</p></div><a role='button' aria-controls='slide-2'>Next</a><div "
      "id='slide-2' style='display:none'><p>A slide that no heading opens, however long the text it holds, and "
      "with commas, too.</p></div></div></main></body>";
  const std::string text = select(html);
  EXPECT_NE(text.find("Your bill shows the yearly use"), std::string::npos) << text;
  EXPECT_EQ(text.find("no heading opens"), std::string::npos) << text;
}

// The same pane written without ARIA: a block holding only a button and its label, then the hidden
// panel. A hidden block after anything else stays hidden.
TEST(ContentSelect, APanelRightAfterItsButtonIsContent) {
  const std::string html =
      "<body><main><h1>Going solar</h1><p>" + kProse1 + "</p><p>" + kProse2 +
      "</p><div><div><button type=button><span>My method</span></button></div><div hidden><p>Each installer was "
      "scored on price, warranty and the time it took to answer, which we weighed equally.</p></div></div>"
      "<div><span>Offer</span></div><div hidden><p>A block after a label that no button holds, however long the "
      "text it holds, and with commas, too.</p></div></main></body>";
  const std::string text = select(html);
  EXPECT_NE(text.find("Each installer was scored"), std::string::npos) << text;
  EXPECT_EQ(text.find("no button holds"), std::string::npos) << text;
}

// A "header" that opens each of several alike items (an accordion's question bar, nested in it) heads
// that item; the page's own header, one of a kind, still goes.
TEST(ContentSelect, AHeaderOpeningRepeatedItemsIsTheirs) {
  std::string items;
  for (const char* question : {"What is a waiting period?", "Which illnesses are covered?", "How do I claim?"}) {
    items += std::string(
                 "<div class='accordion-item'><div class='accordion-item-header'><div "
                 "class='accordion-item-header-title'>") +
             question + "<i class='icon'>chevron_right</i></div></div><div class='accordion-item-body'><p>" + kProse3 +
             "</p></div></div>";
  }
  const std::string html =
      "<body><div class='site-header'><span>Acme Insurance, since 1904</span></div><div>"
      "<h1>Pet insurance</h1><p>" +
      kProse1 + "</p><p>" + kProse2 + "</p><div class='faq'>" + items + "</div></div></body>";
  const std::string text = select(html);
  EXPECT_NE(text.find("What is a waiting period?"), std::string::npos) << text;
  EXPECT_NE(text.find("How do I claim?"), std::string::npos) << text;
  EXPECT_EQ(text.find("Acme Insurance, since 1904"), std::string::npos) << text;
}

// A name that says "replies" or "share" on a word of a sentence does not cut the word out: the
// element has the sentence's words on both sides. The same name on a line of its own goes.
TEST(ContentSelect, ANamedWordInsideASentenceStays) {
  const std::string html =
      "<body><article><h1>Batch loading</h1><p>" + kProse1 +
      "</p><p>The thread had <span class='info-replies'>twelve replies</span> before the maintainers answered, "
      "most of them asking for batch loading.</p><p>" +
      kProse2 + "</p><p><span class='replies'>12 replies</span></p><p>" + kProse3 + "</p></article></body>";
  const std::string text = select(html);
  EXPECT_NE(text.find("The thread had twelve replies before"), std::string::npos) << text;
  EXPECT_EQ(text.find("12 replies"), std::string::npos) << text;
}

// A block editor names its heading blocks "header-block": after a block of text, a "header" that
// holds a heading is a section's title. The page's header, before any text, still goes.
TEST(ContentSelect, AHeaderBlockAfterTextIsASectionHeading) {
  const auto text_block = [](const std::string& prose) {
    return "<div class='ed-block ed-text-block'><div class='ed-text'>" + prose + "</div></div>";
  };
  const std::string html =
      "<body><div class='ed-header'><h2>Workspace of the cycling club</h2></div><div class='ed-page'><h1>Brake "
      "cables</h1>" +
      text_block(kProse1) + "<div class='ed-block ed-header-block'><div><h2>Fitting a new cable</h2></div></div>" +
      text_block(kProse2) + text_block(kProse3) + "</div></body>";
  const std::string text = select(html);
  EXPECT_NE(text.find("Fitting a new cable"), std::string::npos) << text;
  EXPECT_EQ(text.find("Workspace of the cycling club"), std::string::npos) << text;
}

// The questions and answers after an article's body, in a block of their own behind a share bar,
// join it: their answers sit too deep in the accordion to lend that block a sibling's score. Cards
// of other stories after the body, with a question in each title, are no such block.
TEST(ContentSelect, QuestionsAndAnswersAfterTheBodyJoinIt) {
  std::string answers;
  for (const char* question : {"What is tuning?", "How can I find slow queries?", "Which settings matter most?"}) {
    answers += std::string("<div class='item'><div class='item-title'>") + question +
               "</div><div class='item-body'><div><div class='answer'><p>Tuning adjusts memory, planner and disk "
               "settings so that the queries the application runs most often finish sooner, and it is "
               "measured before and after every change.</p></div></div></div></div>";
  }
  std::string cards;
  for (const char* title : {"Is your index bloated?", "Do you need a pooler?", "Why is vacuum slow?"}) {
    cards +=
        std::string("<div class='card'><a href='/blog/") + title[0] + "'>" + title + "</a><p>A short teaser.</p></div>";
  }
  const std::string html = "<body><div class='post'><div class='post-body'><h1>Query tuning</h1><p>" + kProse1 +
                           "</p><p>" + kProse2 + "</p><p>" + kProse3 +
                           "</p></div><div class='share'>Share this</div><div class='more'><div><div><h2>Tuning: "
                           "FAQs</h2></div><div class='faq'>" +
                           answers + "</div></div></div><div class='next'>" + cards + "</div></div></body>";
  const std::string text = select(html);
  EXPECT_NE(text.find("Tuning: FAQs"), std::string::npos) << text;
  EXPECT_NE(text.find("Which settings matter most?"), std::string::npos) << text;
  EXPECT_EQ(text.find("Is your index bloated?"), std::string::npos) << text;
}

// A menu or a pop-up the reader opens is still no part of the page, even of its whole body.
TEST(ContentSelect, ACollapsedMenuOrPopUpStaysHidden) {
  const std::string html =
      "<body><header><button aria-expanded='false' aria-controls='menu'>Menu</button><div id='menu' "
      "aria-hidden='true'><a href='/shop'>Shop the collection</a></div></header><button aria-expanded='false' "
      "aria-controls='signup'>Sign up</button><div id='signup' role='dialog' aria-hidden='true'><p>Join our "
      "mailing list today</p></div><main><p>" +
      kProse1 + "</p></main></body>";
  const std::string text = select(html, ContentScope::whole_body);
  EXPECT_NE(text.find("The river rose overnight"), std::string::npos) << text;
  EXPECT_EQ(text.find("Shop the collection"), std::string::npos) << text;
  EXPECT_EQ(text.find("Join our mailing list"), std::string::npos) << text;
}

TEST(ContentSelect, PageWrappingFormIsNotDropped) {
  // ASP.NET pages put the whole page inside one <form>.
  const std::string html =
      "<body><form id=aspnetForm action='/post'><nav>Home | About</nav>"
      "<div>" +
      article_paragraphs() +
      "</div>"
      "<input type=hidden name=x value=y></form></body>";
  EXPECT_EQ(select(html), kArticleText);
}

// A shop's landing page of short tiles over a footer of long legal notes: the footer holds most of
// the text, but it stands beside the main landmark the page declared, so it is no wrapper of the page.
TEST(ContentSelect, AFooterBesideMainIsFooterHoweverLong) {
  std::string tiles;
  for (int i = 1; i <= 4; ++i) {
    tiles += "<section><h2>Model " + std::to_string(i) + "</h2><p>Light, fast and made to last.</p></section>";
  }
  const std::string footer = "<footer role=contentinfo><p>" + kProse1 + "</p><p>" + kProse2 + "</p></footer>";
  // The main landmark is a <main>, or the block whose role says so.
  for (const std::string& html :
       {"<body><main><h1>Our watches</h1>" + tiles + "</main>" + footer + "</body>",
        "<body><div id=page><div role=main><h1>Our watches</h1>" + tiles + "</div>" + footer + "</div></body>"}) {
    for (const PageType type : {PageType::article, PageType::service}) {
      const Document doc = Document::parse(html);
      const std::string text =
          selected_text(doc, select_content(doc, ContentRules{ContentScope::main_content, nullptr, nullptr, type}));
      EXPECT_NE(text.find("Model 4"), std::string::npos) << static_cast<int>(type) << ": " << text;
      EXPECT_EQ(text.find("river"), std::string::npos) << static_cast<int>(type) << ": " << text;
    }
  }
}

// A consent manager's purposes and vendors can outweigh the page's own text. They are no measure of
// the page: the form the posts stand in still holds most of what is left. The banner is known by
// its names, or, when they are hashed, as a modal dialog over the page.
TEST(ContentSelect, AConsentBannerOutweighingThePageIsNoPartOfIt) {
  std::string purposes;
  for (int i = 1; i <= 12; ++i) {
    purposes += "<h4>Purpose " + std::to_string(i) +
                "</h4><p>These cookies are set by our partners to build a profile of your interests and show "
                "you relevant adverts on other sites, and they cannot be switched off.</p>";
  }
  for (const std::string banner : {"<div id='onetrust-consent-sdk'><div role='region'><div role='dialog'>",
                                   "<div id='h3f2a'><div class='h9c1'><div role='dialog' aria-modal='true'>"}) {
    const std::string html = "<body>" + banner + purposes + "</div></div></div><main><form action='/reply'>" +
                             "<div class='post'>" + article_paragraphs() + "</div></form></main></body>";
    for (const PageType type : {PageType::article, PageType::forum}) {
      const Document doc = Document::parse(html);
      const std::string text =
          selected_text(doc, select_content(doc, ContentRules{ContentScope::main_content, nullptr, nullptr, type}));
      EXPECT_EQ(text, kArticleText) << static_cast<int>(type) << " under " << banner;
    }
  }
}

// A page wrapped in a block named after its consent state is no banner: the page's heading is in it.
TEST(ContentSelect, APageWrappedInAConsentStateClassIsKept) {
  const std::string html =
      "<body><div class='page cookie-consent-given'><h1>Flood</h1>" + article_paragraphs() + "</div></body>";
  EXPECT_EQ(select(html), "Flood " + kArticleText);
}

// A pager is a row of page links; a "pagination" component holding headed items is the list it pages.
TEST(ContentSelect, APaginationBlockHoldingHeadingsIsTheListItPages) {
  std::string grid;
  for (int i = 1; i <= 6; ++i) {
    grid += "<article><h4><a href='/p/" + std::to_string(i) + "'>Trail runner " + std::to_string(i) +
            "</a></h4><p>A light and cushioned shoe, made for long days in the hills.</p><p>$120</p></article>";
  }
  const std::string html = "<body><main><h1>Running shoes</h1><div class='pagination_wrapper'><div role='list'>" +
                           grid +
                           "</div></div><div class='pagination'><a href='?page=2'>2</a> <a href='?page=3'>3</a> "
                           "<a href='?page=2'>Next page</a></div><section><h2>About our shoes</h2>" +
                           article_paragraphs() + "</section></main></body>";
  const Document doc = Document::parse(html);
  const std::string text = selected_text(
      doc, select_content(doc, ContentRules{ContentScope::main_content, nullptr, nullptr, PageType::collection}));
  EXPECT_NE(text.find("Trail runner 1"), std::string::npos) << text;
  EXPECT_NE(text.find("Trail runner 6"), std::string::npos) << text;
  EXPECT_EQ(text.find("Next page"), std::string::npos) << text;
}

// On a page kept whole, a menu outside <nav> (many short items, all link) goes; a list of links
// that head their items (a grid of categories) and a list of items with more than a link stay.
TEST(ContentSelect, AWholePageProfileDropsMenusOutsideNav) {
  std::string menu;
  std::string categories;
  std::string offers;
  for (int i = 1; i <= 10; ++i) {
    const std::string n = std::to_string(i);
    menu += "<li><a href='/services/" + n + "'>Payroll service " + n + "</a></li>";
    categories += "<li><a href='/c/" + n + "'><h3>Category " + n + "</h3></a></li>";
    offers += "<li><a href='/o/" + n + "'>Offer " + n + "</a> with a line of its own that says what it is</li>";
  }
  const std::string html = "<body><main><h1>Payroll</h1>" + article_paragraphs() + "<div class='mega'><ul>" + menu +
                           "</ul></div><ul>" + categories + "</ul><ul>" + offers + "</ul></main></body>";
  const Document doc = Document::parse(html);
  const std::string text = selected_text(
      doc, select_content(doc, ContentRules{ContentScope::main_content, nullptr, nullptr, PageType::service}));
  EXPECT_EQ(text.find("Payroll service"), std::string::npos) << text;
  EXPECT_NE(text.find("Category 10"), std::string::npos) << text;
  EXPECT_NE(text.find("Offer 10 with a line"), std::string::npos) << text;
  EXPECT_NE(text.find(kProse3), std::string::npos) << text;
}

// Section headings that link to themselves (href="#id") are headings, not links: they stay, and a
// reference of such sections, its entries linked, is not taken for a link list.
TEST(ContentSelect, HeadingsLinkingToThemselvesAreNotLinks) {
  std::string sections;
  for (const std::string_view name : {"Constructor", "Properties", "Methods"}) {
    const std::string id = ascii_lower_copy(name);
    sections += "<section><h2 id='" + id + "'><a href='#" + id + "'>" + std::string(name) + "</a></h2><dl>";
    for (int i = 1; i <= 3; ++i) {
      sections += "<dt><a href='/api/" + id + std::to_string(i) + "'><code>Socket." + id + std::to_string(i) +
                  "</code></a></dt><dd>What this " + id + " does for the connection.</dd>";
    }
    sections += "</dl></section>";
  }
  const std::string html = "<body><main><h1>Socket</h1><p>" + kProse1 + "</p>" + sections + "</main></body>";
  const std::string text = select(html);
  for (const std::string_view heading : {"Constructor", "Properties", "Methods"}) {
    EXPECT_NE(text.find(heading), std::string::npos) << text;
  }
  EXPECT_NE(text.find("Socket.methods3 What this methods does"), std::string::npos) << text;
}

// "header" in a heading's class says how it looks (rustdoc's code-header, a theme's section-header);
// a block so named is a page header, a heading so named is a heading.
TEST(ContentSelect, AHeadingNamedHeaderIsAHeading) {
  const std::string html =
      "<body><div class='site-header'><a href='/'>Home</a> <a href='/news'>News</a></div>"
      "<article><p>" +
      kProse1 + "</p><h3 class='code-header'>pub fn is_ok(&amp;self) -&gt; bool</h3><p>" + kProse2 +
      "</p><h2 class='section-header'>Aftermath</h2><p>" + kProse3 + "</p></article></body>";
  const std::string text = select(html);
  EXPECT_NE(text.find("pub fn is_ok(&self) -> bool"), std::string::npos) << text;
  EXPECT_NE(text.find("Aftermath"), std::string::npos) << text;
  EXPECT_EQ(text.find("Home"), std::string::npos) << text;
}

// The page's header stands outside its <main>; a "header" block inside it with a heading heads
// the content (a reference page's title and introduction above its sections).
TEST(ContentSelect, AHeaderInsideMainHeadsTheContent) {
  const std::string html =
      "<body><div class='site-header'><h1><a href='/'>Docs</a></h1></div><main>"
      "<div class='layout__header'><h1>Flood</h1><p>" +
      kProse1 + "</p></div><div class='layout__body'><section><h2>Help</h2>" + article_paragraphs() +
      "</section><section><h2>Cleanup</h2>" + article_paragraphs() + "</section></div></main></body>";
  const std::string text = select(html);
  EXPECT_TRUE(text.starts_with("Flood " + kProse1)) << text;
  EXPECT_NE(text.find("Cleanup"), std::string::npos) << text;
  EXPECT_EQ(text.find("Docs"), std::string::npos) << text;
}

// Page builders and CMSs call every module of a page a "widget" (HubSpot's hs_cos_wrapper_widget,
// Elementor's elementor-widget): on a page kept whole, the name says nothing about the block.
TEST(ContentSelect, WidgetIsNoHintOfBoilerplate) {
  const std::string html = "<body><main><div class='intro'><h1>Flood kit</h1>" + article_paragraphs() +
                           "</div><div class='hs_cos_wrapper hs_cos_wrapper_widget'><h2>What is in the kit</h2><p>" +
                           kProse2 + "</p></div></main></body>";
  const Document doc = Document::parse(html);
  const std::string text = selected_text(
      doc, select_content(doc, ContentRules{ContentScope::main_content, nullptr, nullptr, PageType::product}));
  EXPECT_NE(text.find("What is in the kit"), std::string::npos) << text;
}

// A modal or a pop-up lies over the page: it stays out even when the search is relaxed for a
// short page.
TEST(ContentSelect, ModalsAndPopupsStayOutOfShortPages) {
  const std::string html = "<body><main><p>" + kProse1 +
                           "</p><div class='address-modal'><h2>What is your address?</h2><p>Your price is "
                           "based on where you live, so enter your address to see it.</p></div><div "
                           "class='popup'>Sign up for ten percent off your first order today</div></main></body>";
  const std::string text = select(html);
  EXPECT_EQ(text, kProse1);
}

TEST(ContentSelect, SmallFormInsideArticleIsDropped) {
  const std::string html = "<body><article>" + article_paragraphs() +
                           "<form><label>Your email</label><input name=e><button>Sign me up</button></form>"
                           "</article></body>";
  EXPECT_EQ(select(html), kArticleText);
}

TEST(ContentSelect, NewsletterPitchAfterTheArticleIsDropped) {
  // No class or label says what it is: an email field and a word asking to join do.
  const std::string pitch =
      "<div class=x9f2k><h3>Stay in the loop</h3><p>Every Friday we write about the week's rides, the "
      "routes, the repairs and the people.</p><input placeholder='you@example.com'><button>Join</button></div>";
  EXPECT_EQ(select("<body><div class=a1b2>" + article_paragraphs() + "</div>" + pitch + "</body>"), kArticleText);
  EXPECT_EQ(select("<body><div class=a1b2>" + article_paragraphs() + pitch + "</div></body>"), kArticleText);
}

// A story's last part and a newsletter box named as one share a wrapper: the box went by its name,
// and the words of its button ("Sign up!") are not the wrapper's, whose own text (the story's list)
// asks for nothing. A wrapper whose own words pitch goes whole, as before.
TEST(ContentSelect, AStorysLastPartBesideANewsletterBoxStays) {
  const std::string box =
      "<div class=newsletter-signup><h4>Daily headlines</h4><form><input type=email><button>Sign up!</button>"
      "</form></div>";
  const std::string list =
      "<ul><li>The bridge reopens on Monday, after three weeks of repairs to its deck.</li><li>Buses run every "
      "ten minutes again.</li><li>The ferry keeps its summer timetable.</li></ul>";
  const std::string kept =
      select("<body><article>" + article_paragraphs() + "<div>" + list + box + "</div></article></body>");
  EXPECT_NE(kept.find("The bridge reopens"), std::string::npos) << kept;
  EXPECT_EQ(kept.find("Daily headlines"), std::string::npos) << kept;
  const std::string pitch = "<h4>Get the day's news when you sign up for our emails</h4>";
  EXPECT_EQ(select("<body><article>" + article_paragraphs() + "<div>" + pitch + box + "</div></article></body>"),
            kArticleText);
}

// Wrapped in `levels` <div>s, each the only child of the one around it (no whitespace between).
std::string nested_in_divs(const std::string& html, int levels) {
  std::string nested;
  for (int level = 0; level < levels; ++level) nested += "<div>";
  nested += html;
  for (int level = 0; level < levels; ++level) nested += "</div>";
  return nested;
}

TEST(ContentSelect, ALabelHeadsItsOwnPartAlone) {
  // A category's description opens with its "Related products" strip, in a block of its own, then
  // goes on under a heading of the same rank: the strip goes, the description stays.
  const std::string strip =
      "<div><h2>Related products</h2><a href=/desks>Standing desks</a> <a href=/trays>Keyboard trays</a></div>";
  const std::string description =
      "<div class=card><div class=card-body>" + strip +
      "<h2>Ergonomic mice</h2><p>An ergonomic mouse keeps the hand and wrist in a neutral position, so that the "
      "forearm is not twisted, and the repeated motion of mousing does not lead to tension and "
      "soreness.</p></div></div>";
  const std::string text = select("<body><div>" + description + article_paragraphs() + "</div></body>");
  EXPECT_NE(text.find("An ergonomic mouse keeps"), std::string::npos) << text;
  EXPECT_EQ(text.find("Standing desks"), std::string::npos) << text;
  // Headings among their sections' blocks, with no part of their own: the label's block goes whole,
  // as the search could not leave out the first section alone.
  const std::string strips =
      "<div><h3>Related stories</h3><p>A story about the harvest festival that we also wrote last autumn.</p>"
      "<h3>Most read</h3><p>A story about the weather in the hills, which our readers liked best.</p></div>";
  EXPECT_EQ(select("<body><div>" + article_paragraphs() + strips + "</div></body>"), kArticleText);
}

TEST(ContentSelect, ALabelledSectionIsFoundUnderMoreWrappersThanOneWalkVisits) {
  // From the outermost wrappers the label lies beyond the walk's budget of nodes; the wrappers
  // nearer to it find it, taking up the walk of the one around them.
  const std::string related =
      "<h3>Related stories</h3><p>A story about the harvest festival that we also wrote last autumn.</p>";
  for (int levels : {3, 300}) {
    EXPECT_EQ(select("<body><div>" + article_paragraphs() + nested_in_divs(related, levels) + "</div></body>"),
              kArticleText)
        << levels << " levels";
  }
}

TEST(ContentSelect, AnAdCaptionLabelsOnlyTheBlockHoldingIt) {
  // The depth of a label counts from each wrapper in turn: the innermost block holds the caption
  // and goes; the wrappers above it only begin with an ad slot.
  const std::string ad = "<p>Advertisement</p><p>The new phone, with a long battery life and a bright screen.</p>";
  EXPECT_EQ(select("<body><div>" + article_paragraphs() + nested_in_divs(ad, 3) + "</div></body>"), kArticleText);
}

TEST(ContentSelect, AWidgetsWordInASentenceIsAWordOfIt) {
  // A link that says only "compare" or "print" in the middle of a sentence is one of its words; a
  // label that begins its line ("Read more:" before a link) is the widget's.
  const std::string text =
      select("<body><div>" + article_paragraphs() +
             "<p>Some partners <a href=/guides>compare</a> one library with another, and others <a "
             "href=/print>print</a> the results for the committee that meets every month.</p><p><b>Read more:</b> "
             "<a href=/story>The harvest festival, as our readers remember it</a></p></div></body>");
  EXPECT_NE(text.find("Some partners compare one library"), std::string::npos) << text;
  EXPECT_NE(text.find("others print the results"), std::string::npos) << text;
  EXPECT_EQ(text.find("Read more"), std::string::npos) << text;
}

TEST(ContentSelect, SkipLinksAreLeftOut) {
  // Links to a place on the page for keyboard users, wherever the page puts them.
  for (const std::string skip : {"<a class=skip href='#main'>Skip to main content</a>",
                                 "<a href=' #nav'>Jump to navigation</a>", "<a href='#m'>Skip navigation</a>"}) {
    EXPECT_EQ(select("<body>" + skip + "<div>" + article_paragraphs() + "</div></body>"), kArticleText) << skip;
    EXPECT_EQ(select("<body><div>" + skip + article_paragraphs() + "</div></body>"), kArticleText) << skip;
  }
  // A link away from the page that says so is no skip link.
  const std::string text =
      select("<body><div>" + article_paragraphs() + "<p><a href='/skip'>Skip to the good part</a></p></div></body>");
  EXPECT_NE(text.find("Skip to the good part"), std::string::npos) << text;
}

TEST(ContentSelect, TextLeftOutBeforeALongPostIsNoTextBeforeIt) {
  // A long block opening with a share bar goes only after some of the content's text: the
  // header's text, left out, is none of it (a post whose wrapper holds only it and the header).
  std::string post = "<div><p>Share this post</p>";
  for (int i = 0; i < 4; ++i) post += article_paragraphs();
  post += "</div>";
  std::string header = "<header>";
  for (int i = 0; i < 30; ++i)
    header += "<a href=/s" + std::to_string(i) + ">Section number " + std::to_string(i) + "</a> ";
  header += "</header>";
  const std::string text = select("<body><div>" + header + post + "</div></body>");
  EXPECT_NE(text.find(kProse1), std::string::npos) << text;
}

TEST(ContentSelect, ANewsletterPitchIsFoundUnderMoreWrappersThanOneWalkVisits) {
  const std::string pitch =
      "<div class=x9f2k><h3>Stay in the loop</h3><p>Every Friday we write about the week's rides, the "
      "routes, the repairs and the people.</p><input placeholder='you@example.com'><button>Join</button></div>";
  EXPECT_EQ(select("<body><div>" + article_paragraphs() + nested_in_divs(pitch, 300) + "</div></body>"), kArticleText);
}

TEST(ContentSelect, ContactSectionWithAnEmailFieldIsKept) {
  // A service page's call to action asks for an email too; without words of subscribing it stays.
  const std::string contact =
      "<div><h3>Tell us about your project</h3><p>We answer every message within two working days, "
      "with a plan, a schedule and a price.</p><input type=email name=email><button>Send</button></div>";
  const std::string text = select("<body><div>" + article_paragraphs() + contact + "</div></body>");
  EXPECT_NE(text.find("We answer every message"), std::string::npos) << text;
}

TEST(ContentSelect, WikiChromeIsDropped) {
  const std::string html =
      "<body><div id=content><h1>Bridge</h1><table class='infobox vcard'><tr><th>Span</th><td>120 m</td></tr>"
      "<tr><th>Opened</th><td>1904</td></tr></table>" +
      article_paragraphs() +
      "<h2><span class=mw-headline>History</span><span class=mw-editsection><span "
      "class=mw-editsection-bracket>[</span><a href='/w/index.php?action=edit'>edit</a><span "
      "class=mw-editsection-bracket>]</span></span></h2><p>The bridge was built in 1904 by the town's own "
      "masons, from stone cut in the valley, over three summers.</p><div class=navbox><a href=/a>Towns</a> "
      "<a href=/b>Rivers</a> <a href=/c>Bridges of the valley</a></div></div></body>";
  const std::string text = select(html);
  EXPECT_EQ(text.find("120 m"), std::string::npos) << text;
  EXPECT_EQ(text.find("edit"), std::string::npos) << text;
  EXPECT_EQ(text.find("Towns"), std::string::npos) << text;
  EXPECT_NE(text.find("History The bridge was built in 1904"), std::string::npos) << text;
}

// What a page marks as not its content for site search ("nocontent") stays out even of a short page,
// where the search relaxes its other filters.
TEST(ContentSelect, WhatAPageMarksAsNoContentIsDropped) {
  const std::string html = "<body><main><article><h1>Function calling</h1><p>" + kProse1 +
                           "</p></article><footer-note class='nocontent'><p>Except as otherwise noted, the content "
                           "of this page is licensed under a Creative Commons licence.</p></footer-note></main></body>";
  const std::string text = select(html);
  EXPECT_NE(text.find("The river rose overnight"), std::string::npos) << text;
  EXPECT_EQ(text.find("Creative Commons"), std::string::npos) << text;
}

TEST(ContentSelect, AFeatureSectionCalledInfoboxIsContent) {
  // Page builders name feature blocks "infobox" too; only a wiki's table of facts is chrome.
  const std::string html = "<body><div>" + article_paragraphs() +
                           "<section class=infobox--left-align><p>Cheaper to build: one team writes one app for "
                           "every platform, in half the time, at half the cost.</p></section></div></body>";
  EXPECT_NE(select(html).find("Cheaper to build"), std::string::npos);
}

TEST(ContentSelect, AnInlineElementOfWhitespaceStaysAndABlockOfItGoes) {
  // A space in an inline element separates two words; a block separates them anyway.
  const Document doc =
      Document::parse("<body><div>" + article_paragraphs() +
                      "<p><em>class</em><span id=space> </span>Name</p><div id=gap> </div></div></body>");
  const ContentSelection selection = select_content(doc, ContentRules{});
  const std::vector<NodeId> spans = doc.find_all(HtmlTag::span);
  const std::vector<NodeId> divs = doc.find_all(HtmlTag::div);
  ASSERT_EQ(spans.size(), 1U);
  ASSERT_EQ(divs.size(), 2U);
  EXPECT_FALSE(selection.dropped[spans[0]]);
  EXPECT_TRUE(selection.dropped[divs[1]]);
}

TEST(ContentSelect, WholeBodyKeepsNavigation) {
  const std::string html =
      "<body><nav>Home About</nav><article><p>Short text.</p></article>"
      "<footer>Footer line</footer><script>bad()</script>"
      "<div hidden>secret</div></body>";
  EXPECT_EQ(select(html, ContentScope::whole_body), "Home About Short text. Footer line");
}

TEST(ContentSelect, ShortPageStillReturnsItsText) {
  EXPECT_EQ(select("<body><div><p>Just one short line.</p></div></body>"), "Just one short line.");
}

TEST(ContentSelect, EmptyDocument) { EXPECT_EQ(select(""), ""); }

// A page without text gets the most relaxed attempt's pick (the only one that runs on it): the
// pictures in a block whose class the strict attempt drops are kept.
TEST(ContentSelect, APageWithoutTextKeepsThePicturesTheStrictAttemptDrops) {
  const Document doc = Document::parse(
      "<body><div class='sidebar'><img src=a.jpg><img src=b.jpg></div><div class='comments'><hr></div></body>");
  const ContentSelection selection = select_content(doc, ContentRules{});
  std::size_t kept_pictures = 0;
  for (NodeId root : selection.roots) {
    doc.walk(root, [&](NodeId id) {
      if (selection.dropped[id]) return false;
      if (doc.is_element(id, HtmlTag::img)) ++kept_pictures;
      return true;
    });
  }
  EXPECT_EQ(kept_pictures, 2u);
}

// A grid of product links taken for one product page: the product profile drops the links as
// navigation and keeps a sliver, so the article search, which asks nothing of the kind, runs instead.
TEST(ContentSelect, AProfileLeavingAFragmentGivesWayToTheArticleSearch) {
  std::string grid;
  for (int i = 1; i <= 80; ++i) {
    grid += "<div><a href='/p/" + std::to_string(i) + "'>Trail runner " + std::to_string(i) +
            ", a light and cushioned shoe for long days in the hills</a> <span>$120, rated 4.4 out of 5</span></div>";
  }
  const std::string html = "<body><nav><a href='/'>Home</a></nav><main><h1>Running shoes</h1><div>" + grid +
                           "</div></main><footer>Shop policies</footer></body>";
  const Document doc = Document::parse(html);
  const ContentSelection selection =
      select_content(doc, ContentRules{ContentScope::main_content, nullptr, nullptr, PageType::product});
  const std::string text = selected_text(doc, selection);
  EXPECT_NE(text.find("Trail runner 1, a light"), std::string::npos) << text;
  EXPECT_NE(text.find("Trail runner 80, a light"), std::string::npos) << text;
  EXPECT_EQ(text.find("Shop policies"), std::string::npos) << text;
}

// An index: a lead story, then items that are mostly their headline links. Cleaning the pick as an
// article's would keep the lead alone; when it takes most of the pick's text, the items are content.
TEST(ContentSelect, CleaningThatTakesMostOfThePickGivesWayToTheNextAttempt) {
  std::string teasers;
  for (int i = 1; i <= 20; ++i) {
    teasers += "<div class=item><a href='/story/" + std::to_string(i) + "'>Story " + std::to_string(i) +
               ": the valley towns count the cost of the spring floods</a> <span>by Ann Lee, May " + std::to_string(i) +
               "</span></div>";
  }
  const std::string html = "<body><nav><a href='/'>Home</a></nav><div id=stories>" + article_paragraphs() + teasers +
                           "</div><footer>Footer line</footer></body>";
  const std::string text = select(html);
  EXPECT_NE(text.find(kProse1), std::string::npos) << text;
  EXPECT_NE(text.find("Story 1: the valley towns"), std::string::npos) << text;
  EXPECT_NE(text.find("Story 20: the valley towns"), std::string::npos) << text;
  EXPECT_EQ(text.find("Footer line"), std::string::npos) << text;
}

TEST(ContentSelect, IncludeSelectorsChooseRoots) {
  const SelectorList include = selectors(".keep, #second");
  const std::string html = "<body><nav class=keep>Menu kept</nav><article>" + article_paragraphs() +
                           "</article><div class=keep>One <span class=keep>nested</span></div>"
                           "<p id=second>Two</p></body>";
  // An include list overrides the main-content search, in document order, without repeats.
  EXPECT_EQ(select(html, ContentScope::main_content, &include), "Menu kept One nested Two");
}

TEST(ContentSelect, IncludeWithNoMatchSelectsNothing) {
  const SelectorList include = selectors("#missing");
  const std::string html = "<body><article>" + article_paragraphs() + "</article></body>";
  EXPECT_EQ(select(html, ContentScope::main_content, &include), "");
}

TEST(ContentSelect, ExcludeSelectorsDropBlocks) {
  const SelectorList exclude = selectors("p.promo, [data-ad]");
  const std::string html = "<body><article>" + article_paragraphs() +
                           "<p class=promo>Buy our app, now cheaper, with more features, and no ads!</p>"
                           "<div data-ad>An advert paragraph, long enough to matter, with commas.</div>"
                           "</article></body>";
  EXPECT_EQ(select(html, ContentScope::main_content, nullptr, &exclude), kArticleText);
}

TEST(ContentSelect, ExcludeAppliesInWholeBodyAndInsideIncludes) {
  const SelectorList exclude = selectors(".drop");
  EXPECT_EQ(select("<body><p>a</p><p class=drop>b</p><p>c</p></body>", ContentScope::whole_body, nullptr, &exclude),
            "a c");
  const SelectorList include = selectors("section");
  EXPECT_EQ(select("<body><p>out</p><section>in <b class=drop>gone</b> too</section></body>",
                   ContentScope::main_content, &include, &exclude),
            "in too");
}

TEST(ContentSelect, ExcludedIncludeIsNotRendered) {
  const SelectorList include = selectors("section");
  const SelectorList exclude = selectors("#x");
  EXPECT_EQ(select("<body><section id=x>first</section><section>second</section></body>", ContentScope::main_content,
                   &include, &exclude),
            "second");
}

TEST(ContentSelect, DivStartingWithLabelWordButReadingAsProseIsKept) {
  const std::string lead = "Recommended daily intake of vitamin C is 90 mg for men and 75 mg for women, say experts.";
  const std::string html = "<body><article><div>" + lead + "</div>" + article_paragraphs() + "</article></body>";
  EXPECT_EQ(select(html), lead + " " + kArticleText);
}

// An ad's caption labels the slot it sits in: the slot goes, with the ad's own text, but not the
// post or paragraph the slot was placed at the start of (a forum's ad inside the first post).
TEST(ContentSelect, AnAdCaptionTakesItsSlotButNotWhatTheSlotOpens) {
  const std::string html = "<body><article><p>" + kProse1 +
                           "</p><div><div class=slot><div class=unit><div>Advertisement - Members see no "
                           "ads</div></div></div><div>" +
                           kProse2 +
                           "</div></div><div class=break><span>Advertisement</span><p>Learn a new language in "
                           "ten minutes a day: start your free trial today.</p></div><p>" +
                           kProse3 + "</p></article></body>";
  EXPECT_EQ(select(html), kArticleText);
}

// A page builder's modules left with their sample text, one shown and one in a hidden template,
// outweigh a short page's own text; they were never meant to be read. A page that only mentions
// the filler keeps its sentence.
TEST(ContentSelect, PlaceholderModulesAreNoContent) {
  const std::string filler =
      "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et "
      "dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip.";
  std::string modules;
  for (int i = 1; i <= 4; ++i) {
    modules += "<section class=module><h5>Head Line " + std::to_string(i) + "</h5><p>" + filler +
               "</p><ul><li>Lorem ipsum 1</li><li>Lorem ipsum 2</li></ul><a href=/x>Learn More</a></section>";
  }
  const std::string html = "<body><main><section class=intro><h1>Rankings</h1><p>" + kProse1 + "</p><p>" + kProse2 +
                           "</p></section>" + modules + "<div hidden>" + modules + "</div></main></body>";
  EXPECT_EQ(select(html), "Rankings " + kProse1 + " " + kProse2);

  const std::string mention = "Designers fill their mock-ups with lorem ipsum, a scrambled passage of Cicero.";
  EXPECT_EQ(select("<body><article><p>" + mention + "</p>" + article_paragraphs() + "</article></body>"),
            mention + " " + kArticleText);
}

// A section written twice (once for wide screens, once for narrow ones) is read once. A paragraph
// said twice (a refrain) and a code sample shown twice stay, and so does documentation, which
// repeats on purpose (a parameter's description under every call that takes it).
TEST(ContentSelect, ABlockWrittenTwiceIsKeptOnce) {
  const std::string plans = "<h2>Plans</h2><p>" + kProse2 + "</p>";
  const std::string refrain = "<p>" + kProse3 + "</p>";
  const std::string code =
      "<pre>for (int line = 0; line < order.size(); ++line) {\n  total += order[line].price * order[line].quantity;\n"
      "  weight += order[line].weight; // every line of the order\n}</pre>";
  const std::string html = "<body><article><p>" + kProse1 + "</p><div class=wide>" + plans +
                           "</div><div class=narrow>" + plans + "</div>" + refrain + refrain + code + code +
                           "</article></body>";
  const std::string once = select(html);
  EXPECT_EQ(once.find(kProse2), once.rfind(kProse2)) << once;
  EXPECT_NE(once.find(kProse3), once.rfind(kProse3)) << once;
  EXPECT_NE(once.find("every line of the order"), once.rfind("every line of the order")) << once;

  const Document doc = Document::parse(html);
  ContentRules documentation;
  documentation.page_type = PageType::documentation;
  const std::string reference = selected_text(doc, select_content(doc, documentation));
  EXPECT_NE(reference.find(kProse2), reference.rfind(kProse2)) << reference;
}

// A ticker writes one short phrase again and again for an animation to scroll; a list of a few
// alike items, or items with text between them, is no ticker.
TEST(ContentSelect, ATickerOfOnePhraseIsLeftOut) {
  std::string ticker = "<div class=track>";
  for (int i = 0; i < 12; ++i) ticker += "<span>Book now <span>*</span></span>";
  ticker += "</div>";
  EXPECT_EQ(select("<body><article>" + article_paragraphs() + ticker + "</article></body>"), kArticleText);

  std::string five = "<ul>";
  for (int i = 0; i < 5; ++i) five += "<li>Included in the plan</li>";
  five += "</ul>";
  EXPECT_NE(select("<body><article>" + article_paragraphs() + five + "</article></body>").find("Included"),
            std::string::npos);
  std::string spoken = "<p>";
  for (int i = 0; i < 8; ++i) spoken += "<b>Go</b>, ";
  spoken += "</p>";
  EXPECT_NE(select("<body><article>" + article_paragraphs() + spoken + "</article></body>").find("Go"),
            std::string::npos);
}

// A table row of the same mark in every column is data, however many columns repeat it.
TEST(ContentSelect, ARowOfTheSameMarkInEveryCellIsNoTicker) {
  std::string table = "<table><tr>";
  for (int i = 1; i <= 12; ++i) table += "<th>Plan " + std::to_string(i);
  table += "<tr>";
  for (int i = 0; i < 12; ++i) table += "<td>Included";
  table += "</table>";
  const std::string text = select("<body><article>" + article_paragraphs() + table + "</article></body>");
  EXPECT_NE(text.find("Included"), std::string::npos) << text;
}

// A block that only wraps another holds the same text, and is not its repeat.
TEST(ContentSelect, AWrapperIsNotARepeatOfWhatItWraps) {
  const std::string html = "<body><article><div class=outer><div class=inner><h2>Plans</h2><p>" + kProse1 + "</p><p>" +
                           kProse2 + "</p></div></div><p>" + kProse3 + "</p></article></body>";
  EXPECT_EQ(select(html), "Plans " + kArticleText);
}

// A heading written twice side by side (one copy for small screens, one for large) is read once; the
// same line apart from its copy, or a paragraph said twice in a row (a refrain), stays as written.
TEST(ContentSelect, AShortBlockBesideItsCopyIsReadOnce) {
  const std::string title = "How the committee chose its plans";
  const std::string copies =
      "<div class=show-sm><h2>" + title + "</h2></div>\n<div class=show-lg><h2>" + title + "</h2></div>";
  const std::string once = select("<body><article>" + copies + article_paragraphs() + "</article></body>");
  EXPECT_EQ(once, title + " " + kArticleText);

  const std::string apart =
      "<h2>" + title + "</h2><p>" + kProse1 + "</p><h2>" + title + "</h2><p>" + kProse2 + "</p><p>" + kProse3 + "</p>";
  EXPECT_EQ(select("<body><article>" + apart + "</article></body>"),
            title + " " + kProse1 + " " + title + " " + kProse2 + " " + kProse3);

  // However short the heading; but two cards side by side that share their title (each its own
  // picture) are two cards.
  const std::string short_copies = "<div class=show-sm><h2>Plans</h2></div><div class=show-lg><h2>Plans</h2></div>";
  EXPECT_EQ(select("<body><article>" + short_copies + article_paragraphs() + "</article></body>"),
            "Plans " + kArticleText);
  const std::string cards =
      "<div><img src=/a.png alt='Ash'><h3>Sets</h3></div><div><img src=/b.png "
      "alt='Oak'><h3>Sets</h3></div>";
  const std::string both = select("<body><article>" + article_paragraphs() + cards + "</article></body>");
  EXPECT_NE(both.find("Sets"), both.rfind("Sets")) << both;

  const std::string refrain = "<p>And the river keeps on rolling to the sea</p>";
  const std::string sung = select("<body><article>" + article_paragraphs() + refrain + refrain + "</article></body>");
  EXPECT_NE(sung.find("to the sea"), sung.rfind("to the sea")) << sung;
}

// A heading that says a widget's word ("Share") is a section's title when a paragraph follows it
// (a method of that name in a reference), and a widget's label over a row of buttons.
TEST(ContentSelect, AWidgetWordHeadingOverProseIsATitle) {
  const std::string method =
      "<h3>Share</h3><p>Opens the system's share sheet with the given text and link, and resolves "
      "once the reader has picked a target or closed the sheet.</p>";
  const std::string kept = select("<body><article>" + article_paragraphs() + method + "</article></body>");
  EXPECT_NE(kept.find("Share Opens"), std::string::npos) << kept;

  const std::string buttons = "<h3>Share</h3><div><a href=/fb>Facebook</a> <a href=/x>X</a></div>";
  const std::string dropped = select("<body><article>" + article_paragraphs() + buttons + "</article></body>");
  EXPECT_EQ(dropped.find("Share"), std::string::npos) << dropped;
}

TEST(ContentSelect, EmptySelectorListsChangeNothing) {
  const SelectorList none;
  const std::string html = "<body><nav>Menu</nav><article>" + article_paragraphs() + "</article></body>";
  EXPECT_EQ(select(html, ContentScope::main_content, &none, &none), kArticleText);
}

}  // namespace
}  // namespace pagemd::extract
