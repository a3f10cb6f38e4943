#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "pagemd/core/clock.hpp"
#include "pagemd/store/sqlite_store.hpp"

namespace pagemd::daemon {

// Where the service's state lives: PostgreSQL when database_url is set (shared by every daemon on
// it), else SQLite in data_dir.
struct StateLocation {
  std::filesystem::path data_dir;
  std::string database_url;
};

// Opens the store of `location`, making the SQLite data directory when that is where it lives.
// `sqlite` tunes the SQLite store only. The message of a failure names the database (no password).
[[nodiscard]] core::Result<std::unique_ptr<store::Store>> open_state(const StateLocation& location,
                                                                     const core::Clock& clock,
                                                                     const store::SqliteOptions& sqlite = {});

// A description for logs, without a password: "PostgreSQL at postgresql://pagemd:***@db/pagemd" or
// "SQLite in /var/lib/pagemd".
[[nodiscard]] std::string describe(const StateLocation& location);

}  // namespace pagemd::daemon
