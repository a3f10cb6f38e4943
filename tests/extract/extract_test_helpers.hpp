#pragma once

// What the tests of the whole extraction share: running it on a page, and filler text.

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "pagemd/extract/extractor.hpp"

namespace pagemd::extract::test_support {

inline constexpr std::string_view kPageUrl = "https://example.com/blog/post.html";

// extract() on `html` (at kPageUrl unless the options name a page), failing the test on an error.
inline Extraction run(std::string_view html, ExtractOptions options = {}) {
  if (options.page_url.empty()) options.page_url = std::string(kPageUrl);
  core::Result<Extraction> result = extract(html, options);
  EXPECT_TRUE(result.has_value()) << (result ? "" : result.error().message);
  return result ? std::move(result).value() : Extraction{};
}

// `n` distinct-looking words: "w0 w1 w2 ...".
inline std::string words(std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) out += ' ';
    out.append("w").append(std::to_string(i));
  }
  return out;
}

}  // namespace pagemd::extract::test_support
