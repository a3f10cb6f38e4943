#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace pagemd::testing {

// A file's bytes as they are on disk; empty when it cannot be read (the test's own checks then
// say what was missing).
inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace pagemd::testing
