#pragma once

#include <atomic>
#include <chrono>

#include "pagemd/core/clock.hpp"

namespace pagemd::testing {

// A Clock that only moves when the test says so; safe to read from many threads.
class FakeClock final : public core::Clock {
 public:
  explicit FakeClock(time_point start = time_point{std::chrono::seconds{1'767'225'600}})  // 2026-01-01Z
      : now_ns_(start.time_since_epoch().count()) {}

  [[nodiscard]] time_point now() const override { return time_point{time_point::duration{now_ns_.load()}}; }
  void advance(std::chrono::nanoseconds by) { now_ns_ += std::chrono::duration_cast<time_point::duration>(by).count(); }
  void set(time_point when) { now_ns_ = when.time_since_epoch().count(); }

 private:
  std::atomic<time_point::rep> now_ns_;
};

}  // namespace pagemd::testing
