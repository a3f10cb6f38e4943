#include "batch_command.hpp"

#include <signal.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <thread>

#include "pagemd/core/exit_codes.hpp"
#include "pagemd/core/read_all.hpp"
#include "pagemd/render/browser_pool.hpp"
#include "pagemd/render/sandbox.hpp"
#include "pagemd/batch/batch_runner.hpp"
#include "pagemd/batch/progress.hpp"
#include "pagemd/batch/url_list.hpp"
#include "pagemd/convert/page_converter.hpp"
#include "pagemd/fetch/fetcher.hpp"

namespace pagemd::cli {
namespace {

using SteadyClock = std::chrono::steady_clock;

// SIGINT and SIGTERM are taken by a thread of their own (sigwait), so the first one can stop the run
// cleanly, which a signal handler could not do safely; a second one ends the process at once.
class InterruptWatch {
 public:
  InterruptWatch() {
    sigemptyset(&signals_);
    sigaddset(&signals_, SIGINT);
    sigaddset(&signals_, SIGTERM);
    // Blocked before any other thread starts, so every thread inherits the mask.
    pthread_sigmask(SIG_BLOCK, &signals_, &previous_);
    thread_ = std::thread([this] { watch(); });
  }
  ~InterruptWatch() {
    done_ = true;
    thread_.join();
    pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
  }
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;

  [[nodiscard]] const std::atomic<bool>& stop() const { return stop_; }

 private:
  void watch() {
    const timespec poll{0, 100'000'000};
    while (!done_) {
      if (sigtimedwait(&signals_, nullptr, &poll) < 0) continue;
      if (stop_.exchange(true)) _exit(core::kExitInterrupted);
      static constexpr char kNotice[] =
          "\npagemd batch: interrupted; finishing the URLs in flight (interrupt again to quit at once)\n";
      if (::write(STDERR_FILENO, kNotice, sizeof kNotice - 1) < 0) {
        // stderr is gone; the interrupt still takes effect.
      }
    }
  }

  sigset_t signals_{};
  sigset_t previous_{};
  std::atomic<bool> stop_{false};
  std::atomic<bool> done_{false};
  std::thread thread_;
};

std::size_t terminal_width() {
  winsize size{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

batch::ColorMode color_mode() {
  const char* no_color = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  if ((no_color != nullptr && *no_color != '\0') || (term != nullptr && std::string_view(term) == "dumb")) {
    return batch::ColorMode::plain;
  }
  return batch::ColorMode::ansi;
}

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

  settings.max_pdf_pages = options.pdf_limits.max_pages;
  fetch::FetchLimits limits;
  limits.max_pdf_bytes = options.pdf_limits.max_bytes;
  fetch::CurlFetcher fetcher(limits, *policy, fetch::CurlFetcherOptions{});
  convert::InProcessConverter converter;
  // The browsers only when pages may be rendered; "never" starts none.
  std::unique_ptr<render::BrowserPool> browsers;
  if (settings.render != render::RenderMode::never) {
    const auto browser = render::find_browser({});
    const render::SandboxDecision sandbox =
        render::decide_sandbox(render::SandboxMode::automatic, browser && render::browser_sandbox_possible());
    if (browser && sandbox.render) {
      render::BrowserPoolOptions browser_options;
      browser_options.browser = *browser;
      browser_options.browsers = std::max<std::size_t>(1, std::min<std::size_t>(options.jobs, 2));
      browser_options.sandbox = sandbox.sandbox;
      browsers = std::make_unique<render::BrowserPool>(std::move(browser_options));
    } else if (settings.render == render::RenderMode::always) {
      std::cerr << "pagemd batch: --render always needs chromium-headless-shell"
                << (browser ? " and user namespaces for its sandbox, which this system forbids"
                            : ", which is not installed")
                << "\n";
      return core::kExitPageFailed;
    } else if (browser) {
      std::cerr << "pagemd batch: pages are not rendered: the browser's sandbox needs user namespaces, which this "
                   "system forbids\n";
    }
  }
  const convert::Rendering rendering{browsers.get(), browsers ? &fetcher : nullptr};
  batch::BatchRunner runner(settings, fetcher, converter, rendering);

  const bool terminal = ::isatty(STDERR_FILENO) == 1;
  const batch::ColorMode color = color_mode();
  const std::size_t width = terminal_width();
  const auto started = SteadyClock::now();
  const auto elapsed = [&] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - started);
  };
  batch::RedrawThrottle throttle;
  bool drew = false;
  const auto on_progress = [&](const batch::BatchProgress& progress) {
    if (!terminal || (!throttle.due(SteadyClock::now()) && progress.done != progress.total)) return;
    std::cerr << '\r' << batch::format_progress(progress, elapsed(), color, width - 1) << "\x1b[K" << std::flush;
    drew = true;
  };

  core::Result<batch::BatchSummary> summary = core::unexpected(core::ErrorCode::internal, "not run");
  {
    const InterruptWatch interrupts;
    summary = runner.run(batch::parse_url_list(list), interrupts.stop(), on_progress);
  }
  if (drew) std::cerr << '\n';
  if (!summary) {
    std::cerr << "pagemd batch: " << summary.error().message << '\n';
    return core::kExitOther;
  }
  if (summary->unsafe_manifest_files > 0) {
    std::cerr << "pagemd batch: " << summary->unsafe_manifest_files << " manifest line(s) named a file outside "
              << options.output_dir
              << "; nothing was written there and those URLs were converted again under fresh names\n";
  }
  std::cerr << batch::format_summary(*summary, elapsed()) << '\n';
  if (summary->interrupted) return core::kExitInterrupted;
  return summary->any_failed() ? core::kExitPageFailed : core::kExitOk;
}

}  // namespace pagemd::cli
