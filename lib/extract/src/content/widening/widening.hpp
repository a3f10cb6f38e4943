#pragma once

// Under-extraction by the shape of the page: the best-scoring block of a page is sometimes a part
// of its content (one chapter of a document in sections, one item of an index, an index's
// introduction above its items), and the content is an ancestor of it; or the questions and answers
// that follow it.

#include <vector>

#include "content/content_stats.hpp"
#include "parse/dom.hpp"

namespace pagemd::extract::content_detail {

// Widens the chosen `roots` to what they are a part of: all of a document's headed sections or
// headed parts, else all of an index's alike items; then all of a page builder's stack of rows
// when the pick is one row or a part of one; then a pick of little prose to its nearest
// ancestor holding most of the page's text (under `body`); last, the questions and answers after
// the pick join it.
void widen_pick(const PageStats& page, NodeId body, std::vector<NodeId>& roots);

}  // namespace pagemd::extract::content_detail
