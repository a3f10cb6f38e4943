#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <memory>

#include "pagemd/core/clock.hpp"
#include "pagemd/core/result.hpp"
#include "pagemd/store/store.hpp"

namespace pagemd::store {

// The schema version this build creates and understands (SQLite's `PRAGMA user_version`).
inline constexpr int kSchemaVersion = 1;

// The database file inside a data directory: `<data_dir>/pagemd.db` (with `-wal` and `-shm` beside it).
[[nodiscard]] std::filesystem::path database_file(const std::filesystem::path& data_dir);

// Creates the data directory, and any missing parent, as 0700 whatever the umask: it holds accounts,
// key digests and cached pages, which no other user of the machine may read. A directory that
// exists already is left as its owner set it. ErrorCode::internal (naming it) when it cannot be made.
[[nodiscard]] core::Result<void> create_data_dir(const std::filesystem::path& data_dir);

struct SqliteOptions {
  // How long an operation waits for a lock that another process holds before it fails.
  std::chrono::milliseconds busy_timeout{5000};
  // Connections kept open; reads run in parallel on them, writes take turns. At least 1.
  int connections = 4;
  // Memory for the cache entries used most recently, so that popular pages are answered without a
  // database read. 0 turns it off.
  std::size_t recent_results_bytes = std::size_t{32} << 20;
  // Runs WAL checkpoints on a thread of the store's own instead of in the commit that makes the WAL
  // long, so no commit waits for the database file to be copied and synced (milliseconds). For a
  // long-running process with many commits, the daemon; a short command is better off without the
  // thread.
  bool background_checkpoints = false;
};

// Opens (creating it if missing, as 0600 whatever the umask; SQLite gives its -wal and -shm files the
// same mode) the SQLite database file, in WAL mode, and brings its schema to kSchemaVersion. The
// parent directory must exist. ErrorCode::internal when the file cannot be
// opened or migrated, or when its schema is newer than this build knows (the message says so and
// names both versions). The clock must outlive the store.
[[nodiscard]] core::Result<std::unique_ptr<Store>> open_sqlite_store(const std::filesystem::path& db_file,
                                                                     const core::Clock& clock,
                                                                     const SqliteOptions& options = {});

// A private in-memory database with the current schema, for tests: one connection, gone when the
// store is destroyed. ErrorCode::internal only if SQLite itself fails.
[[nodiscard]] core::Result<std::unique_ptr<Store>> open_memory_store(const core::Clock& clock);

}  // namespace pagemd::store
