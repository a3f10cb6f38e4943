#pragma once

// Where the article is: paragraphs credit their containers and, less and less, the containers'
// ancestors; the best-scoring container, with the siblings that belong with it, is the content.

#include <string_view>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "content/content_stats.hpp"
#include "parse/dom.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract::content_detail {

// How strict one attempt of the search is: the first applies every filter; if that leaves too
// little text, the later ones relax them.
struct Strictness {
  bool strip_unlikely = true;
  bool weigh_classes = true;
  bool clean_conditionally = true;
};

[[nodiscard]] inline double class_weight(const Document& doc, NodeId id, const Strictness& strictness) {
  if (!strictness.weigh_classes) return 0;
  switch (class_hint(doc, id)) {
    case Hint::positive: return 25;
    case Hint::negative: return -25;
    case Hint::none: return 0;
  }
  return 0;
}

// The candidates' scores (the nodes some paragraph credited); the pruning reads them too. Only
// candidates have an entry: a page of a million tiny elements has a handful of them, where an
// array over all nodes would cost 9 bytes a node.
struct Scores {
  std::unordered_map<NodeId, double> score;

  [[nodiscard]] bool scored(NodeId id) const { return score.contains(id); }
  // 0 for a node that is no candidate.
  [[nodiscard]] double of(NodeId id) const {
    const auto it = score.find(id);
    return it == score.end() ? 0.0 : it->second;
  }
};

// The roots of the content under `body`, in document order (`body` alone when no block scores),
// and the scores that chose them. Of stories side by side, each under a headline, the one headed
// by `page_title` (normalized_title()) is the page's, whichever scores best.
[[nodiscard]] std::vector<NodeId> choose_roots(const PageStats& page, NodeId body, const Strictness& strictness,
                                               Scores& scores, std::string_view page_title = {});

}  // namespace pagemd::extract::content_detail
