#pragma once

#include <istream>
#include <string>
#include <vector>

namespace pagemd::core {

// Reads `in` to its end into `out` in large blocks: copying through istreambuf_iterator, a byte at
// a time, took longer than converting the page. False on a read error.
inline bool read_all(std::istream& in, std::string& out) {
  out.clear();
  // A file says its size: a buffer of that size never holds two copies while it grows. A pipe
  // cannot seek, and is read as it comes.
  const std::istream::pos_type start = in.tellg();
  if (start != std::istream::pos_type(-1) && in.seekg(0, std::ios::end)) {
    const std::istream::pos_type end = in.tellg();
    if (end != std::istream::pos_type(-1) && end > start) out.reserve(static_cast<std::size_t>(end - start));
    in.seekg(start);
  }
  in.clear();
  std::vector<char> block(std::size_t{1} << 16);
  while (in.read(block.data(), static_cast<std::streamsize>(block.size())) || in.gcount() > 0) {
    out.append(block.data(), static_cast<std::size_t>(in.gcount()));
  }
  return !in.bad();
}

}  // namespace pagemd::core
