#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pagemd/batch/batch_runner.hpp"
#include "pagemd/core/result.hpp"
#include "pagemd/discover/site.hpp"
#include "pagemd/fetch/fetcher.hpp"

namespace pagemd::discover {

enum class Source { sitemap, feed, links };
enum class From { automatic, sitemap, feed, links };

// "sitemap", "feed", "links".
[[nodiscard]] std::string_view to_string(Source source) noexcept;
// "auto", "sitemap", "feed", "links" -> From; nullopt for anything else.
[[nodiscard]] std::optional<From> parse_from(std::string_view text);

struct DiscoveredUrl {
  std::string url;      // normalized (normalize_link)
  std::string lastmod;  // a W3C date (normalize_date), "" when unknown
  Source source = Source::links;
};

struct DiscoverSettings {
  From from = From::automatic;
  std::string since;  // "YYYY-MM-DD": dated entries older than this are left out; "" keeps all
  std::vector<std::string> include;
  std::vector<std::string> exclude;
  std::size_t max = 0;  // 0: no limit
  SiteScope scope = SiteScope::same_host;
  PublicSuffixList suffixes;  // for SiteScope::same_domain
  batch::RobotsMode robots = batch::RobotsMode::honour;
  std::string robots_agent = "pagemd";
  fetch::AddressPolicy policy;                     // which addresses URLs may name; the fetcher has its own copy
  std::chrono::milliseconds fetch_timeout{15000};  // per document, redirects included
  std::size_t max_page_bytes = std::size_t{10} << 20;
};

struct Discovery {
  std::vector<DiscoveredUrl> urls;
  // The start host's robots.txt Crawl-delay for the crawler, if it names one.
  std::optional<std::chrono::milliseconds> crawl_delay;
};

// `pagemd discover`: the URLs of a site, from its sitemaps (robots.txt's Sitemap: lines, else
// /sitemap.xml; indexes followed 3 levels deep, gzip read, the protocol's limits kept), its RSS/Atom
// feeds or its start page's links, filtered to the site, robots.txt, --since and the globs.
class Discoverer {
 public:
  // Told of each thing that went wrong on the way (a sitemap that is HTML, a feed's broken dates, a
  // robots.txt that timed out): one line, without a trailing newline. Discovery goes on after each.
  using Warn = std::function<void(const std::string&)>;

  // `fetcher` must outlive the discoverer.
  Discoverer(DiscoverSettings settings, fetch::ResourceFetcher& fetcher);

  // The URLs found from `start_url`, in the order found, each once; an empty list when nothing was
  // found (the warnings say why). Fails with invalid_url or url_not_allowed for the start URL.
  [[nodiscard]] core::Result<Discovery> run(std::string_view start_url, const Warn& warn) const;

 private:
  DiscoverSettings settings_;
  fetch::ResourceFetcher& fetcher_;
};

}  // namespace pagemd::discover
