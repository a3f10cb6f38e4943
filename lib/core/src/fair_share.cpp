#include "pagemd/core/fair_share.hpp"

#include <algorithm>

namespace pagemd::core {

FairShare::FairShare(std::size_t slots, std::chrono::milliseconds max_wait, std::string worker)
    : slots_(std::max<std::size_t>(1, slots)),
      per_owner_(std::max<std::size_t>(1, slots_ / 2)),
      max_wait_(max_wait),
      worker_(std::move(worker)) {}

FairShare::Turn::~Turn() {
  if (share_ != nullptr) share_->leave(owner_);
}

Result<FairShare::Turn> FairShare::enter(std::string_view owner) {
  std::unique_lock lock(mutex_);
  const auto owners_running = [&] {
    const auto found = running_by_owner_.find(owner);
    return found == running_by_owner_.end() ? std::size_t{0} : found->second;
  };
  const bool admitted =
      turn_freed_.wait_for(lock, max_wait_, [&] { return running_ < slots_ && owners_running() < per_owner_; });
  if (!admitted) {
    return unexpected(ErrorCode::busy, "No " + worker_ + " came free within " + std::to_string(max_wait_.count()) +
                                           " ms (an account may use " + std::to_string(per_owner_) + " of the " +
                                           std::to_string(slots_) + " at once); retry shortly.");
  }
  ++running_;
  auto [entry, inserted] = running_by_owner_.try_emplace(std::string(owner), 0);
  ++entry->second;
  return Turn(this, std::string(owner));
}

void FairShare::leave(const std::string& owner) {
  {
    const std::lock_guard lock(mutex_);
    --running_;
    const auto found = running_by_owner_.find(owner);
    if (--found->second == 0) running_by_owner_.erase(found);
  }
  // Waiters differ in owner, so the one a freed turn suits may not be the first in line: wake all.
  turn_freed_.notify_all();
}

}  // namespace pagemd::core
