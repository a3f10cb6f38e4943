#include "sqlite/schema.hpp"

#include "pagemd/store/sqlite_store.hpp"

#include <SQLiteCpp/Transaction.h>

#include <array>
#include <string>

namespace pagemd::store::detail {
namespace {

// Migration N (1-based) takes the schema from version N-1 to N. Released migrations never change;
// a schema change is a new entry. Times are integer milliseconds since the Unix epoch (UTC);
// usage periods are year * 100 + month.
constexpr std::array<const char*, kSchemaVersion> kMigrations{{
    R"sql(
CREATE TABLE accounts (
  id            TEXT PRIMARY KEY,
  plan          TEXT NOT NULL CHECK (plan IN ('free', 'starter', 'pro', 'scale')),
  monthly_limit INTEGER NOT NULL CHECK (monthly_limit >= 0),
  email         TEXT,
  created_at    INTEGER NOT NULL
) STRICT;

CREATE TABLE api_keys (
  id            TEXT PRIMARY KEY,
  account_id    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  sha256        TEXT NOT NULL UNIQUE CHECK (length(sha256) = 64),
  prefix        TEXT NOT NULL,
  mode          TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  plan          TEXT NOT NULL CHECK (plan IN ('free', 'starter', 'pro', 'scale')),
  monthly_limit INTEGER NOT NULL CHECK (monthly_limit >= 0),
  created_at    INTEGER NOT NULL,
  revoked_at    INTEGER,
  last_used_at  INTEGER
) STRICT;
CREATE INDEX api_keys_by_account ON api_keys (account_id, created_at);

-- One row per key and month; an account's usage is the sum over its keys. Keyed by account first,
-- so that counting a page writes one row and the sum reads adjacent rows of one page.
CREATE TABLE usage (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  period     INTEGER NOT NULL,
  key_id     TEXT NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  used       INTEGER NOT NULL CHECK (used >= 0),
  PRIMARY KEY (account_id, period, key_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE cache (
  cache_key  TEXT PRIMARY KEY,
  result     TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) STRICT;
CREATE INDEX cache_by_expiry ON cache (expires_at);
)sql",
}};

}  // namespace

int schema_version(Connection& connection) { return connection.database().execAndGet("PRAGMA user_version").getInt(); }

core::Result<void> migrate(Connection& connection) {
  for (;;) {
    // IMMEDIATE takes the write lock before reading the version, so two processes that open a new
    // file together cannot both apply the same migration.
    SQLite::Transaction transaction(connection.database(), SQLite::TransactionBehavior::IMMEDIATE);
    const int version = schema_version(connection);
    if (version > kSchemaVersion) {
      return core::unexpected(core::ErrorCode::internal, "the database has schema version " + std::to_string(version) +
                                                             ", newer than the version " +
                                                             std::to_string(kSchemaVersion) +
                                                             " this pagemd knows; upgrade pagemd to use it");
    }
    if (version < 0) {
      return core::unexpected(core::ErrorCode::internal, "the database has schema version " + std::to_string(version) +
                                                             ", which pagemd never writes");
    }
    if (version == kSchemaVersion) {
      transaction.commit();
      return {};
    }
    connection.database().exec(kMigrations[static_cast<std::size_t>(version)]);
    connection.database().exec("PRAGMA user_version = " + std::to_string(version + 1));
    transaction.commit();
  }
}

}  // namespace pagemd::store::detail
