#include "connection.hpp"

namespace pagemd::store::detail {

Query::~Query() {
  try {
    statement_->reset();
  } catch (const SQLite::Exception&) {
    // reset() reports the error of the last step, which the caller has already seen and handled.
  }
}

Connection::Connection(const std::string& path, int open_flags, std::chrono::milliseconds busy_timeout)
    : database_(path, open_flags, static_cast<int>(busy_timeout.count())) {
  // WAL lets readers run beside the one writer and keeps a commit to one append. NORMAL syncs the
  // WAL only at checkpoints: a commit survives the process being killed (the OS has its pages), but
  // the last commits before a power loss or kernel crash may be lost. FULL would fsync every commit,
  // a few milliseconds on ordinary disks, for every page served; we take the faster choice, as
  // SQLite's documentation recommends for WAL.
  database_.exec("PRAGMA journal_mode = WAL");
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

std::int64_t to_millis(std::chrono::system_clock::time_point when) noexcept {
  return std::chrono::duration_cast<std::chrono::milliseconds>(when.time_since_epoch()).count();
}

std::chrono::system_clock::time_point from_millis(std::int64_t millis) noexcept {
  return std::chrono::system_clock::time_point{
      std::chrono::duration_cast<std::chrono::system_clock::duration>(std::chrono::milliseconds{millis})};
}

}  // namespace pagemd::store::detail
