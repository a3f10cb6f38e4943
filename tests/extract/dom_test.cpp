#include "parse/dom.hpp"

#include <gtest/gtest.h>

#include <string>

namespace pagemd::extract {
namespace {

TEST(Document, CopiesElementsTextAndAttributes) {
  const Document doc = Document::parse(R"(<p class="lead">Hello <b>world</b></p>)");
  const NodeId p = doc.find_first(GUMBO_TAG_P);
  ASSERT_NE(p, kNoNode);
  ASSERT_NE(doc.attribute(p, "class"), nullptr);
  EXPECT_EQ(*doc.attribute(p, "class"), "lead");
  EXPECT_EQ(doc.attribute(p, "id"), nullptr);
  EXPECT_EQ(doc.text_content(p), "Hello world");
  EXPECT_EQ(doc.node(p).name(), "p");
}

TEST(Document, KeepsUnknownTagNamesLowerCase) {
  const Document doc = Document::parse("<body><My-Widget>x</My-Widget></body>");
  const NodeId body = doc.find_first(GUMBO_TAG_BODY);
  const NodeId widget = doc.node(body).first_child;
  ASSERT_NE(widget, kNoNode);
  EXPECT_EQ(doc.node(widget).tag, GUMBO_TAG_UNKNOWN);
  EXPECT_EQ(doc.node(widget).name(), "my-widget");
}

TEST(Document, MergesTextSplitByComments) {
  const Document doc = Document::parse("<p>one<!-- gone -->two</p>");
  const NodeId p = doc.find_first(GUMBO_TAG_P);
  const NodeId text = doc.node(p).first_child;
  ASSERT_NE(text, kNoNode);
  EXPECT_EQ(doc.node(text).text(), "onetwo");
  EXPECT_EQ(doc.node(text).next_sibling, kNoNode);
}

TEST(Document, WalkSkipsChildrenWhenAsked) {
  const Document doc = Document::parse("<div><p>a</p><nav><p>b</p></nav><p>c</p></div>");
  std::string seen;
  doc.walk(doc.root(), [&](NodeId id) {
    if (doc.is_element(id, GUMBO_TAG_NAV)) return false;
    if (doc.node(id).kind == NodeKind::text) seen += doc.node(id).text();
    return true;
  });
  EXPECT_EQ(seen, "ac");
}

TEST(Document, FindAllInDocumentOrderAndContains) {
  const Document doc = Document::parse("<ul><li>1</li><li>2<ul><li>3</li></ul></li></ul>");
  const auto items = doc.find_all(GUMBO_TAG_LI);
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(doc.text_content(items[2]), "3");
  EXPECT_TRUE(doc.contains(items[1], items[2]));
  EXPECT_FALSE(doc.contains(items[0], items[2]));
}

TEST(Document, DeepTreeIsCopiedWithoutRecursion) {
  std::string html;
  for (int i = 0; i < 300; ++i) html += "<div>";
  html += "deep";
  const Document doc = Document::parse(html);
  EXPECT_EQ(doc.find_all(GUMBO_TAG_DIV).size(), 300u);
  EXPECT_EQ(doc.text_content(doc.root()), "deep");
}

}  // namespace
}  // namespace pagemd::extract
