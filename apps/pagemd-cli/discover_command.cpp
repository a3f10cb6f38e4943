#include "discover_command.hpp"

#include <nlohmann/json.hpp>

#include <iostream>

#include "pagemd/core/exit_codes.hpp"
#include "pagemd/discover/discoverer.hpp"
#include "pagemd/discover/xml_documents.hpp"
#include "pagemd/fetch/fetcher.hpp"

namespace pagemd::cli {

discover::PublicSuffixList load_public_suffixes(std::string_view command) {
  auto suffixes = discover::PublicSuffixList::load(std::string(discover::kDebianPublicSuffixList));
  if (suffixes) return std::move(*suffixes);
  std::cerr << "pagemd " << command << ": --same-domain: cannot read " << discover::kDebianPublicSuffixList
            << " (the publicsuffix package); taking the last two labels of a host as its domain\n";
  return {};
}

void add_site_options(CLI::App& command, SiteOptions& options) {
  command.add_option("--include", options.include, "Keep only URLs matching this glob ('/path*' matches the path)")
      ->type_name("GLOB");
  command.add_option("--exclude", options.exclude, "Leave out URLs matching this glob")->type_name("GLOB");
  command.add_flag("--same-domain", options.same_domain,
                   "Keep URLs on any host of the start URL's registrable domain, not only its host");
  command.add_flag("--ignore-robots", options.ignore_robots, "Also take URLs that the site's robots.txt disallows");
  command
      .add_option("--allow-private-targets", options.allow_private_targets,
                  "Allow fetching from these non-public networks (CIDR[,CIDR...])")
      ->delimiter(',');
  command
      .add_option("--timeout", options.timeout_seconds,
                  "Seconds to wait for robots.txt, a sitemap or a feed (default 15)")
      ->check(CLI::Range(0.1, 600.0))
      ->type_name("S");
}

CLI::App& setup_discover(CLI::App& app, DiscoverOptions& options) {
  CLI::App* discover = app.add_subcommand(
      "discover", "Print a site's URLs, from its sitemaps, feeds or links; feed them to `pagemd batch -i -`");
  discover->add_option("url", options.url, "The site's start page")->required();
  discover->add_option("--from", options.from, "Where URLs come from: auto (default), sitemap, feed, links")
      ->check(CLI::IsMember({"auto", "sitemap", "feed", "links"}))
      ->type_name("SOURCE");
  discover->add_option("--since", options.since, "Leave out entries dated before this day (undated ones stay)")
      ->type_name("YYYY-MM-DD");
  discover->add_option("--max", options.max, "Print at most this many URLs")->type_name("N");
  discover->add_flag("--json", options.json, "One JSON object a line: {url, lastmod, source}");
  add_site_options(*discover, options.site);
  return *discover;
}

int run_discover(const DiscoverOptions& options) {
  auto policy = fetch::AddressPolicy::from_cidrs(options.site.allow_private_targets);
  if (!policy) {
    std::cerr << "pagemd discover: --allow-private-targets: " << policy.error().message << '\n';
    return core::kExitUsage;
  }
  if (!options.since.empty() &&
      (options.since.size() != 10 || discover::normalize_date(options.since) != options.since)) {
    std::cerr << "pagemd discover: --since: " << options.since << " is no date of the form YYYY-MM-DD\n";
    return core::kExitUsage;
  }
  discover::DiscoverSettings settings;
  settings.from = discover::parse_from(options.from).value_or(discover::From::automatic);
  settings.since = options.since;
  settings.include = options.site.include;
  settings.exclude = options.site.exclude;
  settings.max = options.max;
  settings.robots = options.site.ignore_robots ? batch::RobotsMode::ignore : batch::RobotsMode::honour;
  settings.policy = *policy;
  settings.fetch_timeout = std::chrono::milliseconds{static_cast<long long>(options.site.timeout_seconds * 1000.0)};
  if (options.site.same_domain) {
    settings.scope = discover::SiteScope::same_domain;
    settings.suffixes = load_public_suffixes("discover");
  }
  fetch::CurlFetcher fetcher(fetch::FetchLimits{}, *policy, fetch::CurlFetcherOptions{});
  const discover::Discoverer discoverer(settings, fetcher);
  auto found = discoverer.run(options.url,
                              [](const std::string& message) { std::cerr << "pagemd discover: " << message << '\n'; });
  if (!found) {
    std::cerr << "pagemd discover: " << found.error().message << '\n';
    return core::kExitUsage;
  }
  for (const discover::DiscoveredUrl& url : found->urls) {
    if (options.json) {
      const nlohmann::json line{{"url", url.url},
                                {"lastmod", url.lastmod.empty() ? nlohmann::json() : nlohmann::json(url.lastmod)},
                                {"source", discover::to_string(url.source)}};
      std::cout << line.dump() << '\n';
    } else {
      std::cout << url.url << '\n';
    }
  }
  std::cout << std::flush;
  if (found->urls.empty()) {
    std::cerr << "pagemd discover: no URLs found for " << options.url << '\n';
    return core::kExitPageFailed;
  }
  return core::kExitOk;
}

}  // namespace pagemd::cli
