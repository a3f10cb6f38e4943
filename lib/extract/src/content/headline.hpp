#pragma once

// The page's headline, written once at the top of the Markdown from its title: inside the chosen
// content the heading that repeats it goes, and with it what is set right before it only to
// introduce it (a kicker naming the section, a breadcrumb of bare links).

#include <string_view>

#include "parse/dom.hpp"
#include "tree/content_selection.hpp"

namespace pagemd::extract {

// Marks dropped in `selection` the first h1 or h2 that repeats `title`, the kicker right above it
// ("Politics") and a breadcrumb written before it in the same block ("Blog / Insights").
void drop_headline(const Document& doc, ContentSelection& selection, std::string_view title);

}  // namespace pagemd::extract
