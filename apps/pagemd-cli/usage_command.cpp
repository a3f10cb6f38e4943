#include "usage_command.hpp"

#include <iostream>

#include "pagemd/core/exit_codes.hpp"
#include "json_text.hpp"
#include "text_table.hpp"

namespace pagemd::cli {

CLI::App& setup_usage(CLI::App& app, UsageOptions& options) {
  CLI::App* usage = app.add_subcommand("usage", "Show the account's plan and the pages used this month");
  usage->add_flag("--json", options.json, "Print the daemon's response body as received");
  return *usage;
}

int run_usage(const UsageOptions& options, const ClientGlobals& globals) {
  const auto client = open_client(globals);
  if (!client) return core::kExitAuth;
  const client::Reply reply = client->usage();
  if (options.json && reply.http_status != 0) print_raw_body(reply);
  if (!reply.ok()) return report_failure(reply);
  if (options.json) return core::kExitOk;
  const nlohmann::json body = reply.json();
  print_table(std::cout, {
                             {"plan", field_text(body, "plan")},
                             {"monthly limit", field_text(body, "monthly_limit")},
                             {"used", field_text(body, "used")},
                             {"remaining", field_text(body, "remaining")},
                             {"used by this key", field_text(body, "key_used")},
                             {"period start", field_text(body, "period_start")},
                             {"resets at", field_text(body, "resets_at")},
                         });
  std::cout.flush();
  return std::cout ? core::kExitOk : core::kExitOther;
}

}  // namespace pagemd::cli
