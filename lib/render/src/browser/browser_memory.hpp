#pragma once

// A browser's memory: what its processes hold, and a watchdog that holds it to its bound while a
// page renders (a page's scripts can allocate gigabytes in well under a second, so the check after
// the page is too late).

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <cstddef>
#include <optional>
#include <stop_token>
#include <thread>
#include <vector>

namespace pagemd::render::detail {

class BrowserProcess;

struct GroupMember {
  pid_t pid = 0;
  std::size_t resident_bytes = 0;  // VmRSS
};

// The processes of process group `group` (a browser and its helpers: the browser keeps its helpers
// in the group it leads, sandboxed or not) and the memory each holds.
[[nodiscard]] std::vector<GroupMember> group_members(pid_t group);

// What `pid` holds while it is still in `group`; nullopt once it has ended or left it.
[[nodiscard]] std::optional<GroupMember> group_member(pid_t pid, pid_t group);

// The resident memory of the processes, summed. The pages of the browser's program, which they
// share, count once for each process (50 to 90 MiB apiece, some 270 MiB of an idle browser's
// 440): a bound on this sum is stricter than one on what the browser costs the machine, and it
// is what `ps` and the like show.
[[nodiscard]] std::size_t resident_bytes(const std::vector<GroupMember>& members);

// Samples a browser's processes while it renders one page; past `max_bytes` in all, it kills the
// browser at once, which ends the render (its pipe breaks) and makes the browser be replaced.
class MemoryWatchdog {
 public:
  // Between samples: a page that fills memory at a few GB/s gains some 100 MB between two.
  static constexpr std::chrono::milliseconds kInterval{10};

  MemoryWatchdog(const BrowserProcess& browser, std::size_t max_bytes);
  ~MemoryWatchdog();
  MemoryWatchdog(const MemoryWatchdog&) = delete;
  MemoryWatchdog& operator=(const MemoryWatchdog&) = delete;

  // Ends the sampling; what tripped() and peak_bytes() say stays as it is from then on.
  void stop();
  // Whether the browser went past its bound and was killed.
  [[nodiscard]] bool tripped() const { return tripped_; }
  // The most the browser's processes held together at a sample.
  [[nodiscard]] std::size_t peak_bytes() const { return peak_bytes_; }

 private:
  void watch(const std::stop_token& stop);

  const BrowserProcess& browser_;
  std::size_t max_bytes_;
  std::atomic<bool> tripped_{false};
  std::atomic<std::size_t> peak_bytes_{0};
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::jthread thread_;  // last: it starts once the rest is in place
};

}  // namespace pagemd::render::detail
