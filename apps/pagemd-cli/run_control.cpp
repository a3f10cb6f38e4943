#include "run_control.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>

#include "pagemd/core/exit_codes.hpp"
#include "pagemd/render/sandbox.hpp"

namespace pagemd::cli {

InterruptWatch::InterruptWatch(std::string_view command)
    : notice_("\npagemd " + std::string(command) +
              ": interrupted; finishing the URLs in flight (interrupt again to quit at once)\n") {
  sigemptyset(&signals_);
  sigaddset(&signals_, SIGINT);
  sigaddset(&signals_, SIGTERM);
  // Blocked before any other thread starts, so every thread inherits the mask.
  pthread_sigmask(SIG_BLOCK, &signals_, &previous_);
  thread_ = std::thread([this] { watch(); });
}

InterruptWatch::~InterruptWatch() {
  done_ = true;
  thread_.join();
  pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
}

void InterruptWatch::watch() {
  const timespec poll{0, 100'000'000};
  while (!done_) {
    if (sigtimedwait(&signals_, nullptr, &poll) < 0) continue;
    if (stop_.exchange(true)) _exit(core::kExitInterrupted);
    if (::write(STDERR_FILENO, notice_.data(), notice_.size()) < 0) {
      // stderr is gone; the interrupt still takes effect.
    }
  }
}

ProgressDisplay::ProgressDisplay()
    : terminal_(::isatty(STDERR_FILENO) == 1),
      color_(color_mode()),
      width_(terminal_width()),
      started_(std::chrono::steady_clock::now()) {}

void ProgressDisplay::show(const batch::BatchProgress& progress) {
  if (!terminal_ || (!throttle_.due(std::chrono::steady_clock::now()) && progress.done != progress.total)) return;
  std::cerr << '\r' << batch::format_progress(progress, elapsed(), color_, width_ - 1) << "\x1b[K" << std::flush;
  drew_ = true;
}

void ProgressDisplay::finish() {
  if (drew_) std::cerr << '\n';
  drew_ = false;
}

std::chrono::milliseconds ProgressDisplay::elapsed() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started_);
}

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

std::optional<std::unique_ptr<render::BrowserPool>> start_browsers(render::RenderMode mode, std::size_t jobs,
                                                                   std::string_view command) {
  std::unique_ptr<render::BrowserPool> browsers;
  if (mode == render::RenderMode::never) return browsers;
  const auto browser = render::find_browser({});
  const render::SandboxDecision sandbox =
      render::decide_sandbox(render::SandboxMode::automatic, browser && render::browser_sandbox_possible());
  if (browser && sandbox.render) {
    render::BrowserPoolOptions browser_options;
    browser_options.browser = *browser;
    browser_options.browsers = std::max<std::size_t>(1, std::min<std::size_t>(jobs, 2));
    browser_options.sandbox = sandbox.sandbox;
    browsers = std::make_unique<render::BrowserPool>(std::move(browser_options));
  } else if (mode == render::RenderMode::always) {
    std::cerr << "pagemd " << command << ": --render always needs chromium-headless-shell"
              << (browser ? " and user namespaces for its sandbox, which this system forbids"
                          : ", which is not installed")
              << "\n";
    return std::nullopt;
  } else if (browser) {
    std::cerr << "pagemd " << command
              << ": pages are not rendered: the browser's sandbox needs user namespaces, which this system forbids\n";
  }
  return browsers;
}

}  // namespace pagemd::cli
