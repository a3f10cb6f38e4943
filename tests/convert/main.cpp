// The convert suite's main: the same executable doubles as the converter worker the isolation tests
// start, the way pagemdd starts itself.

#include <gtest/gtest.h>

#include <cstring>

#include "pagemd/convert/isolated_converter.hpp"

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "--converter-worker") == 0) return pagemd::convert::run_converter_worker();
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
