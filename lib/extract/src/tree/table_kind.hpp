#pragma once

#include "parse/dom.hpp"

namespace pagemd::extract {

enum class TableKind { data, layout };

// Whether a <table> holds data (rendered as a GFM table) or only lays the page out (unwrapped):
// roles, header cells, captions, nesting, block content and size decide, as in Readability.
[[nodiscard]] TableKind classify_table(const Document& doc, NodeId table);

}  // namespace pagemd::extract
