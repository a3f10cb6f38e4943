#pragma once

// libpq, wrapped: connections that reconnect, queries with text parameters, results read by row and
// column, a pool, and the mapping of failures onto pagemd's errors (a database that cannot be
// reached is store_unavailable, anything else internal).

#include <libpq-fe.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pagemd/core/result.hpp"

namespace pagemd::store::detail::pg {

// Thrown inside a store operation; guarded() turns it into the operation's error.
class PgError : public std::runtime_error {
 public:
  PgError(const std::string& message, bool unreachable) : std::runtime_error(message), unreachable_(unreachable) {}
  [[nodiscard]] bool unreachable() const noexcept { return unreachable_; }

 private:
  bool unreachable_;  // the connection is gone: the database is down or the network is
};

// The password libpq reads from a connection URL; empty when it has none, nullopt when libpq cannot
// parse the URL at all.
[[nodiscard]] std::optional<std::string> password_in(const std::string& url);

// libpq's message about the connection to `url`, fit for a log: every copy of the password hidden. libpq
// quotes the part of a URL it cannot parse ('invalid percent-encoded token: "..."'), which may be the
// password itself, so the message about a URL it cannot parse is not passed on at all.
[[nodiscard]] std::string without_password(std::string message, const std::string& url);

// A text parameter; nullopt is SQL NULL.
using Param = std::optional<std::string>;

class Rows {
 public:
  explicit Rows(PGresult* result) : result_(result, &PQclear) {}
  [[nodiscard]] int size() const { return PQntuples(result_.get()); }
  [[nodiscard]] bool empty() const { return size() == 0; }
  [[nodiscard]] bool is_null(int row, int column) const { return PQgetisnull(result_.get(), row, column) == 1; }
  [[nodiscard]] std::string text(int row, int column) const {
    return std::string(PQgetvalue(result_.get(), row, column),
                       static_cast<std::size_t>(PQgetlength(result_.get(), row, column)));
  }
  [[nodiscard]] std::int64_t integer(int row, int column) const;
  [[nodiscard]] std::optional<std::int64_t> optional_integer(int row, int column) const {
    if (is_null(row, column)) return std::nullopt;
    return integer(row, column);
  }
  // Rows an INSERT, UPDATE or DELETE touched.
  [[nodiscard]] std::int64_t affected() const;
  [[nodiscard]] ExecStatusType status_of() const { return result_ ? PQresultStatus(result_.get()) : PGRES_FATAL_ERROR; }

 private:
  std::unique_ptr<PGresult, decltype(&PQclear)> result_;
};

class Connection {
 public:
  explicit Connection(std::string url);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Runs one statement. Throws PgError; a connection found broken is reopened first.
  Rows exec(std::string_view sql, const std::vector<Param>& params = {});
  // Runs several statements without parameters (a migration).
  void exec_script(std::string_view sql);
  // False once a failure has dropped the connection (the next statement opens a new one).
  [[nodiscard]] bool is_open() const noexcept { return connection_ != nullptr; }

 private:
  void ensure_open();
  Rows checked(PGresult* result);

  std::string url_;
  PGconn* connection_ = nullptr;
  // Statement text -> the name it is prepared under on this connection.
  std::map<std::string, std::string, std::less<>> prepared_;
};

// BEGIN now, ROLLBACK unless commit() ran.
class Transaction {
 public:
  explicit Transaction(Connection& connection) : connection_(connection) { connection_.exec("BEGIN"); }
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit() {
    connection_.exec("COMMIT");
    done_ = true;
  }

 private:
  Connection& connection_;
  bool done_ = false;
};

class Pool;

// A connection borrowed from the pool, given back when the lease ends.
class Lease {
 public:
  Lease(Pool& pool, std::unique_ptr<Connection> connection) : pool_(&pool), connection_(std::move(connection)) {}
  ~Lease();
  Lease(Lease&&) = default;
  Lease& operator=(Lease&&) = delete;
  Lease(const Lease&) = delete;
  Lease& operator=(const Lease&) = delete;
  Connection* operator->() { return connection_.get(); }
  Connection& operator*() { return *connection_; }

 private:
  Pool* pool_;
  std::unique_ptr<Connection> connection_;
};

// At most `size` connections, opened as needed; a caller waits for a free one.
class Pool {
 public:
  Pool(std::string url, std::size_t size) : url_(std::move(url)), size_(size) {}
  [[nodiscard]] Lease acquire();
  void give_back(std::unique_ptr<Connection> connection);

 private:
  std::string url_;
  std::size_t size_;
  std::mutex mutex_;
  std::condition_variable freed_;
  std::vector<std::unique_ptr<Connection>> idle_;
  std::size_t open_ = 0;
};

// Runs `body`, turning a PgError into store_unavailable (the database cannot be reached) or internal.
template <typename Body>
auto guarded(std::string_view what, Body&& body) -> decltype(body()) {
  try {
    return body();
  } catch (const PgError& error) {
    return core::unexpected(error.unreachable() ? core::ErrorCode::store_unavailable : core::ErrorCode::internal,
                            std::string(what) + ": " + error.what());
  }
}

// Bytes as a hex text parameter, for a BYTEA column read with decode($n, 'hex'): a text parameter
// would end at a NUL byte.
[[nodiscard]] std::string hex_bytes(std::string_view bytes);

}  // namespace pagemd::store::detail::pg
