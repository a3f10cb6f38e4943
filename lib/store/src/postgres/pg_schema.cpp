#include "postgres/pg_schema.hpp"

#include <array>
#include <string>

#include "pagemd/store/postgres_store.hpp"

namespace pagemd::store::detail::pg {
namespace {

// Any number that no other user of the database takes for its own advisory lock.
constexpr const char* kMigrationLock = "SELECT pg_advisory_xact_lock(7306011)";

// Migration N (1-based) takes the schema from version N-1 to N; released ones never change. The
// tables are SQLite's (src/sqlite/schema.cpp): times in integer milliseconds since the Unix epoch,
// usage periods year * 100 + month. `seq` orders rows created in the same millisecond.
constexpr std::array<const char*, kPostgresSchemaVersion> kMigrations{{
    R"sql(
CREATE TABLE accounts (
  id            TEXT PRIMARY KEY,
  seq           BIGINT GENERATED ALWAYS AS IDENTITY,
  plan          TEXT NOT NULL CHECK (plan IN ('free', 'starter', 'pro', 'scale')),
  monthly_limit BIGINT NOT NULL CHECK (monthly_limit >= 0),
  email         TEXT,
  created_at    BIGINT NOT NULL
);

CREATE TABLE api_keys (
  id            TEXT PRIMARY KEY,
  seq           BIGINT GENERATED ALWAYS AS IDENTITY,
  account_id    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  sha256        TEXT NOT NULL UNIQUE CHECK (length(sha256) = 64),
  prefix        TEXT NOT NULL,
  mode          TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  plan          TEXT NOT NULL CHECK (plan IN ('free', 'starter', 'pro', 'scale')),
  monthly_limit BIGINT NOT NULL CHECK (monthly_limit >= 0),
  created_at    BIGINT NOT NULL,
  revoked_at    BIGINT,
  last_used_at  BIGINT
);
CREATE INDEX api_keys_by_account ON api_keys (account_id, created_at);

CREATE TABLE usage (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  period     INTEGER NOT NULL,
  key_id     TEXT NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  used       BIGINT NOT NULL CHECK (used >= 0),
  PRIMARY KEY (account_id, period, key_id)
);

-- Keys are bytes (a NUL is a byte like any other, which TEXT cannot hold).
CREATE TABLE cache (
  cache_key  BYTEA PRIMARY KEY,
  result     TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX cache_by_expiry ON cache (expires_at);
)sql",
}};

}  // namespace

void migrate(Connection& connection) {
  for (;;) {
    Transaction transaction(connection);
    connection.exec(kMigrationLock);
    connection.exec("CREATE TABLE IF NOT EXISTS pagemd_schema (version INTEGER NOT NULL)");
    Rows found = connection.exec("SELECT version FROM pagemd_schema");
    if (found.empty()) {
      connection.exec("INSERT INTO pagemd_schema (version) VALUES (0)");
      found = connection.exec("SELECT version FROM pagemd_schema");
    }
    const std::int64_t version = found.integer(0, 0);
    if (version > kPostgresSchemaVersion || version < 0) {
      throw PgError("the database has schema version " + std::to_string(version) + ", and this pagemd knows " +
                        std::to_string(kPostgresSchemaVersion) + "; upgrade pagemd to use it",
                    false);
    }
    if (version == kPostgresSchemaVersion) {
      transaction.commit();
      return;
    }
    connection.exec_script(kMigrations[static_cast<std::size_t>(version)]);
    connection.exec("UPDATE pagemd_schema SET version = $1", {std::to_string(version + 1)});
    transaction.commit();
  }
}

}  // namespace pagemd::store::detail::pg
