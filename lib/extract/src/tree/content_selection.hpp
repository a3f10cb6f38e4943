#pragma once

// Stage 3, tree: a selection of a Document's subtrees, the main content as content/ finds it and
// markdown/ renders it. A view over the Document (roots + a drop mask), not a copy, so the renderer
// walks the original tree.

#include <cstdint>
#include <vector>

#include "parse/dom.hpp"

namespace pagemd::extract {

struct ContentSelection {
  std::vector<NodeId> roots;          // rendered in this order
  std::vector<std::uint8_t> dropped;  // per node: 1 = leave this subtree out
  // False when the main-content search saw no visible text on the page at all: no other search
  // of the page finds any either.
  bool page_shows_text = true;
};

}  // namespace pagemd::extract
