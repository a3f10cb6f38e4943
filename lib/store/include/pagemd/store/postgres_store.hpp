#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "pagemd/core/clock.hpp"
#include "pagemd/core/result.hpp"
#include "pagemd/store/store.hpp"

namespace pagemd::store {

// The schema version this build creates and understands in PostgreSQL (table pagemd_schema).
inline constexpr int kPostgresSchemaVersion = 2;

struct PostgresOptions {
  std::size_t connections = 8;  // opened as needed, kept open
  // Cache rows this node read or wrote lately, kept in memory so that a page asked for again costs no
  // database read (as SqliteOptions::recent_results_bytes).
  std::size_t recent_results_bytes = std::size_t{32} << 20;
};

// Whether `url` names a PostgreSQL database (libpq's URI form: postgresql:// or postgres://).
[[nodiscard]] bool is_postgres_url(std::string_view url) noexcept;

// The URL with its password, if any, replaced by "***", for messages and logs.
[[nodiscard]] std::string redacted_database_url(std::string_view url);

// Opens a store on the PostgreSQL database at `url` (libpq URI syntax; a Unix socket directory is
// given as ?host=/path) and brings its schema to kPostgresSchemaVersion. Several processes may do so
// at once: migrations take an advisory lock. Every operation is exact across all the processes that
// share the database: a page is counted under a row lock on its account, so concurrent requests on
// any number of nodes never pass the monthly limit. store_unavailable when the database cannot be
// reached (then and later: each operation reconnects), internal for anything else.
[[nodiscard]] core::Result<std::unique_ptr<Store>> open_postgres_store(std::string_view url, const core::Clock& clock,
                                                                       const PostgresOptions& options = {});

}  // namespace pagemd::store
