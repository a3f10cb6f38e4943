#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pagemd::testing {

// The HTTP content codings the fetcher accepts.
enum class Coding { gzip, deflate, br, zstd };

// The Content-Encoding token of `coding`.
[[nodiscard]] std::string_view coding_name(Coding coding);

// Names parameterised tests after the coding ("gzip", ...).
struct CodingName {
  template <typename ParamInfo>
  std::string operator()(const ParamInfo& param_info) const {
    return std::string(coding_name(param_info.param));
  }
};

// `chunk` repeated `times` times, encoded with `coding`, streamed so the decoded size may be far
// larger than memory would like (a compression bomb). zstd frames are written by hand (RFC 8878):
// a chunk of one repeated byte becomes RLE blocks (4 bytes per 128 KiB), any other chunk raw blocks.
[[nodiscard]] std::string compress(Coding coding, std::string_view chunk, std::size_t times = 1);

}  // namespace pagemd::testing
