#include "crawl_command.hpp"

#include <iostream>

#include "pagemd/convert/page_converter.hpp"
#include "pagemd/core/exit_codes.hpp"
#include "pagemd/discover/crawler.hpp"
#include "pagemd/fetch/fetcher.hpp"
#include "run_control.hpp"

namespace pagemd::cli {

CLI::App& setup_crawl(CLI::App& app, CrawlOptions& options) {
  CLI::App* crawl = app.add_subcommand(
      "crawl", "Convert a site into a directory, breadth first over its links and sitemap, as batch writes it");
  crawl->add_option("url", options.url, "The site's start page")->required();
  crawl->add_option("-o,--output-dir", options.output_dir, "Where the Markdown files and manifest.jsonl go")
      ->required()
      ->type_name("DIR");
  crawl->add_option("--max-pages", options.max_pages, "Stop after this many pages (default 100)")
      ->check(CLI::Range(1, 1'000'000))
      ->type_name("N");
  crawl->add_option("--depth", options.depth, "Follow links this many hops from the start page (default 3)")
      ->check(CLI::Range(0, 1000))
      ->type_name("D");
  crawl->add_option("--jobs", options.jobs, "Pages converted at once (default 8)")->check(CLI::Range(1, 256));
  crawl
      ->add_option("--delay", options.delay_seconds,
                   "Seconds between two fetches from one host (default 0; robots.txt's Crawl-delay if longer)")
      ->check(CLI::Range(0.0, 3600.0));
  crawl->add_flag("--llms-txt", options.llms_txt, "Also write DIR/llms.txt and DIR/llms-full.txt");
  crawl
      ->add_option("--render", options.render,
                   "Run pages in headless Chromium first: auto (those that need JavaScript; default), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->type_name("MODE");
  add_site_options(*crawl, options.site);
  return *crawl;
}

int run_crawl(const CrawlOptions& options) {
  auto policy = fetch::AddressPolicy::from_cidrs(options.site.allow_private_targets);
  if (!policy) {
    std::cerr << "pagemd crawl: --allow-private-targets: " << policy.error().message << '\n';
    return core::kExitUsage;
  }
  auto start = fetch::parse_url(options.url, *policy);
  if (!start) {
    std::cerr << "pagemd crawl: " << start.error().message << '\n';
    return core::kExitUsage;
  }
  discover::CrawlSettings settings;
  settings.batch.output_dir = options.output_dir;
  settings.batch.jobs = options.jobs;
  settings.batch.delay = std::chrono::milliseconds{static_cast<long long>(options.delay_seconds * 1000.0)};
  settings.batch.robots = options.site.ignore_robots ? batch::RobotsMode::ignore : batch::RobotsMode::honour;
  settings.batch.policy = *policy;
  settings.batch.render = render::parse_render_mode(options.render).value_or(render::RenderMode::automatic);
  settings.max_pages = options.max_pages;
  settings.depth = options.depth;
  settings.include = options.site.include;
  settings.exclude = options.site.exclude;
  settings.fetch_timeout = std::chrono::milliseconds{static_cast<long long>(options.site.timeout_seconds * 1000.0)};
  settings.llms_txt = options.llms_txt ? discover::LlmsTxt::yes : discover::LlmsTxt::no;
  if (options.site.same_domain) {
    settings.scope = discover::SiteScope::same_domain;
    settings.suffixes = load_public_suffixes("crawl");
  }
  // A redirect leaving the site is refused before anything is sent there.
  const discover::Site site(*start, settings.scope, settings.suffixes);
  fetch::CurlFetcherOptions fetcher_options;
  fetcher_options.redirect_allowed = [&site](const fetch::ParsedUrl& target) { return site.contains(target); };
  fetch::CurlFetcher fetcher(fetch::FetchLimits{}, *policy, fetcher_options);
  convert::InProcessConverter converter;
  auto browsers = start_browsers(settings.batch.render, options.jobs, "crawl");
  if (!browsers) return core::kExitPageFailed;
  const convert::Rendering rendering{browsers->get(), *browsers ? &fetcher : nullptr};
  discover::Crawler crawler(settings, fetcher, fetcher, converter, rendering);

  ProgressDisplay display;
  core::Result<discover::CrawlSummary> summary = core::unexpected(core::ErrorCode::internal, "not run");
  {
    const InterruptWatch interrupts("crawl");
    summary = crawler.run(
        start->normalized, interrupts.stop(), [&](const batch::BatchProgress& progress) { display.show(progress); },
        [&](const std::string& message) {
          display.finish();
          std::cerr << "pagemd crawl: " << message << '\n';
        });
  }
  display.finish();
  if (!summary) {
    std::cerr << "pagemd crawl: " << summary.error().message << '\n';
    return core::kExitOther;
  }
  std::cerr << batch::format_summary(summary->batch, display.elapsed(), "crawl") << '\n';
  if (summary->batch.interrupted) return core::kExitInterrupted;
  if (summary->batch.ok == 0 && summary->batch.skipped == 0) return core::kExitPageFailed;
  return summary->batch.any_failed() ? core::kExitPageFailed : core::kExitOk;
}

}  // namespace pagemd::cli
