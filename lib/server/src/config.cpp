#include "pagemd/server/config.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <variant>

#include <toml++/toml.h>

#include "pagemd/fetch/address_policy.hpp"
#include "pagemd/store/postgres_store.hpp"

namespace pagemd::server {
namespace {

using core::ErrorCode;

// The least extract_memory_mib that leaves room to convert: a worker maps ICU's and CLD2's tables and
// its libraries before any page.
constexpr std::int64_t kMinExtractMemoryMib = 256;
using IntMember = std::int64_t DaemonConfig::*;
using TextMember = std::string DaemonConfig::*;
using PathMember = std::filesystem::path DaemonConfig::*;
using ListMember = std::vector<std::string> DaemonConfig::*;

struct KeySpec {
  ConfigKey key;
  std::variant<IntMember, TextMember, PathMember, ListMember> member;
  std::int64_t min = 0;
  std::int64_t max = 0;
};

// A key is named after its member, so the file's keys, the flags and DaemonConfig cannot drift apart.
#define PAGEMD_CONFIG_KEY(member, help) ConfigKey{#member, help}, &DaemonConfig::member

const std::vector<KeySpec>& key_specs() {
  static const std::vector<KeySpec> specs{
      {PAGEMD_CONFIG_KEY(listen, "HOST:PORT of the HTTP listener")},
      {PAGEMD_CONFIG_KEY(data_dir, "directory of the SQLite database")},
      {PAGEMD_CONFIG_KEY(database_url, "PostgreSQL URL of the state several daemons share; \"\" = SQLite in data_dir")},
      {PAGEMD_CONFIG_KEY(allow_private_targets, "CIDRs that may be fetched although non-public (comma-separated)")},
      {PAGEMD_CONFIG_KEY(log_level, "trace, debug, info, warn, error, critical or off")},
      {PAGEMD_CONFIG_KEY(rate_limit_per_minute, "requests per rolling minute per account; 0 turns it off"), 0,
       1'000'000},
      {PAGEMD_CONFIG_KEY(max_keys_per_account, "active keys an account may hold"), 1, 10'000},
      {PAGEMD_CONFIG_KEY(fetch_timeout, "seconds for a whole upstream fetch"), 1, 600},
      {PAGEMD_CONFIG_KEY(connect_timeout, "seconds to connect to an upstream"), 1, 120},
      {PAGEMD_CONFIG_KEY(max_page_bytes, "cap on a fetched page's decoded size"), 1024, std::int64_t{1} << 31},
      {PAGEMD_CONFIG_KEY(max_pdf_bytes, "cap on a fetched PDF's decoded size; max_page_bytes stays the HTML cap"), 1024,
       std::int64_t{1} << 31},
      {PAGEMD_CONFIG_KEY(max_pdf_pages, "pages a PDF may have; a longer one is unsupported_content"), 1, 100'000},
      {PAGEMD_CONFIG_KEY(upstream_fetches_per_second, "global rate of upstream fetch starts"), 1, 10'000},
      {PAGEMD_CONFIG_KEY(upstream_queue, "fetches that may wait for a start slot before busy"), 0, 100'000},
      {PAGEMD_CONFIG_KEY(max_connections, "concurrent client connections"), 1, 1'000'000},
      {PAGEMD_CONFIG_KEY(max_connections_per_address, "concurrent connections from one client address"), 1, 1'000'000},
      {PAGEMD_CONFIG_KEY(worker_threads, "threads that wait on upstream fetches and extraction; 0 = automatic"), 0,
       1024},
      {PAGEMD_CONFIG_KEY(converter_processes, "isolated extraction processes"), 1, 256},
      {PAGEMD_CONFIG_KEY(extract_cpu_seconds, "CPU time one page's extraction may use"), 1, 3600},
      {PAGEMD_CONFIG_KEY(extract_memory_mib, "memory one extraction process may use; 0 = no limit"), 0,
       std::int64_t{1} << 20},
      {PAGEMD_CONFIG_KEY(extract_queue_seconds, "seconds a page may wait for a converter process before busy"), 1, 600},
      {PAGEMD_CONFIG_KEY(max_result_bytes,
                         "cap on one result (Markdown and metadata); a larger one is unsupported_content"),
       1024, std::int64_t{1} << 31},
      {PAGEMD_CONFIG_KEY(user_agent, "User-Agent of upstream fetches")},
      {PAGEMD_CONFIG_KEY(mcp_allowed_origins,
                         "browser origins that may call POST /mcp (comma-separated); others are refused")},
      {PAGEMD_CONFIG_KEY(mcp_max_body_bytes,
                         "cap on one POST /mcp body (a convert_html page); other requests keep 64 KiB"),
       std::int64_t{64} * 1024, std::int64_t{64} * 1024 * 1024},
      {PAGEMD_CONFIG_KEY(render_browser,
                         "headless Chromium that renders pages needing JavaScript (name on PATH or path); \"\" = off")},
      {PAGEMD_CONFIG_KEY(render_concurrency,
                         "pages rendered at once, one browser each; 0 = one per two CPUs, at least two"),
       0, 64},
      {PAGEMD_CONFIG_KEY(render_timeout, "seconds one page may take in the browser"), 1, 300},
      {PAGEMD_CONFIG_KEY(render_failed_seconds_per_minute,
                         "browser seconds an account's failed renders may take in a rolling minute before its renders "
                         "are refused (render_budget_exceeded); 0 = no bound"),
       0, 3600},
      {PAGEMD_CONFIG_KEY(render_pages_per_browser, "pages a browser renders before it is replaced"), 1, 1'000'000},
      {PAGEMD_CONFIG_KEY(render_memory_mib,
                         "resident memory a browser (all its processes) may hold; past it while rendering, the browser "
                         "is killed and the page fails"),
       512, std::int64_t{1} << 20},
      {PAGEMD_CONFIG_KEY(render_sandbox,
                         "the browser's own sandbox: auto (where it cannot run, no rendering), on, or off "
                         "(rendering without it, logged at warn)")},
  };
  return specs;
}

#undef PAGEMD_CONFIG_KEY

const KeySpec* find_spec(std::string_view name) {
  for (const KeySpec& spec : key_specs()) {
    if (spec.key.name == name) return &spec;
  }
  return nullptr;
}

core::Unexpected config_error(std::string message) {
  return core::unexpected(ErrorCode::invalid_request, std::move(message));
}

core::Result<void> set_integer(DaemonConfig& config, const KeySpec& spec, std::int64_t value) {
  if (value < spec.min || value > spec.max) {
    return config_error(std::string(spec.key.name) + " must be between " + std::to_string(spec.min) + " and " +
                        std::to_string(spec.max) + ", not " + std::to_string(value));
  }
  config.*std::get<IntMember>(spec.member) = value;
  return {};
}

std::vector<std::string> split_list(std::string_view text) {
  std::vector<std::string> items;
  while (!text.empty()) {
    const auto comma = text.find(',');
    std::string_view item = text.substr(0, comma);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (!item.empty()) items.emplace_back(item);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return items;
}

std::string toml_quoted(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + '"';
}

core::Result<void> set_from_toml(DaemonConfig& config, const KeySpec& spec, const toml::node& node) {
  const std::string name(spec.key.name);
  if (std::holds_alternative<IntMember>(spec.member)) {
    const auto value = node.value<std::int64_t>();
    if (!node.is_integer() || !value) return config_error(name + " must be a whole number");
    return set_integer(config, spec, *value);
  }
  if (std::holds_alternative<ListMember>(spec.member)) {
    const toml::array* array = node.as_array();
    if (array == nullptr) return config_error(name + " must be a list of strings");
    std::vector<std::string> items;
    for (const toml::node& item : *array) {
      const auto text = item.value<std::string>();
      if (!item.is_string() || !text) return config_error(name + " must be a list of strings");
      items.push_back(*text);
    }
    config.*std::get<ListMember>(spec.member) = std::move(items);
    return {};
  }
  const auto text = node.value<std::string>();
  if (!node.is_string() || !text) return config_error(name + " must be a string");
  return set_config_value(config, spec.key.name, *text);
}

}  // namespace

const std::vector<ConfigKey>& config_keys() {
  static const std::vector<ConfigKey> keys = [] {
    std::vector<ConfigKey> list;
    for (const KeySpec& spec : key_specs()) list.push_back(spec.key);
    return list;
  }();
  return keys;
}

std::string flag_name(std::string_view key) {
  std::string flag = "--";
  for (const char c : key) flag += c == '_' ? '-' : c;
  return flag;
}

core::Result<void> set_config_value(DaemonConfig& config, std::string_view key, std::string_view value) {
  const KeySpec* spec = find_spec(key);
  if (spec == nullptr) return config_error("unknown setting '" + std::string(key) + "'");
  return std::visit(
      [&](auto member) -> core::Result<void> {
        using Member = decltype(member);
        if constexpr (std::is_same_v<Member, IntMember>) {
          std::int64_t number = 0;
          const auto [end, failure] = std::from_chars(value.data(), value.data() + value.size(), number);
          if (failure != std::errc{} || end != value.data() + value.size()) {
            return config_error(std::string(key) + " must be a whole number, not '" + std::string(value) + "'");
          }
          return set_integer(config, *spec, number);
        } else if constexpr (std::is_same_v<Member, ListMember>) {
          config.*member = split_list(value);
          return {};
        } else {
          config.*member = std::string(value);
          return {};
        }
      },
      spec->member);
}

core::Result<void> apply_config_file(DaemonConfig& config, const std::filesystem::path& file) {
  toml::table table;
  try {
    table = toml::parse_file(file.string());
  } catch (const toml::parse_error& failure) {
    return config_error(file.string() + ":" + std::to_string(failure.source().begin.line) + ": " +
                        std::string(failure.description()));
  }
  for (const auto& [name, node] : table) {
    const KeySpec* spec = find_spec(name.str());
    const std::string where = file.string() + ":" + std::to_string(node.source().begin.line) + ": ";
    if (spec == nullptr) return config_error(where + "unknown setting '" + std::string(name.str()) + "'");
    if (auto applied = set_from_toml(config, *spec, node); !applied) {
      return config_error(where + applied.error().message);
    }
  }
  return {};
}

core::Result<std::pair<std::string, std::uint16_t>> parse_listen(std::string_view listen) {
  const auto colon = listen.rfind(':');
  const auto bad = [&] {
    return config_error("listen must be HOST:PORT (e.g. 127.0.0.1:8787 or [::1]:8787), not '" + std::string(listen) +
                        "'");
  };
  if (colon == std::string_view::npos || colon == 0) return bad();
  std::string_view host = listen.substr(0, colon);
  if (host.front() == '[') {
    if (host.size() < 3 || host.back() != ']') return bad();
    host = host.substr(1, host.size() - 2);
  }
  const std::string_view port_text = listen.substr(colon + 1);
  unsigned port = 0;
  const auto [end, failure] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
  if (port_text.empty() || failure != std::errc{} || end != port_text.data() + port_text.size() || port > 65535) {
    return bad();
  }
  return std::pair{std::string(host), static_cast<std::uint16_t>(port)};
}

core::Result<std::optional<std::string>> database_url_from_environment() {
  if (const char* url = std::getenv(kDatabaseUrlVariable); url != nullptr && *url != '\0') {
    return std::optional<std::string>{url};
  }
  const char* directory = std::getenv("CREDENTIALS_DIRECTORY");
  if (directory == nullptr || *directory == '\0') return std::optional<std::string>{};
  const std::filesystem::path file = std::filesystem::path(directory) / kDatabaseUrlCredential;
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return std::optional<std::string>{};
  std::ifstream in(file, std::ios::binary);
  if (!std::filesystem::is_regular_file(file, ec) || !in) {
    return config_error("cannot read the credential " + file.string());
  }
  std::string url((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return config_error("cannot read the credential " + file.string());
  // Written with echo or an editor, the file ends its one line.
  if (url.ends_with('\n')) url.pop_back();
  if (url.ends_with('\r')) url.pop_back();
  return std::optional<std::string>{std::move(url)};
}

core::Result<void> validate_config(const DaemonConfig& config) {
  if (auto listen = parse_listen(config.listen); !listen) return core::unexpected(listen.error());
  if (auto policy = fetch::AddressPolicy::from_cidrs(config.allow_private_targets); !policy) {
    return config_error("allow_private_targets: " + policy.error().message);
  }
  static constexpr std::array<std::string_view, 7> kLevels{"trace", "debug",    "info", "warn",
                                                           "error", "critical", "off"};
  if (std::find(kLevels.begin(), kLevels.end(), config.log_level) == kLevels.end()) {
    return config_error("log_level must be one of trace, debug, info, warn, error, critical, off; not '" +
                        config.log_level + "'");
  }
  if (config.data_dir.empty()) return config_error("data_dir must not be empty");
  if (!config.database_url.empty() && !config.database_url.starts_with("postgresql://") &&
      !config.database_url.starts_with("postgres://")) {
    return config_error("database_url must be a postgresql:// URL, or empty for SQLite in data_dir");
  }
  if (config.render_sandbox != "auto" && config.render_sandbox != "on" && config.render_sandbox != "off") {
    return config_error("render_sandbox must be auto, on or off; not '" + config.render_sandbox + "'");
  }
  if (config.extract_memory_mib != 0 && config.extract_memory_mib < kMinExtractMemoryMib) {
    return config_error("extract_memory_mib must be 0 (no limit) or at least " + std::to_string(kMinExtractMemoryMib) +
                        ", not " + std::to_string(config.extract_memory_mib) +
                        ": a converter process takes about 100 MiB of address space before it reads a page");
  }
  return {};
}

std::string render_config(const DaemonConfig& config) {
  std::string out;
  for (const KeySpec& spec : key_specs()) {
    out += spec.key.name;
    out += " = ";
    std::visit(
        [&](auto member) {
          using Member = decltype(member);
          if constexpr (std::is_same_v<Member, IntMember>) {
            out += std::to_string(config.*member);
          } else if constexpr (std::is_same_v<Member, ListMember>) {
            out += '[';
            for (std::size_t i = 0; i < (config.*member).size(); ++i) {
              if (i > 0) out += ", ";
              out += toml_quoted((config.*member)[i]);
            }
            out += ']';
          } else if constexpr (std::is_same_v<Member, PathMember>) {
            out += toml_quoted((config.*member).string());
          } else if (member == &DaemonConfig::database_url) {
            // The configuration is printed to terminals and journals, where a password must not go.
            out += toml_quoted(store::redacted_database_url(config.*member));
          } else {
            out += toml_quoted(config.*member);
          }
        },
        spec.member);
    out += '\n';
  }
  return out;
}

}  // namespace pagemd::server
