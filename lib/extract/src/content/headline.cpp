#include "content/headline.hpp"

#include <string>
#include <vector>

#include "text/metadata_text.hpp"
#include "text/phrases/boilerplate.hpp"
#include "text/text_util.hpp"
#include "text/words.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract {
namespace {

// A kicker: the section's or the story's label set right above the headline ("Politics", "Live"),
// a few words that say what the story is filed under, not a line of it.
void drop_kicker(const Document& doc, ContentSelection& selection, NodeId headline) {
  constexpr std::size_t kMostWords = 3;
  constexpr std::size_t kMostChars = 32;
  NodeId before = doc.prev_sibling(headline);
  while (before != kNoNode && doc.node(before).kind == NodeKind::text && trim(doc.text(before)).empty()) {
    before = doc.prev_sibling(before);
  }
  if (before == kNoNode || selection.dropped[before] || doc.node(before).kind != NodeKind::element ||
      !is_block_tag(doc.node(before).tag) || heading_level(doc, before) > 0) {
    return;
  }
  // One label, not a row of them (a product's brand and tags above its name are its facts).
  int elements = 0;
  doc.walk(before, [&](NodeId id) {
    if (id != before && doc.node(id).kind == NodeKind::element) ++elements;
    return elements <= 1;
  });
  if (elements > 1) return;
  const std::string text = collapse_whitespace(doc.text_content(before));
  if (text.empty() || text.size() > kMostChars || count_words(text) > kMostWords ||
      text.find_first_of(".!?:;,") != std::string::npos) {
    return;
  }
  selection.dropped[before] = 1;
}

// A breadcrumb written straight into the block that holds the headline, right before it: links
// with only separators between them ("Blog / Insights", "Home › News"), nothing else before them.
void drop_inline_crumbs(const Document& doc, ContentSelection& selection, NodeId headline) {
  std::vector<NodeId> crumbs;
  int links = 0;
  bool parted = false;
  for (NodeId at = doc.prev_sibling(headline); at != kNoNode; at = doc.prev_sibling(at)) {
    const Node& n = doc.node(at);
    if (n.kind == NodeKind::text) {
      const std::string_view text = trim(doc.text(at));
      const bool separator = is_trail_separator(text);
      if (!text.empty() && !separator) return;
      parted = parted || separator;
    } else if (doc.is_element(at, HtmlTag::a)) {
      ++links;
    } else if (n.kind == NodeKind::element) {
      return;  // a block before the headline: the crumbs, if any, are its own
    }
    crumbs.push_back(at);
  }
  if (links < 2 || !parted) return;
  for (NodeId crumb : crumbs) selection.dropped[crumb] = 1;
}

}  // namespace

void drop_headline(const Document& doc, ContentSelection& selection, std::string_view title) {
  const std::string wanted = normalized_title(title);
  if (wanted.empty()) return;
  for (NodeId root : selection.roots) {
    NodeId found = kNoNode;
    doc.walk(root, [&](NodeId id) {
      if (found != kNoNode || selection.dropped[id]) return false;
      const Node& n = doc.node(id);
      if (n.kind != NodeKind::element) return false;
      const int level = heading_level(doc, id);
      if ((level == 1 || level == 2) && normalized_title(doc.text_content(id)) == wanted) {
        found = id;
        return false;
      }
      return true;
    });
    if (found != kNoNode) {
      selection.dropped[found] = 1;
      drop_kicker(doc, selection, found);
      drop_inline_crumbs(doc, selection, found);
      return;
    }
  }
}

}  // namespace pagemd::extract
