#include "store_command.hpp"

#include <iostream>

#include "daemon_config.hpp"
#include "pagemd/store/postgres_store.hpp"
#include "pagemd/store/store_migration.hpp"

namespace pagemd::daemon {

CLI::App& setup_store(CLI::App& app, StoreOptions& options) {
  CLI::App& store = *app.add_subcommand("store", "move the service's state between databases");
  store.require_subcommand(1);
  CLI::App& migrate = *store.add_subcommand(
      "migrate", "copy a single node's SQLite database (accounts, keys, usage, cache) into PostgreSQL; rerunnable");
  migrate
      .add_option("--from", options.from, "sqlite:PATH of the database file (e.g. sqlite:/var/lib/pagemd/pagemd.db)")
      ->required();
  migrate.add_option("--to", options.to, "postgresql:// URL of the shared database")->required();
  return store;
}

int run_store(const CLI::App& /*store*/, const StoreOptions& options) {
  constexpr std::string_view kSqlite = "sqlite:";
  if (!options.from.starts_with(kSqlite) || options.from.size() == kSqlite.size()) {
    std::cerr << "pagemdd: --from must be sqlite:PATH, not '" << options.from << "'\n";
    return kExitUsage;
  }
  if (!store::is_postgres_url(options.to)) {
    std::cerr << "pagemdd: --to must be a postgresql:// URL\n";
    return kExitUsage;
  }
  const core::SystemClock clock;
  const auto copied = store::copy_sqlite_to_postgres(options.from.substr(kSqlite.size()), options.to, clock,
                                                     [](std::string_view table, std::int64_t rows) {
                                                       std::cerr << "pagemdd: " << table << ": " << rows << " rows\n";
                                                     });
  if (!copied) {
    std::cerr << "pagemdd: " << copied.error().message << '\n';
    return kExitFailure;
  }
  std::cout << "copied " << copied->accounts << " accounts, " << copied->keys << " keys, " << copied->usage
            << " usage rows and " << copied->cache << " cache entries\n";
  return kExitOk;
}

}  // namespace pagemd::daemon
