#pragma once

// Boilerplate inside the chosen content: labelled sections (related stories, comments), widget
// phrases, bylines and breadcrumbs, and blocks whose shape (links, pictures, inputs, embeds)
// outweighs their text.

#include <vector>

#include "content/content_scoring.hpp"
#include "content/content_stats.hpp"
#include "parse/dom.hpp"

namespace pagemd::extract::content_detail {

// Drops what is boilerplate inside `roots` from `page`, judging by the sums and by the `scores`
// the roots were chosen with: labelled sections first, then each element, deepest first.
void prune(PageStats& page, const std::vector<NodeId>& roots, const Scores& scores, const Strictness& strictness);

}  // namespace pagemd::extract::content_detail
