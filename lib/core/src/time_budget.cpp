#include "pagemd/core/time_budget.hpp"

namespace pagemd::core {

TimeBudget::TimeBudget(std::chrono::milliseconds budget, std::chrono::milliseconds window)
    : budget_(budget), window_(window) {}

void TimeBudget::forget_old(Owner& owner, Clock::time_point now) const {
  while (!owner.spendings.empty() && owner.spendings.front().ended + window_ <= now) {
    owner.spent -= owner.spendings.front().spent;
    owner.spendings.pop_front();
  }
}

void TimeBudget::sweep_idle(Clock::time_point now) {
  // Owners are only looked at when they spend, so one that stopped would keep its entry for ever.
  if (now < next_sweep_) return;
  next_sweep_ = now + window_;
  std::erase_if(owners_, [&](const auto& entry) {
    const std::deque<Spending>& spendings = entry.second.spendings;
    return spendings.empty() || spendings.back().ended + window_ <= now;  // the newest has left the window
  });
}

std::optional<std::chrono::milliseconds> TimeBudget::wait_before_spending(std::string_view owner_id,
                                                                          Clock::time_point now) {
  if (budget_ <= std::chrono::milliseconds::zero()) return std::nullopt;
  const std::lock_guard lock(mutex_);
  sweep_idle(now);
  const auto found = owners_.find(owner_id);
  if (found == owners_.end()) return std::nullopt;
  Owner& owner = found->second;
  forget_old(owner, now);
  if (owner.spent < budget_) return std::nullopt;
  // The owner may spend again once the oldest spendings have left the window and what stays is under budget.
  std::chrono::milliseconds staying = owner.spent;
  for (const Spending& spending : owner.spendings) {
    staying -= spending.spent;
    if (staying < budget_) {
      return std::chrono::duration_cast<std::chrono::milliseconds>(spending.ended + window_ - now);
    }
  }
  return window_;  // not reached: every spending leaves within the window, and nothing stays
}

void TimeBudget::charge(std::string_view owner_id, std::chrono::milliseconds spent, Clock::time_point now) {
  if (budget_ <= std::chrono::milliseconds::zero()) return;
  const std::lock_guard lock(mutex_);
  sweep_idle(now);
  auto [entry, inserted] = owners_.try_emplace(std::string(owner_id));
  Owner& owner = entry->second;
  forget_old(owner, now);
  owner.spendings.push_back(Spending{now, spent});
  owner.spent += spent;
}

std::size_t TimeBudget::tracked_owners() const {
  const std::lock_guard lock(mutex_);
  return owners_.size();
}

}  // namespace pagemd::core
