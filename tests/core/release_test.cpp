#include "pagemd/core/release.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pagemd::core {
namespace {

TEST(Release, FreesAStringsBufferWhereAssigningAnEmptyOneKeepsIt) {
  std::string assigned(1 << 20, 'x');
  assigned = std::string();
  EXPECT_GE(assigned.capacity(), std::size_t{1} << 20);  // why release() exists

  std::string released(1 << 20, 'x');
  release(released);
  EXPECT_TRUE(released.empty());
  EXPECT_LT(released.capacity(), 64U);
}

TEST(Release, FreesAVectorsBuffer) {
  std::vector<int> numbers(1000, 7);
  numbers.clear();
  EXPECT_GE(numbers.capacity(), 1000U);
  release(numbers);
  EXPECT_EQ(numbers.capacity(), 0U);
}

}  // namespace
}  // namespace pagemd::core
