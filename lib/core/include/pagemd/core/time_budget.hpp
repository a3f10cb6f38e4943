#pragma once

#include <chrono>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "pagemd/core/string_hash.hpp"

namespace pagemd::core {

// The time each owner (an account) may spend on something in any rolling window, such as the browser
// time of its failed renders (render::BrowserPool): once what it spent within the window reaches
// `budget`, it must wait until enough of that time has left the window. Kept in this process: each
// node of a cluster keeps its own. Thread-safe.
class TimeBudget {
 public:
  using Clock = std::chrono::steady_clock;

  // A zero budget bounds nothing.
  TimeBudget(std::chrono::milliseconds budget, std::chrono::milliseconds window);

  // How long the owner must wait before it may spend again; empty when it may now.
  [[nodiscard]] std::optional<std::chrono::milliseconds> wait_before_spending(std::string_view owner,
                                                                              Clock::time_point now);

  // Books `spent` to the owner, for something that ended at `now`.
  void charge(std::string_view owner, std::chrono::milliseconds spent, Clock::time_point now);

  // Owners with spending in memory (for the test of the memory bound).
  [[nodiscard]] std::size_t tracked_owners() const;

 private:
  struct Spending {
    Clock::time_point ended;
    std::chrono::milliseconds spent;
  };
  struct Owner {
    std::deque<Spending> spendings;  // oldest first, none older than the window
    std::chrono::milliseconds spent{0};
  };

  void forget_old(Owner& owner, Clock::time_point now) const;
  void sweep_idle(Clock::time_point now);

  const std::chrono::milliseconds budget_;
  const std::chrono::milliseconds window_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Owner, StringHash, std::equal_to<>> owners_;
  Clock::time_point next_sweep_{};
};

}  // namespace pagemd::core
