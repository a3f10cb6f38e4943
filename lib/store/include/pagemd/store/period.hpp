#pragma once

#include <chrono>
#include <cstdint>

namespace pagemd::store {

// One UTC calendar month, the unit of monthly usage: [start, end).
struct UsagePeriod {
  std::chrono::system_clock::time_point start;
  std::chrono::system_clock::time_point end;  // the first instant of the next month: when usage resets
  std::int32_t id;                            // year * 100 + month, e.g. 202601: how the store keys usage
};

// The UTC calendar month that contains `when`. Never fails.
[[nodiscard]] UsagePeriod usage_period(std::chrono::system_clock::time_point when) noexcept;

}  // namespace pagemd::store
