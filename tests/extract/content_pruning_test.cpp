// The pruning inside the chosen content (lib/extract/src/content/pruning/), through the
// whole extraction, on pages whose class names say nothing: blocks judged by what they are.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "extract_test_helpers.hpp"
#include "pagemd/extract/extractor.hpp"

namespace pagemd::extract {
namespace {

using test_support::run;

const std::string kArticle =
    "<h1>Restoring an oak dresser</h1>"
    "<p>The dresser came from a farm sale, its top split and its drawers stuck, and under five coats of paint "
    "the oak was sound, so we stripped it by hand, glued the split and waxed the runners.</p>"
    "<p>Stripping took two weekends, since the old paint held lead, and every scrap had to be bagged, labelled "
    "and taken to the depot rather than burnt in the yard as the farmer suggested.</p>"
    "<p>The glass knobs were the last touch, found in a box of odds at the same sale, cleaned in vinegar, "
    "and fitted with new brass screws cut to the depth of the drawer fronts.</p>";

std::string comment(int n) {
  return "<li><div><img src=/a" + std::to_string(n) + ".png alt=''><b>Reader " + std::to_string(n) +
         "</b> says:</div><div><p>I restored a chest of drawers the same way last spring, and the vinegar trick "
         "for the knobs worked wonders, although the lead paint took far longer to strip than I had planned, "
         "number " +
         std::to_string(n) + ".</p></div></li>";
}

std::string comments(int count) {
  std::string list = "<ol>";
  for (int n = 0; n < count; ++n) list += comment(n);
  return list + "</ol>";
}

// A count of the readers' comments heads their run of blocks, as the block named "comments" does
// on pages whose names say so: neither the heading nor what it counts is the article.
TEST(ContentPruning, ACountOfCommentsHeadsTheReadersRunNotTheArticle) {
  const Extraction bare = run("<html><body><div><div>" + kArticle + "</div><div><h2>4 Comments</h2>" + comments(4) +
                              "</div></div></body></html>");
  EXPECT_NE(bare.markdown.find("glass knobs"), std::string::npos) << bare.markdown;
  EXPECT_EQ(bare.markdown.find("Comments"), std::string::npos) << bare.markdown;
  EXPECT_EQ(bare.markdown.find("chest of drawers"), std::string::npos) << bare.markdown;

  // The heading beside the list, not over a block of its own; and a title after "on", however long.
  const Extraction titled =
      run("<html><body><div>" + kArticle +
          "<h3>4 Comments on “Restoring an oak dresser from a farm sale, the long way "
          "round”</h3>" +
          comments(4) + "<h2>About the workshop</h2><p>We build and mend furniture.</p>" + "</div></body></html>");
  EXPECT_NE(titled.markdown.find("glass knobs"), std::string::npos) << titled.markdown;
  EXPECT_EQ(titled.markdown.find("chest of drawers"), std::string::npos) << titled.markdown;
  // What follows the next heading of the same rank or above is not what the count counted.
  EXPECT_NE(titled.markdown.find("About the workshop"), std::string::npos) << titled.markdown;
}

// A block that names itself to screen readers as the comments is the comments, whatever its first
// words say ("3 replies" is no count pagemd drops by itself: a thread's "76 Replies" heads the thread).
TEST(ContentPruning, ABlockNamedCommentsForScreenReadersIsTheComments) {
  // A short article, and replies as long as its paragraphs: the search takes the block holding both.
  std::string replies;
  for (const char* name : {"ash", "birch", "cedar"}) {
    replies += std::string("<div><div>") + name +
               "</div><div>I restored a chest of drawers the same way last spring. The vinegar trick for the "
               "knobs worked, and the paint came off in a day.</div><div>2 h</div></div>";
  }
  const Extraction e =
      run("<html><body><div role=main><div><div role=heading aria-level=1>An oak dresser</div><div><p>The dresser "
          "came from a farm sale, its top split and its drawers stuck. Under the paint the oak was sound.</p></div>"
          "<div><p>The glass knobs were the last touch, found in a box of odds at the same sale.</p></div></div>"
          "<div role=region aria-label=Comments><div>3 replies</div>" +
          replies + "</div></div></body></html>");
  EXPECT_NE(e.markdown.find("glass knobs"), std::string::npos) << e.markdown;
  EXPECT_EQ(e.markdown.find("chest of drawers"), std::string::npos) << e.markdown;
  EXPECT_EQ(e.markdown.find("replies"), std::string::npos) << e.markdown;
}

// A line naming the page's author by rel="author" is a byline whatever words go with the name; the
// authors of a listing's items, each marked so, are the items' text.
TEST(ContentPruning, ALineMarkingThePagesAuthorIsABylineButAListingsAuthorsStay) {
  std::string article = kArticle;
  article.insert(article.find("</h1>") + 5,
                 "<div><a href=/people/ann rel=author>Ann Oakley</a>, senior restorer at the Oak Street workshop · "
                 "Updated 11:42</div>");
  const Extraction byline = run("<html><body><article>" + article + "</article></body></html>");
  EXPECT_NE(byline.markdown.find("glass knobs"), std::string::npos) << byline.markdown;
  EXPECT_EQ(byline.markdown.find("Oakley"), std::string::npos) << byline.markdown;

  std::string books;
  const std::pair<const char*, const char*> kBooks[] = {
      {"Ann Oakley", "A history of the English oak dresser, from the farm kitchen to the sale room, with drawings."},
      {"Ben Ash", "How the joiners of the valley cut dovetails by hand, and why their drawers still run smoothly."},
      {"Cy Elm", "Paint, lead and vinegar: a restorer's notes on stripping, cleaning and waxing old furniture."}};
  for (const auto& [author, blurb] : kBooks) {
    books += std::string("<div><p>") + blurb + "</p><div><span itemprop=author>" + author +
             "</span>, Oak Street Press, second edition, 2019</div></div>";
  }
  const Extraction listing = run("<html><body><main>" + books + "</main></body></html>");
  EXPECT_NE(listing.markdown.find("Ben Ash"), std::string::npos) << listing.markdown;
}

// An author's bio after the story opens with a link to where the byline (an <address>, the
// standard's element for an article's author) links the name: it goes. A sentence of the story that
// names the author's page further on stays; so do contributors' lines where the page marks several.
TEST(ContentPruning, ABioOpeningWithTheBylinesLinkGoes) {
  std::string article = kArticle;
  article.insert(article.find("</h1>") + 5, "<address>By <a href=/people/ann>Ann Oakley</a></address>");
  const Extraction story =
      run("<html><body><article>" + article +
          "<p>Readers who want the long version can follow <a href=/people/ann>Ann's notes</a> from the first "
          "coat of paint to the last screw.</p><p><a href=/people/ann>Ann Oakley</a> is a senior restorer at the "
          "Oak Street workshop and writes about old furniture.</p></article></body></html>");
  EXPECT_NE(story.markdown.find("glass knobs"), std::string::npos) << story.markdown;
  EXPECT_NE(story.markdown.find("long version"), std::string::npos) << story.markdown;
  EXPECT_EQ(story.markdown.find("senior restorer"), std::string::npos) << story.markdown;

  // A page that marks three authors (a round-up's contributors) has no one byline to go by.
  std::string contributors;
  for (const char* name : {"ann", "ben", "cy"}) {
    contributors += std::string("<p><a href=/people/") + name + " rel=author>" + name +
                    "</a> tried the vinegar trick on the knobs of a pine chest, and the brass screws took a "
                    "second trip to the hardware shop.</p>";
  }
  const Extraction roundup = run("<html><body><article>" + kArticle + contributors + "</article></body></html>");
  EXPECT_NE(roundup.markdown.find("ben"), std::string::npos) << roundup.markdown;
}

// An author card that gives a reading time is a byline, however its spans run together; the links
// to the posts before and after, with their arrows, are a pager; a link of the text that points on
// stays.
TEST(ContentPruning, AReadingTimeIsABylineAndArrowedLinksBetweenPostsAPager) {
  std::string article = kArticle;
  article.insert(article.find("</h1>") + 5,
                 "<div><img src=/ann.png alt=''><span>Ann Oakley</span><span>Head of Restoration</span>"
                 "<span>6 min read</span></div>");
  const Extraction e = run("<html><body><article>" + article +
                           "<p><a href=/next-part>See how the drawers were refitted \xE2\x86\x92</a></p>"
                           "<p><a href=/prev>\xE2\x86\x90 Stripping a pine table</a> <a href=/next>Waxing oak "
                           "floors \xE2\x86\x92</a></p></article></body></html>");
  EXPECT_NE(e.markdown.find("glass knobs"), std::string::npos) << e.markdown;
  EXPECT_EQ(e.markdown.find("min read"), std::string::npos) << e.markdown;
  EXPECT_EQ(e.markdown.find("pine table"), std::string::npos) << e.markdown;
  EXPECT_NE(e.markdown.find("drawers were refitted"), std::string::npos) << e.markdown;
}

// A widget whose body the pruning took (a list of links) leaves its title over nothing: the title
// goes too. A section's head that lost only a "Print" beside its heading stays.
TEST(ContentPruning, AWidgetsTitleGoesWithItsBody) {
  std::string archive = "<div><h3>Archives</h3><ul>";
  for (int month = 1; month <= 8; ++month) {
    archive += "<li><a href=/2026/0" + std::to_string(month) + ">2026-0" + std::to_string(month) + "</a></li>";
  }
  archive += "</ul></div>";
  std::string article = kArticle;
  article.insert(article.find("<p>Stripping took"), "<div><h2>Stripping</h2><span>Print</span></div>");
  const Extraction e = run("<html><body><article>" + article + archive + "</article></body></html>");
  EXPECT_NE(e.markdown.find("glass knobs"), std::string::npos) << e.markdown;
  EXPECT_NE(e.markdown.find("## Stripping"), std::string::npos) << e.markdown;
  EXPECT_EQ(e.markdown.find("Archives"), std::string::npos) << e.markdown;
}

// A pull quote sets a line of the text again, in large type beside it: read once. A quotation of
// words the text does not hold is the text's own.
TEST(ContentPruning, APullQuoteIsReadOnceAndAQuotationStays) {
  std::string article = kArticle;
  article.insert(article.find("<p>Stripping took"),
                 "<blockquote><p>Under five coats of paint the oak was sound</p></blockquote>"
                 "<blockquote><p>Old oak forgives a clumsy hand, but never a hurried one.</p></blockquote>");
  const Extraction e = run("<html><body><article>" + article + "</article></body></html>");
  EXPECT_NE(e.markdown.find("glass knobs"), std::string::npos) << e.markdown;
  EXPECT_EQ(e.markdown.find("> Under five coats"), std::string::npos) << e.markdown;
  EXPECT_NE(e.markdown.find("under five coats of paint"), std::string::npos) << e.markdown;
  EXPECT_NE(e.markdown.find("> Old oak forgives"), std::string::npos) << e.markdown;
}

// The search for a pull quote's line reads the content's text once, as a copy: past a megabyte of
// text, a page's quotes are not searched for, and the quote stays.
TEST(ContentPruning, APullQuoteIsNotSearchedForInAMegabyteOfText) {
  std::string article = kArticle;
  article.insert(article.find("<p>Stripping took"),
                 "<blockquote><p>Under five coats of paint the oak was sound</p></blockquote>");
  std::string more;
  while (more.size() < std::size_t{1100} * 1024) {
    more +=
        "<p>The drawers ran true again after the runners were waxed, and the top, glued and clamped for a "
        "week, held flat through the damp of the following spring.</p>";
  }
  const Extraction e = run("<html><body><article>" + article + more + "</article></body></html>");
  EXPECT_NE(e.markdown.find("> Under five coats"), std::string::npos);
}

// A question the reader answers with buttons (a docs page's feedback, a poll) is a widget; a question
// that leads on by a link, or a question of the text, stays.
TEST(ContentPruning, AQuestionAnsweredByButtonsIsAWidget) {
  const Extraction e =
      run("<html><body><article>" + kArticle +
          "<div>Did this guide help you restore your own furniture? <button>Yes</button> <button>No</button></div>"
          "<div>Did the knobs come loose again after a year of daily use? <a href=/part-two>Read part two</a></div>"
          "</article></body></html>");
  EXPECT_NE(e.markdown.find("glass knobs"), std::string::npos) << e.markdown;
  EXPECT_EQ(e.markdown.find("Did this guide"), std::string::npos) << e.markdown;
  EXPECT_NE(e.markdown.find("Did the knobs come loose"), std::string::npos) << e.markdown;
}

// A component's <div> around a list is judged as the list: items that say something around their
// links are text, though the links make more than a fifth of the wrapper's words.
TEST(ContentPruning, AWrapperHoldingOnlyAListIsJudgedAsTheList) {
  const std::string list =
      "<ol><li>Strip the <a href=/paint>old paint</a> outside, and bag every scrap of it.</li>"
      "<li>Glue the split top with <a href=/glue>hide glue</a> and clamp it overnight.</li>"
      "<li>Wax the <a href=/runners>drawer runners</a> until they slide freely.</li></ol>";
  const Extraction e = run("<html><body><article>" + kArticle + "<div>" + list + "</div></article></body></html>");
  EXPECT_NE(e.markdown.find("hide glue"), std::string::npos) << e.markdown;
}

// A rank in a list of brands ("5. Thought") numbers a part of the article; a thread's replies under
// their count are the thread.
TEST(ContentPruning, ARankOrAThreadsRepliesAreNoCountOfComments) {
  const Extraction ranked = run("<html><body><article>" + kArticle +
                                "<h2>5. Thought</h2><p>The brand makes its shirts of hemp and organic cotton, "
                                "sells them at fair prices and repairs them for free.</p></article></body></html>");
  EXPECT_NE(ranked.markdown.find("hemp and organic cotton"), std::string::npos) << ranked.markdown;

  ExtractOptions thread;
  thread.page_url = "https://forum.example/threads/oak-dresser.77/";
  const Extraction replies = run("<html><head><title>Oak dresser</title></head><body><div>" + kArticle +
                                     "<h2>4 Comments</h2>" + comments(4) + "</div></body></html>",
                                 thread);
  EXPECT_EQ(replies.metadata.page_type, PageType::forum);
  EXPECT_NE(replies.markdown.find("chest of drawers"), std::string::npos) << replies.markdown;
}

// A listicle's items under their linked names: the names are the items' titles, not links away.
// Where a linked title alone would make its block read as links (a chapter's title over two short
// lines), the title goes and the lines stay.
TEST(ContentPruning, ALinkedTitleStaysWithItsItemUnlessItMakesTheItemLinks) {
  std::string items;
  for (const std::string_view name : {"Oak dresser", "Pine chest", "Elm table", "Ash chair"}) {
    items += "<div><h2><a href=\"https://maker.example/" + std::string(name.substr(0, 3)) + "\">" + std::string(name) +
             "</a></h2><p>A piece we restored this year, stripped by hand, glued where it had split, waxed "
             "and fitted with the knobs it came with.</p></div>";
  }
  const Extraction listicle = run("<html><body><article>" + kArticle + items + "</article></body></html>");
  EXPECT_NE(listicle.markdown.find("[Pine chest]"), std::string::npos) << listicle.markdown;
  EXPECT_NE(listicle.markdown.find("[Ash chair]"), std::string::npos) << listicle.markdown;

  std::string chapters;
  for (const std::string_view name : {"Chapter 1: Stripping old paint", "Chapter 2: Gluing a split top"}) {
    chapters += "<div><h5><a href=\"/guide/" + std::string(name.substr(8, 1)) + "\">" + std::string(name) +
                "</a></h5><p><em>Start here.</em></p><p>What the tools cost, and how long it takes.</p></div>";
  }
  const Extraction guide = run("<html><body><article>" + kArticle + chapters + "</article></body></html>");
  EXPECT_NE(guide.markdown.find("What the tools cost"), std::string::npos) << guide.markdown;
  EXPECT_EQ(guide.markdown.find("Gluing a split top"), std::string::npos) << guide.markdown;
}

// A link around a badge of a picture alone (an author's avatar, a site's logo, a button drawn as an
// image) leads away and shows nothing of the article; a linked photograph, and a picture whose
// address only holds such a word inside another ("logos-of-the-year.jpg"), stay.
TEST(ContentPruning, ALinkAroundABadgeAloneGoes) {
  const std::string badges =
      "<div><a href=/by/jo><img src=/u/jo.jpg alt='Jo Doe' width=44 height=44></a></div>"
      "<div><a href=/><img src=/static/site-logo.png alt='Oak Weekly'></a></div>"
      "<div><a href=/join><img src=/img/join-button.gif alt='Join us'></a></div>";
  const std::string photos =
      "<div><a href=/p/dresser.jpg><img src=/p/dresser.jpg alt='The finished dresser' width=800></a></div>"
      "<div><a href=/p/awards><img src=/p/logos-of-the-year.jpg alt='This year&apos;s winners'></a></div>";
  const Extraction page = run("<html><body><article>" + badges + kArticle + photos + "</article></body></html>");
  EXPECT_EQ(page.markdown.find("jo.jpg"), std::string::npos) << page.markdown;
  EXPECT_EQ(page.markdown.find("site-logo"), std::string::npos) << page.markdown;
  EXPECT_EQ(page.markdown.find("join-button"), std::string::npos) << page.markdown;
  EXPECT_NE(page.markdown.find("dresser.jpg"), std::string::npos) << page.markdown;
  EXPECT_NE(page.markdown.find("logos-of-the-year"), std::string::npos) << page.markdown;
}

// A row of pictures with a caption each is a gallery; a row of cards, each a picture beside as many
// sentences as a paragraph holds, is text, whether or not the sentences are in <p>s.
TEST(ContentPruning, CardsOfPicturesAndSentencesAreTextAGalleryIsNot) {
  const auto card = [](const std::string& name, const std::string& text) {
    return "<div><div><img src=/i/" + name + ".png width=80></div><div>" + name + "</div><div>" + text + "</div></div>";
  };
  const std::string cards =
      "<div>" +
      card("wax",
           "Wax the runners twice a year with a stub of candle, which keeps the drawers sliding and the "
           "oak from wearing into grooves where the drawer sides rub against the frame.") +
      card("glue",
           "Check the split in the top every winter, when the heating dries the wood, and fill any "
           "opening with hide glue rather than a modern resin that cannot be undone.") +
      "</div>";
  const std::string gallery =
      "<div><div><img src=/g/front.jpg><div>The front</div></div><div><img src=/g/side.jpg><div>The side"
      "</div></div><div><img src=/g/knob.jpg><div>A knob</div></div></div>";
  const Extraction page =
      run("<html><body><article>" + kArticle + cards + gallery + "</article><footer>Oak Weekly</footer></body></html>");
  EXPECT_NE(page.markdown.find("Wax the runners twice"), std::string::npos) << page.markdown;
  EXPECT_NE(page.markdown.find("hide glue"), std::string::npos) << page.markdown;
  EXPECT_EQ(page.markdown.find("The side"), std::string::npos) << page.markdown;
}

// A pitch after a short post's text (unseen-layouts-3 w0035): a box of a heading, a sentence and one
// short link standing last, with nothing after it, weighs as much as the text and is no part of it,
// inside the chosen block or taken in beside it. Not where the box's shape is text: text after it, a
// row of alike cards, a reference's link, a sentence that links on.
TEST(ContentPruning, APitchAfterTheTextGoesWhereverItStands) {
  const std::string post =
      "<p>The dresser came from a farm sale, its top split and its drawers stuck, and under five coats of paint "
      "the oak was sound.</p><p>Stripping took two weekends, since the old paint held lead.</p>";
  const std::string pitch =
      "<h3>Plan your next piece</h3><p>Our workshop answers within one working day, and the first visit to the "
      "bench costs nothing at all.</p><a href=https://shop.example/trial>Start your free trial</a>";
  const auto page = [&](const std::string& boxes) {
    return run("<html><body><article><h1>Oak dresser</h1><div>" + post + "</div>" + boxes + "</article></body></html>");
  };
  const Extraction inside = page("<div>" + pitch + "</div>");
  EXPECT_NE(inside.markdown.find("Stripping took"), std::string::npos) << inside.markdown;
  EXPECT_EQ(inside.markdown.find("free trial"), std::string::npos) << inside.markdown;
  EXPECT_EQ(inside.markdown.find("Plan your next piece"), std::string::npos) << inside.markdown;

  // Taken in beside the text as a sibling of its block (the same class), its button on a line of its own.
  const Extraction beside = run(
      "<html><body><div><div class=part><h1>Oak dresser</h1></div><div class=part>" + post +
      "</div><div class=part><h3>Plan your next piece</h3><p>Our workshop answers within one working day, and the "
      "first visit costs nothing.</p><p><a href=https://shop.example/trial>Start your free trial</a></p></div></div>"
      "</body></html>");
  EXPECT_NE(beside.markdown.find("Stripping took"), std::string::npos) << beside.markdown;
  EXPECT_EQ(beside.markdown.find("Plan your next piece"), std::string::npos) << beside.markdown;

  const auto kept = [&](const std::string& boxes) {
    return page(boxes).markdown.find("one working day") != std::string::npos;
  };
  EXPECT_TRUE(
      kept("<div>" + pitch + "</div><div><p>The glass knobs were the last touch, found in a box of odds.</p></div>"))
      << "text after it";
  EXPECT_TRUE(
      kept("<div class=card><h3>Plan a chair</h3><p>Our workshop takes chairs on Saturdays, and the first "
           "visit to the bench costs nothing at all.</p><a href=https://shop.example/chair>Book a session</a>"
           "</div><div class=card>" +
           pitch + "</div>"))
      << "a row of cards";
  EXPECT_TRUE(
      kept("<div><p>Our workshop answers within one working day, as G. Petit and J. Moreau wrote in their "
           "handbook of the trade.</p><a href=https://doi.example/10.1007>DOI: 10.1007/978-3</a></div>"))
      << "a reference";
  EXPECT_TRUE(
      kept("<div><h3>Plan your next piece</h3><p>Our workshop answers within one working day, as "
           "<a href=https://shop.example/faq>the FAQ</a> says, and the first visit costs nothing.</p>"
           "<a href=https://shop.example/trial>Start your free trial</a></div>"))
      << "a sentence that links on";
}

// An index read by the article search: each item a picture, a linked title and a teaser. The title
// alone makes its item's text read as links, but beside alike items with linked titles of their own
// it names its item: it stays, and its item is not taken for links because of it (written for WCXB
// dev-a 2902 and 2934, dev-b 0282: listings typed articles).
TEST(ContentPruning, AnIndexKeepsItsItemsLinkedTitles) {
  std::string items;
  for (const std::string_view title :
       {"Why our oak dresser took two weekends to strip", "Stripping lead paint without a torch or a mask",
        "Gluing a split top with nothing but clamps", "Waxing the runners of old drawers that stick"}) {
    items +=
        "<li><article class=card><div class=pic><img src=/t.jpg alt=''></div><div class=blurb><h2><a href=/" +
        std::to_string(title.size()) + ">" + std::string(title) +
        "</a></h2><p>What the reader learns from it, how long it takes, and what it costs.</p></div></article></li>";
  }
  const Extraction index = run("<html><body><main>" + kArticle + "<ul>" + items + "</ul></main></body></html>");
  EXPECT_EQ(index.metadata.page_type, PageType::article);
  EXPECT_NE(index.markdown.find("[Gluing a split top with nothing but clamps]"), std::string::npos) << index.markdown;
  EXPECT_NE(index.markdown.find("[Waxing the runners of old drawers that stick]"), std::string::npos) << index.markdown;
  EXPECT_NE(index.markdown.find("what it costs"), std::string::npos) << index.markdown;
}

}  // namespace
}  // namespace pagemd::extract
