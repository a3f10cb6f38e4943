#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "client_session.hpp"

namespace pagemd::cli {

struct KeysOptions {
  bool json = false;
  std::string revoke_id;
};

// The `keys` command and its three subcommands, to find out which one was given.
struct KeysCommand {
  CLI::App* keys = nullptr;
  CLI::App* create = nullptr;
  CLI::App* list = nullptr;
  CLI::App* revoke = nullptr;
};

// Registers `keys create [--json] | list [--json] | revoke ID` on the app.
KeysCommand setup_keys(CLI::App& app, KeysOptions& options);
// Runs the subcommand that was parsed; returns the exit status.
int run_keys(const KeysCommand& command, const KeysOptions& options, const ClientGlobals& globals);

}  // namespace pagemd::cli
