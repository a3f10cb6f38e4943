#pragma once

#include <CLI/CLI.hpp>

#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "pagemd/core/result.hpp"
#include "pagemd/server/config.hpp"

namespace pagemd::daemon {

inline constexpr const char* kDefaultConfigFile = "/etc/pagemd/pagemdd.conf";

// Exit statuses of pagemdd (pagemdd(8)).
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitConfig = 78;  // EX_CONFIG: systemd's RestartPreventExitStatus

// Where the settings come from: a config file and the flags given on the command line. Kept as given so
// that SIGHUP can re-read the file and lay the same flags over it again.
struct ConfigSources {
  std::string config_file;                            // empty: the default file, which may be missing
  std::map<std::string, std::string> flags;           // key -> value as typed
  std::map<std::string, const CLI::Option*> options;  // key -> its flag, to tell given from absent
};

// Adds --config and one flag per setting (--listen, --data-dir, ...) to `app`.
void add_config_flags(CLI::App& app, ConfigSources& sources);

// Defaults, then the file, then the flags. invalid_request with a message naming the file, key or flag.
[[nodiscard]] core::Result<server::DaemonConfig> load_config(const ConfigSources& sources);

}  // namespace pagemd::daemon
