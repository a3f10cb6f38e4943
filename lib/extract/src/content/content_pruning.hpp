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
// the roots were chosen with.
void prune(PageStats& page, const std::vector<NodeId>& roots, const Scores& scores, const Strictness& strictness);

// Only the first step of prune(): drops the sections inside `roots` that a widget label introduces
// ("Customers also viewed", "Related posts"), for content kept whole rather than chosen by score.
void drop_labelled_sections(PageStats& page, const std::vector<NodeId>& roots);

// Drops each block inside `roots` whose text repeats a block before it: a section written twice for
// two screen sizes, a carousel's cloned slides, an FAQ shown in a tab and again below. Paragraphs and
// code blocks are left alone (a refrain, a sample shown in two tabs), and so is a block that only
// wraps an earlier one's text. Marks the drops: the sums are not kept up to date.
void drop_repeated_blocks(PageStats& page, const std::vector<NodeId>& roots);

}  // namespace pagemd::extract::content_detail
