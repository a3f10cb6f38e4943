#pragma once

#include <CLI/CLI.hpp>

#include "daemon_config.hpp"

#include <string>

namespace pagemd::daemon {

struct AccountOptions {
  std::string data_dir;     // empty: data_dir of the config file
  std::string config_file;  // empty: the default file
  std::string plan = "free";
  std::string email;
  bool test_key = false;
  bool json = false;
  std::string account_id;
};

// `pagemdd account create|list|set-plan`: the operator's sign-up and plan commands (DESIGN.md).
CLI::App& setup_account(CLI::App& app, AccountOptions& options);

// Runs the subcommand that was parsed. Returns the exit status.
// `daemon_flags`: pagemdd's own flags, given before the subcommand, which name the state as for the daemon.
int run_account(const CLI::App& account, const AccountOptions& options, const ConfigSources& daemon_flags);

}  // namespace pagemd::daemon
