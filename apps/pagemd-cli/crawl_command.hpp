#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "discover_command.hpp"

namespace pagemd::cli {

struct CrawlOptions {
  std::string url;
  std::string output_dir;
  std::size_t max_pages = 100;
  std::size_t depth = 3;
  std::size_t jobs = 8;
  double delay_seconds = 0;
  bool llms_txt = false;
  std::string render = "auto";
  SiteOptions site;
};

// Registers `crawl URL -o DIR [...]` on the app.
CLI::App& setup_crawl(CLI::App& app, CrawlOptions& options);
// Returns as `batch` does: 0, 5 when a page failed or none could be crawled, 130 after an interrupt,
// 1 when DIR is locked or cannot be used, 2 for a bad start URL or option value.
int run_crawl(const CrawlOptions& options);

}  // namespace pagemd::cli
