#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "client_session.hpp"

namespace pagemd::cli {

struct ExtractCommandOptions {
  std::string url;
  bool json = false;
  std::string render;    // auto, always or never; empty: the daemon's default (auto)
  std::string wait_for;  // CSS selector a rendered page is done at
  bool accept_walls = false;
};

// Registers `extract URL [--json] [--render MODE] [--wait-for SELECTOR]` on the app.
CLI::App& setup_extract(CLI::App& app, ExtractCommandOptions& options);
// Prints the Markdown (or, with --json, the body as received); returns the exit status.
int run_extract(const ExtractCommandOptions& options, const ClientGlobals& globals);

}  // namespace pagemd::cli
