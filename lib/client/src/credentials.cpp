#include "pagemd/client/credentials.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include "pagemd/core/ascii.hpp"

namespace pagemd::client {
namespace {

std::optional<std::string> environment(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr) return std::nullopt;
  return std::string(value);
}

core::Result<std::string> first_line_of(const std::string& path) {
  std::ifstream in(path);
  if (!in)
    return core::unexpected(core::ErrorCode::unauthorized,
                            "cannot read the API key file " + path + ": " + std::strerror(errno));
  std::string line;
  std::getline(in, line);
  line = std::string(core::trim(line));
  if (line.empty()) return core::unexpected(core::ErrorCode::unauthorized, "the API key file " + path + " is empty");
  return line;
}

}  // namespace

KeySources key_sources_from_environment(std::string key_file) {
  return KeySources{std::move(key_file), environment("PAGEMD_API_KEY"), environment("XDG_CONFIG_HOME"),
                    environment("HOME")};
}

std::string credentials_path(const KeySources& sources) {
  if (sources.xdg_config_home && !sources.xdg_config_home->empty()) {
    return *sources.xdg_config_home + "/pagemd/credentials";
  }
  if (sources.home && !sources.home->empty()) return *sources.home + "/.config/pagemd/credentials";
  return {};
}

core::Result<std::string> resolve_api_key(const KeySources& sources) {
  if (!sources.key_file.empty()) return first_line_of(sources.key_file);
  if (sources.env_key) {
    std::string key(core::trim(*sources.env_key));
    if (!key.empty()) return key;
  }
  const std::string path = credentials_path(sources);
  struct stat info {};
  if (path.empty() || ::stat(path.c_str(), &info) != 0) {
    return core::unexpected(core::ErrorCode::unauthorized,
                            "no API key: use --api-key-file FILE, set PAGEMD_API_KEY, or store the key in " +
                                (path.empty() ? std::string("$XDG_CONFIG_HOME/pagemd/credentials") : path));
  }
  // Like ssh with its private keys: a secret others can read is refused rather than used.
  if ((info.st_mode & (S_IRWXG | S_IRWXO)) != 0) {
    return core::unexpected(core::ErrorCode::unauthorized,
                            path + " is readable by other users; run: chmod 600 " + path);
  }
  return first_line_of(path);
}

}  // namespace pagemd::client
