#pragma once

#include <chrono>

namespace pagemd::core {

// Wall-clock time behind an interface, so that rate windows, monthly periods and cache expiry can be
// tested with a clock the test moves (tests/support/fake_clock.hpp) instead of with sleeps.
class Clock {
 public:
  using time_point = std::chrono::system_clock::time_point;
  virtual ~Clock() = default;
  [[nodiscard]] virtual time_point now() const = 0;
};

// The real clock (std::chrono::system_clock).
class SystemClock final : public Clock {
 public:
  [[nodiscard]] time_point now() const override { return std::chrono::system_clock::now(); }
};

}  // namespace pagemd::core
