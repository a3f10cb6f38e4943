#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "pagemd/batch/host_gate.hpp"
#include "pagemd/fetch/url.hpp"

namespace pagemd::batch::detail {

struct WorkItem {
  std::size_t order = 0;  // place in the list: among hosts that may start, the earliest goes first
  std::string url;        // as listed
  fetch::ParsedUrl parsed;
  std::string file;  // relative to DIR
};

// The URLs still to start, one queue per host, handed to worker threads within the HostGate's rules.
// Thread-safe.
class WorkQueue {
 public:
  WorkQueue(std::size_t per_host, std::chrono::milliseconds delay, const std::atomic<bool>& stop)
      : gate_(per_host, delay), stop_(stop) {}

  void push(WorkItem item);
  // The next item a host allows now, waiting while none does; nullopt when `stop` is set, or when the
  // queue is empty and no item is in flight (one in flight may still push more). The caller calls finished(item) when
  // its fetches from the host are over.
  [[nodiscard]] std::optional<WorkItem> take();
  void finished(const WorkItem& item);
  // Items never taken (after a stop).
  [[nodiscard]] std::size_t left() const;

 private:
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  HostGate gate_;
  const std::atomic<bool>& stop_;
  std::unordered_map<std::string, std::deque<WorkItem>> by_host_;
  std::size_t queued_ = 0;
  std::size_t in_flight_ = 0;
};

}  // namespace pagemd::batch::detail
