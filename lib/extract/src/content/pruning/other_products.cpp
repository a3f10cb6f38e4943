#include "content/pruning/other_products.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "text/phrases/prices.hpp"
#include "text/text_util.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract::content_detail {
namespace {

// Two alike cards are a pair (the product in two colours); a carousel shows three or more.
constexpr std::size_t kFewestCards = 3;
// A card names a product, its price and a rating or a line of it; more text is a section of the page.
constexpr std::uint32_t kMostCardChars = 500;
// A product's own block shows its price, a description or its options after its headline: a short
// line or two at least.
constexpr std::uint32_t kFewestProductChars = 200;
// A card is read from its first nodes: its picture, name, stars and price come within these, and a
// card of thousands of nodes is no card. Bounds the work per card, however many are alike.
constexpr int kNodesLookedAt = 256;

// A link that leaves the page: not to one of its own parts ("#reviews") nor a script's handler.
bool links_elsewhere(const Document& doc, NodeId link) {
  const std::string_view* href = doc.attribute(link, "href");
  if (href == nullptr) return false;
  const std::string_view target = trim(*href);
  return !target.empty() && !target.starts_with('#') && !starts_with_ignore_case(target, "javascript:");
}

// A card of another product: short, linking to another page, and showing a price.
bool is_product_card(const PageStats& page, NodeId card) {
  const std::uint32_t chars = page.chars(card);
  if (chars == 0 || chars > kMostCardChars) return false;
  const Document& doc = page.doc();
  std::string text;
  bool links = false;
  int visits = 0;
  // What an earlier pass dropped still tells what the card is: its link drawn as a button ("To the
  // product", a call to action) still leads on, and its price line still names a price.
  doc.walk(card, [&](NodeId at) {
    if (++visits > kNodesLookedAt) return WalkStep::stop;
    const Node& n = doc.node(at);
    if (n.kind == NodeKind::element) {
      if (is_never_content(n.tag)) return WalkStep::skip;
      if (n.tag == HtmlTag::a) links = links || links_elsewhere(doc, at);
    } else if (n.kind == NodeKind::text) {
      // Parts of a price set in separate elements ("<span>$</span><span>129</span>") read as one.
      text += doc.text(at);
      text += ' ';
    }
    return WalkStep::descend;
  });
  return links && count_prices(text) > 0;
}

// Cards of one template: the same tag, and the same first class (a card's further classes may name
// the product it shows: "item overlay-495885").
bool alike_cards(const Document& doc, NodeId a, NodeId b) {
  // Cards without a class are alike by their tag alone.
  if (doc.attribute(a, "class") == nullptr && doc.attribute(b, "class") == nullptr) {
    return doc.node(a).tag == doc.node(b).tag;
  }
  return same_tag_and_first_class(doc, a, b);
}

// Drops the run of alike siblings when it is a row of product cards: at least kFewestCards of them,
// and at most one in four something else (a card whose price is hidden until an option is picked).
void drop_if_cards(PageStats& page, const std::vector<NodeId>& run, std::uint32_t text_before) {
  // Cards right under the headline are the page itself (a category's grid taken for a product): the
  // product's own text (its price, description, options) comes first on a product's page.
  if (run.size() < kFewestCards || text_before < kFewestProductChars) return;
  const std::size_t most_others = run.size() / 4;
  std::size_t others = 0;
  for (NodeId member : run) {
    if (!is_product_card(page, member) && ++others > most_others) return;
  }
  for (NodeId member : run) page.drop(member);
}

}  // namespace

void drop_other_products(PageStats& page, NodeId body) {
  const Document& doc = page.doc();
  const NodeId headline = headline_after(page, body);
  if (headline == kNoNode) return;
  const NodeId headline_end = doc.last_descendant(headline);
  // Ids run in document order, parents first: the headline's ancestors, ascending.
  std::vector<NodeId> above_headline;
  for (NodeId at = doc.node(headline).parent; at != kNoNode; at = doc.node(at).parent) above_headline.push_back(at);
  std::reverse(above_headline.begin(), above_headline.end());
  // The text shown between the headline and the node the walk is at, which comes in document order.
  std::uint32_t text_after_headline = 0;
  std::vector<NodeId> run;
  doc.walk(body, [&](NodeId id) {
    const Node& n = doc.node(id);
    if (page.dropped(id)) return WalkStep::skip;
    if (n.kind == NodeKind::text) {
      if (id > headline_end) text_after_headline += non_space_bytes(doc.text(id));
      return WalkStep::skip;
    }
    if (n.kind != NodeKind::element) return WalkStep::skip;
    // Before the headline, or the headline itself: the page's top, or the product's own title.
    if (id <= headline_end && !std::binary_search(above_headline.begin(), above_headline.end(), id)) {
      return WalkStep::skip;
    }
    std::uint32_t text_before_run = text_after_headline;
    std::uint32_t text_before_child = text_after_headline;
    run.clear();
    for (NodeId child = doc.node(id).first_child(); child != kNoNode; child = doc.node(child).next_sibling) {
      if (child <= headline_end || page.dropped(child)) continue;
      const std::uint32_t chars =
          doc.node(child).kind == NodeKind::text ? non_space_bytes(doc.text(child)) : page.chars(child);
      if (doc.node(child).kind == NodeKind::element) {
        if (!run.empty() && !alike_cards(doc, run.front(), child)) {
          drop_if_cards(page, run, text_before_run);
          run.clear();
        }
        if (run.empty()) text_before_run = text_before_child;
        run.push_back(child);
      }
      text_before_child += chars;
    }
    drop_if_cards(page, run, text_before_run);
    return WalkStep::descend;
  });
}

}  // namespace pagemd::extract::content_detail
