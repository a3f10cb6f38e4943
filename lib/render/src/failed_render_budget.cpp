#include "failed_render_budget.hpp"

namespace pagemd::render::detail {

FailedRenderBudget::FailedRenderBudget(std::chrono::milliseconds budget, std::chrono::milliseconds window)
    : budget_(budget), window_(window) {}

void FailedRenderBudget::forget_old(Account& account, Clock::time_point now) const {
  while (!account.failures.empty() && account.failures.front().ended + window_ <= now) {
    account.spent -= account.failures.front().spent;
    account.failures.pop_front();
  }
}

void FailedRenderBudget::sweep_idle(Clock::time_point now) {
  // Accounts are only looked at when they render, so one that stopped would keep its entry for ever.
  if (now < next_sweep_) return;
  next_sweep_ = now + window_;
  std::erase_if(accounts_, [&](const auto& entry) {
    const std::deque<Failure>& failures = entry.second.failures;
    return failures.empty() || failures.back().ended + window_ <= now;  // the newest has left the window
  });
}

std::optional<std::chrono::milliseconds> FailedRenderBudget::wait_before_render(std::string_view account_id,
                                                                                Clock::time_point now) {
  if (budget_ <= std::chrono::milliseconds::zero()) return std::nullopt;
  const std::lock_guard lock(mutex_);
  sweep_idle(now);
  const auto found = accounts_.find(account_id);
  if (found == accounts_.end()) return std::nullopt;
  Account& account = found->second;
  forget_old(account, now);
  if (account.spent < budget_) return std::nullopt;
  // The render may start once the oldest failures have left the window and what stays is under budget.
  std::chrono::milliseconds staying = account.spent;
  for (const Failure& failure : account.failures) {
    staying -= failure.spent;
    if (staying < budget_) {
      return std::chrono::duration_cast<std::chrono::milliseconds>(failure.ended + window_ - now);
    }
  }
  return window_;  // not reached: every failure leaves within the window, and nothing stays
}

void FailedRenderBudget::charge(std::string_view account_id, std::chrono::milliseconds spent, Clock::time_point now) {
  if (budget_ <= std::chrono::milliseconds::zero()) return;
  const std::lock_guard lock(mutex_);
  sweep_idle(now);
  auto [entry, inserted] = accounts_.try_emplace(std::string(account_id));
  Account& account = entry->second;
  forget_old(account, now);
  account.failures.push_back(Failure{now, spent});
  account.spent += spent;
}

std::size_t FailedRenderBudget::tracked_accounts() const {
  const std::lock_guard lock(mutex_);
  return accounts_.size();
}

}  // namespace pagemd::render::detail
