#pragma once

#include <chrono>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "pagemd/core/string_hash.hpp"

namespace pagemd::render::detail {

// The browser time each account's failed renders may take in any rolling window. A render that ends
// in an error answers nothing and counts no page, so without a bound an account could keep browsers
// busy with pages that never finish at no cost; once its failures have taken `budget` within the
// window, its renders are refused until enough of that time has left the window. Kept in this
// process: each node of a cluster keeps its own. Thread-safe.
class FailedRenderBudget {
 public:
  using Clock = std::chrono::steady_clock;

  // A zero budget bounds nothing.
  FailedRenderBudget(std::chrono::milliseconds budget, std::chrono::milliseconds window);

  // How long the account must wait before its next render may start; empty when it may start now.
  [[nodiscard]] std::optional<std::chrono::milliseconds> wait_before_render(std::string_view account_id,
                                                                            Clock::time_point now);

  // Books `spent` of browser time to the account for a render that failed and ended at `now`.
  void charge(std::string_view account_id, std::chrono::milliseconds spent, Clock::time_point now);

  // Accounts with failures in memory (for the test of the memory bound).
  [[nodiscard]] std::size_t tracked_accounts() const;

 private:
  struct Failure {
    Clock::time_point ended;
    std::chrono::milliseconds spent;
  };
  struct Account {
    std::deque<Failure> failures;  // oldest first, none older than the window
    std::chrono::milliseconds spent{0};
  };

  void forget_old(Account& account, Clock::time_point now) const;
  void sweep_idle(Clock::time_point now);

  const std::chrono::milliseconds budget_;
  const std::chrono::milliseconds window_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Account, core::StringHash, std::equal_to<>> accounts_;
  Clock::time_point next_sweep_{};
};

}  // namespace pagemd::render::detail
