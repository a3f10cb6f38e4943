#pragma once

// Stage 6, markdown: the address an image shows. Lazy-loading pages put a placeholder (a data: URL,
// a spacer GIF) in src and the real image in data-src, data-lazy-src or a srcset that a script
// swaps in; a reader wants the real one. Uses parse/ and text/.

#include <string>

#include "parse/dom.hpp"

namespace pagemd::extract {

// The URL the <img> `id` shows once loaded: its src unless that is a placeholder, else the first
// lazy-loading attribute that holds one, else the widest candidate of its srcset. Empty when the
// image names no real source.
[[nodiscard]] std::string image_source(const Document& doc, NodeId id);

}  // namespace pagemd::extract
