#include "sqlite/checkpointer.hpp"

#include <spdlog/spdlog.h>

namespace pagemd::store::detail {

Checkpointer::Checkpointer(std::unique_ptr<Connection> connection, int threshold_pages)
    : connection_(std::move(connection)),
      threshold_pages_(threshold_pages),
      thread_([this](const std::stop_token& stop) { run(stop); }) {}

Checkpointer::~Checkpointer() {
  thread_.request_stop();
  thread_.join();
}

void Checkpointer::watch(Connection& connection) {
  // A WAL hook replaces the connection's automatic checkpoints (sqlite3_wal_autocheckpoint is one).
  sqlite3_wal_hook(connection.database().getHandle(), &Checkpointer::on_commit, this);
}

// Called by SQLite inside every commit of a watched connection, so it only flags the work.
int Checkpointer::on_commit(void* self, sqlite3* /*database*/, const char* /*schema*/, int wal_pages) {
  auto& checkpointer = *static_cast<Checkpointer*>(self);
  if (wal_pages >= checkpointer.threshold_pages_) {
    {
      const std::lock_guard lock(checkpointer.mutex_);
      checkpointer.due_ = true;
    }
    checkpointer.wake_.notify_one();
  }
  return SQLITE_OK;
}

void Checkpointer::run(const std::stop_token& stop) {
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      if (!wake_.wait(lock, stop, [this] { return due_; })) return;
      due_ = false;
    }
    int wal_pages = 0;
    int copied_pages = 0;
    const int rc = sqlite3_wal_checkpoint_v2(connection_->database().getHandle(), nullptr, SQLITE_CHECKPOINT_PASSIVE,
                                             &wal_pages, &copied_pages);
    ++checkpoints_run_;
    // A failed checkpoint loses nothing: the WAL keeps the commits, and the next one retries.
    if (rc != SQLITE_OK && rc != SQLITE_BUSY) {
      spdlog::warn("database checkpoint failed: {}", sqlite3_errstr(rc));
    }
  }
}

}  // namespace pagemd::store::detail
