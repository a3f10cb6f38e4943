#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "pagemd/discover/site.hpp"

namespace pagemd::cli {

// What `discover` and `crawl` share: which pages belong to the site.
struct SiteOptions {
  std::vector<std::string> include;
  std::vector<std::string> exclude;
  bool same_domain = false;
  bool ignore_robots = false;
  std::vector<std::string> allow_private_targets;
  double timeout_seconds = 15;  // per robots.txt, sitemap or feed, redirects included
};

struct DiscoverOptions {
  std::string url;
  std::string from = "auto";
  std::string since;  // YYYY-MM-DD
  std::size_t max = 0;
  bool json = false;
  SiteOptions site;
};

// The Public Suffix List for --same-domain, from Debian's publicsuffix package; when it cannot be read,
// says so on stderr (as `pagemd <command>`) and gives an empty list (a host's last two labels).
[[nodiscard]] discover::PublicSuffixList load_public_suffixes(std::string_view command);

// Registers --include, --exclude, --same-domain, --ignore-robots and --allow-private-targets on `command`.
void add_site_options(CLI::App& command, SiteOptions& options);

// Registers `discover URL [...]` on the app.
CLI::App& setup_discover(CLI::App& app, DiscoverOptions& options);
// Prints the URLs found, one a line (or JSON lines); returns 0, 5 when none was found, 2 for a bad
// start URL or option value.
int run_discover(const DiscoverOptions& options);

}  // namespace pagemd::cli
