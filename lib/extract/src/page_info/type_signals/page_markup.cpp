#include "page_info/type_signals/page_markup.hpp"

#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "text/phrases/boilerplate.hpp"
#include "text/phrases/prices.hpp"
#include "text/text_util.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract::page_markup {
namespace {

bool has_class_token(const Document& doc, NodeId id, std::initializer_list<std::string_view> tokens) {
  for (const std::string_view attr : {std::string_view("class"), std::string_view("id")}) {
    const std::string_view* value = doc.attribute(id, attr);
    const bool found = value != nullptr && any_token(*value, [&](std::string_view token) {
                         return std::any_of(tokens.begin(), tokens.end(),
                                            [&](std::string_view wanted) { return equals_ignore_case(token, wanted); });
                       });
    if (found) return true;
  }
  return false;
}

bool says_call_to_action(std::string_view text) {
  const std::string lower = ascii_lower_copy(trim(text));
  if (lower.size() > 40) return false;
  for (const std::string_view phrase : {"get started", "contact us", "book now", "book a", "request a", "schedule",
                                        "sign up", "get a quote", "free trial", "start free", "try it", "try for free",
                                        "get in touch", "talk to", "enroll", "apply now", "call now", "learn more"}) {
    if (lower.find(phrase) != std::string::npos) return true;
  }
  return false;
}

bool says_buy(std::string_view text) {
  const std::string lower = ascii_lower_copy(trim(text));
  return lower.size() < 40 &&
         (lower.find("add to cart") != std::string::npos || lower.find("add to bag") != std::string::npos ||
          lower.find("add to basket") != std::string::npos || lower == "buy now" || lower == "buy it now");
}

using AlikeKey = std::pair<HtmlTag, std::string_view>;  // an element's tag and class attribute

struct AlikeKeyHash {
  std::size_t operator()(const AlikeKey& key) const noexcept {
    return std::hash<std::string_view>{}(key.second) * 31 + static_cast<std::size_t>(key.first);
  }
};

// A class that names its element a product ("product-card", "productTile", "product_item"): shop
// themes name their grids' cards so, even when the cards show no price.
bool names_a_product(std::string_view classes) {
  return any_token(classes, [](std::string_view token) { return starts_with_ignore_case(token, "product"); });
}

// Whether an element reads as an item's card: it links somewhere and says something (a product's
// gallery image or option does neither). Only its first nodes are looked at, so cards nested in
// cards cost a glance each.
bool is_linked_card(const Document& doc, NodeId id) {
  constexpr std::size_t kNodesLookedAt = 64;
  std::size_t visited = 0;
  bool links = false;
  bool says = false;
  doc.walk(id, [&](NodeId node) {
    const Node& n = doc.node(node);
    if (n.kind == NodeKind::text) {
      says = says || !trim(doc.text(node)).empty();
    } else if (n.kind == NodeKind::element && n.tag == HtmlTag::a) {
      links = links || doc.attribute(node, "href") != nullptr;
    }
    return (links && says) || ++visited >= kNodesLookedAt ? WalkStep::stop : WalkStep::descend;
  });
  return links && says;
}

struct AlikeGroups {
  std::size_t largest = 0;        // the most children that share a tag and class
  std::size_t product_cards = 0;  // the most linked cards among such children whose class names a product
};

struct AlikeChild {
  AlikeKey key;
  NodeId id = kNoNode;
};

// The parents with enough children of one tag to make a grid, and that tag: what each item holds
// is known only once the walk has passed it. Items of one tag count whatever their classes (a shop
// marks its sponsored or lazy cards with a class of their own); a table's rows and cells are a
// table's, whose prices make a price list.
struct GridItems {
  std::vector<std::pair<NodeId, HtmlTag>> groups;

  void add_group(NodeId parent, HtmlTag tag, std::size_t members) {
    if (members < kFewestGridItems) return;
    if (tag == HtmlTag::tr || tag == HtmlTag::td || tag == HtmlTag::th || tag == HtmlTag::option) return;
    groups.emplace_back(parent, tag);
  }
};

// The groups of element children of `parent` that share a tag and class. A few children are sorted
// in `scratch`; many (a page of 100,000 <br> in one div) are counted in a hash map instead, which
// stays as small as the number of different kinds.
AlikeGroups alike_groups(const Document& doc, NodeId parent, std::vector<AlikeChild>& scratch, GridItems& grids) {
  constexpr std::size_t kSortedUpTo = 256;
  static const std::string_view kNoClass;
  auto key_of = [&](NodeId child) {
    const std::string_view* cls = doc.attribute(child, "class");
    return AlikeKey{doc.node(child).tag, cls != nullptr ? *cls : kNoClass};
  };
  scratch.clear();
  NodeId child = doc.node(parent).first_child();
  for (; child != kNoNode && scratch.size() <= kSortedUpTo; child = doc.node(child).next_sibling) {
    if (doc.node(child).kind == NodeKind::element) scratch.push_back({key_of(child), child});
  }
  AlikeGroups groups;
  if (child == kNoNode) {
    std::sort(scratch.begin(), scratch.end(), [](const AlikeChild& a, const AlikeChild& b) { return a.key < b.key; });
    // Sorted by tag first: the children of one tag stand together.
    for (std::size_t first = 0; first < scratch.size();) {
      std::size_t end = first + 1;
      while (end < scratch.size() && scratch[end].key.first == scratch[first].key.first) ++end;
      grids.add_group(parent, scratch[first].key.first, end - first);
      first = end;
    }
    for (std::size_t first = 0; first < scratch.size();) {
      std::size_t end = first + 1;
      while (end < scratch.size() && scratch[end].key == scratch[first].key) ++end;
      groups.largest = std::max(groups.largest, end - first);
      // Smaller groups are not counted as cards: they could not make a grid.
      if (end - first >= std::max(kFewestGridItems, groups.product_cards + 1) &&
          names_a_product(scratch[first].key.second)) {
        const auto cards = std::count_if(scratch.begin() + static_cast<std::ptrdiff_t>(first),
                                         scratch.begin() + static_cast<std::ptrdiff_t>(end),
                                         [&](const AlikeChild& c) { return is_linked_card(doc, c.id); });
        groups.product_cards = std::max(groups.product_cards, static_cast<std::size_t>(cards));
      }
      first = end;
    }
    return groups;
  }
  struct Counts {
    std::size_t members = 0;
    std::size_t cards = 0;
  };
  std::unordered_map<AlikeKey, Counts, AlikeKeyHash> counts;
  auto add = [&](const AlikeKey& key, NodeId id) {
    Counts& c = counts[key];
    groups.largest = std::max(groups.largest, ++c.members);
    if (names_a_product(key.second) && is_linked_card(doc, id)) {
      groups.product_cards = std::max(groups.product_cards, ++c.cards);
    }
  };
  for (const AlikeChild& c : scratch) add(c.key, c.id);
  for (; child != kNoNode; child = doc.node(child).next_sibling) {
    if (doc.node(child).kind == NodeKind::element) add(key_of(child), child);
  }
  std::unordered_map<HtmlTag, std::size_t> by_tag;
  for (const auto& [key, c] : counts) by_tag[key.first] += c.members;
  for (const auto& [tag, members] : by_tag) grids.add_group(parent, tag, members);
  return groups;
}

// The most items of one group that show a price of their own and link to their page: a grid of
// goods prices each of its items, where a page that only names amounts (a charity's appeal and its
// buttons of gifts, a plan's fee in its text) has them outside any grid of linked items.
// `priced_texts` holds the ids of the text nodes with a price, in document order, as the node ids
// run; an item's subtree is the ids up to its next sibling's.
std::size_t most_priced_items(const Document& doc, const GridItems& grids, const std::vector<NodeId>& priced_texts) {
  if (priced_texts.empty()) return 0;
  std::size_t most = 0;
  for (const auto& [parent, tag] : grids.groups) {
    std::size_t priced = 0;
    for (NodeId item = doc.node(parent).first_child(); item != kNoNode; item = doc.node(item).next_sibling) {
      if (!doc.is_element(item, tag)) continue;
      const NodeId next = doc.node(item).next_sibling;
      const NodeId last = next != kNoNode ? next - 1 : doc.last_descendant(item);
      const auto at = std::lower_bound(priced_texts.begin(), priced_texts.end(), item);
      if (at != priced_texts.end() && *at <= last && is_linked_card(doc, item)) ++priced;
    }
    most = std::max(most, priced);
  }
  return most;
}

// Whether a heading holds a link that leaves the page: a link to one of the page's own parts ("#top",
// a section's anchor) titles nothing elsewhere.
bool links_elsewhere(const Document& doc, NodeId heading) {
  return doc.any_element(heading, [&](NodeId at) {
    if (doc.node(at).tag != HtmlTag::a) return false;
    const std::string_view* href = doc.attribute(at, "href");
    return href != nullptr && !trim(*href).empty() && !trim(*href).starts_with('#');
  });
}

}  // namespace

MarkupSignals read_markup(const Document& doc) {
  MarkupSignals signals;
  std::vector<AlikeChild> children;
  GridItems grids;
  std::vector<NodeId> priced_texts;
  doc.walk(doc.root(), [&](NodeId id) {
    const Node& n = doc.node(id);
    if (n.kind == NodeKind::text) {
      const std::size_t prices = count_prices(doc.text(id));
      signals.prices += prices;
      if (prices > 0) priced_texts.push_back(id);
      return true;
    }
    if (n.kind != NodeKind::element) return true;
    if (n.tag == HtmlTag::head || n.tag == HtmlTag::script || n.tag == HtmlTag::style) return false;
    if (n.tag == HtmlTag::pre) ++signals.preformatted;
    if (n.tag == HtmlTag::section) ++signals.sections;
    if (n.tag == HtmlTag::h2 || n.tag == HtmlTag::h3 || n.tag == HtmlTag::h4) {
      ++signals.headings;
      if (links_elsewhere(doc, id)) ++signals.linked_headings;
    }
    if (n.tag == HtmlTag::button || (n.tag == HtmlTag::a && is_button_link(doc, id))) {
      if (says_call_to_action(doc.text_content(id))) ++signals.calls_to_action;
    }
    if (n.tag == HtmlTag::code) ++signals.code;
    if (!signals.responses_heading && heading_level(n.tag) >= 2) {
      signals.responses_heading = counts_responses(doc.text_content(id));
    }
    if (!signals.buy_button && (n.tag == HtmlTag::button || n.tag == HtmlTag::input)) {
      const std::string_view* value = n.tag == HtmlTag::input ? doc.attribute(id, "value") : nullptr;
      signals.buy_button = says_buy(value != nullptr ? std::string(*value) : doc.text_content(id));
    }
    if (has_class_token(doc, id,
                        {"post", "message", "reply", "answer", "postbit", "topic-post", "post-body", "postbody",
                         "message-body", "comment-body", "forum-post"})) {
      ++signals.posts;
    }
    const AlikeGroups groups = alike_groups(doc, id, children, grids);
    signals.largest_group = std::max(signals.largest_group, groups.largest);
    signals.product_cards = std::max(signals.product_cards, groups.product_cards);
    return true;
  });
  signals.priced_items = most_priced_items(doc, grids, priced_texts);
  return signals;
}

}  // namespace pagemd::extract::page_markup
