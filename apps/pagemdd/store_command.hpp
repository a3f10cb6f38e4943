#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace pagemd::daemon {

struct StoreOptions {
  std::string from;  // sqlite:PATH
  std::string to;    // postgresql://...
};

// `pagemdd store migrate --from sqlite:PATH --to postgresql://...`: a single node's state into the
// database several nodes share.
CLI::App& setup_store(CLI::App& app, StoreOptions& options);

// Runs the subcommand that was parsed. Returns the exit status.
int run_store(const CLI::App& store, const StoreOptions& options);

}  // namespace pagemd::daemon
