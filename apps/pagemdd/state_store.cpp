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
  // Only the part before any password-bearing userinfo is needed to tell databases apart.
  const std::string& url = location.database_url;
  const std::size_t at = url.find('@');
  const std::size_t scheme = url.find("://");
  if (at != std::string::npos && scheme != std::string::npos && at > scheme) {
    return "PostgreSQL at " + url.substr(0, scheme + 3) + "..." + url.substr(at);
  }
  return "PostgreSQL at " + url;
}

}  // namespace pagemd::daemon
