#include "postgres/pg_connection.hpp"

#include <charconv>

namespace pagemd::store::detail::pg {

std::int64_t Rows::integer(int row, int column) const {
  const char* value = PQgetvalue(result_.get(), row, column);
  const auto length = static_cast<std::size_t>(PQgetlength(result_.get(), row, column));
  std::int64_t number = 0;
  const auto [end, failure] = std::from_chars(value, value + length, number);
  if (failure != std::errc{} || end != value + length) throw PgError("the database returned a non-number", false);
  return number;
}

std::int64_t Rows::affected() const {
  const char* count = PQcmdTuples(result_.get());
  std::int64_t number = 0;
  std::from_chars(count, count + std::char_traits<char>::length(count), number);
  return number;
}

std::optional<std::string> password_in(const std::string& url) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(url.c_str(), &error);
  if (options == nullptr) {
    PQfreemem(error);
    return std::nullopt;
  }
  std::string password;
  for (const PQconninfoOption* option = options; option->keyword != nullptr; ++option) {
    if (std::string_view(option->keyword) == "password" && option->val != nullptr) password = option->val;
  }
  PQconninfoFree(options);
  return password;
}

std::string without_password(std::string message, const std::string& url) {
  const auto password = password_in(url);
  if (!password) return "the database URL cannot be parsed";
  if (password->empty()) return message;
  constexpr std::string_view kHidden = "***";
  for (std::size_t at = message.find(*password); at != std::string::npos;
       at = message.find(*password, at + kHidden.size())) {
    message.replace(at, password->size(), kHidden);
  }
  return message;
}

Connection::Connection(std::string url) : url_(std::move(url)) {}

Connection::~Connection() {
  if (connection_ != nullptr) PQfinish(connection_);
}

void Connection::ensure_open() {
  if (connection_ != nullptr && PQstatus(connection_) == CONNECTION_OK) return;
  if (connection_ != nullptr) PQfinish(connection_);
  prepared_.clear();  // statements are prepared per connection
  // A database host that drops packets must not hold a request for minutes: 5 s to connect, unless
  // the URL says otherwise (its keywords come later and win).
  const char* keywords[] = {"connect_timeout", "dbname", nullptr};
  const char* values[] = {"5", url_.c_str(), nullptr};
  connection_ = PQconnectdbParams(keywords, values, 1);
  if (connection_ == nullptr) throw PgError("cannot allocate a connection", true);
  if (PQstatus(connection_) != CONNECTION_OK) {
    std::string message = PQerrorMessage(connection_);
    while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
    PQfinish(connection_);
    connection_ = nullptr;
    throw PgError("cannot connect to PostgreSQL: " + without_password(std::move(message), url_), true);
  }
  // Notices (a table that exists already) are not the log's business.
  PQsetNoticeProcessor(
      connection_, [](void*, const char*) {}, nullptr);
}

Rows Connection::exec(std::string_view sql, const std::vector<Param>& params) {
  ensure_open();
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const Param& param : params) values.push_back(param ? param->c_str() : nullptr);
  // Each statement is parsed and planned once per connection, not once per request: the server's
  // share of a cached extract is mostly that work otherwise.
  auto prepared = prepared_.find(sql);
  if (prepared == prepared_.end()) {
    // Appended rather than "s" + std::to_string(...), which GCC 12 at -O3 takes for an overlapping copy (-Wrestrict).
    std::string name = "s";
    name += std::to_string(prepared_.size());
    static_cast<void>(checked(PQprepare(connection_, name.c_str(), std::string(sql).c_str(), 0, nullptr)));
    prepared = prepared_.emplace(std::string(sql), std::move(name)).first;
  }
  return checked(PQexecPrepared(connection_, prepared->second.c_str(), static_cast<int>(values.size()), values.data(),
                                nullptr, nullptr, 0));
}

void Connection::exec_script(std::string_view sql) {
  ensure_open();
  const std::string script(sql);
  static_cast<void>(checked(PQexec(connection_, script.c_str())));
}

Rows Connection::checked(PGresult* result) {
  Rows rows(result);
  // A null result (out of memory, or the connection broke before sending) counts as a failure.
  const ExecStatusType status = rows.status_of();
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return rows;
  std::string message = PQerrorMessage(connection_);
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  // Errors that libpq makes itself (a connection lost mid-statement) carry no SQLSTATE; the server
  // says 08xxx for connection failures and 57P01-57P03 while it shuts down, crashes or starts up.
  const char* state = result == nullptr ? nullptr : PQresultErrorField(result, PG_DIAG_SQLSTATE);
  const std::string_view code = state == nullptr ? std::string_view{} : std::string_view{state};
  const bool unreachable = PQstatus(connection_) != CONNECTION_OK || code.empty() || code.starts_with("08") ||
                           code == "57P01" || code == "57P02" || code == "57P03";
  if (unreachable) {
    // Whatever libpq thinks of it, this connection is not used again: the next statement reconnects.
    PQfinish(connection_);
    connection_ = nullptr;
    prepared_.clear();
  }
  throw PgError(message.empty() ? "the statement failed" : message, unreachable);
}

Transaction::~Transaction() {
  // A connection dropped within the transaction took the transaction with it.
  if (done_ || !connection_.is_open()) return;
  try {
    connection_.exec("ROLLBACK");
  } catch (const PgError&) {
    // A broken connection has rolled back by itself.
  }
}

Lease::~Lease() {
  if (pool_ != nullptr && connection_) pool_->give_back(std::move(connection_));
}

Lease Pool::acquire() {
  std::unique_lock lock(mutex_);
  freed_.wait(lock, [&] { return !idle_.empty() || open_ < size_; });
  if (!idle_.empty()) {
    std::unique_ptr<Connection> connection = std::move(idle_.back());
    idle_.pop_back();
    return Lease(*this, std::move(connection));
  }
  ++open_;
  lock.unlock();
  return Lease(*this, std::make_unique<Connection>(url_));
}

void Pool::give_back(std::unique_ptr<Connection> connection) {
  {
    const std::lock_guard lock(mutex_);
    idle_.push_back(std::move(connection));
  }
  freed_.notify_one();
}

std::string hex_bytes(std::string_view bytes) {
  static constexpr std::string_view kDigits = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    out.push_back(kDigits[byte >> 4U]);
    out.push_back(kDigits[byte & 0xFU]);
  }
  return out;
}

}  // namespace pagemd::store::detail::pg
