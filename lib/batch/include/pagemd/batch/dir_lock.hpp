#pragma once

#include <filesystem>
#include <memory>

#include "pagemd/core/result.hpp"

namespace pagemd::batch {

// An exclusive flock(2) on DIR/.pagemd-batch.lock, held while the object lives: two batch runs on one
// directory (overlapping cron jobs) cannot interleave. The kernel drops the lock when the process dies,
// so a crash leaves nothing stale behind.
class DirLock {
 public:
  // Takes the lock without waiting. Fails with busy when another process holds it, internal when the
  // lock file cannot be opened.
  [[nodiscard]] static core::Result<std::unique_ptr<DirLock>> acquire(const std::filesystem::path& dir);
  ~DirLock();
  DirLock(const DirLock&) = delete;
  DirLock& operator=(const DirLock&) = delete;

 private:
  explicit DirLock(int fd) : fd_(fd) {}
  int fd_;
};

}  // namespace pagemd::batch
