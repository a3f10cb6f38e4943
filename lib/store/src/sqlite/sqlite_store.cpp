#include "sqlite/sqlite_store.hpp"

#include "pagemd/store/period.hpp"
#include "pagemd/store/sqlite_store.hpp"
#include "pagemd/store/uuid.hpp"
#include "sqlite/schema.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <mutex>

namespace pagemd::store {
namespace detail {
namespace {

// The account columns read_account() expects; ?1 is the current usage period.
#define PAGEMD_SELECT_ACCOUNT                                                                   \
  "SELECT a.id, a.plan, a.monthly_limit, a.email, a.created_at, "                               \
  "(SELECT count(*) FROM api_keys k WHERE k.account_id = a.id AND k.revoked_at IS NULL), "      \
  "(SELECT COALESCE(sum(u.used), 0) FROM usage u WHERE u.account_id = a.id AND u.period = ?1) " \
  "FROM accounts a "

// The key columns read_key() expects; ?1 is the current usage period.
#define PAGEMD_SELECT_KEY                                                                              \
  "SELECT k.id, k.account_id, k.prefix, k.mode, k.plan, k.monthly_limit, k.created_at, k.revoked_at, " \
  "k.last_used_at, COALESCE(u.used, 0) FROM api_keys k "                                               \
  "LEFT JOIN usage u ON u.account_id = k.account_id AND u.period = ?1 AND u.key_id = k.id "

constexpr const char* kInsertAccount =
    "INSERT INTO accounts (id, plan, monthly_limit, email, created_at) VALUES (?1, ?2, ?3, ?4, ?5)";
constexpr const char* kFindAccount = PAGEMD_SELECT_ACCOUNT "WHERE a.id = ?2";
constexpr const char* kListAccounts = PAGEMD_SELECT_ACCOUNT "ORDER BY a.created_at DESC, a.rowid DESC";
constexpr const char* kSetAccountPlan = "UPDATE accounts SET plan = ?2, monthly_limit = ?3 WHERE id = ?1";
constexpr const char* kSetKeysPlan = "UPDATE api_keys SET plan = ?2, monthly_limit = ?3 WHERE account_id = ?1";

constexpr const char* kKeyQuota =
    "SELECT a.plan, a.monthly_limit, "
    "(SELECT count(*) FROM api_keys k WHERE k.account_id = a.id AND k.revoked_at IS NULL) "
    "FROM accounts a WHERE a.id = ?1";
constexpr const char* kInsertKey =
    "INSERT INTO api_keys (id, account_id, sha256, prefix, mode, plan, monthly_limit, created_at) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";
constexpr const char* kFindKeyByDigest =
    "SELECT id, account_id, mode, plan, monthly_limit, revoked_at, last_used_at FROM api_keys WHERE sha256 = ?1";
constexpr const char* kMarkKeyUsed = "UPDATE api_keys SET last_used_at = ?2 WHERE id = ?1";
constexpr const char* kFindKey = PAGEMD_SELECT_KEY "WHERE k.id = ?2";
constexpr const char* kListKeys = PAGEMD_SELECT_KEY "WHERE k.account_id = ?2 ORDER BY k.created_at DESC, k.rowid DESC";
constexpr const char* kRevokeKey =
    "UPDATE api_keys SET revoked_at = ?3 WHERE id = ?1 AND account_id = ?2 AND revoked_at IS NULL";

#undef PAGEMD_SELECT_ACCOUNT
#undef PAGEMD_SELECT_KEY

std::optional<TimePoint> optional_time(const SQLite::Column& column) {
  if (column.isNull()) return std::nullopt;
  return from_millis(column.getInt64());
}

KeyMode mode_column(const SQLite::Column& column) {
  const auto mode = parse_key_mode(column.getString());
  if (!mode) throw SQLite::Exception("the database holds an unknown key mode");
  return *mode;
}

Account read_account(SQLite::Statement& row) {
  Account account{row.getColumn(0).getString(),
                  plan_column(row.getColumn(1)),
                  row.getColumn(2).getInt64(),
                  std::nullopt,
                  from_millis(row.getColumn(4).getInt64()),
                  row.getColumn(5).getInt64(),
                  row.getColumn(6).getInt64()};
  if (!row.getColumn(3).isNull()) account.email = row.getColumn(3).getString();
  return account;
}

KeyInfo read_key(SQLite::Statement& row) {
  return KeyInfo{row.getColumn(0).getString(),
                 row.getColumn(1).getString(),
                 row.getColumn(2).getString(),
                 mode_column(row.getColumn(3)),
                 plan_column(row.getColumn(4)),
                 row.getColumn(5).getInt64(),
                 from_millis(row.getColumn(6).getInt64()),
                 optional_time(row.getColumn(7)),
                 optional_time(row.getColumn(8)),
                 row.getColumn(9).getInt64()};
}

std::vector<KeyInfo> read_keys(Query& query) {
  std::vector<KeyInfo> keys;
  while (query->executeStep()) keys.push_back(read_key(*query));
  return keys;
}

}  // namespace

Plan plan_column(const SQLite::Column& column) {
  const auto plan = parse_plan(column.getString());
  if (!plan) throw SQLite::Exception("the database holds an unknown plan");
  return *plan;
}

core::Result<std::string> SqliteStore::create_account(Plan plan, std::optional<std::string> email) {
  return guarded("creating an account", [&]() -> core::Result<std::string> {
    std::string id = new_uuid_v4();
    const std::lock_guard writer(pool_->write_mutex());
    auto connection = pool_->acquire();
    auto insert = connection->query(kInsertAccount);
    insert->bind(1, id);
    bind_text(*insert, 2, to_string(plan));
    insert->bind(3, monthly_limit(plan));
    if (email) insert->bind(4, *email);
    insert->bind(5, to_millis(clock_->now()));
    insert->exec();
    return id;
  });
}

core::Result<std::optional<Account>> SqliteStore::find_account(std::string_view account_id) {
  return guarded("reading an account", [&]() -> core::Result<std::optional<Account>> {
    auto connection = pool_->acquire();
    auto query = connection->query(kFindAccount);
    query->bind(1, usage_period(clock_->now()).id);
    bind_text(*query, 2, account_id);
    if (!query->executeStep()) return std::optional<Account>{};
    return std::optional<Account>{read_account(*query)};
  });
}

core::Result<std::vector<Account>> SqliteStore::list_accounts() {
  return guarded("listing accounts", [&]() -> core::Result<std::vector<Account>> {
    auto connection = pool_->acquire();
    auto query = connection->query(kListAccounts);
    query->bind(1, usage_period(clock_->now()).id);
    std::vector<Account> accounts;
    while (query->executeStep()) accounts.push_back(read_account(*query));
    return accounts;
  });
}

core::Result<void> SqliteStore::set_plan(std::string_view account_id, Plan plan) {
  return guarded("changing a plan", [&]() -> core::Result<void> {
    const std::lock_guard writer(pool_->write_mutex());
    auto connection = pool_->acquire();
    WriteTransaction transaction(*connection);
    for (const char* sql : {kSetAccountPlan, kSetKeysPlan}) {
      auto update = connection->query(sql);
      bind_text(*update, 1, account_id);
      bind_text(*update, 2, to_string(plan));
      update->bind(3, monthly_limit(plan));
      if (update->exec() == 0 && sql == kSetAccountPlan) return core::unexpected(account_not_found(account_id));
    }
    transaction.commit();
    return {};
  });
}

core::Result<KeyInfo> SqliteStore::insert_key(const NewKey& key, std::int64_t max_active_keys) {
  return guarded("creating a key", [&]() -> core::Result<KeyInfo> {
    const std::lock_guard writer(pool_->write_mutex());
    auto connection = pool_->acquire();
    WriteTransaction transaction(*connection);
    Plan plan{};
    std::int64_t limit = 0;
    {
      auto quota = connection->query(kKeyQuota);
      quota->bind(1, key.account_id);
      if (!quota->executeStep()) return core::unexpected(account_not_found(key.account_id));
      if (quota->getColumn(2).getInt64() >= max_active_keys) {
        return core::unexpected(core::ErrorCode::key_limit_reached,
                                "the account already has " + std::to_string(max_active_keys) +
                                    " active keys; revoke one before creating another");
      }
      plan = plan_column(quota->getColumn(0));
      limit = quota->getColumn(1).getInt64();
    }
    const TimePoint created_at = from_millis(to_millis(clock_->now()));
    auto insert = connection->query(kInsertKey);
    insert->bind(1, key.id);
    insert->bind(2, key.account_id);
    insert->bind(3, key.sha256_hex);
    insert->bind(4, key.prefix);
    bind_text(*insert, 5, to_string(key.mode));
    bind_text(*insert, 6, to_string(plan));
    insert->bind(7, limit);
    insert->bind(8, to_millis(created_at));
    insert->exec();
    transaction.commit();
    return KeyInfo{key.id, key.account_id, key.prefix,   key.mode,     plan,
                   limit,  created_at,     std::nullopt, std::nullopt, 0};
  });
}

core::Result<std::optional<KeyIdentity>> SqliteStore::find_key_by_digest(std::string_view sha256_hex) {
  return guarded("looking up a key", [&]() -> core::Result<std::optional<KeyIdentity>> {
    auto connection = pool_->acquire();
    auto query = connection->query(kFindKeyByDigest);
    bind_text(*query, 1, sha256_hex);
    if (!query->executeStep()) return std::optional<KeyIdentity>{};
    return std::optional<KeyIdentity>{KeyIdentity{query->getColumn(0).getString(), query->getColumn(1).getString(),
                                                  mode_column(query->getColumn(2)), plan_column(query->getColumn(3)),
                                                  query->getColumn(4).getInt64(), optional_time(query->getColumn(5)),
                                                  optional_time(query->getColumn(6))}};
  });
}

core::Result<void> SqliteStore::mark_key_used(std::string_view key_id, TimePoint when) {
  return guarded("recording a key's use", [&]() -> core::Result<void> {
    const std::lock_guard writer(pool_->write_mutex());
    auto connection = pool_->acquire();
    auto update = connection->query(kMarkKeyUsed);
    bind_text(*update, 1, key_id);
    update->bind(2, to_millis(when));
    update->exec();
    return {};
  });
}

core::Result<std::vector<KeyInfo>> SqliteStore::list_keys(std::string_view account_id) {
  return guarded("listing keys", [&]() -> core::Result<std::vector<KeyInfo>> {
    auto connection = pool_->acquire();
    auto query = connection->query(kListKeys);
    query->bind(1, usage_period(clock_->now()).id);
    bind_text(*query, 2, account_id);
    return read_keys(query);
  });
}

core::Result<KeyInfo> SqliteStore::revoke_key(std::string_view account_id, std::string_view key_id) {
  return guarded("revoking a key", [&]() -> core::Result<KeyInfo> {
    const TimePoint now = clock_->now();
    const std::lock_guard writer(pool_->write_mutex());
    auto connection = pool_->acquire();
    WriteTransaction transaction(*connection);
    {
      auto update = connection->query(kRevokeKey);
      bind_text(*update, 1, key_id);
      bind_text(*update, 2, account_id);
      update->bind(3, to_millis(now));
      if (update->exec() == 0) {
        return core::unexpected(core::ErrorCode::key_not_found,
                                "no active key " + std::string(key_id) + " on this account");
      }
    }
    auto query = connection->query(kFindKey);
    query->bind(1, usage_period(now).id);
    bind_text(*query, 2, key_id);
    auto keys = read_keys(query);
    transaction.commit();
    if (keys.size() != 1) throw SQLite::Exception("a revoked key vanished within its transaction");
    return std::move(keys.front());
  });
}

}  // namespace detail

std::filesystem::path database_file(const std::filesystem::path& data_dir) { return data_dir / "pagemd.db"; }

namespace {

core::Result<std::unique_ptr<Store>> open_store(const std::string& location, int flags, const core::Clock& clock,
                                                const SqliteOptions& options) {
  return detail::guarded("opening the database " + location, [&]() -> core::Result<std::unique_ptr<Store>> {
    const auto open = [&] { return std::make_unique<detail::Connection>(location, flags, options.busy_timeout); };
    std::vector<std::unique_ptr<detail::Connection>> pool;
    pool.push_back(open());
    if (auto migrated = detail::migrate(*pool.front()); !migrated) return core::unexpected(migrated.error());
    for (int i = 1; i < options.connections; ++i) pool.push_back(open());
    std::unique_ptr<detail::Checkpointer> checkpointer;
    if (options.background_checkpoints) {
      checkpointer = std::make_unique<detail::Checkpointer>(open(), detail::Checkpointer::kDefaultThresholdPages);
      for (auto& connection : pool) checkpointer->watch(*connection);
    }
    return std::unique_ptr<Store>{std::make_unique<detail::SqliteStore>(
        std::move(checkpointer), std::make_unique<detail::ConnectionPool>(std::move(pool)), clock,
        options.recent_results_bytes)};
  });
}

}  // namespace

core::Result<void> create_data_dir(const std::filesystem::path& data_dir) {
  std::filesystem::path made;
  for (const auto& part : data_dir) {
    made /= part;
    if (::mkdir(made.c_str(), 0700) == 0) {
      ::chmod(made.c_str(), 0700);  // mkdir's mode is cut by the umask
    } else if (errno != EEXIST) {
      return core::unexpected(core::ErrorCode::internal,
                              "cannot create the data directory " + made.string() + ": " + std::strerror(errno));
    }
  }
  return {};
}

core::Result<std::unique_ptr<Store>> open_sqlite_store(const std::filesystem::path& db_file, const core::Clock& clock,
                                                       const SqliteOptions& options) {
  // Created here rather than by SQLite, which would give it 0644 minus the umask.
  const int fd = ::open(db_file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd >= 0) {
    ::fchmod(fd, 0600);
    ::close(fd);
  }
  SqliteOptions checked = options;
  checked.connections = std::max(options.connections, 1);
  return open_store(db_file.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_NOFOLLOW, clock,
                    checked);
}

core::Result<std::unique_ptr<Store>> open_memory_store(const core::Clock& clock) {
  // Each connection to ":memory:" is a database of its own, so the in-memory store has exactly one.
  SqliteOptions options;
  options.connections = 1;
  options.busy_timeout = std::chrono::milliseconds{0};
  return open_store(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_MEMORY, clock, options);
}

}  // namespace pagemd::store
