#include "pagemd/core/release.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pagemd::core {
namespace {

// Assigning an empty string would keep the buffer (libstdc++), which is why release() exists.
TEST(Release, FreesAStringsBuffer) {
  std::string released(1 << 20, 'x');
  release(released);
  EXPECT_TRUE(released.empty());
  EXPECT_LT(released.capacity(), 64U);
}

TEST(Release, FreesAVectorsBuffer) {
  std::vector<int> numbers(1000, 7);
  release(numbers);
  EXPECT_EQ(numbers.capacity(), 0U);
}

}  // namespace
}  // namespace pagemd::core
