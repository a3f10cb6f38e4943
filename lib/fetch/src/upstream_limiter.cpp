#include "pagemd/fetch/upstream_limiter.hpp"

#include <algorithm>
#include <thread>

namespace pagemd::fetch {

UpstreamLimiter::UpstreamLimiter(const core::Clock& clock, LimiterOptions options, Sleep sleep, SharedBooking shared)
    : clock_(clock), options_(options), sleep_(std::move(sleep)), shared_(std::move(shared)) {
  options_.starts_per_window = std::max<std::size_t>(options_.starts_per_window, 1);
  if (!sleep_) {
    sleep_ = [](Duration how_long) { std::this_thread::sleep_for(how_long); };
  }
}

void UpstreamLimiter::forget_old_starts(core::Clock::time_point now) {
  // A start leaves the window `window` after it happened. A wall clock set back by more than a
  // window would leave the bookings far in the future; they are dropped rather than waited out.
  if (!starts_.empty() && starts_.back() > now + longest_wait()) {
    starts_.clear();
  }
  while (!starts_.empty() && starts_.front() + options_.window <= now) {
    starts_.pop_front();
  }
}

UpstreamLimiter::Duration UpstreamLimiter::longest_wait() const {
  // A full queue drains starts_per_window callers per window, plus the window the last one waits.
  return options_.window * static_cast<long>(options_.max_waiting / options_.starts_per_window + 2);
}

std::optional<core::Clock::time_point> UpstreamLimiter::reserve() {
  const std::lock_guard lock(mutex_);
  const core::Clock::time_point now = clock_.now();
  forget_old_starts(now);
  core::Clock::time_point start = now;
  if (starts_.size() >= options_.starts_per_window) {
    const auto future = static_cast<std::size_t>(
        std::count_if(starts_.begin(), starts_.end(), [&](core::Clock::time_point t) { return t > now; }));
    if (future >= options_.max_waiting) {
      return std::nullopt;
    }
    // The window ending at `start` may hold starts_per_window - 1 other starts: wait until the one
    // starts_per_window places back has left it.
    start = std::max(starts_[starts_.size() - options_.starts_per_window] + options_.window, starts_.back());
  }
  starts_.push_back(start);
  return start;
}

std::chrono::milliseconds UpstreamLimiter::queue_span() const {
  const std::size_t windows = (options_.max_waiting + options_.starts_per_window - 1) / options_.starts_per_window;
  return std::chrono::duration_cast<std::chrono::milliseconds>(options_.window) * static_cast<long>(windows);
}

core::Result<void> UpstreamLimiter::acquire() {
  std::optional<core::Clock::time_point> start;
  if (shared_) {
    auto booked = shared_(clock_.now(), queue_span());
    if (!booked) return core::unexpected(booked.error());
    start = *booked;
  } else {
    start = reserve();
  }
  if (!start) {
    return core::unexpected(core::ErrorCode::busy, "Too many pages are being fetched right now; retry in a second.");
  }
  while (true) {
    const Duration left = *start - clock_.now();
    // More than the longest possible wait left means the wall clock was set back: go now.
    if (left <= Duration::zero() || left > longest_wait()) {
      return {};
    }
    sleep_(std::min<Duration>(left, options_.window));
  }
}

std::size_t UpstreamLimiter::waiting() const {
  const std::lock_guard lock(mutex_);
  const core::Clock::time_point now = clock_.now();
  return static_cast<std::size_t>(
      std::count_if(starts_.begin(), starts_.end(), [&](core::Clock::time_point t) { return t > now; }));
}

}  // namespace pagemd::fetch
