#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "pagemd/batch/batch_runner.hpp"
#include "pagemd/core/result.hpp"
#include "pagemd/discover/discoverer.hpp"
#include "pagemd/discover/site.hpp"

namespace pagemd::discover {

// The crawl's own record in DIR, beside the manifest: the URLs handed to the run (with their depth),
// each page's title and description, canonical aliases and duplicates. A rerun continues from it.
inline constexpr std::string_view kCrawlStateName = ".pagemd-crawl.jsonl";

enum class LlmsTxt { no, yes };

struct CrawlSettings {
  // DIR, jobs, politeness, robots mode, address policy and rendering, as batch has them; the delay
  // becomes the robots.txt Crawl-delay when that is longer.
  batch::BatchSettings batch;
  std::size_t max_pages = 100;  // fetched pages (manifest lines) at most
  std::size_t depth = 3;        // links followed this many hops from the start page
  std::vector<std::string> include;
  std::vector<std::string> exclude;
  SiteScope scope = SiteScope::same_host;
  PublicSuffixList suffixes;
  LlmsTxt llms_txt = LlmsTxt::no;
  std::chrono::milliseconds fetch_timeout{15000};  // robots.txt and sitemaps
};

struct CrawlSummary {
  batch::BatchSummary batch;
  std::size_t duplicates = 0;          // pages fetched that named an already listed page as their canonical
  std::chrono::milliseconds delay{0};  // between fetch starts from one host, as applied
  bool resumed = false;                // went on from an earlier run's record
};

// `pagemd crawl`: breadth first over the site's own links from `start_url`, seeded by its sitemaps,
// each page once, into DIR as `pagemd batch` writes it.
class Crawler {
 public:
  // The references must outlive the crawler; the fetchers must be thread-safe. `pages` fetches the
  // pages (its redirects must keep to the site: see CurlFetcherOptions::redirect_allowed);
  // `resources` fetches robots.txt and sitemaps.
  Crawler(CrawlSettings settings, fetch::Fetcher& pages, fetch::ResourceFetcher& resources,
          convert::PageConverter& converter, convert::Rendering rendering = {});

  // Crawls until max_pages pages are listed, no link within the depth is left, or `stop` is set.
  // Fails as BatchRunner::run does, with invalid_url/url_not_allowed for the start URL, and with
  // internal when llms.txt cannot be written.
  [[nodiscard]] core::Result<CrawlSummary> run(std::string_view start_url, const std::atomic<bool>& stop,
                                               const batch::BatchRunner::ProgressCallback& on_progress,
                                               const Discoverer::Warn& warn);

 private:
  CrawlSettings settings_;
  fetch::Fetcher& pages_;
  fetch::ResourceFetcher& resources_;
  convert::PageConverter& converter_;
  convert::Rendering rendering_;
};

}  // namespace pagemd::discover
