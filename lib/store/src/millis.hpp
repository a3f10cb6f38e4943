#pragma once

#include <chrono>
#include <cstdint>

namespace pagemd::store::detail {

// Both stores keep times as integer milliseconds since the Unix epoch (UTC).
[[nodiscard]] inline std::int64_t to_millis(std::chrono::system_clock::time_point when) noexcept {
  return std::chrono::duration_cast<std::chrono::milliseconds>(when.time_since_epoch()).count();
}

[[nodiscard]] inline std::chrono::system_clock::time_point from_millis(std::int64_t millis) noexcept {
  return std::chrono::system_clock::time_point{
      std::chrono::duration_cast<std::chrono::system_clock::duration>(std::chrono::milliseconds{millis})};
}

}  // namespace pagemd::store::detail
