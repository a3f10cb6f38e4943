// SQLite -> PostgreSQL, for a single-node install that becomes the first of several. Both schemas
// are this library's own (src/sqlite/schema.cpp, src/postgres/pg_schema.cpp), so rows are copied
// column for column, in the tables' dependency order.

#include "pagemd/store/store_migration.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <array>
#include <string>
#include <vector>

#include "pagemd/store/postgres_store.hpp"
#include "pagemd/store/sqlite_store.hpp"
#include "postgres/pg_connection.hpp"

namespace pagemd::store {
namespace {

// Rows per PostgreSQL transaction: an interrupted copy loses little, and no transaction grows large.
constexpr int kBatchRows = 500;

struct TableCopy {
  const char* name;
  const char* select;  // from SQLite, columns in the order of `insert`'s parameters
  const char* insert;  // into PostgreSQL: an upsert, so a rerun converges
  std::vector<bool> nullable;
  bool key_as_hex = false;  // the first column is a cache key (BYTEA in PostgreSQL)
};

const std::array<TableCopy, 4>& tables() {
  static const std::array<TableCopy, 4> copies{{
      {"accounts",
       "SELECT id, plan, monthly_limit, email, created_at FROM accounts ORDER BY rowid",
       "INSERT INTO accounts (id, plan, monthly_limit, email, created_at) VALUES ($1, $2, $3, $4, $5) "
       "ON CONFLICT (id) DO UPDATE SET plan = excluded.plan, monthly_limit = excluded.monthly_limit, "
       "email = excluded.email, created_at = excluded.created_at",
       {false, false, false, true, false}},
      {"api_keys",
       "SELECT id, account_id, sha256, prefix, mode, plan, monthly_limit, created_at, revoked_at, last_used_at "
       "FROM api_keys ORDER BY rowid",
       "INSERT INTO api_keys (id, account_id, sha256, prefix, mode, plan, monthly_limit, created_at, revoked_at, "
       "last_used_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) "
       "ON CONFLICT (id) DO UPDATE SET plan = excluded.plan, monthly_limit = excluded.monthly_limit, "
       "revoked_at = excluded.revoked_at, last_used_at = excluded.last_used_at",
       {false, false, false, false, false, false, false, false, true, true}},
      {"usage",
       "SELECT account_id, period, key_id, used FROM usage",
       "INSERT INTO usage (account_id, period, key_id, used) VALUES ($1, $2, $3, $4) "
       "ON CONFLICT (account_id, period, key_id) DO UPDATE SET used = excluded.used",
       {false, false, false, false}},
      {"cache",
       "SELECT cache_key, result, created_at, expires_at FROM cache",
       "INSERT INTO cache (cache_key, result, created_at, expires_at) VALUES (decode($1, 'hex'), $2, $3, $4) "
       "ON CONFLICT (cache_key) DO UPDATE SET result = excluded.result, created_at = excluded.created_at, "
       "expires_at = excluded.expires_at",
       {false, false, false, false},
       true},
  }};
  return copies;
}

std::string hex_of(const SQLite::Column& column) {
  return detail::pg::hex_bytes(
      std::string_view(static_cast<const char*>(column.getBlob()), static_cast<std::size_t>(column.getBytes())));
}

std::int64_t copy_table(SQLite::Database& from, detail::pg::Connection& to, const TableCopy& table,
                        const std::function<void(std::string_view, std::int64_t)>& progress) {
  SQLite::Statement rows(from, table.select);
  std::int64_t copied = 0;
  bool more = rows.executeStep();
  while (more) {
    detail::pg::Transaction batch(to);
    for (int in_batch = 0; more && in_batch < kBatchRows; ++in_batch, more = rows.executeStep()) {
      std::vector<detail::pg::Param> params;
      params.reserve(table.nullable.size());
      for (int column = 0; column < static_cast<int>(table.nullable.size()); ++column) {
        const SQLite::Column value = rows.getColumn(column);
        if (value.isNull()) {
          params.emplace_back(std::nullopt);
        } else if (column == 0 && table.key_as_hex) {
          params.emplace_back(hex_of(value));
        } else {
          params.emplace_back(value.getString());
        }
      }
      to.exec(table.insert, params);
      ++copied;
    }
    batch.commit();
    if (progress) progress(table.name, copied);
  }
  return copied;
}

}  // namespace

core::Result<CopiedRows> copy_sqlite_to_postgres(const std::filesystem::path& sqlite_file,
                                                 std::string_view postgres_url, const core::Clock& clock,
                                                 const std::function<void(std::string_view, std::int64_t)>& progress) {
  std::error_code missing;
  if (!std::filesystem::is_regular_file(sqlite_file, missing)) {
    return core::unexpected(core::ErrorCode::internal, "there is no SQLite database at " + sqlite_file.string());
  }
  // Opening it as a store first brings an older file's schema up to date (and refuses a newer one).
  if (auto checked = open_sqlite_store(sqlite_file, clock); !checked) return core::unexpected(checked.error());
  if (auto prepared = open_postgres_store(postgres_url, clock); !prepared) return core::unexpected(prepared.error());
  try {
    SQLite::Database from(sqlite_file.string(), SQLite::OPEN_READONLY);
    detail::pg::Connection to{std::string(postgres_url)};
    CopiedRows copied;
    std::int64_t* counts[] = {&copied.accounts, &copied.keys, &copied.usage, &copied.cache};
    for (std::size_t i = 0; i < tables().size(); ++i) *counts[i] = copy_table(from, to, tables()[i], progress);
    return copied;
  } catch (const SQLite::Exception& error) {
    return core::unexpected(core::ErrorCode::internal, std::string("reading the SQLite database: ") + error.what());
  } catch (const detail::pg::PgError& error) {
    return core::unexpected(error.unreachable() ? core::ErrorCode::store_unavailable : core::ErrorCode::internal,
                            std::string("writing to PostgreSQL: ") + error.what());
  }
}

}  // namespace pagemd::store
