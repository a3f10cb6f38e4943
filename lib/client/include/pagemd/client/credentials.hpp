#pragma once

#include <optional>
#include <string>

#include "pagemd/core/result.hpp"

namespace pagemd::client {

// Where an API key may come from, in DESIGN.md's order. The environment is passed in (not read
// here) so the order can be tested.
struct KeySources {
  std::string key_file;                // --api-key-file; empty when not given
  std::optional<std::string> env_key;  // $PAGEMD_API_KEY
  std::optional<std::string> xdg_config_home;
  std::optional<std::string> home;
};

// The sources as this process sees them: `key_file` plus the environment.
[[nodiscard]] KeySources key_sources_from_environment(std::string key_file);

// The credentials file the sources point at: $XDG_CONFIG_HOME/pagemd/credentials, else
// $HOME/.config/pagemd/credentials; empty when neither variable is set.
[[nodiscard]] std::string credentials_path(const KeySources& sources);

// The API key: the first line of `key_file` when given, else a non-empty $PAGEMD_API_KEY, else the
// first line of the credentials file. Surrounding whitespace is dropped. Fails with unauthorized
// when no source holds a key, when the file given cannot be read or its first line is empty, or when
// the credentials file is readable by group or others (the message says which and how to fix it;
// it never contains the key).
[[nodiscard]] core::Result<std::string> resolve_api_key(const KeySources& sources);

}  // namespace pagemd::client
