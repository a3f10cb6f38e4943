#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "client_session.hpp"

namespace pagemd::cli {

struct McpOptions {
  bool local = false;                              // fetch here, no daemon
  std::vector<std::string> allow_private_targets;  // --local only: non-public networks to allow
};

// The private argument with which `pagemd mcp` starts itself as its converter worker.
inline constexpr const char* kConverterWorkerFlag = "--converter-worker";

// Registers `mcp [--local] [--allow-private-targets CIDRS]` on the app.
CLI::App& setup_mcp(CLI::App& app, McpOptions& options);
// Serves MCP on stdin/stdout until stdin ends; returns the exit status.
int run_mcp(const McpOptions& options, const ClientGlobals& globals);

}  // namespace pagemd::cli
