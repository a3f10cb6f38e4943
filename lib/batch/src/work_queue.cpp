#include "work_queue.hpp"

namespace pagemd::batch::detail {
namespace {

// How long a waiting worker goes without looking at the stop flag, which a signal sets without
// being able to wake anyone.
constexpr std::chrono::milliseconds kStopPoll{100};

}  // namespace

void WorkQueue::push(WorkItem item) {
  const std::lock_guard lock(mutex_);
  by_host_[item.parsed.host].push_back(std::move(item));
  ++queued_;
  changed_.notify_all();
}

std::optional<WorkItem> WorkQueue::take() {
  std::unique_lock lock(mutex_);
  for (;;) {
    if (stop_.load() || (queued_ == 0 && in_flight_ == 0)) return std::nullopt;
    const auto now = std::chrono::steady_clock::now();
    auto wake = now + kStopPoll;
    std::deque<WorkItem>* best = nullptr;
    for (auto& [host, items] : by_host_) {
      if (items.empty()) continue;
      const auto start = gate_.earliest_start(host, now);
      if (!start) continue;
      if (*start > now) {
        wake = std::min(wake, *start);
      } else if (best == nullptr || items.front().order < best->front().order) {
        best = &items;
      }
    }
    if (best != nullptr) {
      WorkItem item = std::move(best->front());
      best->pop_front();
      --queued_;
      ++in_flight_;
      gate_.start(item.parsed.host, now);
      return item;
    }
    changed_.wait_until(lock, wake);
  }
}

void WorkQueue::finished(const WorkItem& item) {
  const std::lock_guard lock(mutex_);
  gate_.finish(item.parsed.host);
  --in_flight_;
  changed_.notify_all();
}

std::size_t WorkQueue::left() const {
  const std::lock_guard lock(mutex_);
  return queued_;
}

}  // namespace pagemd::batch::detail
