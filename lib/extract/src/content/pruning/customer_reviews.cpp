#include "content/pruning/customer_reviews.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
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

// Whether `text` states `count` as a number of its own: "159", "1,298", "1.298", "7 672"; not a
// part of a longer number, nor the decimals of one ("4.80" states no 80).
bool states_count(std::string_view text, std::span<const std::uint64_t> counts) {
  // A thousands separator: ',', '.', a space, a no-break or thin space (UTF-8).
  const auto separator_at = [&](std::size_t at) -> std::size_t {
    for (std::string_view mark : {",", ".", " ", "\xC2\xA0", "\xE2\x80\xAF", "\xE2\x80\x89"}) {
      if (text.substr(at).starts_with(mark)) return mark.size();
    }
    return 0;
  };
  const auto digits_from = [&](std::size_t at) {
    std::size_t end = at;
    while (end < text.size() && is_ascii_digit(text[end])) ++end;
    return end - at;
  };
  for (std::size_t at = 0; at < text.size();) {
    if (!is_ascii_digit(text[at])) {
      ++at;
      continue;
    }
    const bool decimals = at >= 2 && (text[at - 1] == '.' || text[at - 1] == ',') && is_ascii_digit(text[at - 2]);
    std::uint64_t value = 0;
    std::size_t end = at + digits_from(at);
    // A review count never runs to 16 digits; longer runs are ids, and would overflow.
    constexpr std::size_t kMostDigits = 15;
    bool too_long = end - at > kMostDigits;
    for (std::size_t i = at; i < end && !too_long; ++i) value = value * 10 + static_cast<std::uint64_t>(text[i] - '0');
    while (!too_long && end < text.size()) {
      const std::size_t mark = separator_at(end);
      if (mark == 0 || digits_from(end + mark) != 3 || value > 999'999'999'999) break;
      for (std::size_t i = end + mark; i < end + mark + 3; ++i)
        value = value * 10 + static_cast<std::uint64_t>(text[i] - '0');
      end += mark + 3;
    }
    if (!decimals && !too_long && std::find(counts.begin(), counts.end(), value) != counts.end()) return true;
    at = end;
  }
  return false;
}

// The part of the content a heading heads: its outermost ancestor below `root` that it opens (no
// text before it there), apart from the headline and at most half the page's text; the heading
// itself when it opens none.
NodeId section_headed_by(const PageStats& page, NodeId heading, NodeId root, NodeId body, NodeId headline) {
  constexpr double kMostPageShare = 0.5;
  const Document& doc = page.doc();
  const double most_chars = kMostPageShare * page.chars(body);
  NodeId section = heading;
  for (NodeId up = doc.node(heading).parent; up != kNoNode && up != root; up = doc.node(up).parent) {
    if ((headline != kNoNode && doc.contains(up, headline)) || page.chars(up) > most_chars) break;
    bool opens = true;
    for (NodeId before = doc.prev_sibling(section); before != kNoNode && opens; before = doc.prev_sibling(before)) {
      opens = page.dropped(before) || page.chars(before) == 0;
    }
    if (!opens) break;
    section = up;
  }
  return section;
}

// Drops the blocks after `section` up to the next that opens with a heading of `rank` or above: the
// rest of a section whose heading stands among its blocks rather than over them. Returns the last
// node dropped, `section` when none.
NodeId drop_rest_of_section(PageStats& page, NodeId section, int rank) {
  const Document& doc = page.doc();
  NodeId last = section;
  for (NodeId next = doc.node(section).next_sibling; next != kNoNode; next = doc.node(next).next_sibling) {
    if (page.dropped(next)) continue;
    if (doc.node(next).kind == NodeKind::element) {
      const NodeId opening = heading_level(doc.node(next).tag) > 0 ? next : opening_heading(doc, next);
      if (opening != kNoNode && heading_level(doc.node(opening).tag) <= rank) break;
    } else if (page.chars(next) == 0) {
      continue;
    }
    page.drop(next);
    last = next;
  }
  return last;
}

}  // namespace

void drop_reviews_under_their_count(PageStats& page, NodeId root, NodeId body,
                                    std::span<const std::uint64_t> review_counts) {
  // A count under ten could be any heading's number ("Top 5", "Step 3").
  constexpr std::uint64_t kFewestCounted = 10;
  std::vector<std::uint64_t> counts;
  for (const std::uint64_t count : review_counts) {
    if (count >= kFewestCounted) counts.push_back(count);
  }
  if (counts.empty()) return;
  const Document& doc = page.doc();
  const NodeId headline = headline_after(page, body);
  const NodeId headline_end = headline == kNoNode ? body : doc.last_descendant(headline);
  std::vector<NodeId> headings;
  doc.walk(root, [&](NodeId id) {
    if (page.dropped(id) || doc.node(id).kind != NodeKind::element) return WalkStep::skip;
    if (heading_level(doc.node(id).tag) == 0) return WalkStep::descend;
    if (id > headline_end && states_count(page.small_text(id), counts)) headings.push_back(id);
    return WalkStep::skip;
  });
  // Ids run in document order and a subtree's are contiguous: those up to here lie in what is
  // dropped, whose sums must not come off its ancestors twice.
  NodeId dropped_until = kNoNode;
  for (const NodeId heading : headings) {
    if (dropped_until != kNoNode && heading <= dropped_until) continue;  // in a section found before
    const NodeId section = section_headed_by(page, heading, root, body, headline);
    // A heading over little more than itself (a bar of it and a button) leaves its reviews after it.
    const bool heads_its_blocks = page.chars(section) <= 2 * page.chars(heading);
    page.drop(section);
    const NodeId last =
        heads_its_blocks ? drop_rest_of_section(page, section, heading_level(doc.node(heading).tag)) : section;
    dropped_until = doc.last_descendant(last);
  }
}

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
