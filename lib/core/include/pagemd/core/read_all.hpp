#pragma once

#include <istream>
#include <string>
#include <vector>

namespace pagemd::core {

// Reads `in` to its end into `out` in large blocks: copying through istreambuf_iterator, a byte at
// a time, took longer than converting the page. False on a read error.
inline bool read_all(std::istream& in, std::string& out) {
  out.clear();
  std::vector<char> block(std::size_t{1} << 16);
  while (in.read(block.data(), static_cast<std::streamsize>(block.size())) || in.gcount() > 0) {
    out.append(block.data(), static_cast<std::size_t>(in.gcount()));
  }
  return !in.bad();
}

}  // namespace pagemd::core
