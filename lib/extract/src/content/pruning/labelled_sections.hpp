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

}  // namespace pagemd::extract::content_detail
