#include "client_session.hpp"

#include <chrono>
#include <cstdlib>
#include <iostream>

#include "pagemd/core/exit_codes.hpp"
#include "pagemd/client/credentials.hpp"
#include "pagemd/core/time.hpp"

namespace pagemd::cli {
namespace {

std::string server_of(const ClientGlobals& globals) {
  if (!globals.server.empty()) return globals.server;
  const char* from_environment = std::getenv("PAGEMD_URL");
  if (from_environment != nullptr && *from_environment != '\0') return from_environment;
  return std::string(client::kDefaultServer);
}

std::string monthly_limit_message(const client::Reply& reply) {
  const nlohmann::json body = reply.json();
  std::string message = "the monthly page limit is reached";
  if (body.is_object() && body.contains("limit") && body.contains("plan")) {
    message = "the monthly limit of " + body["limit"].dump() + " pages of the " + body["plan"].get<std::string>() +
              " plan is reached";
  }
  if (reply.retry_after) {
    const auto resets = std::chrono::system_clock::now() + *reply.retry_after;
    message += "; it resets at " + core::format_rfc3339(resets);
  }
  return message;
}

}  // namespace

void setup_client_globals(CLI::App& app, ClientGlobals& globals) {
  app.add_option("--server", globals.server,
                 "The daemon's API base, up to /api/v1 (default: $PAGEMD_URL, else http://127.0.0.1:8787/api/v1)");
  app.add_option("--api-key-file", globals.api_key_file,
                 "Read the API key from this file (default: $PAGEMD_API_KEY, else $XDG_CONFIG_HOME/pagemd/credentials)")
      ->check(CLI::ExistingFile);
  app.add_option("--retries", globals.retries,
                 "On a 429 (per-minute limit) or 503, retry this often after the daemon's Retry-After (default 3)")
      ->check(CLI::Range(0, 100));
}

std::unique_ptr<client::ApiClient> open_client(const ClientGlobals& globals) {
  auto key = client::resolve_api_key(client::key_sources_from_environment(globals.api_key_file));
  if (!key) {
    std::cerr << "pagemd: " << key.error().message << '\n';
    return nullptr;
  }
  client::ClientOptions options;
  options.server = server_of(globals);
  options.api_key = std::move(*key);
  options.retries = globals.retries;
  return std::make_unique<client::ApiClient>(
      std::move(options), client::ApiClient::Sleep{},
      [](client::ApiClient::Duration wait, int attempt, int retries, core::ErrorCode why) {
        std::cerr << "pagemd: " << (why == core::ErrorCode::busy ? "the daemon is busy" : "rate limited") << "; retry "
                  << attempt << " of " << retries << " in " << wait.count() << " s\n";
      });
}

int exit_code_for(const client::Reply& reply) {
  if (reply.ok()) return core::kExitOk;
  if (reply.http_status == 0) return core::kExitDaemonUnreachable;
  return core::kind_of(reply.error->code).exit_status;
}

int report_failure(const client::Reply& reply) {
  const core::Error& error = *reply.error;
  if (error.code == core::ErrorCode::monthly_limit_exceeded) {
    std::cerr << "pagemd: " << monthly_limit_message(reply) << '\n';
  } else if (reply.http_status == 0) {
    std::cerr << "pagemd: " << error.message << '\n';
  } else {
    std::cerr << "pagemd: " << error.message << " (" << core::to_string(error.code);
    if (!error.vendor.empty()) std::cerr << ", vendor " << error.vendor;
    if (!error.reason.empty()) std::cerr << ", reason " << error.reason;
    std::cerr << ", HTTP " << reply.http_status << ")\n";
  }
  return exit_code_for(reply);
}

int print_raw_body(const client::Reply& reply) {
  std::cout << reply.body;
  if (!reply.body.ends_with('\n')) std::cout << '\n';
  std::cout.flush();
  return std::cout ? core::kExitOk : core::kExitOther;
}

}  // namespace pagemd::cli
