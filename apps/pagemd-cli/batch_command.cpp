#include "batch_command.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <thread>

#include "pagemd/core/exit_codes.hpp"
#include "pagemd/core/read_all.hpp"
#include "pagemd/batch/batch_runner.hpp"
#include "pagemd/batch/progress.hpp"
#include "pagemd/batch/url_list.hpp"
#include "pagemd/convert/page_converter.hpp"
#include "pagemd/fetch/fetcher.hpp"
#include "run_control.hpp"

namespace pagemd::cli {
namespace {

bool read_list(const std::string& input, std::string& text) {
  if (input == "-") {
    return core::read_all(std::cin, text);
  }
  std::ifstream in(input, std::ios::binary);
  if (!in) return false;
  return core::read_all(in, text);
}

}  // namespace

CLI::App& setup_batch(CLI::App& app, BatchOptions& options) {
  CLI::App* batch = app.add_subcommand("batch", "Fetch and convert a list of URLs into a directory; no daemon needed");
  batch->add_option("-i,--input", options.input, "The URL list, one per line ('-' reads standard input)")
      ->required()
      ->type_name("FILE");
  batch->add_option("-o,--output-dir", options.output_dir, "Where the Markdown files and manifest.jsonl go")
      ->required()
      ->type_name("DIR");
  batch->add_option("--jobs", options.jobs, "URLs converted at once (default 8)")->check(CLI::Range(1, 256));
  batch->add_option("--delay", options.delay_seconds, "Seconds between two fetches from one host (default 0)")
      ->check(CLI::Range(0.0, 3600.0));
  batch
      ->add_option("--allow-private-targets", options.allow_private_targets,
                   "Allow fetching from these non-public networks (CIDR[,CIDR...])")
      ->delimiter(',');
  batch->add_flag("--ignore-robots", options.ignore_robots, "Fetch URLs that the site's robots.txt disallows");
  CLI::Option* retry =
      batch->add_flag("--retry-failed", options.retry_failed, "Also redo the URLs whose manifest line is an error");
  batch->add_flag("--force", options.force, "Redo every URL, also those already converted")->excludes(retry);
  batch
      ->add_option("--render", options.render,
                   "Run pages in headless Chromium first: auto (those that need JavaScript; default), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->type_name("MODE");
  batch->add_flag("--accept-walls", options.accept_walls,
                  "Convert bot challenges, sign-in and consent walls and soft 404s as they are, instead of failing");
  add_pdf_limit_options(*batch, options.pdf_limits);
  return *batch;
}

int run_batch(const BatchOptions& options) {
  std::string list;
  if (!read_list(options.input, list)) {
    std::cerr << "pagemd batch: cannot read " << options.input << '\n';
    return core::kExitOther;
  }
  auto policy = fetch::AddressPolicy::from_cidrs(options.allow_private_targets);
  if (!policy) {
    std::cerr << "pagemd batch: --allow-private-targets: " << policy.error().message << '\n';
    return core::kExitUsage;
  }
  batch::BatchSettings settings;
  settings.output_dir = options.output_dir;
  settings.jobs = options.jobs;
  settings.delay = std::chrono::milliseconds{static_cast<long long>(options.delay_seconds * 1000.0)};
  settings.robots = options.ignore_robots ? batch::RobotsMode::ignore : batch::RobotsMode::honour;
  settings.redo = options.force          ? batch::RedoMode::all
                  : options.retry_failed ? batch::RedoMode::failed
                                         : batch::RedoMode::pending;
  settings.policy = *policy;

  settings.render = render::parse_render_mode(options.render).value_or(render::RenderMode::automatic);
  settings.accept_walls = options.accept_walls;

  settings.max_pdf_pages = options.pdf_limits.max_pages;
  fetch::FetchLimits limits;
  limits.max_pdf_bytes = options.pdf_limits.max_bytes;
  fetch::CurlFetcher fetcher(limits, *policy, fetch::CurlFetcherOptions{});
  convert::InProcessConverter converter;
  auto browsers = start_browsers(settings.render, options.jobs, "batch");
  if (!browsers) return core::kExitPageFailed;
  const convert::Rendering rendering{browsers->get(), *browsers ? &fetcher : nullptr};
  batch::BatchRunner runner(settings, fetcher, converter, rendering);

  ProgressDisplay display;
  const auto on_progress = [&](const batch::BatchProgress& progress) { display.show(progress); };

  core::Result<batch::BatchSummary> summary = core::unexpected(core::ErrorCode::internal, "not run");
  {
    const InterruptWatch interrupts("batch");
    summary = runner.run(batch::parse_url_list(list), interrupts.stop(), on_progress);
  }
  display.finish();
  if (!summary) {
    std::cerr << "pagemd batch: " << summary.error().message << '\n';
    return core::kExitOther;
  }
  if (summary->unsafe_manifest_files > 0) {
    std::cerr << "pagemd batch: " << summary->unsafe_manifest_files << " manifest line(s) named a file outside "
              << options.output_dir
              << "; nothing was written there and those URLs were converted again under fresh names\n";
  }
  std::cerr << batch::format_summary(*summary, display.elapsed()) << '\n';
  if (summary->interrupted) return core::kExitInterrupted;
  return summary->any_failed() ? core::kExitPageFailed : core::kExitOk;
}

}  // namespace pagemd::cli
