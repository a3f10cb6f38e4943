#include "account_command.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "daemon_config.hpp"
#include "state_store.hpp"
#include "pagemd/auth/key_service.hpp"
#include "pagemd/core/time.hpp"
#include "pagemd/store/sqlite_store.hpp"

namespace pagemd::daemon {
namespace {

std::string plan_names() { return "free, starter, pro or scale"; }

// The state the daemon would use: its flags before the subcommand (pagemdd --database-url URL account
// ...), PAGEMD_DATABASE_URL or the database_url credential, and the configuration file, in that order of precedence, as
// for the daemon; the subcommand's --data-dir stands for the configuration's data_dir and file.
core::Result<StateLocation> resolve_state(const AccountOptions& options, const ConfigSources& daemon_flags) {
  const auto url_flag = daemon_flags.options.find("database_url");
  const bool url_given = url_flag != daemon_flags.options.end() && url_flag->second->count() > 0;
  if (!options.data_dir.empty()) {
    if (url_given) return StateLocation{options.data_dir, daemon_flags.flags.at("database_url")};
    auto url = server::database_url_from_environment();
    if (!url) return core::unexpected(url.error());
    return StateLocation{options.data_dir, url->value_or("")};
  }
  ConfigSources sources = daemon_flags;
  if (!options.config_file.empty()) sources.config_file = options.config_file;
  auto config = load_config(sources);
  if (!config) return core::unexpected(config.error());
  return StateLocation{config->data_dir, config->database_url};
}

// Run as root next to a daemon with its own user (systemd's DynamicUser), SQLite would leave a
// root-owned -wal or -shm file that the daemon can no longer open; hand the files to the directory's owner.
void keep_owner_of_data_dir(const std::filesystem::path& data_dir) {
  struct stat directory {};
  if (::geteuid() != 0 || ::stat(data_dir.c_str(), &directory) != 0 || directory.st_uid == 0) return;
  const std::filesystem::path database = store::database_file(data_dir);
  for (const std::string suffix : {"", "-wal", "-shm"}) {
    const std::string file = database.string() + suffix;
    // Not through a symbolic link: a planted one would hand another file to the service's user.
    if (::access(file.c_str(), F_OK) == 0 &&
        ::fchownat(AT_FDCWD, file.c_str(), directory.st_uid, directory.st_gid, AT_SYMLINK_NOFOLLOW) != 0) {
      std::cerr << "pagemdd: warning: cannot give " << file << " to the data directory's owner\n";
    }
  }
}

int create_account(store::Store& store, const core::Clock& clock, const AccountOptions& options) {
  const auto plan = store::parse_plan(options.plan);
  if (!plan) {
    std::cerr << "pagemdd: unknown plan '" << options.plan << "' (expected " << plan_names() << ")\n";
    return kExitUsage;
  }
  const auth::KeyService keys(store, clock);
  auto created = keys.create_account(*plan, options.email.empty() ? std::nullopt : std::optional(options.email),
                                     options.test_key ? store::KeyMode::test : store::KeyMode::live);
  if (!created) {
    std::cerr << "pagemdd: " << created.error().message << '\n';
    return kExitFailure;
  }
  const store::KeyInfo& key = created->first_key.info;
  if (options.json) {
    std::cout << nlohmann::json{{"account_id", created->account_id},
                                {"key", created->first_key.key},
                                {"key_id", key.id},
                                {"plan", store::to_string(key.plan)},
                                {"monthly_limit", key.monthly_limit}}
                     .dump()
              << '\n';
  } else {
    std::cout << "account  " << created->account_id << "\nplan     " << store::to_string(key.plan) << " ("
              << key.monthly_limit << " pages a month)\nkey id   " << key.id << "\nkey      " << created->first_key.key
              << "\n\nThe key is shown only this once: hand it to the account's owner now.\n";
  }
  return kExitOk;
}

int list_accounts(store::Store& store, const AccountOptions& options) {
  auto accounts = store.list_accounts();
  if (!accounts) {
    std::cerr << "pagemdd: " << accounts.error().message << '\n';
    return kExitFailure;
  }
  nlohmann::json items = nlohmann::json::array();
  for (const store::Account& account : *accounts) {
    items.push_back({{"id", account.id},
                     {"plan", store::to_string(account.plan)},
                     {"monthly_limit", account.monthly_limit},
                     {"email", account.email ? nlohmann::json(*account.email) : nlohmann::json(nullptr)},
                     {"created_at", core::format_rfc3339(account.created_at)},
                     {"active_keys", account.active_keys},
                     {"used", account.used}});
  }
  if (options.json) {
    std::cout << nlohmann::json{{"accounts", items}}.dump() << '\n';
    return kExitOk;
  }
  std::printf("%-36s  %-7s  %9s  %9s  %4s  %-20s  %s\n", "ID", "PLAN", "USED", "LIMIT", "KEYS", "CREATED", "EMAIL");
  for (const store::Account& account : *accounts) {
    std::printf("%-36s  %-7s  %9lld  %9lld  %4lld  %-20s  %s\n", account.id.c_str(),
                std::string(store::to_string(account.plan)).c_str(), static_cast<long long>(account.used),
                static_cast<long long>(account.monthly_limit), static_cast<long long>(account.active_keys),
                core::format_rfc3339(account.created_at).c_str(), account.email.value_or("-").c_str());
  }
  return kExitOk;
}

int set_plan(store::Store& store, const AccountOptions& options) {
  const auto plan = store::parse_plan(options.plan);
  if (!plan) {
    std::cerr << "pagemdd: unknown plan '" << options.plan << "' (expected " << plan_names() << ")\n";
    return kExitUsage;
  }
  if (auto changed = store.set_plan(options.account_id, *plan); !changed) {
    std::cerr << "pagemdd: " << changed.error().message << '\n';
    return kExitFailure;
  }
  std::cout << "account " << options.account_id << " is now on the " << options.plan << " plan ("
            << store::monthly_limit(*plan) << " pages a month), with all its keys\n";
  return kExitOk;
}

void add_location_options(CLI::App& command, AccountOptions& options) {
  command.add_option("--data-dir", options.data_dir, "directory of the database (default: data_dir of the config)");
  command.add_option("--config", options.config_file,
                     std::string("configuration file (default ") + kDefaultConfigFile + ")");
}

}  // namespace

CLI::App& setup_account(CLI::App& app, AccountOptions& options) {
  CLI::App& account = *app.add_subcommand("account", "manage accounts on this host's database");
  account.require_subcommand(1);

  CLI::App& create = *account.add_subcommand("create", "create an account and print its first key once");
  add_location_options(create, options);
  create.add_option("--plan", options.plan, "free, starter, pro or scale (default free)");
  create.add_option("--email", options.email, "contact address of the account's owner");
  create.add_flag("--test", options.test_key, "make the first key an sk_test_ key");
  create.add_flag("--json", options.json, "print {account_id, key, key_id, plan, monthly_limit}");

  CLI::App& list = *account.add_subcommand("list", "list accounts with their usage this month");
  add_location_options(list, options);
  list.add_flag("--json", options.json, "print {\"accounts\": [...]}");

  CLI::App& set_plan_command = *account.add_subcommand("set-plan", "change an account's plan and its keys' limits");
  add_location_options(set_plan_command, options);
  set_plan_command.add_option("ACCOUNT_ID", options.account_id, "the account's id")->required();
  set_plan_command.add_option("PLAN", options.plan, "free, starter, pro or scale")->required();
  return account;
}

int run_account(const CLI::App& account, const AccountOptions& options, const ConfigSources& daemon_flags) {
  auto state = resolve_state(options, daemon_flags);
  if (!state) {
    std::cerr << "pagemdd: " << state.error().message << '\n';
    return kExitConfig;
  }
  const core::SystemClock clock;
  auto store = open_state(*state, clock);
  if (!store) {
    std::cerr << "pagemdd: " << store.error().message << '\n';
    return kExitFailure;
  }
  int status = kExitUsage;
  if (account.get_subcommand("create")->parsed()) status = create_account(**store, clock, options);
  if (account.get_subcommand("list")->parsed()) status = list_accounts(**store, options);
  if (account.get_subcommand("set-plan")->parsed()) status = set_plan(**store, options);
  store->reset();
  if (state->database_url.empty()) keep_owner_of_data_dir(state->data_dir);
  return status;
}

}  // namespace pagemd::daemon
