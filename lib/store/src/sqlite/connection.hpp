#pragma once

#include "millis.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace pagemd::store::detail {

class Connection;

// A prepared statement borrowed from a Connection's cache. Resetting it on release matters: a
// stepped but unreset SELECT keeps its read transaction open, which would pin the WAL.
class Query {
 public:
  explicit Query(SQLite::Statement& statement) : statement_(&statement) {}
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;
  ~Query();

  SQLite::Statement* operator->() const { return statement_; }
  SQLite::Statement& operator*() const { return *statement_; }

 private:
  SQLite::Statement* statement_;
};

// One SQLite connection with its pragmas set and its prepared statements kept for reuse.
class Connection {
 public:
  Connection(const std::string& path, int open_flags, std::chrono::milliseconds busy_timeout);

  SQLite::Database& database() { return database_; }
  // The cached statement for `sql`, bindings cleared. `sql` must be a string with static storage
  // (one of the SQL constants): its address is the cache key.
  [[nodiscard]] Query query(const char* sql);

 private:
  SQLite::Database database_;
  std::unordered_map<const char*, std::unique_ptr<SQLite::Statement>> statements_;
};

// BEGIN IMMEDIATE ... COMMIT on a connection, rolled back unless committed. Unlike SQLite::Transaction
// it runs cached prepared statements: parsing BEGIN and COMMIT again on every page counted was a
// measurable part of the cost of a count.
class WriteTransaction {
 public:
  explicit WriteTransaction(Connection& connection);
  WriteTransaction(const WriteTransaction&) = delete;
  WriteTransaction& operator=(const WriteTransaction&) = delete;
  ~WriteTransaction();

  void commit();

 private:
  Connection* connection_;
  bool open_ = true;
};

// Connections handed out one caller at a time. Writers also take write_mutex() before a connection,
// so that the daemon's threads queue here instead of in SQLite's busy handler, whose sleeps would
// cost milliseconds; the busy timeout is left for waiting on other processes.
class ConnectionPool {
 public:
  explicit ConnectionPool(std::vector<std::unique_ptr<Connection>> connections);

  class Lease {
   public:
    Lease(ConnectionPool& pool, Connection& connection) : pool_(&pool), connection_(&connection) {}
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() { pool_->release(*connection_); }
    Connection& operator*() const { return *connection_; }
    Connection* operator->() const { return connection_; }

   private:
    ConnectionPool* pool_;
    Connection* connection_;
  };

  [[nodiscard]] Lease acquire();
  std::mutex& write_mutex() { return write_mutex_; }

 private:
  void release(Connection& connection);

  std::vector<std::unique_ptr<Connection>> connections_;
  std::vector<Connection*> idle_;
  std::mutex mutex_;
  std::condition_variable available_;
  std::mutex write_mutex_;
};

}  // namespace pagemd::store::detail
