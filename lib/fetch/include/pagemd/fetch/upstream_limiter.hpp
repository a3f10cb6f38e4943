#pragma once

#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>

#include "pagemd/core/clock.hpp"
#include "pagemd/core/result.hpp"

namespace pagemd::fetch {

struct LimiterOptions {
  std::size_t starts_per_window = 10;      // fetches that may start ...
  std::chrono::milliseconds window{1000};  // ... in any window this long
  std::size_t max_waiting = 30;            // callers queued for a later start; more get busy
};

// The process-wide upstream limiter: at most `starts_per_window` fetches start in any rolling
// window, callers beyond that are queued first come, first served (each is given the earliest
// start that keeps every window within the limit), and callers beyond the queue are refused.
// Time comes from the injected Clock, waiting from the injected sleep function, so tests drive it
// with a FakeClock and a sleep that advances it. Thread-safe.
class UpstreamLimiter {
 public:
  using Duration = core::Clock::time_point::duration;
  using Sleep = std::function<void(Duration)>;

  // `clock` must outlive the limiter. An empty `sleep` means std::this_thread::sleep_for.
  explicit UpstreamLimiter(const core::Clock& clock, LimiterOptions options = {}, Sleep sleep = {});

  // The decision alone, without waiting: books the earliest allowed start for one fetch and returns
  // it (clock.now() when a start is free at once), or nullopt when `max_waiting` callers already hold
  // future starts (the caller should answer busy).
  [[nodiscard]] std::optional<core::Clock::time_point> reserve();

  // Books a start with reserve() and sleeps until it. Fails with busy when the queue is full.
  [[nodiscard]] core::Result<void> acquire();

  // Callers holding a start that lies in the future.
  [[nodiscard]] std::size_t waiting() const;

 private:
  void forget_old_starts(core::Clock::time_point now);
  [[nodiscard]] Duration longest_wait() const;

  const core::Clock& clock_;
  LimiterOptions options_;
  Sleep sleep_;
  mutable std::mutex mutex_;
  std::deque<core::Clock::time_point> starts_;  // booked starts, ascending, none older than a window
};

}  // namespace pagemd::fetch
