#include "sqlite/connection.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <thread>

namespace pagemd::store::detail {

Query::~Query() {
  try {
    statement_->reset();
  } catch (const SQLite::Exception&) {
    // reset() reports the error of the last step, which the caller has already seen and handled.
  }
}

namespace {

// Turning a new file to WAL takes the exclusive lock. When another connection is turning it at the
// same moment, both hold the shared lock and SQLite answers SQLITE_BUSY at once instead of calling
// the busy handler, because waiting could deadlock the two. So two processes starting on a new
// data dir (the daemon and `pagemdd account create`, say) retry here, within the busy timeout.
void switch_to_wal(SQLite::Database& database, std::chrono::milliseconds busy_timeout) {
  const auto deadline = std::chrono::steady_clock::now() + busy_timeout;
  auto pause = std::chrono::milliseconds{1};
  for (;;) {
    try {
      database.exec("PRAGMA journal_mode = WAL");
      return;
    } catch (const SQLite::Exception& error) {
      if ((error.getErrorCode() & 0xff) != SQLITE_BUSY || std::chrono::steady_clock::now() + pause > deadline) throw;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds{50});
  }
}

}  // namespace

Connection::Connection(const std::string& path, int open_flags, std::chrono::milliseconds busy_timeout)
    : database_(path, open_flags, static_cast<int>(busy_timeout.count())) {
  // WAL lets readers run beside the one writer and keeps a commit to one append. NORMAL syncs the
  // WAL only at checkpoints: a commit survives the process being killed (the OS has its pages), but
  // the last commits before a power loss or kernel crash may be lost. FULL would fsync every commit,
  // a few milliseconds on ordinary disks, for every page served; we take the faster choice, as
  // SQLite's documentation recommends for WAL.
  switch_to_wal(database_, busy_timeout);
  database_.exec("PRAGMA synchronous = NORMAL");
  database_.exec("PRAGMA foreign_keys = ON");
}

Query Connection::query(const char* sql) {
  auto found = statements_.find(sql);
  if (found == statements_.end()) {
    found = statements_.emplace(sql, std::make_unique<SQLite::Statement>(database_, sql)).first;
  } else {
    found->second->clearBindings();
  }
  return Query{*found->second};
}

namespace {
constexpr const char* kBegin = "BEGIN IMMEDIATE";
constexpr const char* kCommit = "COMMIT";
constexpr const char* kRollback = "ROLLBACK";
}  // namespace

WriteTransaction::WriteTransaction(Connection& connection) : connection_(&connection) {
  connection_->query(kBegin)->exec();
}

WriteTransaction::~WriteTransaction() {
  if (!open_) return;
  try {
    connection_->query(kRollback)->exec();
  } catch (const SQLite::Exception&) {
    // Nothing to undo when BEGIN itself failed; any other failure leaves SQLite to roll back.
  }
}

void WriteTransaction::commit() {
  connection_->query(kCommit)->exec();
  open_ = false;
}

ConnectionPool::ConnectionPool(std::vector<std::unique_ptr<Connection>> connections)
    : connections_(std::move(connections)) {
  for (const auto& connection : connections_) idle_.push_back(connection.get());
}

ConnectionPool::Lease ConnectionPool::acquire() {
  std::unique_lock lock(mutex_);
  available_.wait(lock, [this] { return !idle_.empty(); });
  Connection* connection = idle_.back();
  idle_.pop_back();
  return Lease{*this, *connection};
}

void ConnectionPool::release(Connection& connection) {
  {
    const std::lock_guard lock(mutex_);
    idle_.push_back(&connection);
  }
  available_.notify_one();
}

}  // namespace pagemd::store::detail
