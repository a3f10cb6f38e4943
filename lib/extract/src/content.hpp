#pragma once

// Finding the main content: which subtrees of the page are the article, and which elements inside
// them are boilerplate to leave out. The result is a view over the Document (roots + a drop
// mask), not a copy, so the Markdown renderer walks the original tree.

#include <cstdint>
#include <vector>

#include "dom.hpp"
#include "pagemd/extract/extractor.hpp"
#include "selector.hpp"

namespace pagemd::extract {

struct ContentSelection {
  std::vector<NodeId> roots;          // rendered in this order
  std::vector<std::uint8_t> dropped;  // per node: 1 = leave this subtree out
};

struct ContentRules {
  ContentScope scope = ContentScope::main_content;
  const SelectorList* include = nullptr;  // may be null or empty
  const SelectorList* exclude = nullptr;
};

enum class TableKind { data, layout };

// Whether a <table> holds data (rendered as a GFM table) or only lays the page out (unwrapped):
// roles, header cells, captions, nesting, block content and size decide, as in Readability.
[[nodiscard]] TableKind classify_table(const Document& doc, NodeId table);

[[nodiscard]] ContentSelection select_content(const Document& doc, const ContentRules& rules);

}  // namespace pagemd::extract
