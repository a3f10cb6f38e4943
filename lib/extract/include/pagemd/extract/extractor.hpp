#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "pagemd/core/result.hpp"
#include "pagemd/extract/types.hpp"

namespace pagemd::extract {

// The largest page extract() takes. The parsed tree addresses its text with 31-bit offsets, and
// decoding a legacy charset can double a page's size; the daemon's own cap is far below this.
inline constexpr std::size_t kMaxHtmlBytes = std::size_t{512} << 20;

// Converts an HTML document (any charset) to Markdown of its main content plus metadata.
// Pure: no I/O, no clock. Fails with invalid_request for a malformed selector and with
// unsupported_content for a page over kMaxHtmlBytes; any bytes at all are accepted as HTML.
[[nodiscard]] core::Result<Extraction> extract(std::string_view html_bytes, const ExtractOptions& options);
// The same, taking the page: its bytes are freed once decoded, before the tree is built. On a big
// page they are a tenth of the peak memory.
[[nodiscard]] core::Result<Extraction> extract_owned(std::string html_bytes, const ExtractOptions& options);

// Does once what the first conversion in a thread would do lazily: loads ICU's word-break rules and
// dictionaries and touches CLD2's and the charset detector's tables. A converter worker calls it before
// its limits and its jail, so that the loading counts against no page and needs no forbidden call.
void warm_up();

}  // namespace pagemd::extract
