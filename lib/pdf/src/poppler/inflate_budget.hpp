#pragma once

// A bound on what a PDF's compressed streams inflate to, checked before poppler reads them: poppler
// inflates a content stream while it parses it, a byte at a time, and a Flate bomb of a gigabyte of
// zeros keeps it busy for most of a minute with nothing to show. zlib alone inflates the same bytes
// in a fraction of that, and stops at the bound.

#include <cstddef>
#include <string_view>

#include "pagemd/core/result.hpp"

namespace pagemd::pdf {

// unsupported_content when the Flate streams that poppler reads for text (content streams, forms,
// object streams; not images' samples, which the text layer never decodes) inflate to more than
// max_bytes in all, or its font programs, which poppler reads whole but quickly, to more than four
// times that.
[[nodiscard]] core::Result<void> check_inflated_size(std::string_view pdf, std::size_t max_bytes);

}  // namespace pagemd::pdf
