// The profiles of lib/extract/src/content/content_profile.hpp (what each kind of page keeps) and
// the under-extraction checks of content.cpp, through the whole extraction.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>

#include "text/phrases/boilerplate.hpp"
#include "extract_test_helpers.hpp"
#include "pagemd/extract/extractor.hpp"

namespace pagemd::extract {
namespace {

using test_support::run;
using test_support::words;

constexpr std::string_view kProductLd = R"(<script type="application/ld+json">{"@context":"https://schema.org",
  "@type":"Product","name":"Stoneware mug","description":"A stoneware mug thrown by hand on the wheel.\nEach glaze is mixed in the studio, so no two mugs are alike.",
  "offers":{"@type":"Offer","price":"28.00","priceCurrency":"USD"}}</script>)";

// The mug's product page (its structured data in the head) with `body` for its body, checked to be
// taken for a product.
Extraction run_mug_page(const std::string& body) {
  ExtractOptions options;
  options.page_url = "https://shop.example/products/stoneware-mug";
  Extraction product = run(std::string("<html><head><title>Stoneware mug</title>") + std::string(kProductLd) +
                               "</head><body>" + body + "</body></html>",
                           options);
  EXPECT_EQ(product.metadata.page_type, PageType::product);
  return product;
}

// A description that only the structured data holds (the page shows it behind a script-driven tab)
// is added after the content, a paragraph a line, and counted.
TEST(ExtractProduct, AHiddenDescriptionComesFromTheStructuredData) {
  ExtractOptions options;
  options.page_url = "https://shop.example/products/stoneware-mug";
  const Extraction hidden = run(std::string("<html><head><title>Stoneware mug</title>") + std::string(kProductLd) +
                                    "</head><body><h1>Stoneware mug</h1><p>$28.00</p><button>Add to cart</button>"
                                    "</body></html>",
                                options);
  EXPECT_EQ(hidden.metadata.page_type, PageType::product);
  EXPECT_NE(hidden.markdown.find("A stoneware mug thrown by hand on the wheel.\n\nEach glaze is mixed in the "
                                 "studio, so no two mugs are alike."),
            std::string::npos)
      << hidden.markdown;

  const Extraction shown = run(std::string("<html><head><title>Stoneware mug</title>") + std::string(kProductLd) +
                                   "</head><body><h1>Stoneware mug</h1><p>A stoneware mug thrown by hand on the "
                                   "wheel. Each glaze is mixed in the studio, so no two mugs are alike.</p>"
                                   "<p>$28.00</p><button>Add to cart</button></body></html>",
                               options);
  const std::string sentence = "A stoneware mug thrown by hand on the wheel.";
  const std::size_t first = shown.markdown.find(sentence);
  ASSERT_NE(first, std::string::npos) << shown.markdown;
  EXPECT_EQ(shown.markdown.find(sentence, first + 1), std::string::npos) << "described twice:\n" << shown.markdown;
  EXPECT_GE(hidden.metadata.word_count, 22U);  // the description's words count like any others
}

// A thread of four posts, "Post N says ..." by potterN: each post is kept, with its author.
void expect_four_posts_with_authors(const Extraction& forum) {
  EXPECT_EQ(forum.metadata.page_type, PageType::forum);
  for (int i = 0; i < 4; ++i) {
    EXPECT_NE(forum.markdown.find("Post " + std::to_string(i) + " says"), std::string::npos) << forum.markdown;
    EXPECT_NE(forum.markdown.find("potter" + std::to_string(i)), std::string::npos) << forum.markdown;
  }
}

// Every post is content with its author line; the rank, badges and signature repeated with every
// post are not, nor the quotes of earlier posts.
TEST(ExtractForum, PostsKeepTheirAuthorButNotTheirChrome) {
  ExtractOptions options;
  options.page_url = "https://forum.example/threads/kiln-wash.77/";
  std::string thread =
      "<html><head><title>Kiln wash</title></head><body><div class=\"thread\"><dl class=\"blockStatus\"><dd>Not "
      "open for further replies.</dd></dl>";
  for (int i = 0; i < 4; ++i) {
    if (i == 2)
      thread += "<div class=\"samTextUnit\">Elevate your business spending with a card made for makers.</div>";
    const std::string preview =
        i == 3 ? "<div class=\"bbCodeBlock bbCodeBlock--unfurl js-unfurl\"><h3>Kiln shelves - Wikipedia</h3>"
                 "<div>en.m.wikipedia.org</div></div>"
               : "";
    thread += "<article class=\"message\"><div class=\"message-user\"><h4 class=\"message-name\">potter" +
              std::to_string(i) +
              "</h4><h5 class=\"userTitle message-userTitle\">Well-known member</h5>"
              "<div class=\"userBanner\">Supporter</div><div class=\"message-userExtras\"><dl><dt>Joined</dt>"
              "<dd>Jun 29, 2016</dd></dl></div></div><div class=\"message-content\">" +
              (i > 0 ? "<blockquote class=\"bbCodeBlock bbCodeBlock--quote\">potter0 said: an earlier post, "
                       "quoted again</blockquote>"
                     : "") +
              "<p>Post " + std::to_string(i) +
              " says a thin coat of kiln wash on the shelves saves them from glaze drips, "
              "and it is worth renewing each spring.</p>" +
              preview +
              "</div><aside class=\"message-signature\">Throwing pots "
              "since the last century.</aside></article>";
  }
  thread += "</div></body></html>";
  const Extraction forum = run(thread, options);
  expect_four_posts_with_authors(forum);
  EXPECT_EQ(forum.markdown.find("Well-known member"), std::string::npos) << forum.markdown;
  EXPECT_EQ(forum.markdown.find("Supporter"), std::string::npos) << forum.markdown;
  EXPECT_EQ(forum.markdown.find("since the last century"), std::string::npos) << forum.markdown;
  EXPECT_EQ(forum.markdown.find("quoted again"), std::string::npos) << forum.markdown;  // the thread holds it
  EXPECT_EQ(forum.markdown.find("Joined"), std::string::npos) << forum.markdown;
  EXPECT_EQ(forum.markdown.find("further replies"), std::string::npos) << forum.markdown;
  EXPECT_EQ(forum.markdown.find("Elevate your business"), std::string::npos) << forum.markdown;
  EXPECT_EQ(forum.markdown.find("wikipedia.org"), std::string::npos) << forum.markdown;
}

// FluxBB and vBulletin 3 write the poster's figures as bare lines, with no name to know them by.
TEST(ExtractForum, BarePosterFiguresAndSignaturesAreNotPosts) {
  ExtractOptions options;
  options.page_url = "https://bbs.example/viewtopic.php?id=298271";
  std::string thread = "<html><head><title>Kiln wash</title></head><body><div id=\"brdmain\">";
  for (int i = 0; i < 4; ++i) {
    thread += "<div class=\"blockpost\"><h2><span>#" + std::to_string(i + 1) +
              " 2024-08-03 10:59:47</span></h2><div class=\"postleft\"><dl><dt><strong>potter" + std::to_string(i) +
              "</strong></dt><dd><span>From: Brisbane, AU</span></dd><dd><span>Registered: 2024-01-27</span></dd>"
              "<dd><span>Posts: 73,365</span></dd></dl><div class=\"author_statistics\">Threads 23, reputation "
              "7</div></div><div class=\"postright\"><div class=\"postmsg\"><p>Post " +
              std::to_string(i) +
              " says a thin coat of kiln wash on the shelves saves them from glaze drips, and it is worth "
              "renewing each spring.</p></div><div class=\"postsignature postmsg\"><p>Throwing "
              "pots since the last century.</p></div></div></div>";
  }
  thread += "</div></body></html>";
  const Extraction forum = run(thread, options);
  expect_four_posts_with_authors(forum);
  for (const char* chrome : {"Brisbane", "Registered", "73,365", "since the last century", "reputation"}) {
    EXPECT_EQ(forum.markdown.find(chrome), std::string::npos) << chrome << " in\n" << forum.markdown;
  }
}

// A poster's figures written as a term and its value (XenForo's pairs), with class names that say
// nothing: the terms name the figures. A description list of a post's own words stays.
TEST(ExtractForum, PosterFiguresAsTermsAndValuesAreNotPosts) {
  ExtractOptions options;
  options.page_url = "https://forum.example/threads/kiln-wash.77/";
  std::string thread = "<html><head><title>Kiln wash</title></head><body><div class=h1a2>";
  for (int i = 0; i < 4; ++i) {
    thread += "<article class=h3b4><section class=h5c6><h4>potter" + std::to_string(i) +
              "</h4><div class=h7d8><dl class=h9e0><dt>Joined</dt><dd>Jun 29, 2016</dd></dl><dl class=h9e0>"
              "<dt>Reaction score</dt><dd>1,0" +
              std::to_string(i) + "7</dd></dl></div></section><div class=hf1a><p>Post " + std::to_string(i) +
              " says a thin coat of kiln wash on the shelves saves them from glaze drips, and it is worth "
              "renewing each spring.</p>" +
              (i == 1 ? "<dl><dt>Kiln</dt><dd>Skutt 1027, fired to cone 6</dd></dl>" : "") + "</div></article>";
  }
  thread += "</div></body></html>";
  const Extraction forum = run(thread, options);
  expect_four_posts_with_authors(forum);
  EXPECT_NE(forum.markdown.find("cone 6"), std::string::npos) << forum.markdown;
  for (const char* chrome : {"Joined", "Jun 29", "Reaction score", "1,007"}) {
    EXPECT_EQ(forum.markdown.find(chrome), std::string::npos) << chrome << " in\n" << forum.markdown;
  }
}

TEST(PosterFigure, ALabelAColonAndAShortValue) {
  EXPECT_TRUE(looks_like_poster_figure("Join Date: Mar 2016"));
  EXPECT_TRUE(looks_like_poster_figure(" Posts: 73,365 "));
  EXPECT_TRUE(looks_like_poster_figure("Reaction score: 10"));
  EXPECT_FALSE(looks_like_poster_figure("Posts: "));
  EXPECT_FALSE(looks_like_poster_figure("Posts 98"));
  EXPECT_FALSE(looks_like_poster_figure("Location: the shed behind the old house by the river"));
  EXPECT_FALSE(looks_like_poster_figure("Note: kiln wash"));
}

// phpBB shows the poster's name and figures in a profile column beside each post; the post's own
// "by NAME » date" line keeps the name.
TEST(ExtractForum, APhpbbPostKeepsItsAuthorLineButNotThePostersFigures) {
  ExtractOptions options;
  options.page_url = "https://forum.example/viewtopic.php?f=20&t=4871";
  std::string thread = "<html><head><title>Kiln wash</title></head><body><div id=\"page-body\">";
  for (int i = 0; i < 4; ++i) {
    const std::string name = "potter" + std::to_string(i);
    thread += "<div class=\"post bg2\"><div class=\"inner\"><dl class=\"postprofile\"><dt>" + name +
              "</dt><dd><strong>Posts:</strong> 4032</dd><dd><strong>Founded:</strong> Dec 11, 2021</dd></dl>"
              "<div class=\"postbody\"><p class=\"author\">by <strong>" +
              name + "</strong> &raquo; Tue Aug 27, 2019 1:47 am</p><div class=\"content\">Post " + std::to_string(i) +
              " says a thin coat of kiln wash on the shelves saves them from glaze drips, and it is worth renewing "
              "each spring.</div></div></div></div>";
  }
  thread += "</div></body></html>";
  const Extraction forum = run(thread, options);
  EXPECT_EQ(forum.metadata.page_type, PageType::forum);
  for (int i = 0; i < 4; ++i) {
    EXPECT_NE(forum.markdown.find("Post " + std::to_string(i) + " says"), std::string::npos) << forum.markdown;
    EXPECT_NE(forum.markdown.find("by **potter" + std::to_string(i) + "**"), std::string::npos) << forum.markdown;
  }
  EXPECT_EQ(forum.markdown.find("Founded"), std::string::npos) << forum.markdown;
  EXPECT_EQ(forum.markdown.find("4032"), std::string::npos) << forum.markdown;
}

// Under-extraction: a reference page in headed sections (Sphinx writes a module's functions and
// its recipes as sibling <section>s, an anchor before each heading) is all of them, though a code
// block of one section (all commas) outscores everything around it.
TEST(ExtractUnderExtraction, AReferenceInHeadedSectionsIsEverySection) {
  std::string functions;
  for (int i = 0; i < 10; ++i) {
    functions += "<dl class='py function'><dt>tool" + std::to_string(i) +
                 "(iterable)</dt><dd><p>Make an iterator that returns the items of iterable " + std::to_string(i) +
                 ", one at a time.</p></dd></dl>";
  }
  std::string code;
  for (int i = 0; i < 12; ++i) code += "def recipe" + std::to_string(i) + "(a, b, c, d, e): return f(a, b, c, d, e)\n";
  const std::string prose =
      "<p>The recipes show how the tools combine: chain the iterables, then slice the result, then group "
      "the items by a key, and each step stays lazy, so memory stays flat.</p>";
  const std::string page =
      "<html><head><title>tools</title></head><body><div class=body role=main><section id=module><h1>tools</h1>"
      "<p>Functions that build iterators.</p><section id=functions><span id=fn></span><h2>Functions</h2>" +
      functions + "</section><section id=recipes><span id=rc></span><h2>Recipes</h2>" + prose + prose +
      "<div class=highlight-python><pre>" + code + "</pre></div>" + prose +
      "</section></section></div><div class=sphinxsidebar><a href=/>Index</a></div></body></html>";
  const Extraction reference = run(page);
  EXPECT_NE(reference.markdown.find("returns the items of iterable 3"), std::string::npos) << reference.markdown;
  EXPECT_NE(reference.markdown.find("## Recipes"), std::string::npos) << reference.markdown;
  EXPECT_NE(reference.markdown.find("def recipe11"), std::string::npos) << reference.markdown;
}

// Under-extraction: a page of headed parts that are plain <div>s (a course page: details, projects,
// assignments, then a long schedule table) is every part, not the table that outweighs the rest.
TEST(ExtractUnderExtraction, APageOfHeadedDivsIsEveryPart) {
  std::string schedule = "<table><tr><th>Date</th><th>Topic</th><th>Notes</th></tr>";
  for (int i = 0; i < 20; ++i) {
    schedule += "<tr><td>Sep " + std::to_string(i + 1) + "</td><td>Lecture " + std::to_string(i) +
                ": sampling, sketching and the spectral methods behind them</td><td>Scribe notes, "
                "chapter " +
                std::to_string(i) + " of the reading, with the proofs left as exercises</td></tr>";
  }
  schedule += "</table>";
  const auto part = [](const std::string& title, const std::string& body) {
    return "<div><h4>" + title + "</h4>" + body + "</div>";
  };
  const std::string page =
      "<html><head><title>Algorithms</title></head><body><div id=content><div id=pagetitle>Algorithms, "
      "Fall term</div>" +
      part("Details", "<p>Office hours: Thursday 4-5, room 3.325.</p>") +
      part("Projects", "<ul><li>Learning latent trees</li><li>Edge of stability</li></ul>") +
      part("Assignments", "<ul><li>Problem set 0, due in the first week</li></ul>") + part("Lectures", schedule) +
      "</div></body></html>";
  const Extraction course = run(page);
  EXPECT_NE(course.markdown.find("Lecture 19"), std::string::npos) << course.markdown;
  EXPECT_NE(course.markdown.find("Office hours: Thursday"), std::string::npos) << course.markdown;
  EXPECT_NE(course.markdown.find("Edge of stability"), std::string::npos) << course.markdown;
  EXPECT_NE(course.markdown.find("Problem set 0"), std::string::npos) << course.markdown;

  // A block that is no headed part between the parts: they are no document of parts, and the table
  // that outweighs them stays the pick.
  const std::string interrupted =
      "<html><head><title>Algorithms</title></head><body><div id=content>" +
      part("Details", "<p>Office hours: Thursday 4-5, room 3.325.</p>") +
      "<div><p>A block that is no headed part.</p></div>" +
      part("Projects", "<ul><li>Learning latent trees</li><li>Edge of stability</li></ul>") +
      part("Lectures", schedule) + "</div></body></html>";
  EXPECT_EQ(run(interrupted).markdown.find("Office hours: Thursday"), std::string::npos);

  // A grid of cards that are only a picture and a linked title (a portfolio): taken for a document of
  // parts, it would be cleaned away as links and the page would come out empty.
  std::string cards;
  for (int i = 0; i < 30; ++i) {
    const std::string href = "/case/" + std::to_string(i);
    cards += "<div class=project><a href=" + href + "><img src=/c" + std::to_string(i) +
             ".jpg alt=cover></a><h4><a href=" + href + ">Provider number " + std::to_string(i) +
             " of lawn care</a></h4></div>";
  }
  const Extraction portfolio =
      run("<html><head><title>Portfolio</title></head><body><main><section><header><h1>Web designs</h1><h2>New "
          "websites</h2></header></section><section><header><ul class=filter><li><a href=#>All</a></li></ul></header>"
          "<div><article><div class=entry><div class=grid><div id=portfolio>" +
          cards + "</div></div></div></article></div></section></main></body></html>");
  EXPECT_NE(portfolio.markdown.find("Provider number"), std::string::npos) << portfolio.markdown;
}

// The same when the pick is several parts at once (a reference page's sections, taken beside the
// long one that scores best): the short parts before them (the command's one-line purpose, its synopsis)
// are parts of the document too.
TEST(ExtractUnderExtraction, APickOfSeveralHeadedPartsWidensToEveryPart) {
  const auto section = [](const std::string& title, int paragraphs) {
    std::string body;
    for (int i = 0; i < paragraphs; ++i) {
      body += "<p>The " + title + " clause " + std::to_string(i) +
              " filters the rows that the earlier clauses produced, in the order the query states them, "
              "and passes the rest on to the clauses that follow it.</p>";
    }
    return "<div class=refsect1><h2>" + title + "</h2>" + body + "</div>";
  };
  const std::string page =
      "<html><head><title>SELECT</title></head><body><div id=docContent><div class=refentry>"
      "<div class=refnamediv><h2>SELECT</h2><p>SELECT, TABLE, WITH - retrieve rows from a table</p></div>"
      "<div class=refsynopsisdiv><h2>Synopsis</h2><pre>SELECT expression FROM from_item WHERE condition</pre></div>" +
      section("Description", 4) + section("Parameters", 30) + section("Examples", 4) + section("Compatibility", 4) +
      "</div></div></body></html>";
  const Extraction reference = run(page);
  EXPECT_NE(reference.markdown.find("retrieve rows from a table"), std::string::npos) << reference.markdown;
  EXPECT_NE(reference.markdown.find("SELECT expression FROM from_item"), std::string::npos) << reference.markdown;
  EXPECT_NE(reference.markdown.find("Compatibility clause 3"), std::string::npos) << reference.markdown;
}

// Under-extraction: an article that a page builder split into alike rows (each a column holding a
// text block, with pictures between them) is every row, not the row that scores best; the same
// holds for the teasers of an index.
TEST(ExtractUnderExtraction, AnArticleSplitOverAlikeBlocksIsWhole) {
  std::string page = "<html><head><title>A new typeface</title></head><body><main><div class=\"page\">";
  for (int i = 0; i < 4; ++i) {
    const std::string sentence = "Part " + std::to_string(i) +
                                 " of the story: the designers drew the letters by hand first, then tuned every "
                                 "curve for small screens, large posters and everything in between, testing each "
                                 "weight in print, in motion, and at the sizes that phones, watches and cars use.";
    // One row says much more than the others, so it alone is the best block.
    page += "<div class=\"row layout\"><div class=\"col\"><div class=\"text\"><p>" + sentence + "</p>" +
            (i == 1 ? "<p>" + sentence + "</p><p>" + sentence + "</p>" : std::string()) + "</div></div></div>";
    page += "<div class=\"row layout\"><div class=\"col\"><figure><img src=\"/f" + std::to_string(i) +
            ".png\" alt=\"\"><figcaption>Figure " + std::to_string(i) + "</figcaption></figure></div></div>";
  }
  page += "</div></main></body></html>";
  const Extraction article = run(page);
  for (int i = 0; i < 4; ++i) {
    EXPECT_NE(article.markdown.find("Part " + std::to_string(i) + " of the story"), std::string::npos)
        << article.markdown;
  }
}

// A story beside a strip of headlines keeps to the story: the headlines are not its peers in size.
TEST(ExtractUnderExtraction, AStoryBesideAHeadlineStripStaysAlone) {
  std::string page =
      "<html><head><title>Kiln news</title></head><body><div class=\"box\"><p>" + words(120) + "</p></div>";
  for (int i = 0; i < 30; ++i) {
    page += "<div class=\"box\"><a href=\"/n/" + std::to_string(i) + "\">Headline number " + std::to_string(i) +
            " from the wires about the kiln market</a></div>";
  }
  page += "</body></html>";
  const Extraction story = run(page);
  EXPECT_EQ(story.markdown.find("Headline number"), std::string::npos) << story.markdown;
}

// An index whose only prose is its introduction: the best block is that introduction, which
// holds little of the page's text, so the content widens to the block that holds the items too.
TEST(ExtractUnderExtraction, AnIntroductionAboveItsItemsIsNotTheWholeIndex) {
  std::string page =
      "<html><head><title>Air fryer recipes</title></head><body><main><div class=\"lead\"><p>I love a meal "
      "with crispiness and crunch, and these air fryer recipes deliver: perfectly cooked proteins, the crispiest "
      "vegetables, and dinners for the nights when there is no time for anything else.</p><p>The air fryer is a "
      "weeknight superstar: chicken, salmon, tofu, potatoes and every vegetable in the drawer, done in minutes, "
      "with a fraction of the oil, and crisp all the way through. These are the recipes we come back to, tested "
      "again and again, with notes on timing, temperature and the baskets of every common model.</p></div><ul "
      "class=\"grid\">";
  for (int i = 0; i < 120; ++i) {
    // Too short to score as a paragraph, so the introduction is the best block.
    page += "<li class=\"tile\"><a href=\"/r/" + std::to_string(i) + "\">Dish " + std::to_string(i) +
            "</a> ready in 20 min</li>";
  }
  page += "</ul></main></body></html>";
  const Extraction index = run(page);
  EXPECT_NE(index.markdown.find("crispiness and crunch"), std::string::npos) << index.markdown;
  EXPECT_NE(index.markdown.find("Dish 0]"), std::string::npos) << index.markdown;
  EXPECT_NE(index.markdown.find("Dish 119]"), std::string::npos) << index.markdown;
}

// A feed whose every story is a card wrapped whole in its link (its title over its teaser) is the
// feed: the teasers are text, not links of a menu that a line above them would win over.
TEST(ExtractUnderExtraction, AFeedOfCardsWrappedInTheirLinksIsTheContent) {
  const std::array<std::string_view, 4> topics{"rental cars", "toll roads", "car seats", "parking fines"};
  std::string page =
      "<html><head><title>Vehicle news</title></head><body><div><p>Stay up to date with our vehicle news.</p>"
      "</div><section><div>";
  for (std::size_t i = 0; i < 8; ++i) {
    const std::string topic(topics[i % topics.size()]);
    page += "<div><div><a href=\"/story/" + std::to_string(i) + "\"><h2>Story " + std::to_string(i) + " on " + topic +
            "</h2><p>What drivers should know about " + topic +
            " this year, from the people who answer their questions every week.</p></a></div></div>";
  }
  page += "</div></section></body></html>";
  const Extraction feed = run(page);
  EXPECT_NE(feed.markdown.find("Story 0 on rental cars"), std::string::npos) << feed.markdown;
  EXPECT_NE(feed.markdown.find("Story 7 on parking fines"), std::string::npos) << feed.markdown;
  EXPECT_NE(feed.markdown.find("What drivers should know about toll roads"), std::string::npos) << feed.markdown;
}

// ...but a strip of cards whose only text is their linked title stays links beside a story.
TEST(ExtractUnderExtraction, ACardOfOnlyItsLinkedTitleIsNoTeaser) {
  std::string page =
      "<html><head><title>Exercise and mood</title></head><body><article><h1>Exercise and mood</h1><p>Exercising "
      "regularly can improve the symptoms of mild to moderate depression, as well as anxiety and psychological "
      "distress, a review of many earlier studies suggests.</p><p>The analysis, published in a sports medicine "
      "journal, used 97 earlier reviews involving more than a thousand trials, and compared the effects of "
      "physical activity with the usual care.</p></article><div>";
  for (int i = 0; i < 8; ++i) {
    page += "<div><a href=\"/more/" + std::to_string(i) +
            "\"><img src=\"/p.jpg\" alt=\"\"><p>Another health story that is worth reading number " +
            std::to_string(i) + "</p></a></div>";
  }
  page += "</div></body></html>";
  const Extraction story = run(page);
  EXPECT_NE(story.markdown.find("Exercising regularly"), std::string::npos) << story.markdown;
  EXPECT_EQ(story.markdown.find("Another health story"), std::string::npos) << story.markdown;
}

// An index of stories, each an <article> whose <header> holds its title and teaser: the headers
// head their entries and are the index; the page's own <header> and a post's byline header are not.
TEST(ExtractUnderExtraction, TheHeadersOfAnIndexsArticlesAreItsEntries) {
  std::string page =
      "<html><head><title>Headphones</title></head><body><header><h1>Gadget news</h1><p>All the news on "
      "gadgets, every day of the week, from our team of editors.</p></header><main><h1>Headphones</h1><section>";
  for (int i = 0; i < 6; ++i) {
    page += "<article><a href=\"/story/" + std::to_string(i) + "\"><img src=\"/s" + std::to_string(i) +
            ".jpg\" alt=\"\"></a><header><h2><a href=\"/story/" + std::to_string(i) + "\">Earbuds review " +
            std::to_string(i) +
            "</a></h2><p>We wore the new earbuds on the train, at the gym and on a long "
            "flight, and their noise cancelling held up well in all three places.</p></header></article>";
  }
  page += "</section></main></body></html>";
  const Extraction index = run(page);
  EXPECT_NE(index.markdown.find("Earbuds review 0"), std::string::npos) << index.markdown;
  EXPECT_NE(index.markdown.find("on a long flight"), std::string::npos) << index.markdown;
  EXPECT_EQ(index.markdown.find("every day of the week"), std::string::npos) << index.markdown;

  std::string thread = "<html><head><title>Earbuds</title></head><body><main><h1>Earbuds</h1>";
  for (int i = 0; i < 4; ++i) {
    thread += "<article><header><b>Poster " + std::to_string(i) +
              "</b> wrote on 3 May, post 12 of 40</header><p>I wore the new earbuds on the train and at the gym "
              "and their noise cancelling held up well in both places, number " +
              std::to_string(i) + ".</p></article>";
  }
  ExtractOptions forum;
  forum.page_url = "https://forum.example/threads/earbuds.12/";
  const Extraction posts = run(thread + "</main></body></html>", forum);
  EXPECT_EQ(posts.metadata.page_type, PageType::forum);
  EXPECT_NE(posts.markdown.find("noise cancelling"), std::string::npos) << posts.markdown;
  EXPECT_EQ(posts.markdown.find("post 12 of 40"), std::string::npos) << posts.markdown;
}

// A listing's items are their linked titles (a collection of recipes, each a card that is only its
// link): the listing narrows to the block holding its text with the links counted, not to the
// introduction, the only prose outside them.
TEST(ExtractListing, AnIndexOfLinkedTitlesIsNotItsIntroduction) {
  ExtractOptions options;
  options.page_url = "https://recipes.example/tag/tomato-sauce/";
  std::string page =
      "<html><head><title>Tomato sauce recipes</title></head><body><main><div><h1>Tomato sauce recipes</h1>"
      "<p>Our collection of tomato sauce recipes has something for every kind of dish, from a big plate of "
      "pasta to a vegetable tian.</p></div><div><div>";
  for (int i = 0; i < 12; ++i) {
    page += "<a href=\"/recipe/" + std::to_string(i) + "\"><div><img src=\"/r" + std::to_string(i) +
            ".jpg\" alt=\"\"></div><div><span>Slow-cooker ragu number " + std::to_string(i) + "</span></div></a>";
  }
  page += "</div></div></main></body></html>";
  const Extraction listing = run(page, options);
  EXPECT_EQ(listing.metadata.page_type, PageType::listing);
  EXPECT_NE(listing.markdown.find("something for every kind of dish"), std::string::npos) << listing.markdown;
  EXPECT_NE(listing.markdown.find("Slow-cooker ragu number 0"), std::string::npos) << listing.markdown;
  EXPECT_NE(listing.markdown.find("Slow-cooker ragu number 11"), std::string::npos) << listing.markdown;
}

// A product page keeps its content whole, but not the shop's recommendation strips around it, nor
// its buttons.
TEST(ExtractProduct, RecommendationStripsAreNotTheProduct) {
  ExtractOptions options;
  options.page_url = "https://shop.example/products/stoneware-mug";
  std::string strip = "<section><h2>Customers also viewed</h2><ul>";
  for (int i = 0; i < 6; ++i) {
    strip += "<li><p>Porcelain cup number " + std::to_string(i) +
             ", glazed white, a gift for tea drinkers.</p>"
             "<span>$19.00</span></li>";
  }
  strip += "</ul></section>";
  const Extraction product =
      run(std::string("<html><head><title>Stoneware mug</title>") + std::string(kProductLd) +
              "</head><body><main><h1>Stoneware mug</h1><p>A stoneware mug thrown by hand on the wheel. Each glaze is "
              "mixed in the studio, so no two mugs are alike, and every one holds a generous 350 ml.</p>"
              "<table><tr><th>Material</th><td>Stoneware</td></tr><tr><th>Capacity</th><td>350 ml</td></tr></table>"
              "<p>$28.00</p><div class=actions><a href=/wishlist>Add to wishlist</a></div>" +
              strip + "</main></body></html>",
          options);
  EXPECT_EQ(product.metadata.page_type, PageType::product);
  EXPECT_NE(product.markdown.find("Capacity"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("Porcelain cup"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("Customers also viewed"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("Add to wishlist"), std::string::npos) << product.markdown;
}

// A spinner's text and a lone widget word are chrome on a page kept whole, as inside an article.
TEST(ExtractProduct, WidgetWordsAreNotTheProduct) {
  ExtractOptions options;
  options.page_url = "https://shop.example/products/stoneware-mug";
  const Extraction product =
      run(std::string("<html><head><title>Stoneware mug</title>") + std::string(kProductLd) +
              "</head><body><main><h1>Stoneware mug</h1><p>A stoneware mug thrown by hand on the wheel. Each glaze is "
              "mixed in the studio, so no two mugs are alike, and every one holds a generous 350 ml.</p>"
              "<div class=spinner><span>Loading...</span></div><p>$28.00</p><p><a href=/share>Share</a></p>"
              "<table><tr><th>Material</th><td>Stoneware</td></tr><tr><th>Capacity</th><td>350 ml</td></tr></table>"
              "</main></body></html>",
          options);
  EXPECT_EQ(product.metadata.page_type, PageType::product);
  EXPECT_NE(product.markdown.find("Capacity"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("Loading"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("Share"), std::string::npos) << product.markdown;
}

// The customers' reviews and the star ratings are the shop's widgets, named so by its review app
// ("product-reviews", "jdgm-widget"), not the product; a page whose wrapper says "reviews" keeps it.
TEST(ExtractProduct, ReviewWidgetsAreNotTheProduct) {
  ExtractOptions options;
  options.page_url = "https://shop.example/products/stoneware-mug";
  const std::string description =
      "<h1>Stoneware mug</h1><p>A stoneware mug thrown by hand on the wheel. Each glaze is mixed in the studio, "
      "so no two mugs are alike, and every one holds a generous 350 ml.</p>"
      "<table><tr><th>Material</th><td>Stoneware</td></tr><tr><th>Capacity</th><td>350 ml</td></tr></table>";
  std::string reviews = "<div class=product-reviews><h2>What our customers say</h2>";
  for (int i = 0; i < 4; ++i) {
    reviews +=
        "<div class=jdgm-rev><span class=jdgm-rev__rating>Rated 5 out of 5</span><p>Reviewed by "
        "Customer " +
        std::to_string(i) + ". Lovely weight in the hand and it keeps tea warm for ages.</p></div>";
  }
  reviews += "</div>";
  const Extraction product = run(std::string("<html><head><title>Stoneware mug</title>") + std::string(kProductLd) +
                                     "</head><body><main><div class=star-rating>4.9 stars</div>" + description +
                                     reviews + "</main></body></html>",
                                 options);
  EXPECT_EQ(product.metadata.page_type, PageType::product);
  EXPECT_NE(product.markdown.find("Capacity"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("Reviewed by"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("4.9 stars"), std::string::npos) << product.markdown;

  const Extraction wrapped =
      run(std::string("<html><head><title>Stoneware mug</title>") + std::string(kProductLd) +
              "</head><body><div class='page has-reviews'>" + description + "</div></body></html>",
          options);
  EXPECT_NE(wrapped.markdown.find("Capacity"), std::string::npos) << wrapped.markdown;
}

// The customers' reviews under their label ("Customer reviews", "Ratings and reviews") go however the
// shop names their block; a heading of the product's own ("Care and reviews of the glaze") stays.
TEST(ExtractProduct, CustomerReviewsUnderTheirLabelAreNotTheProduct) {
  for (const std::string label : {"Customer reviews", "Ratings &amp; Reviews"}) {
    std::string reviews = "<div class=h5e6><h2>" + label + "</h2>";
    for (int i = 0; i < 3; ++i) {
      reviews += "<div class=h7f8><b>Customer " + std::to_string(i) +
                 "</b><p>Lovely weight in the hand and it keeps tea warm for ages, would buy again.</p></div>";
    }
    const Extraction product = run_mug_page(
        "<div class=h1a2><h1>Stoneware mug</h1><p>Thrown by hand and glazed in the studio; it holds 350 ml.</p>"
        "<h3>Care and reviews of the glaze</h3><p>Dishwasher safe, though hand washing keeps the glaze bright for "
        "longer.</p>" +
        reviews + "</div></div>");
    EXPECT_NE(product.markdown.find("hand washing"), std::string::npos) << product.markdown;
    EXPECT_EQ(product.markdown.find("keeps tea warm"), std::string::npos) << label << ":\n" << product.markdown;
  }
}

// A thread's posts spread over many blocks, so a forum keeps the page without its furniture; of
// that, the content is the block that holds the posts: not the menus, pagination and "more topics"
// around them, even where they are not marked as navigation.
TEST(ExtractForum, TheThreadWithoutTheMenusAndListsAroundIt) {
  ExtractOptions options;
  options.page_url = "https://forum.example/threads/which-glaze-for-stoneware.4242/";
  std::string menu = "<div class=\"m\"><ul>";
  for (const char* item : {"Home", "Boards", "News", "Answers", "Community", "Games"}) {
    menu += std::string("<li><a href=\"/") + item + "\">" + item + "</a></li>";
  }
  menu += "</ul><p>You are browsing as a guest. <a href=\"/join\">Join the community</a> to post.</p></div>";
  std::string posts = "<div class=\"t\">";
  for (int i = 0; i < 5; ++i) {
    posts += "<div class=\"p\"><b>potter" + std::to_string(i) + "</b><p>Reply number " + std::to_string(i) +
             " says a clear glaze over iron-rich stoneware gives a warm speckle after a long cone six firing, "
             "and a slow cool helps the crystals grow.</p><div class=\"pm\"><div><a href=\"/s\">Share</a></div> "
             "<div><a href=\"/e\">Improve this answer</a></div></div></div>";
  }
  posts += "</div>";
  const Extraction thread =
      run("<html><head><title>Which glaze for stoneware?</title></head><body>" + menu +
              "<div class=\"c\"><div class=\"pg\"><a href=\"?page=2\">Next</a> Page 1 of 3 <a href=\"?page=3\">Last</a>"
              "</div>" +
              posts +
              "</div><div class=\"o\"><h3>Other threads</h3><p><a href=\"/t/1\">Kiln wash recipes</a> 12 posts"
              "</p></div></body></html>",
          options);
  EXPECT_EQ(thread.metadata.page_type, PageType::forum);
  for (int i = 0; i < 5; ++i) {
    EXPECT_NE(thread.markdown.find("Reply number " + std::to_string(i)), std::string::npos) << thread.markdown;
  }
  EXPECT_EQ(thread.markdown.find("browsing as a guest"), std::string::npos) << thread.markdown;
  EXPECT_EQ(thread.markdown.find("Kiln wash"), std::string::npos) << thread.markdown;
  // A post's bar of links goes whole, not only its widget words.
  EXPECT_EQ(thread.markdown.find("Improve this answer"), std::string::npos) << thread.markdown;
}

// A shop's category page is its grid of items, not the filter panel and sort bar beside it.
TEST(ExtractCollection, FiltersAndSortBarsAreNotTheItems) {
  ExtractOptions options;
  options.page_url = "https://shop.example/collections/mugs";
  std::string grid = "<div class=\"grid\">";
  for (int i = 0; i < 8; ++i) {
    grid += "<div class=\"card\"><h3><a href=\"/products/mug-" + std::to_string(i) + "\">Stoneware mug " +
            std::to_string(i) + "</a></h3><p>Thrown by hand, glazed in speckled white.</p><p>$28.00</p></div>";
  }
  grid += "</div>";
  std::string filters = "<div class=\"collection-filters\"><h2>Filter by</h2>";
  for (const char* colour : {"White glaze", "Blue glaze", "Green glaze", "Black glaze"}) {
    filters += std::string("<label><input type=\"checkbox\"> ") + colour + " (12 items in this colour)</label>";
  }
  filters += "</div>";
  const Extraction page = run("<html><head><title>Mugs</title></head><body><main><h1>Mugs</h1>" + filters +
                                  "<div class=\"sort-bar\">Sort by price, lowest first, or by newest arrivals</div>" +
                                  grid + "</main></body></html>",
                              options);
  EXPECT_EQ(page.metadata.page_type, PageType::collection);
  for (int i = 0; i < 8; ++i) {
    EXPECT_NE(page.markdown.find("Stoneware mug " + std::to_string(i)), std::string::npos) << page.markdown;
  }
  EXPECT_EQ(page.markdown.find("Blue glaze"), std::string::npos) << page.markdown;
  EXPECT_EQ(page.markdown.find("Sort by price"), std::string::npos) << page.markdown;
}

// Each card's cart controls ("Quick view", "Add to cart") are the shop's buttons, not the item.
TEST(ExtractCollection, CartControlsAreNotTheItems) {
  ExtractOptions options;
  options.page_url = "https://shop.example/collections/mugs";
  std::string grid = "<div class=\"grid\">";
  for (int i = 0; i < 8; ++i) {
    grid += "<div class=\"card\"><a href=\"#q" + std::to_string(i) + "\">Quick View</a><h3><a href=\"/products/mug-" +
            std::to_string(i) + "\">Stoneware mug " + std::to_string(i) +
            "</a></h3><p>$28.00</p><div><span>Add to Cart</span></div><div>Choose options</div></div>";
  }
  grid += "</div>";
  const Extraction page =
      run("<html><head><title>Mugs</title></head><body><main><h1>Mugs</h1>" + grid + "</main></body></html>", options);
  EXPECT_EQ(page.metadata.page_type, PageType::collection);
  EXPECT_NE(page.markdown.find("Stoneware mug 7"), std::string::npos) << page.markdown;
  for (const char* control : {"Quick View", "Add to Cart", "Choose options"}) {
    EXPECT_EQ(page.markdown.find(control), std::string::npos) << control << ": " << page.markdown;
  }
}

// A shop names the cards of what it also sells by subscription so ("subscription-eligible"): the
// word says how an item is sold, not that the card is a sign-up box.
TEST(ExtractCollection, ItemsSoldBySubscriptionAreItems) {
  ExtractOptions options;
  options.page_url = "https://shop.example/collections/coffee";
  std::string grid = "<ul class=\"grid\">";
  for (int i = 0; i < 8; ++i) {
    grid +=
        "<li class=\"grid__item\"><div class=\"card-wrapper subscription-eligible\"><h3><a href=\"/products/"
        "roast-" +
        std::to_string(i) + "\">Dark roast number " + std::to_string(i) +
        "</a></h3><p>Regular price $19.99</p></div></li>";
  }
  grid += "</ul>";
  const Extraction page = run(
      "<html><head><title>Coffee</title></head><body><main><h1>Coffee</h1>" + grid + "</main></body></html>", options);
  EXPECT_EQ(page.metadata.page_type, PageType::collection);
  for (int i = 0; i < 8; ++i) {
    EXPECT_NE(page.markdown.find("Dark roast number " + std::to_string(i)), std::string::npos) << page.markdown;
  }
}

// A listing is its items: the page narrows to the block that holds most of its text, leaving the
// blurbs around the list (a newsletter pitch, the site's "about us").
TEST(ExtractListing, TheItemsWithoutTheBlurbsAroundThem) {
  ExtractOptions options;
  options.page_url = "https://cook.example/recipes/all";
  std::string items = "<div class=\"items\">";
  for (int i = 0; i < 8; ++i) {
    items += "<div class=\"item\"><h2><a href=\"/recipes/" + std::to_string(i) + "\">Recipe " + std::to_string(i) +
             "</a></h2><p>A weeknight dish of roasted vegetables, lentils and a sharp yoghurt dressing, ready in "
             "half an hour and better the next day.</p></div>";
  }
  items += "</div>";
  const Extraction page =
      run("<html><head><title>All recipes</title></head><body><main>" + items +
              "<div class=\"blurb\"><p>We are two cooks from Leeds who test every recipe three times before it "
              "goes up.</p></div></main></body></html>",
          options);
  EXPECT_EQ(page.metadata.page_type, PageType::listing);
  for (int i = 0; i < 8; ++i) {
    EXPECT_NE(page.markdown.find("Recipe " + std::to_string(i)), std::string::npos) << page.markdown;
  }
  EXPECT_EQ(page.markdown.find("two cooks from Leeds"), std::string::npos) << page.markdown;
}

// A service page narrows to the block holding most of its text, but not into one tab panel of a
// set: the reader switches between them, and the panels not on show (here lists of links to the
// department's forms and questions) are as much the page as the one that is.
TEST(ExtractService, EveryTabPanelOfASetStays) {
  ExtractOptions options;
  options.page_url = "https://town.example/services/building-department";
  std::string forms;
  for (int i = 0; i < 6; ++i)
    forms += "<li><a href=\"/forms/" + std::to_string(i) + "\">Permit form " + std::to_string(i) + "</a></li>";
  const Extraction page =
      run("<html><head><title>Building department</title></head><body><main><h1>Building department</h1>"
          "<div class=\"tabs\"><div role=\"tabpanel\"><p>The building department enforces the building code, "
          "reviews plans and inspects new construction, so that every house in town is safe to live in and built "
          "as its permit says. Call the office before you start work on anything larger than a garden shed.</p>"
          "<p>Inspections are booked a day ahead; the inspector comes between eight and noon, and leaves a "
          "written report with the owner or the builder on site.</p></div>"
          "<div role=\"tabpanel\" style=\"display: none\"><ul>" +
              forms + "</ul></div></div></main></body></html>",
          options);
  EXPECT_EQ(page.metadata.page_type, PageType::service);
  EXPECT_NE(page.markdown.find("inspects new construction"), std::string::npos) << page.markdown;
  EXPECT_NE(page.markdown.find("Permit form 5"), std::string::npos) << page.markdown;
}

// A service page's buttons ("Get started", "Book a demo") are calls to action, not its text. A
// list's items that are only links (templates to start from), a testimonial card that links the
// customer's photo and name, a plan table's linked row names and a linked sentence are content.
// A page kept whole drops a lone widget word ("Log in" on a line of its own) but keeps one that is a
// word of a sentence, as the article search does.
TEST(ExtractForum, AWidgetsWordInASentenceStaysOnAPageKeptWhole) {
  ExtractOptions options;
  options.page_url = "https://boards.example/forums/topic/81234-quiet-fans/";
  std::string posts;
  for (int i = 0; i < 4; ++i) {
    posts += "<div class=post><p>Post " + std::to_string(i) +
             " says the quiet fans are worth the money, since the case stays cool under load and the noise "
             "drops to a whisper once the curve is set.</p></div>";
  }
  const Extraction thread =
      run("<html><head><title>Quiet fans</title></head><body><main><p>You are browsing as a guest. <a "
          "href=/register>Sign up</a> for free (or <a href=/login>Log in</a> if you have an account) to post.</p>"
          "<div><a href=/share>Share</a></div>" +
              posts + "</main></body></html>",
          options);
  EXPECT_EQ(thread.metadata.page_type, PageType::forum);
  EXPECT_NE(thread.markdown.find("(or [Log in]"), std::string::npos) << thread.markdown;
  EXPECT_EQ(thread.markdown.find("[Share]"), std::string::npos) << thread.markdown;
}

TEST(ExtractService, CallToActionButtonsAreNotContent) {
  ExtractOptions options;
  options.page_url = "https://tasks.example/services/planning";
  std::string templates;
  for (int i = 0; i < 4; ++i) {
    templates += "<li><div class=card><a href=/templates/" + std::to_string(i) + ">Planning template " +
                 std::to_string(i) + "</a></div></li>";
  }
  const Extraction page =
      run("<html><head><title>Planning</title></head><body><main><section><h1>Plan the week in minutes</h1><p>Tasks "
          "lists every task of the team in one place, sorted by the day it is due, so that nobody has to ask what is "
          "next and every deadline is seen a week before it comes.</p><div class=actions><a href=/signup>Get "
          "started</a> <a href=/demo>Book a demo</a></div></section><section><h2>Start from a template</h2><ul>" +
              templates +
              "</ul><p><a href=/templates>See every template</a></p><p><a href=/guide>Read the guide to planning a "
              "quarter with your team, one week at a time</a></p></section><section><h2>Loved by teams</h2><p>We "
              "plan every sprint with it.</p><div><a href=https://social.example/ada><img src=/ada.jpg width=96 "
              "height=96 alt=Ada>Ada Lovelace, CTO</a></div></section><section><h2>Plans</h2><table><tr><th></th>"
              "<th>Free</th><th>Pro</th></tr><tr><th><a href=#reminders>Reminders</a></th><td>No</td><td>Yes</td>"
              "</tr><tr><th><a href=#calendar>Calendar sync</a></th><td>Yes</td><td>Yes</td></tr></table></section>"
              "</main></body></html>",
          options);
  EXPECT_EQ(page.metadata.page_type, PageType::service);
  EXPECT_NE(page.markdown.find("every deadline"), std::string::npos) << page.markdown;
  EXPECT_EQ(page.markdown.find("Get started"), std::string::npos) << page.markdown;
  EXPECT_EQ(page.markdown.find("Book a demo"), std::string::npos) << page.markdown;
  EXPECT_EQ(page.markdown.find("See every template"), std::string::npos) << page.markdown;
  EXPECT_NE(page.markdown.find("Planning template 3"), std::string::npos) << page.markdown;
  EXPECT_NE(page.markdown.find("Ada Lovelace, CTO"), std::string::npos) << page.markdown;
  EXPECT_NE(page.markdown.find("Calendar sync"), std::string::npos) << page.markdown;
  EXPECT_NE(page.markdown.find("one week at a time"), std::string::npos) << page.markdown;
}

// Invision Community puts a post's author in an <aside> beside it: the pane's heading names the
// poster, as a forum post's author line should; the rest of the pane (rank, post count, the
// poster's computer) is chrome. On an article, an author's aside stays furniture.
// Stack Exchange's box below the answers asks the reader to ask; it is no answer.
TEST(ExtractForum, TheBoxBelowStackExchangeAnswersIsNotAPost) {
  ExtractOptions options;
  options.page_url = "https://cooking.stackexchange.com/questions/4242/which-glaze-for-stoneware";
  std::string answers;
  for (int i = 0; i < 4; ++i) {
    answers += "<div class=\"answer\"><div class=\"s-prose js-post-body\"><p>Answer number " + std::to_string(i) +
               " says a clear glaze over iron-rich stoneware gives a warm speckle after a long cone six firing.</p>"
               "</div></div>";
  }
  const Extraction thread =
      run("<html><head><title>Which glaze for stoneware?</title></head><body><div id=\"mainbar\">" + answers +
              "<div class=\"js-bottom-notice d-flex\"><div><p>Start asking to get answers</p><p>Find the answer to "
              "your question by asking.</p><a href=\"/questions/ask\">Ask question</a></div><div><p>Explore related "
              "questions</p><a href=\"/questions/tagged/glaze\">glaze</a></div></div></div></body></html>",
          options);
  EXPECT_EQ(thread.metadata.page_type, PageType::forum);
  EXPECT_NE(thread.markdown.find("Answer number 3"), std::string::npos) << thread.markdown;
  EXPECT_EQ(thread.markdown.find("Start asking"), std::string::npos) << thread.markdown;
  EXPECT_EQ(thread.markdown.find("Explore related"), std::string::npos) << thread.markdown;
}

TEST(ExtractForum, AnAuthorPanesHeadingNamesThePoster) {
  std::string thread = "<html><head><title>New case</title></head><body><main><div id=\"elPostFeed\">";
  for (int i = 0; i < 4; ++i) {
    thread +=
        "<article class=\"cPost\"><aside class=\"ipsComment_author cAuthorPane\"><h3 "
        "class=\"cAuthorPane_author\"><a href=\"/profile/" +
        std::to_string(i) + "\">builder" + std::to_string(i) +
        "</a></h3><h5>Motherboard</h5><p>Z790</p><ul><li>Members</li><li><a href=\"/content\">444 posts</a>"
        "</li></ul></aside><div class=\"ipsComment_content\"><p>Post " +
        std::to_string(i) +
        " says the two holes below the power supply are for the case's feet, and the ones inside "
        "are for a radiator bracket.</p></div></article>";
  }
  thread += "</div></main></body></html>";
  ExtractOptions options;
  options.page_url = "https://forum.example/topic/123-new-case/";
  const Extraction forum = run(thread, options);
  EXPECT_EQ(forum.metadata.page_type, PageType::forum);
  for (int i = 0; i < 4; ++i) {
    EXPECT_NE(forum.markdown.find("builder" + std::to_string(i)), std::string::npos) << forum.markdown;
    EXPECT_NE(forum.markdown.find("Post " + std::to_string(i) + " says"), std::string::npos) << forum.markdown;
  }
  EXPECT_EQ(forum.markdown.find("Members"), std::string::npos) << forum.markdown;
  EXPECT_EQ(forum.markdown.find("444 posts"), std::string::npos) << forum.markdown;
  EXPECT_EQ(forum.markdown.find("Motherboard"), std::string::npos) << forum.markdown;

  options.page_url = "https://news.example/2024/05/the-case-for-small-computers-and-quiet-desks";
  const Extraction article = run("<html><body><article><h1>Small computers</h1><p>" + std::string(300, 'x') +
                                     " a story of quiet desks, told at length, with commas, and more, and more.</p>"
                                     "<aside class=\"author-bio\"><h3>Jane Writer</h3><p>Jane writes about desks.</p>"
                                     "</aside></article></body></html>",
                                 options);
  EXPECT_EQ(article.markdown.find("Jane writes"), std::string::npos) << article.markdown;
}

// A chapter's page of a DocBook manual is its title, its table of contents (links to the pages of
// its sections) and its introduction, however short, beside the site's version pickers and a
// block of its own that says more than the introduction.
TEST(ExtractDocumentation, ADocBookChapterKeepsItsContents) {
  constexpr std::array kSections{"Introduction",           "Index Types",       "Multicolumn Indexes",
                                 "Indexes and Ordering",   "Combining Indexes", "Unique Indexes",
                                 "Indexes on Expressions", "Partial Indexes"};
  std::string contents = "<div class=toc><p><strong>Table of Contents</strong></p><dl class=toc>";
  for (std::size_t i = 0; i < kSections.size(); ++i) {
    contents += "<dt><span class=sect1><a href=indexes-" + std::to_string(i) + ".html>11." + std::to_string(i + 1) +
                ". " + kSections[i] + "</a></span></dt>";
  }
  contents += "</dl></div>";
  const auto versions = [](const std::string& label, std::initializer_list<const char*> numbers) {
    std::string row = "<div class=row><div class=col>" + label;
    for (const char* number : numbers) row += " <a href=/docs/" + std::string(number) + "/>" + number + "</a> /";
    return row + "</div></div>";
  };
  const std::string page =
      "<html><head><title>Chapter 11. Indexes</title></head><body><nav><a href=/>Home</a> <a "
      "href=/about>About</a></nav>"
      "<div id=wrap><div class=row><div class=col-md-6>" +
      versions("Supported Versions:", {"18", "17", "16", "15", "14"}) + versions("Development Versions:", {"devel"}) +
      versions("Unsupported versions:", {"13", "12", "11", "10", "9.6", "9.5", "9.4", "9.3", "9.2", "9.1", "9.0"}) +
      "</div><div class=col-md-6><form role=search><input name=q><button>Search</button></form></div></div>"
      "<div id=docContent><div class=navheader><table width=100%><tr><th colspan=5>Chapter 11. Indexes</th></tr>"
      "<tr><td><a href=typeconv.html>Prev</a></td><td><a href=sql.html>Up</a></td><th>Part II. The SQL "
      "Language</th><td><a href=index.html>Home</a></td><td><a href=indexes-0.html>Next</a></td></tr></table><hr>"
      "</div><div class=chapter id=INDEXES><div class=titlepage><div><div><h2 class=title>Chapter 11. Indexes</h2>"
      "</div></div></div>" +
      contents +
      "<p>Indexes are a common way to enhance database performance. An index allows the database server to find "
      "and retrieve specific rows much faster than it could do without an index. But indexes also add overhead to "
      "the database system as a whole, so they should be used sensibly.</p></div><div class=navfooter><hr><table "
      "width=100%><tr><td><a href=typeconv.html>Prev</a></td><td><a href=sql.html>Up</a></td><td><a "
      "href=indexes-0.html>Next</a></td></tr><tr><td>10.6. Output Columns</td><td><a href=index.html>Home</a></td>"
      "<td>11.1. Introduction</td></tr></table></div></div></div><div id=docComments><h2>Submit correction</h2><p>If "
      "you see anything in the documentation that is not correct, does not match your experience with the "
      "particular feature or requires further clarification, please use <a href=/comments>this form</a> to report "
      "a documentation issue.</p></div><footer><a href=/policies>Policies</a></footer></body></html>";
  ExtractOptions options;
  options.page_url = "https://www.example.org/docs/current/indexes.html";
  const Extraction chapter = run(page, options);
  for (const char* section : kSections) EXPECT_NE(chapter.markdown.find(section), std::string::npos) << section;
  EXPECT_NE(chapter.markdown.find("Indexes are a common way"), std::string::npos) << chapter.markdown;
  EXPECT_EQ(chapter.markdown.find("Unsupported versions"), std::string::npos) << chapter.markdown;
}

// A Sphinx topic's toctree, led into by a sentence at the end of the page, lists the pages that go
// on with the topic: it is part of the text, though it is all links.
TEST(ExtractDocumentation, ASphinxToctreeIsPartOfTheTopic) {
  std::string sections;
  for (int i = 0; i < 4; ++i) {
    sections += "<section id=s" + std::to_string(i) + "><h2>Step " + std::to_string(i) +
                "</h2><p>Each form field is rendered by its widget, and the form validates the data it is bound to, "
                "cleaning each field in turn and then the form as a whole, so that errors are reported at once.</p>"
                "</section>";
  }
  std::string toctree = "<div class='toctree-wrapper compound'><ul>";
  for (const char* topic : {"Formsets", "Creating forms from models", "Form Assets"}) {
    toctree += "<li class=toctree-l1><a class='reference internal' href=topic/>" + std::string(topic) +
               "</a><ul><li class=toctree-l2><a class='reference internal' href=topic/#a>Using initial data in " +
               topic + "</a></li><li class=toctree-l2><a class='reference internal' href=topic/#b>Validating " + topic +
               "</a></li></ul></li>";
  }
  toctree += "</ul></div>";
  const std::string page =
      "<html><head><title>Working with forms</title></head><body><div class=sidebar><ul><li><a href=/a>Topics</a>"
      "</li><li><a href=/b>Reference</a></li></ul></div><div role=main><section id=forms><h1>Working with forms</h1>" +
      sections +
      "<section id=further><h2>Further topics</h2><p>This covers the basics, but forms can do a whole lot more:</p>" +
      toctree + "</section></section></div></body></html>";
  ExtractOptions options;
  options.page_url = "https://docs.example.org/en/5.1/topics/forms/";
  const Extraction topic = run(page, options);
  EXPECT_NE(topic.markdown.find("Step 3"), std::string::npos) << topic.markdown;
  EXPECT_NE(topic.markdown.find("Validating Creating forms from models"), std::string::npos) << topic.markdown;
  EXPECT_NE(topic.markdown.find("Using initial data in Form Assets"), std::string::npos) << topic.markdown;
}

// A short post under a long discussion: the search with every filter on finds the post, but too
// little of it to stop there, and the relaxed searches take the replies, which hold more text.
// Under their count they are the readers' words, not the article's.
TEST(ExtractArticle, AShortPostIsNotItsLongDiscussion) {
  constexpr std::string_view kReply =
      "We waited all spring for this, and the wells were low. On a wet morning, the old road by the river flooded "
      "again, and the bus stopped at the bridge. My neighbour, who keeps bees, says the clover will come back now.";
  std::string replies;
  for (int i = 0; i < 8; ++i) {
    replies += "<li class=reply><b>reader" + std::to_string(i) + "</b><p>" + std::string(kReply) + "</p></li>";
  }
  const std::string post =
      "<div class=entry><h1>Rain</h1><p>The valley had its first rain in months, and the river "
      "rose by a metre overnight.</p><p>Farmers, who had waited since spring, were glad of it, "
      "though the road flooded.</p></div>";
  ExtractOptions options;
  options.page_url = "https://rain.example/2026/03/the-first-rain-in-months";
  for (const std::string label : {"8 thoughts on “Rain”", "8 Comments"}) {
    const Extraction article =
        run("<html><head><title>Rain</title></head><body><div id=page>" + post + "<div id=talk><h2>" + label +
                "</h2><ol class=replies>" + replies + "</ol></div></div></body></html>",
            options);
    EXPECT_EQ(article.metadata.page_type, PageType::article);
    EXPECT_NE(article.markdown.find("Farmers, who had waited"), std::string::npos) << article.markdown;
    EXPECT_EQ(article.markdown.find("reader3"), std::string::npos) << article.markdown;
  }
}

// The same where no name says which block is the post: its replies, each a paragraph of sentences
// in a thread's nest, score better than the post, long enough for the strict search to stop at.
// Under their count they are left out, and the search runs again.
TEST(ExtractArticle, ALongerDiscussionUnderItsCountIsNotThePostWhereNamesSayNothing) {
  constexpr std::string_view kReply =
      "We waited all spring for this, and the wells were low. On a wet morning, the old road by the river flooded "
      "again, and the bus stopped at the bridge. My neighbour, who keeps bees, says the clover will come back now, "
      "and the hives, which were quiet, hum again.";
  std::string replies;
  for (int i = 0; i < 6; ++i) replies += "<p>" + std::string(kReply) + "</p>";
  std::string post = "<div><h1>Rain</h1>";
  for (int i = 0; i < 3; ++i) {
    post +=
        "<p>The valley had its first rain in months, and the river rose by a metre overnight. Farmers, who had "
        "waited since spring, were glad of it, though the road flooded.</p>";
  }
  post += "</div>";
  const Extraction article =
      run("<html><head><title>Rain</title></head><body><div>" + post + "<div><h4>10 comments:</h4><div><div><div>" +
          replies + "</div></div></div></div></div></body></html>");
  EXPECT_NE(article.markdown.find("Farmers, who had waited"), std::string::npos) << article.markdown;
  EXPECT_EQ(article.markdown.find("hives"), std::string::npos) << article.markdown;
}

// Infinite scroll: the next story is in the page below the one the address names, under its own
// headline, and may be the longer. The page's story is the one its title heads, alone.
TEST(ExtractArticle, TheNextStoryLoadedBelowIsNotThePages) {
  const std::string own =
      "<article><h1>Rain</h1><p>The valley had its first rain in months, and the river rose by a metre "
      "overnight.</p><p>Farmers, who had waited since spring, were glad of it, though the road flooded.</p></article>";
  std::string next = "<article><h1>The bridge reopens</h1>";
  for (int i = 0; i < 4; ++i) {
    next +=
        "<p>The old stone bridge, closed since the winter floods, reopened on Monday, and the first cars crossed "
        "it slowly, watched by a crowd that had waited all morning in the cold.</p>";
  }
  next += "</article>";
  ExtractOptions options;
  options.page_url = "https://rain.example/2026/03/the-first-rain-in-months";
  const Extraction e = run("<html><head><title>Rain | Valley News</title></head><body><main>" + own +
                               "<div>Next story</div>" + next + "</main></body></html>",
                           options);
  EXPECT_NE(e.markdown.find("Farmers, who had waited"), std::string::npos) << e.markdown;
  EXPECT_EQ(e.markdown.find("bridge"), std::string::npos) << e.markdown;
}

// A short post found with every filter on, under the page's headline, is too short to stop at; the
// relaxed searches take the page around it, whose menu describes each product in sentences (a
// menu's class is no hint to them). More text, none of it the post's: the post stays alone.
TEST(ExtractArticle, AShortPostIsNotWidenedToTheMenusAroundIt) {
  std::string menu = "<ul class=mega-menu>";
  for (int i = 0; i < 4; ++i) {
    const std::string item = "/p/" + std::to_string(i);
    menu += "<li class=menu-item><a href=" + item +
            ">Planner</a><div class=mega-panel><p>Our planner lays out every crop of the season, and it warns you a "
            "week ahead. It knows, from the soil, when the ground is ready for sowing.</p><ul><li><a href=" +
            item + "/a>Beds</a></li><li><a href=" + item + "/b>Rows</a></li></ul></div></li>";
  }
  menu += "</ul>";
  const std::string post =
      "<div class=blog-post><div class=post-header><a href=/blog>Blog</a> / <a href=/blog/news>News</a><h1>Rain</h1>"
      "</div><div class=post-content><p>The valley had its "
      "first rain in months, and the river rose by a metre overnight. By noon the ford was closed.</p><p>Farmers, "
      "who had waited since spring, were glad of it, though the road flooded.</p></div><div class=post-cta><h3>Plan "
      "your "
      "season</h3><p>Try the planner free for a month.</p></div></div>";
  ExtractOptions options;
  options.page_url = "https://rain.example/blog/the-first-rain-in-months";
  const Extraction e =
      run("<html><head><title>Rain</title></head><body><div class=announcement>Our spring webinar on soil is open, "
          "and seats go fast. <a href=/w>Register now</a></div><header class=site-header><a href=/>Valley News</a>" +
              menu + "</header>" + post + "</body></html>",
          options);
  EXPECT_NE(e.markdown.find("Farmers, who had waited"), std::string::npos) << e.markdown;
  EXPECT_EQ(e.markdown.find("Our planner"), std::string::npos) << e.markdown;
  EXPECT_EQ(e.markdown.find("webinar"), std::string::npos) << e.markdown;
}
// A health page writes each section in wrappers of its own, and its references, a list of
// citations dense with commas, outscore any one section. The references close the document; they
// are not the document.
TEST(ExtractArticle, TheReferencesAreNotTheDocument) {
  std::string sections;
  constexpr std::string_view kParagraph =
      "<p>Meditation has a long history and many techniques began in old traditions. The term refers to "
      "practices that focus on mind and body. Studies of its effects on stress and sleep are small and their "
      "results mixed.</p>";
  for (int i = 0; i < 10; ++i) {
    sections += "<div><div><h2>Part " + std::to_string(i) + "</h2></div><div><div>" + std::string(kParagraph) +
                std::string(kParagraph) + std::string(kParagraph) + "</div></div></div>";
  }
  std::string references;
  for (int i = 0; i < 14; ++i) {
    references +=
        "<li>Goyal M, Singh S, Sibinga EMS, Gould NF, Rowland-Seymour A, Sharma R, et al. Meditation "
        "programs for stress, a review. JAMA Intern Med. 2014;174(3):357-368.</li>";
  }
  ExtractOptions options;
  options.page_url = "https://health.example/health/meditation-effectiveness-and-safety";
  const Extraction e =
      run("<html><head><title>Meditation: Effectiveness and Safety</title></head><body><div><h1>Meditation: "
          "Effectiveness and Safety</h1>" +
              sections + "<div><h3>References</h3></div><div><ul>" + references + "</ul></div></div></body></html>",
          options);
  EXPECT_NE(e.markdown.find("## Part 3"), std::string::npos) << e.markdown;
  EXPECT_NE(e.markdown.find("Goyal M"), std::string::npos) << e.markdown;
}

}  // namespace
}  // namespace pagemd::extract
