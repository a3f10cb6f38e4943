#include "content/content_stats.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

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
    const bool one_leaf = n.kind == NodeKind::element && n.first_child != kNoNode && n.first_child == n.last_child &&
                          doc.node(n.first_child).first_child == kNoNode;
    EXPECT_EQ(page.keeps_sums(id), n.first_child != kNoNode && !one_leaf) << "node " << id;
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
  const NodeId body = doc.find_first(GUMBO_TAG_BODY);
  const std::uint32_t before = page.chars(body);
  // A one-leaf element (its sums are counted when asked) and a node that keeps sums.
  const NodeId span = doc.find_first(GUMBO_TAG_SPAN);
  const NodeId list = doc.find_first(GUMBO_TAG_UL);
  page.drop(span);
  page.drop(list);
  EXPECT_EQ(page.chars(body), before - 2 - 3);
  EXPECT_EQ(page.chars(body), letters_below(doc, page, body));
  EXPECT_EQ(page.stats(doc.node(span).parent).chars, letters_below(doc, page, doc.node(span).parent));
}

}  // namespace
}  // namespace pagemd::extract::content_detail
