#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pagemd/core/result.hpp"

namespace pagemd::server {

// The daemon's settings (pagemdd.conf(5)). Filled in layers: these defaults, then the config file,
// then command-line flags, the later winning.
struct DaemonConfig {
  std::string listen = "127.0.0.1:8787";
  std::filesystem::path data_dir = "/var/lib/pagemd";
  // The shared state of several daemons: a PostgreSQL URL; empty keeps it in SQLite under data_dir.
  std::string database_url;
  std::vector<std::string> allow_private_targets;
  std::string log_level = "info";
  std::int64_t rate_limit_per_minute = 60;
  std::int64_t max_keys_per_account = 20;
  std::int64_t fetch_timeout = 15;   // seconds
  std::int64_t connect_timeout = 5;  // seconds
  std::int64_t max_page_bytes = std::int64_t{10} * 1024 * 1024;
  std::int64_t max_pdf_bytes = std::int64_t{32} * 1024 * 1024;
  std::int64_t max_pdf_pages = 500;
  std::int64_t upstream_fetches_per_second = 10;
  std::int64_t upstream_queue = 64;
  std::int64_t max_connections = 1024;
  std::int64_t max_connections_per_address = 256;
  std::int64_t worker_threads = 0;  // 0: automatic
  std::int64_t converter_processes = 2;
  std::int64_t extract_cpu_seconds = 10;
  std::int64_t extract_memory_mib = 1024;
  std::int64_t extract_queue_seconds = 10;
  std::int64_t max_result_bytes = std::int64_t{10} * 1024 * 1024;
  std::string user_agent;
  std::vector<std::string> mcp_allowed_origins;
  std::int64_t mcp_max_body_bytes = std::int64_t{2} * 1024 * 1024;
  std::string render_browser = "chromium-headless-shell";  // a name on PATH or a path; "" turns rendering off
  std::int64_t render_concurrency = 0;                     // browsers; 0: one per two CPUs, at least two
  std::int64_t render_timeout = 15;                        // seconds per page
  std::int64_t render_failed_seconds_per_minute = 30;      // browser time of an account's failed renders; 0: no bound
  std::int64_t render_pages_per_browser = 100;
  std::int64_t render_memory_mib = 1024;
  std::string render_sandbox = "auto";  // auto, on or off
};

// One setting: its name in the file (the flag is the same with '-' for '_') and what it means.
struct ConfigKey {
  std::string_view name;
  std::string_view help;
};

// The environment variable that names the database, over the file and under the flags.
inline constexpr const char* kDatabaseUrlVariable = "PAGEMD_DATABASE_URL";
// The systemd credential that names it (LoadCredential=database_url:PATH), under the variable and over the file.
inline constexpr const char* kDatabaseUrlCredential = "database_url";

// database_url as the service's environment gives it, so that the secret stays out of the configuration file,
// which anyone may read: PAGEMD_DATABASE_URL (from a 0600 EnvironmentFile=), else the file kDatabaseUrlCredential
// in $CREDENTIALS_DIRECTORY (its last line end dropped). nullopt when neither is there; invalid_request when the
// credential is there but cannot be read.
[[nodiscard]] core::Result<std::optional<std::string>> database_url_from_environment();

// Every key, in the order of the man page. The flags of pagemdd are generated from this list.
[[nodiscard]] const std::vector<ConfigKey>& config_keys();

// The flag spelling of a key: "data_dir" -> "--data-dir".
[[nodiscard]] std::string flag_name(std::string_view key);

// Sets one key from its textual form (a flag's value; lists are comma-separated).
// invalid_request naming the key when the name is unknown or the value does not fit.
[[nodiscard]] core::Result<void> set_config_value(DaemonConfig& config, std::string_view key, std::string_view value);

// Applies a TOML file. invalid_request with the file, line and reason when it is not valid TOML,
// names an unknown key, or has a value of the wrong type or out of range.
[[nodiscard]] core::Result<void> apply_config_file(DaemonConfig& config, const std::filesystem::path& file);

// Checks what no single key can: that `listen` is HOST:PORT, the CIDRs parse, the log level exists.
[[nodiscard]] core::Result<void> validate_config(const DaemonConfig& config);

// The effective settings as a TOML document (pagemdd --check-config).
[[nodiscard]] std::string render_config(const DaemonConfig& config);

// `listen` split into its address and port ("[::1]:8787" -> {"::1", 8787}).
// invalid_request when it is not HOST:PORT with a port from 1 (0 for "any free port") to 65535.
[[nodiscard]] core::Result<std::pair<std::string, std::uint16_t>> parse_listen(std::string_view listen);

}  // namespace pagemd::server
