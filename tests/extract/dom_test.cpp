#include "parse/dom.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pagemd::extract {
namespace {

TEST(Document, CopiesElementsTextAndAttributes) {
  const Document doc = Document::parse(R"(<p class="lead">Hello <b>world</b></p>)");
  const NodeId p = doc.find_first(HtmlTag::p);
  ASSERT_NE(p, kNoNode);
  ASSERT_NE(doc.attribute(p, "class"), nullptr);
  EXPECT_EQ(*doc.attribute(p, "class"), "lead");
  EXPECT_EQ(doc.attribute(p, "id"), nullptr);
  EXPECT_EQ(doc.text_content(p), "Hello world");
  EXPECT_EQ(doc.name(p), "p");
}

TEST(Document, KeepsUnknownTagNamesLowerCase) {
  const Document doc = Document::parse("<body><My-Widget>x</My-Widget></body>");
  const NodeId body = doc.find_first(HtmlTag::body);
  const NodeId widget = doc.node(body).first_child();
  ASSERT_NE(widget, kNoNode);
  EXPECT_EQ(doc.node(widget).tag, HtmlTag::unknown);
  EXPECT_EQ(doc.name(widget), "my-widget");
}

TEST(Document, MergesTextSplitByComments) {
  const Document doc = Document::parse("<p>one<!-- gone -->two</p>");
  const NodeId p = doc.find_first(HtmlTag::p);
  const NodeId text = doc.node(p).first_child();
  ASSERT_NE(text, kNoNode);
  EXPECT_EQ(doc.text(text), "onetwo");
  EXPECT_EQ(doc.node(text).next_sibling, kNoNode);
}

TEST(Document, MergesDecodedTextWithTheTextAfterIt) {
  const Document doc = Document::parse("<p>a&amp;b<!-- x -->c&lt;d<!---->e</p>");
  const NodeId text = doc.node(doc.find_first(HtmlTag::p)).first_child();
  ASSERT_NE(text, kNoNode);
  EXPECT_EQ(doc.text(text), "a&bc<de");
  EXPECT_EQ(doc.node(text).next_sibling, kNoNode);
}

// Text moved out of a table joins the text before the table, which by then is no longer the last
// text copied.
TEST(Document, JoinsFosterParentedTextCopiedApart) {
  const Document doc = Document::parse("<body><table>x&amp;<tr><td>y&lt;</td></tr>z&gt;</table></body>");
  const NodeId body = doc.find_first(HtmlTag::body);
  const NodeId before_table = doc.node(body).first_child();
  ASSERT_NE(before_table, kNoNode);
  EXPECT_EQ(doc.text(before_table), "x&z>");
  EXPECT_TRUE(doc.is_element(doc.node(before_table).next_sibling, HtmlTag::table));
  EXPECT_EQ(doc.text_content(doc.find_first(HtmlTag::td)), "y<");
}

TEST(Document, KeepsJoiningTextMovedOutOfATableRowAfterRow) {
  std::string html = "<body><table>x&amp;";
  std::string expected = "x&";
  for (int row = 0; row < 1000; ++row) {
    html += "<tr><td>y&lt;</td></tr>z" + std::to_string(row) + "&gt;";
    expected.append("z").append(std::to_string(row)).append(">");
  }
  const Document doc = Document::parse(html + "</table></body>");
  const NodeId before_table = doc.node(doc.find_first(HtmlTag::body)).first_child();
  EXPECT_EQ(doc.text(before_table), expected);
  EXPECT_EQ(doc.find_all(HtmlTag::td).size(), 1000U);
}

TEST(Document, KeepsTheNamesOfManyUnknownElementsApart) {
  const Document doc = Document::parse("<body><x-a>1<x-bb>2&amp;</x-bb></x-a><x-ccc>3</x-ccc></body>");
  std::string names;
  doc.walk(doc.find_first(HtmlTag::body), [&](NodeId id) {
    names += doc.name(id);
    names += doc.text(id);
    names += ' ';
    return true;
  });
  EXPECT_EQ(names, "body x-a 1 x-bb 2& x-ccc 3 ");
}

// Misnested formatting, text moved out of a table and a streamed segment all move nodes, and the
// ids are renumbered after: every link still agrees with the others, and custom names stay put.
TEST(Document, KeepsItsLinksConsistentThroughMovesAndRenumbering) {
  const Document doc = Document::build_page(
      "<body><x-a>1</x-a><b>2<p>3</b>4</p><table>5<tr><td>6</td></tr><x-b>7</x-b></table>"
      "<template id=\"B:1\"></template><i>8<div hidden id=\"S:1\"><x-c>9</x-c></div></i></body>");
  std::string names;
  NodeId expected = 0;
  doc.walk(doc.root(), [&](NodeId id) {
    EXPECT_EQ(id, expected++) << "ids run in document order";
    const Node& n = doc.node(id);
    if (n.kind == NodeKind::text) {
      EXPECT_EQ(n.first_child(), kNoNode);
    }
    NodeId last = kNoNode;
    for (NodeId child = n.first_child(); child != kNoNode; child = doc.node(child).next_sibling) {
      EXPECT_EQ(doc.node(child).parent, id);
      EXPECT_EQ(doc.prev_sibling(child), last) << child;
      last = child;
    }
    EXPECT_EQ(doc.last_child(id), last) << id;
    if (doc.node(id).tag == HtmlTag::unknown) names += doc.name(id);
    return true;
  });
  EXPECT_EQ(expected, doc.size());
  EXPECT_EQ(doc.text_content(doc.root()), "123457698");
  EXPECT_EQ(names, "x-ax-bx-c");
}

// A text node's size and an element's attributes share a field: neither reads the other's.
TEST(Document, TextAndTheDocumentHaveNoAttributes) {
  const Document doc = Document::parse(R"(<p id="a">one</p><p id="b" class="c">two</p>)");
  doc.walk(doc.root(), [&](NodeId id) {
    if (doc.node(id).kind != NodeKind::element) {
      EXPECT_TRUE(doc.attributes(id).empty()) << doc.text(id);
    }
    return true;
  });
  const std::vector<NodeId> paragraphs = doc.find_all(HtmlTag::p);
  ASSERT_EQ(paragraphs.size(), 2U);
  EXPECT_EQ(doc.attributes(paragraphs[0]).size(), 1U);
  EXPECT_EQ(doc.attributes(paragraphs[1]).size(), 2U);
  EXPECT_TRUE(doc.attributes(doc.find_first(HtmlTag::body)).empty());
}

// Reopened formatting elements are clones with attributes of their own; a second <body> tag adds
// the attributes the first lacked.
TEST(Document, ClonesAndMergedTagsKeepTheirAttributes) {
  const Document doc = Document::parse(R"(<body id="x"><b class="k" title="t">1<p>2</b>3</p><body id="y" lang="de">)");
  const std::vector<NodeId> bolds = doc.find_all(HtmlTag::b);
  ASSERT_EQ(bolds.size(), 2U);
  for (const NodeId b : bolds) {
    ASSERT_NE(doc.attribute(b, "class"), nullptr);
    EXPECT_EQ(*doc.attribute(b, "class"), "k");
    EXPECT_EQ(*doc.attribute(b, "title"), "t");
  }
  const NodeId body = doc.find_first(HtmlTag::body);
  EXPECT_EQ(*doc.attribute(body, "id"), "x");
  ASSERT_NE(doc.attribute(body, "lang"), nullptr);
  EXPECT_EQ(*doc.attribute(body, "lang"), "de");
}

// A node keeps its size in 22 bits when it fits; longer text (4 MiB and more), also when it grows
// there by joins or is moved and renumbered, keeps it in the document.
TEST(Document, KeepsTextOfFourMebibytesAndMore) {
  const std::string big(std::size_t{5} << 20, 'w');
  const Document whole = Document::parse("<p>" + big + "</p><p>after</p>");
  const std::vector<NodeId> paragraphs = whole.find_all(HtmlTag::p);
  ASSERT_EQ(paragraphs.size(), 2U);
  EXPECT_EQ(whole.text_content(paragraphs[0]).size(), big.size());
  EXPECT_EQ(whole.text_content(paragraphs[1]), "after");

  const std::string half(std::size_t{3} << 20, 'h');
  const Document joined = Document::parse("<p>" + half + "<!-- c -->" + half + "&amp;</p>");
  EXPECT_EQ(joined.text_content(joined.find_first(HtmlTag::p)), half + half + "&");

  // Text foster-parented out of a table is created after the table and moved before it: the ids
  // are renumbered, and the size goes with the node.
  const Document moved =
      Document::parse("<body><table><tr><td>x</td></tr>" + big + "<tr><td>y</td></tr></table><p>z</p></body>");
  const NodeId before_table = moved.node(moved.find_first(HtmlTag::body)).first_child();
  EXPECT_EQ(moved.text(before_table).size(), big.size());
  EXPECT_EQ(moved.text_content(moved.find_first(HtmlTag::table)), "xy");
  EXPECT_EQ(moved.text_content(moved.find_first(HtmlTag::p)), "z");
}

TEST(Document, WalkSkipsChildrenWhenAsked) {
  const Document doc = Document::parse("<div><p>a</p><nav><p>b</p></nav><p>c</p></div>");
  std::string seen;
  doc.walk(doc.root(), [&](NodeId id) {
    if (doc.is_element(id, HtmlTag::nav)) return false;
    seen += doc.text(id);
    return true;
  });
  EXPECT_EQ(seen, "ac");
}

TEST(Document, FindAllInDocumentOrderAndContains) {
  const Document doc = Document::parse("<ul><li>1</li><li>2<ul><li>3</li></ul></li></ul>");
  const auto items = doc.find_all(HtmlTag::li);
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(doc.text_content(items[2]), "3");
  EXPECT_TRUE(doc.contains(items[1], items[2]));
  EXPECT_FALSE(doc.contains(items[0], items[2]));
}

TEST(Document, ASubtreeRunsFromItsRootToItsLastDescendant) {
  const Document doc = Document::parse("<ul><li>1</li><li>2<ul><li>3</li></ul></li></ul><p>after</p>");
  const auto items = doc.find_all(HtmlTag::li);
  ASSERT_EQ(items.size(), 3u);
  const NodeId last = doc.last_descendant(items[1]);
  EXPECT_EQ(doc.text(last), "3");
  for (NodeId id = items[1]; id <= last; ++id) EXPECT_TRUE(doc.contains(items[1], id)) << id;
  EXPECT_FALSE(doc.contains(items[1], last + 1));
  const NodeId text = doc.node(items[0]).first_child();
  EXPECT_EQ(doc.last_descendant(text), text);
}

TEST(Document, DeepTreeIsCopiedWithoutRecursion) {
  std::string html;
  for (int i = 0; i < 300; ++i) html += "<div>";
  html += "deep";
  const Document doc = Document::parse(html);
  EXPECT_EQ(doc.find_all(HtmlTag::div).size(), 300u);
  EXPECT_EQ(doc.text_content(doc.root()), "deep");
}

}  // namespace
}  // namespace pagemd::extract
