#pragma once

// The PDFs of tests/data/pdf (made by its make_fixtures.py) as bytes.

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace pagemd::pdf::testing {

inline std::string pdf_file(const std::string& name) {
  std::ifstream in(std::filesystem::path(PAGEMD_TEST_DATA_DIR) / "pdf" / name, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace pagemd::pdf::testing
