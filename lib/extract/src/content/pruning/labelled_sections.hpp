#pragma once

// Sections inside the chosen content that a widget's label introduces ("Related stories",
// "12 Comments", "Tags:") and newsletter sign-up boxes: dropped whole, label and all.

#include <vector>

#include "content/content_stats.hpp"
#include "parse/dom.hpp"

namespace pagemd::extract::content_detail {

// Drops the sections inside `roots` that a widget label introduces ("Customers also viewed",
// "Related posts"), and sign-up boxes. The first step of prune(); alone for content kept whole
// rather than chosen by score. With `responses_are_content` (a thread), a count of comments or
// replies labels nothing.
void drop_labelled_sections(PageStats& page, const std::vector<NodeId>& roots, bool responses_are_content);

// When every root lies in a block that follows a count of responses ("10 comments:") in its parent
// (the search chose a reply), drops those blocks and what follows them there (the replies, their
// form), and says whether it did. Before the search, not after: the replies can outscore a short
// post, and where their names say nothing only their label tells them from it.
[[nodiscard]] bool drop_responses_holding(PageStats& page, const std::vector<NodeId>& roots, NodeId body);

}  // namespace pagemd::extract::content_detail
