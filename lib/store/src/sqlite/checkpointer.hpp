#pragma once

#include <sqlite3.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <stop_token>
#include <thread>

#include "sqlite/connection.hpp"

namespace pagemd::store::detail {

// Runs SQLite's WAL checkpoints on a thread of its own instead of inside the commit that makes the
// WAL too long. A checkpoint copies the WAL into the database file and syncs both, which can take
// milliseconds; in the daemon, every request whose page count is in that commit's batch would wait
// for it (this was most of the daemon's p99 under load). Connections given to watch() no longer
// checkpoint themselves: their commits only wake this thread once the WAL holds `threshold_pages`,
// and it runs a PASSIVE checkpoint on its own connection, which waits for no reader or writer.
class Checkpointer {
 public:
  // SQLite's own default threshold (wal_autocheckpoint).
  static constexpr int kDefaultThresholdPages = 1000;

  Checkpointer(std::unique_ptr<Connection> connection, int threshold_pages);
  ~Checkpointer();
  Checkpointer(const Checkpointer&) = delete;
  Checkpointer& operator=(const Checkpointer&) = delete;

  // From now on the connection's commits report to this checkpointer instead of checkpointing. It
  // must not commit after the checkpointer is destroyed.
  void watch(Connection& connection);

  // Checkpoints run so far, failed ones included.
  [[nodiscard]] std::uint64_t checkpoints_run() const { return checkpoints_run_.load(); }

 private:
  static int on_commit(void* self, sqlite3* database, const char* schema, int wal_pages);
  void run(const std::stop_token& stop);

  std::unique_ptr<Connection> connection_;
  const int threshold_pages_;
  std::mutex mutex_;
  std::condition_variable_any wake_;
  bool due_ = false;
  std::atomic<std::uint64_t> checkpoints_run_{0};
  std::jthread thread_;  // last: it starts using the members above as soon as it exists
};

}  // namespace pagemd::store::detail
