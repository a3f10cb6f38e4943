#include "state_store.hpp"

#include "pagemd/store/postgres_store.hpp"

namespace pagemd::daemon {

core::Result<std::unique_ptr<store::Store>> open_state(const StateLocation& location, const core::Clock& clock,
                                                       const store::SqliteOptions& sqlite) {
  if (!location.database_url.empty()) return store::open_postgres_store(location.database_url, clock);
  if (auto made = store::create_data_dir(location.data_dir); !made) return core::unexpected(made.error());
  return store::open_sqlite_store(store::database_file(location.data_dir), clock, sqlite);
}

std::string describe(const StateLocation& location) {
  if (location.database_url.empty()) return "SQLite in " + location.data_dir.string();
  return "PostgreSQL at " + store::redacted_database_url(location.database_url);
}

}  // namespace pagemd::daemon
