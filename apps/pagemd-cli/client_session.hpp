#pragma once

#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "pagemd/client/api_client.hpp"

namespace pagemd::cli {

// The options every client command shares; they come before the command name.
struct ClientGlobals {
  std::string server;        // --server; empty: $PAGEMD_URL, else client::kDefaultServer
  std::string api_key_file;  // --api-key-file
  int retries = 3;           // --retries
};

// Registers --server, --api-key-file and --retries on the top-level app.
void setup_client_globals(CLI::App& app, ClientGlobals& globals);

// A client for the daemon named by the globals, with the key from its sources; prints why to stderr
// and returns nullptr when there is no usable key (the caller exits with core::kExitAuth).
[[nodiscard]] std::unique_ptr<client::ApiClient> open_client(const ClientGlobals& globals);

// The exit status DESIGN.md gives a reply: 0 for success, 6 when the daemon could not be reached, else
// the error table's status for the reply's code (an answer without a known code counts as internal).
[[nodiscard]] int exit_code_for(const client::Reply& reply);

// Tells stderr why the request failed (a monthly limit also says when the month resets) and returns
// exit_code_for(reply).
int report_failure(const client::Reply& reply);

// The reply's body on stdout as received, with a final newline: what --json prints.
int print_raw_body(const client::Reply& reply);

}  // namespace pagemd::cli
