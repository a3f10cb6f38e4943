#include "keys_command.hpp"

#include <iostream>

#include "pagemd/core/exit_codes.hpp"
#include "json_text.hpp"
#include "text_table.hpp"

namespace pagemd::cli {
namespace {

int finish_output() {
  std::cout.flush();
  return std::cout ? core::kExitOk : core::kExitOther;
}

// The new key alone on stdout (so `pagemd keys create > FILE` stores it); the rest on stderr.
int print_created(const nlohmann::json& body) {
  std::cout << field_text(body, "key") << '\n';
  std::cerr << "pagemd: created key " << field_text(body, "id") << " (" << field_text(body, "prefix") << ", plan "
            << field_text(body, "plan") << "). It is shown only this once: store it now.\n";
  return finish_output();
}

int print_list(const nlohmann::json& body) {
  std::vector<std::vector<std::string>> rows{{"ID", "PREFIX", "STATE", "CREATED", "REVOKED", "USED", "LAST USED"}};
  const auto keys = body.is_object() ? body.find("keys") : body.end();
  if (keys != body.end() && keys->is_array()) {
    for (const nlohmann::json& key : *keys) {
      const bool active = key.is_object() && key.value("is_active", false);
      rows.push_back({field_text(key, "id"), field_text(key, "key_prefix"), active ? "active" : "revoked",
                      field_text(key, "created_at"), field_text(key, "revoked_at"), field_text(key, "used"),
                      field_text(key, "last_used_at")});
    }
  }
  print_table(std::cout, rows);
  return finish_output();
}

}  // namespace

KeysCommand setup_keys(CLI::App& app, KeysOptions& options) {
  KeysCommand command;
  command.keys = app.add_subcommand("keys", "Create, list and revoke the account's API keys");
  command.keys->require_subcommand(1);
  command.create = command.keys->add_subcommand("create", "Create a key; it is printed once, on stdout");
  command.create->add_flag("--json", options.json, "Print the daemon's response body as received");
  command.list = command.keys->add_subcommand("list", "List the account's keys, newest first");
  command.list->add_flag("--json", options.json, "Print the daemon's response body as received");
  command.revoke = command.keys->add_subcommand("revoke", "Revoke a key by its id");
  command.revoke->add_option("id", options.revoke_id, "The key's id (a UUID from keys list)")->required();
  return command;
}

int run_keys(const KeysCommand& command, const KeysOptions& options, const ClientGlobals& globals) {
  const auto client = open_client(globals);
  if (!client) return core::kExitAuth;
  client::Reply reply;
  if (command.create->parsed()) {
    reply = client->create_key();
  } else if (command.list->parsed()) {
    reply = client->list_keys();
  } else {
    reply = client->revoke_key(options.revoke_id);
  }
  if (options.json && reply.http_status != 0) print_raw_body(reply);
  if (!reply.ok()) return report_failure(reply);
  if (options.json) return core::kExitOk;
  const nlohmann::json body = reply.json();
  if (command.create->parsed()) return print_created(body);
  if (command.list->parsed()) return print_list(body);
  std::cout << "revoked " << field_text(body, "id") << " (" << field_text(body, "prefix") << ") at "
            << field_text(body, "revoked_at") << '\n';
  return finish_output();
}

}  // namespace pagemd::cli
