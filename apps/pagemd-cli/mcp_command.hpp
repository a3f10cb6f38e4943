#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "client_session.hpp"

namespace pagemd::cli {

struct McpOptions {
  bool local = false;                              // convert in this process, no daemon
  std::vector<std::string> allow_private_targets;  // --local only: non-public networks to allow
};

// Registers `mcp [--local] [--allow-private-targets CIDRS]` on the app.
CLI::App& setup_mcp(CLI::App& app, McpOptions& options);
// Serves MCP on stdin/stdout until stdin ends; returns the exit status.
int run_mcp(const McpOptions& options, const ClientGlobals& globals);

}  // namespace pagemd::cli
