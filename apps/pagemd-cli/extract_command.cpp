#include "extract_command.hpp"

#include <iostream>

#include "pagemd/core/exit_codes.hpp"

namespace pagemd::cli {

CLI::App& setup_extract(CLI::App& app, ExtractCommandOptions& options) {
  CLI::App* extract = app.add_subcommand("extract", "Ask the daemon to fetch a URL and convert it to Markdown");
  extract->add_option("url", options.url, "The page's http(s) URL")->required();
  extract->add_flag("--json", options.json, "Print the daemon's response body as received");
  extract
      ->add_option("--render", options.render,
                   "Run the page in the daemon's browser first: auto (pages that need JavaScript), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->type_name("MODE");
  extract->add_option("--wait-for", options.wait_for, "A rendered page is done once this CSS selector matches")
      ->type_name("SELECTOR");
  extract->add_flag("--accept-walls", options.accept_walls,
                    "Convert a bot challenge, sign-in or consent wall or soft 404 as it is, instead of failing");
  return *extract;
}

int run_extract(const ExtractCommandOptions& options, const ClientGlobals& globals) {
  const auto client = open_client(globals);
  if (!client) return core::kExitAuth;
  nlohmann::json request{{"url", options.url}};
  if (!options.render.empty()) request["render"] = options.render;
  if (!options.wait_for.empty()) request["wait_for"] = options.wait_for;
  if (options.accept_walls) request["accept_walls"] = true;
  const client::Reply reply = client->extract_with(request);
  if (options.json && reply.http_status != 0) print_raw_body(reply);
  if (!reply.ok()) return report_failure(reply);
  if (options.json) return core::kExitOk;
  const nlohmann::json body = reply.json();
  const auto markdown = body.is_object() ? body.find("markdown") : body.end();
  if (markdown == body.end() || !markdown->is_string()) {
    std::cerr << "pagemd: the daemon's answer has no markdown\n";
    return core::kExitDaemonUnreachable;
  }
  std::cout << markdown->get<std::string>();
  std::cout.flush();
  return std::cout ? core::kExitOk : core::kExitOther;
}

}  // namespace pagemd::cli
