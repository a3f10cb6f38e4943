#include "daemon_config.hpp"

#include "version.hpp"

namespace pagemd::daemon {

void add_config_flags(CLI::App& app, ConfigSources& sources) {
  app.add_option("--config", sources.config_file,
                 std::string("configuration file (default ") + kDefaultConfigFile + ")");
  for (const server::ConfigKey& key : server::config_keys()) {
    const std::string name(key.name);
    sources.options[name] = app.add_option(server::flag_name(key.name), sources.flags[name], std::string(key.help));
  }
}

core::Result<server::DaemonConfig> load_config(const ConfigSources& sources) {
  server::DaemonConfig config;
  config.user_agent = std::string("pagemd/") + PAGEMD_VERSION + " (self-hosted page-to-Markdown service)";
  const std::filesystem::path file = sources.config_file.empty() ? kDefaultConfigFile : sources.config_file;
  std::error_code ec;
  if (std::filesystem::exists(file, ec)) {
    if (auto applied = server::apply_config_file(config, file); !applied) return core::unexpected(applied.error());
  } else if (!sources.config_file.empty()) {
    return core::unexpected(core::ErrorCode::invalid_request, "config file " + file.string() + " does not exist");
  }
  auto url = server::database_url_from_environment();
  if (!url) return core::unexpected(url.error());
  if (*url) config.database_url = std::move(**url);
  for (const auto& [key, value] : sources.flags) {
    if (sources.options.at(key)->count() == 0) continue;
    if (auto set = server::set_config_value(config, key, value); !set) {
      return core::unexpected(core::ErrorCode::invalid_request, server::flag_name(key) + ": " + set.error().message);
    }
  }
  if (auto valid = server::validate_config(config); !valid) return core::unexpected(valid.error());
  return config;
}

}  // namespace pagemd::daemon
