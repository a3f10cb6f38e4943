// pagemdd: the REST API daemon (pagemdd(8)).

#include <CLI/CLI.hpp>

#include <cstring>
#include <exception>
#include <iostream>

#include "account_command.hpp"
#include "daemon_config.hpp"
#include "pagemd/convert/isolated_converter.hpp"
#include "parse_command_line.hpp"
#include "pagemd/server/config.hpp"
#include "serve_command.hpp"
#include "store_command.hpp"
#include "service_manager.hpp"
#include "version.hpp"

int main(int argc, char** argv) {
  using namespace pagemd::daemon;
  // The daemon starts its converter processes as itself with this one private argument.
  if (argc == 2 && std::strcmp(argv[1], "--converter-worker") == 0) pagemd::convert::run_converter_worker();

  CLI::App app{"pagemdd: the pagemd REST API daemon", "pagemdd"};
  app.set_version_flag("--version", std::string("pagemdd ") + PAGEMD_VERSION);
  ConfigSources sources;
  add_config_flags(app, sources);
  bool check_config = false;
  app.add_flag("--check-config", check_config, "validate the configuration, print it, and exit (0 or 78)");
  CLI::App& serve = *app.add_subcommand("serve", "serve the API (the default)");
  serve.fallthrough();
  AccountOptions account_options;
  CLI::App& account = setup_account(app, account_options);
  StoreOptions store_options;
  CLI::App& store = setup_store(app, store_options);

  if (const auto status = pagemd::apps::parse_command_line(app, argc, argv, kExitUsage)) return *status;

  try {
    if (account.parsed()) return run_account(account, account_options, sources);
    if (store.parsed()) return run_store(store, store_options);

    auto config = load_config(sources);
    if (!config) {
      std::cerr << "pagemdd: " << config.error().message << '\n';
      return kExitConfig;
    }
    if (check_config) {
      std::cout << pagemd::server::render_config(*config);
      return kExitOk;
    }
    set_up_logging(config->log_level);
    return run_serve(sources, *config);
  } catch (const std::exception& e) {
    std::cerr << "pagemdd: internal error: " << e.what() << '\n';
    return kExitFailure;
  }
}
