#pragma once

#include <CLI/CLI.hpp>

#include "client_session.hpp"

namespace pagemd::cli {

struct UsageOptions {
  bool json = false;
};

// Registers `usage [--json]` on the app.
CLI::App& setup_usage(CLI::App& app, UsageOptions& options);
// Prints the account's usage as a table (or the body with --json); returns the exit status.
int run_usage(const UsageOptions& options, const ClientGlobals& globals);

}  // namespace pagemd::cli
