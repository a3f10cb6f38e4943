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

// Whether an element says nothing but a widget's word ("Loading...", "Share", "Read more"):
// boilerplate.hpp's phrases, whitespace collapsed and trailing punctuation ignored. An inline
// element must begin its line: in the middle of a sentence the word is one of the sentence's; a
// heading over a paragraph of its own is that section's title. A teaser's line ("Read more:" and a
// link) says only its label's words too, and goes whole.
[[nodiscard]] bool says_only_a_widget_phrase(const PageStats& page, NodeId id);

// Only the first step of prune(): drops the sections inside `roots` that a widget label introduces
// ("Customers also viewed", "Related posts"), for content kept whole rather than chosen by score.
// With `responses_are_content` (a thread), a count of comments or replies labels nothing.
void drop_labelled_sections(PageStats& page, const std::vector<NodeId>& roots, bool responses_are_content);

}  // namespace pagemd::extract::content_detail
