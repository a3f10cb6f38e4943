#include "content/pruning/customer_reviews.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "text/text_util.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract::content_detail {
namespace {

// A review's text is known by its first characters: the widget may cut the rest ("Read more"),
// and a page holds no two reviews that start alike for this long.
constexpr std::size_t kKeyBytes = 40;
// A review shorter than this ("Great!", "Love it") could be any line of the page.
constexpr std::size_t kFewestKeyBytes = 16;
// A customer's review is a paragraph or a few; a block longer than this is more than one review.
constexpr std::uint32_t kMostReviewChars = 2000;

// The first kKeyBytes bytes of the text that are not whitespace, lower-cased; all of them when
// there are fewer.
std::string key_of(std::string_view text) {
  std::string key;
  for (const char c : text) {
    if (is_ascii_space(c)) continue;
    key.push_back(ascii_lower(c));
    if (key.size() == kKeyBytes) break;
  }
  return key;
}

bool is_microdata_review(const Document& doc, NodeId id) {
  if (const std::string_view* prop = doc.attribute(id, "itemprop");
      prop != nullptr && any_token(*prop, [](std::string_view token) { return equals_ignore_case(token, "review"); })) {
    return true;
  }
  const std::string_view* type = doc.attribute(id, "itemtype");
  if (type == nullptr) return false;
  const std::string_view bare = trim(*type);
  return bare.size() >= 7 && equals_ignore_case(bare.substr(bare.size() - 7), "/Review");
}

NodeId common_ancestor(const Document& doc, NodeId a, NodeId b) {
  while (a != b && a != kNoNode && b != kNoNode) {
    // Ids run in document order, parents first: the larger id is never the other's ancestor.
    if (a > b) {
      a = doc.node(a).parent;
    } else {
      b = doc.node(b).parent;
    }
  }
  return a == b ? a : kNoNode;
}

// The children of `list` holding the reviews found, when they are reviews each (a review long at
// most) of a template or a few, drop with every child alike them: true then.
bool drop_alike_items(PageStats& page, NodeId list, const std::vector<NodeId>& reviews) {
  // A list's items come from a template or two (a review, a review with photos); more kinds are
  // no list of reviews.
  constexpr std::size_t kMostItemKinds = 4;
  const Document& doc = page.doc();
  const auto one_review = [&](NodeId item) { return page.chars(item) <= kMostReviewChars; };
  std::unordered_set<NodeId> items;
  std::vector<NodeId> kinds;  // an item of each (tag, class) among them
  for (NodeId review : reviews) {
    if (review == list) continue;
    NodeId item = review;
    while (doc.node(item).parent != list) item = doc.node(item).parent;
    if (!items.insert(item).second) continue;
    if (!one_review(item)) return false;
    if (std::none_of(kinds.begin(), kinds.end(), [&](NodeId kind) { return same_tag_and_class(doc, kind, item); })) {
      if (kinds.size() == kMostItemKinds) return false;
      kinds.push_back(item);
    }
  }
  if (items.size() < 2) return false;
  for (NodeId child = doc.node(list).first_child(); child != kNoNode; child = doc.node(child).next_sibling) {
    if (page.dropped(child) || doc.node(child).kind != NodeKind::element || !one_review(child)) continue;
    if (std::any_of(kinds.begin(), kinds.end(), [&](NodeId kind) { return same_tag_and_class(doc, kind, child); }))
      page.drop(child);
  }
  return true;
}

}  // namespace

void drop_customer_reviews(PageStats& page, NodeId body, std::span<const std::string> review_texts) {
  const Document& doc = page.doc();
  std::unordered_set<std::string> keys;
  for (const std::string& text : review_texts) {
    std::string key = key_of(text);
    if (key.size() >= kFewestKeyBytes) keys.insert(std::move(key));
  }
  std::vector<NodeId> reviews;
  doc.walk(body, [&](NodeId id) {
    if (page.dropped(id)) return false;
    const Node& n = doc.node(id);
    if (n.kind == NodeKind::text) {
      if (!keys.empty() && doc.text(id).size() >= kFewestKeyBytes && keys.contains(key_of(doc.text(id)))) {
        reviews.push_back(n.parent);
      }
      return false;
    }
    if (n.kind != NodeKind::element || id == body) return true;
    if (is_microdata_review(doc, id)) {
      reviews.push_back(id);
      return false;
    }
    return true;
  });
  if (reviews.empty()) return;
  const NodeId headline = headline_after(page, body);
  const auto apart_from_headline = [&](NodeId id) {
    return id != body && (headline == kNoNode || !doc.contains(id, headline));
  };
  NodeId list = reviews.front();
  for (NodeId review : reviews) list = common_ancestor(doc, list, review);
  if (reviews.size() >= 2 && list != kNoNode && apart_from_headline(list)) {
    // The block holding them all is the widget, when it is a part of the page beside the product.
    constexpr double kMostPageShare = 0.5;
    if (page.chars(list) <= kMostPageShare * page.chars(body)) {
      page.drop(list);
      return;
    }
    // A long list of reviews outweighs the product's text: its children that are reviews go, the
    // ones found and those alike them (a page shows more than its structured data lists).
    if (drop_alike_items(page, list, reviews)) return;
  }
  // Alone, each once: a review found inside one already dropped is gone with it (its sums too).
  NodeId last_dropped = kNoNode;
  for (NodeId review : reviews) {
    if (!apart_from_headline(review) || (last_dropped != kNoNode && doc.contains(last_dropped, review))) continue;
    page.drop(review);
    last_dropped = review;
  }
}

}  // namespace pagemd::extract::content_detail
