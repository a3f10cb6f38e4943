#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string_view>

#include "pagemd/core/clock.hpp"
#include "pagemd/core/result.hpp"

namespace pagemd::store {

// Rows copied, per table.
struct CopiedRows {
  std::int64_t accounts = 0;
  std::int64_t keys = 0;
  std::int64_t usage = 0;
  std::int64_t cache = 0;
};

// Copies a single node's SQLite database (an existing file, opened read-only) into the PostgreSQL
// database at `postgres_url` (whose schema is created or migrated first): accounts, keys (their
// digests, states and times), monthly usage and the cache, with their ids. Idempotent: a row already
// there takes the SQLite row's values, so running it again, or after an interrupted run, gives the same
// database; rows that only PostgreSQL has are left alone. Each table is copied in transactions of a few
// hundred rows; `progress` hears of each. internal when the file is missing or not a pagemd database,
// store_unavailable when PostgreSQL cannot be reached.
[[nodiscard]] core::Result<CopiedRows> copy_sqlite_to_postgres(
    const std::filesystem::path& sqlite_file, std::string_view postgres_url, const core::Clock& clock,
    const std::function<void(std::string_view table, std::int64_t rows)>& progress = {});

}  // namespace pagemd::store
