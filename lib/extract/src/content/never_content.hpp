#pragma once

// What is never content, marked dropped before the search begins: the head, scripts and media,
// dialogs, blocks hidden by attribute or style (a collapsed accordion panel and a formula's image
// excepted), visually hidden text that names nothing, and what the caller's exclude selectors
// match. A page that shows little and hides most of its text in blocks an inline style hides (a
// lockdown app's page until it checks the visitor, a streamed fragment that a script moves into
// place) is read as its scripts show it: those blocks are its content.

#include <cstdint>
#include <vector>

#include "content/content_stats.hpp"
#include "parse/dom.hpp"

namespace pagemd::extract::content_detail {

// Marks in `page` what under `from` is never content; `excluded` holds, per node, whether an
// exclude selector matched it (empty: none given).
void mark_never_content(PageStats& page, NodeId from, const std::vector<std::uint8_t>& excluded);

}  // namespace pagemd::extract::content_detail
