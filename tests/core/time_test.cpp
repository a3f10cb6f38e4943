#include "pagemd/core/time.hpp"

#include <gtest/gtest.h>

namespace pagemd::core {
namespace {

TEST(FormatRfc3339, UtcWithZ) {
  const auto epoch_plus = std::chrono::system_clock::time_point{} + std::chrono::seconds{1'700'000'000};
  EXPECT_EQ(format_rfc3339(epoch_plus), "2023-11-14T22:13:20Z");
}

TEST(FormatRfc3339, DropsSubSeconds) {
  const auto t = std::chrono::system_clock::time_point{} + std::chrono::milliseconds{1'999};
  EXPECT_EQ(format_rfc3339(t), "1970-01-01T00:00:01Z");
}

}  // namespace
}  // namespace pagemd::core
