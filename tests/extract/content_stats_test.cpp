#include "content/content_stats.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "parse/dom.hpp"

namespace pagemd::extract::content_detail {
namespace {

// Letters of the text nodes under `id` not inside a dropped subtree (the texts have no spaces, so
// each byte is one counted character).
std::uint32_t letters_below(const Document& doc, const PageStats& page, NodeId id) {
  std::uint32_t letters = 0;
  doc.walk(id, [&](NodeId n) {
    if (page.dropped(n)) return false;
    letters += static_cast<std::uint32_t>(doc.text(n).size());
    return true;
  });
  return letters;
}

// Kept sums, one-leaf elements and leaves mixed, over more than 64 nodes so that the slots cross
// several words of the bit vector.
std::string mixed_page() {
  std::string html = "<body><div>";
  for (int i = 0; i < 40; ++i) {
    html += "<p>ab<b>c</b></p><span>de</span><br><i><b>fgh</b></i>";
    if (i % 7 == 0) html += "<ul><li>x</li><li>yz</li></ul>";
  }
  return html + "</div></body>";
}

// count_text as it reads, byte by byte: what the eight-bytes-at-a-time count must agree with.
TextStats count_one_by_one(std::string_view text) {
  TextStats s;
  bool in_space = true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
      if (!in_space) ++s.chars;
      in_space = true;
      continue;
    }
    in_space = false;
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++s.chars;
    const std::string_view rest = text.substr(i);
    if (c == ',' || rest.starts_with("\xEF\xBC\x8C") || rest.starts_with("\xE3\x80\x81")) ++s.commas;
  }
  return s;
}

TEST(CountText, EightBytesAtATimeCountAsOneByOne) {
  // Whitespace of every kind and a vertical tab (no whitespace to HTML), commas of three scripts,
  // two-, three- and four-byte characters, so that runs and sequences cross the eight-byte words.
  const std::vector<std::string_view> pieces = {"a",
                                                "bc",
                                                " ",
                                                "  ",
                                                "\t",
                                                "\n",
                                                "\r",
                                                "\f",
                                                "\v",
                                                ",",
                                                "\xC3\xA9",
                                                "\xEF\xBC\x8C",
                                                "\xE3\x80\x81",
                                                "\xE2\x82\xAC",
                                                "\xF0\x9F\x98\x80",
                                                "\xEF\xBC",
                                                "\x81"};
  std::mt19937 random(45);
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    const std::size_t count = random() % 40;
    for (std::size_t k = 0; k < count; ++k) text += pieces[random() % pieces.size()];
    const TextStats expected = count_one_by_one(text);
    TextStats counted;
    counted.chars = 7;  // the count adds to what is there
    count_text(text, counted);
    ASSERT_EQ(counted.chars, expected.chars + 7) << '"' << text << '"';
    ASSERT_EQ(counted.commas, expected.commas) << '"' << text << '"';
    const auto non_space = std::count_if(
        text.begin(), text.end(), [](char c) { return c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f'; });
    ASSERT_EQ(non_space_bytes(text), static_cast<std::uint32_t>(non_space)) << '"' << text << '"';
  }
  TextStats words;
  count_text("  one two,\tthree\xEF\xBC\x8C four  ", words);
  // one, space, "two,", tab, three, the full-width comma, space, four, the trailing run.
  EXPECT_EQ(words.chars, 3U + 1 + 4 + 1 + 5 + 1 + 1 + 4 + 1);
  EXPECT_EQ(words.commas, 2U);
}

TEST(PageStats, ALeafAskedAgainAnswersAsWhenFirstCounted) {
  // Commas in the top bits of what is kept of a leaf, and a leaf with more commas than they hold.
  std::string html = "<body><div><p>one, two, three</p><p>";
  for (int i = 0; i < 300; ++i) html += "a, ";
  html += "</p><p>x</p></div></body>";
  const Document doc = Document::parse(html);
  PageStats page(doc);
  page.compute_stats();
  int leaves = 0;
  for (NodeId id = 0; id < doc.size(); ++id) {
    if (doc.node(id).kind != NodeKind::text) continue;
    ++leaves;
    TextStats counted;
    count_text(doc.text(id), counted);
    for (int ask = 0; ask < 2; ++ask) {
      EXPECT_EQ(page.stats(id).chars, counted.chars) << "node " << id << ", asked " << ask + 1 << " times";
      EXPECT_EQ(page.stats(id).commas, counted.commas) << "node " << id << ", asked " << ask + 1 << " times";
    }
  }
  EXPECT_EQ(leaves, 3);
  EXPECT_EQ(page.stats(doc.find_first(HtmlTag::div)).commas, 2U + 300U);
}

// A short block's text as the pruning reads it (a byline, a breadcrumb): the text of elements set
// side by side is separate words, as styles show them, even with no space between them in the page.
TEST(PageStats, SmallTextPartsElementsSetSideBySide) {
  const Document doc = Document::parse(
      "<body><div id=byline><span>Ann Oakley</span><span>Apr 3, 2026</span></div>"
      "<div id=spaced><span>Ann</span> <span>Oakley</span></div></body>");
  PageStats page(doc);
  page.compute_stats();
  const std::vector<NodeId> divs = doc.find_all(HtmlTag::div);
  ASSERT_EQ(divs.size(), 2U);
  EXPECT_EQ(page.small_text(divs[0]), "Ann Oakley Apr 3, 2026");
  EXPECT_EQ(page.small_text(divs[1]), "Ann Oakley");
}

TEST(PageStats, EveryNodesSumsMatchAWalkOfItsSubtree) {
  const Document doc = Document::parse(mixed_page());
  PageStats page(doc);
  page.compute_stats();
  for (NodeId id = 0; id < doc.size(); ++id) {
    EXPECT_EQ(page.stats(id).chars, letters_below(doc, page, id)) << "node " << id;
    EXPECT_EQ(page.chars(id), page.stats(id).chars) << "node " << id;
  }
}

TEST(PageStats, SlotsNumberTheNodesThatKeepSumsInDocumentOrder) {
  const Document doc = Document::parse(mixed_page());
  const PageStats page(doc);
  std::uint32_t next = 0;
  for (NodeId id = 0; id < doc.size(); ++id) {
    const Node& n = doc.node(id);
    const bool one_leaf = n.kind == NodeKind::element && n.first_child() != kNoNode &&
                          n.first_child() == doc.last_child(id) && doc.node(n.first_child()).first_child() == kNoNode;
    EXPECT_EQ(page.keeps_sums(id), n.first_child() != kNoNode && !one_leaf) << "node " << id;
    if (page.keeps_sums(id)) {
      EXPECT_EQ(page.slot(id), next++) << "node " << id;
    }
  }
  EXPECT_EQ(page.kept_nodes(), next);
  EXPECT_GT(next, 64U);
}

TEST(PageStats, ADropTakesItsSumsOffEveryAncestor) {
  const Document doc = Document::parse(mixed_page());
  PageStats page(doc);
  page.compute_stats();
  const NodeId body = doc.find_first(HtmlTag::body);
  const std::uint32_t before = page.chars(body);
  // A one-leaf element (its sums are counted when asked) and a node that keeps sums.
  const NodeId span = doc.find_first(HtmlTag::span);
  const NodeId list = doc.find_first(HtmlTag::ul);
  page.drop(span);
  page.drop(list);
  EXPECT_EQ(page.chars(body), before - 2 - 3);
  EXPECT_EQ(page.chars(body), letters_below(doc, page, body));
  EXPECT_EQ(page.stats(doc.node(span).parent).chars, letters_below(doc, page, doc.node(span).parent));
}

TEST(PageStats, ADocumentsOwnContentsAreNoLinksAway) {
  // Sphinx's toctree and DocBook's contents of a chapter list the pages the document is made of;
  // an article's contents box (a plain list) is links like any other.
  const auto link_chars_of_list = [](const std::string& contents) {
    const Document doc = Document::parse("<body><div id=chapter><p>Intro</p>" + contents + "</div></body>");
    PageStats page(doc);
    page.compute_stats();
    const NodeId list = doc.find_first(HtmlTag::a);
    return page.stats(doc.node(doc.node(list).parent).parent).link_chars;
  };
  EXPECT_EQ(link_chars_of_list("<div class='toctree-wrapper compound'><ul><li><a href=forms/>Formsets</a>"
                               "<a href=models/>Models</a></li></ul></div>"),
            0U);
  EXPECT_EQ(link_chars_of_list("<div class=toc><dl class=toc><dt><span class=sect1><a href=i.html>Intro</a>"
                               "<a href=t.html>Types</a></span></dt></dl></div>"),
            0U);
  EXPECT_EQ(link_chars_of_list("<div class=toc><ul><li><a href=#i>Intro</a><a href=#t>Types</a></li></ul></div>"), 10U);
  EXPECT_EQ(link_chars_of_list("<div class=toc><dl><dt><span><a href=i.html>Intro</a><a href=t.html>Types</a>"
                               "</span></dt></dl></div>"),
            10U);
}

TEST(PageStats, ACardWrappedInItsLinkIsLinkTextOnlyInItsTitle) {
  const auto link_chars_of = [](const std::string& body) {
    const Document doc = Document::parse("<body>" + body + "</body>");
    PageStats page(doc);
    page.compute_stats();
    return page.stats(doc.find_first(HtmlTag::a)).link_chars;
  };
  const std::string teaser =
      "<p>Renting a car in the city could end in an arrest when the rental is listed as stolen.</p>";
  // The title (10 characters) is the link; the teaser under it is text.
  EXPECT_EQ(link_chars_of("<a href=/story><h2>Car rental</h2>" + teaser + "</a>"), 10U);
  EXPECT_EQ(link_chars_of("<div><a href=/story><div>Car rental</div>" + teaser + "</a></div>"), 0U);
  // A card whose only paragraph is its title is a link whole, and so is a menu's entry, however
  // much it says of where it leads.
  EXPECT_EQ(link_chars_of("<a href=/story><img src=a.jpg><p>Car rental news</p></a>"), 15U);
  EXPECT_EQ(link_chars_of("<nav><ul><li><a href=/story><h2>Car rental</h2>" + teaser + "</a></li></ul></nav>"),
            10U + 85U);
}

// A text under `levels` <div>s, each the only child of the one around it.
std::string text_under_divs(int levels) {
  std::string html = "<body>";
  for (int level = 0; level < levels; ++level) html += "<div>";
  html += "<b>word</b> more";
  for (int level = 0; level < levels; ++level) html += "</div>";
  return html + "</body>";
}

// The <div>s of the nest, outermost first.
std::vector<NodeId> nest_of(const Document& doc) {
  std::vector<NodeId> divs;
  doc.walk(doc.find_first(HtmlTag::body), [&](NodeId id) {
    if (doc.is_element(id, HtmlTag::div)) divs.push_back(id);
    return true;
  });
  return divs;
}

TEST(PageStats, SmallTextAskedDeepestFirstIsWhatAWalkOfEachElementGives) {
  // The pruning's order (innermost first) takes up the child's answer; asked outermost first,
  // every answer is a walk of its own. The wrappers within the walk's budget of nodes (256, the
  // text's three nodes included) get the text; the ones above them are too big.
  const Document doc = Document::parse(text_under_divs(300));
  const std::vector<NodeId> divs = nest_of(doc);
  ASSERT_EQ(divs.size(), 300U);
  PageStats deepest_first(doc);
  std::vector<std::string> taken_up(divs.size());
  for (std::size_t i = divs.size(); i-- > 0;) taken_up[i] = deepest_first.small_text(divs[i]);
  const PageStats outermost_first(doc);
  for (std::size_t i = 0; i < divs.size(); ++i) {
    EXPECT_EQ(taken_up[i], outermost_first.small_text(divs[i])) << "level " << i;
    const std::size_t visits = divs.size() - i + 3;  // the divs from this one down, <b>, its text, " more"
    EXPECT_EQ(taken_up[i], visits <= 256 ? "word more" : "") << "level " << i;
  }
}

TEST(PageStats, SmallTextLeavesOutWhatWasDroppedSinceTheChildWasAsked) {
  const Document doc = Document::parse(text_under_divs(5));
  const std::vector<NodeId> divs = nest_of(doc);
  PageStats page(doc);
  page.compute_stats();
  EXPECT_EQ(page.small_text(divs[4]), "word more");
  page.drop(divs[4]);
  EXPECT_EQ(page.small_text(divs[3]), "");
}

}  // namespace
}  // namespace pagemd::extract::content_detail
