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
//
// Several nodes share one limit through a SharedBooking: the starts are then booked in a book that
// all of them see (a database), under the same rule, and this limiter only waits for them.
class UpstreamLimiter {
 public:
  using Duration = core::Clock::time_point::duration;
  using Sleep = std::function<void(Duration)>;
  // Books the earliest start the limit allows if it lies within `max_delay` of `now` and returns it,
  // or nullopt when it lies further (the queue is full); an error when the book cannot be reached.
  using SharedBooking = std::function<core::Result<std::optional<core::Clock::time_point>>(
      core::Clock::time_point now, std::chrono::milliseconds max_delay)>;

  // `clock` must outlive the limiter. An empty `sleep` means std::this_thread::sleep_for; an empty
  // `shared` keeps the starts in this process.
  explicit UpstreamLimiter(const core::Clock& clock, LimiterOptions options = {}, Sleep sleep = {},
                           SharedBooking shared = {});

  // The decision alone, without waiting: books the earliest allowed start for one fetch and returns
  // it (clock.now() when a start is free at once), or nullopt when `max_waiting` callers already hold
  // future starts (the caller should answer busy).
  [[nodiscard]] std::optional<core::Clock::time_point> reserve();

  // Books a start (with reserve(), or in the shared book) and sleeps until it. Fails with busy when
  // the queue is full, and as the shared book does when it cannot be reached.
  [[nodiscard]] core::Result<void> acquire();

  // How far ahead a start may be booked: the time a full queue takes to drain.
  [[nodiscard]] std::chrono::milliseconds queue_span() const;

  // Callers holding a start that lies in the future.
  [[nodiscard]] std::size_t waiting() const;

 private:
  void forget_old_starts(core::Clock::time_point now);
  [[nodiscard]] Duration longest_wait() const;

  const core::Clock& clock_;
  LimiterOptions options_;
  Sleep sleep_;
  SharedBooking shared_;
  mutable std::mutex mutex_;
  std::deque<core::Clock::time_point> starts_;  // booked starts, ascending, none older than a window
};

}  // namespace pagemd::fetch
