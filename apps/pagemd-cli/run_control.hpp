#pragma once

#include <signal.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include "pagemd/batch/progress.hpp"
#include "pagemd/render/browser_pool.hpp"

namespace pagemd::cli {

// SIGINT and SIGTERM are taken by a thread of their own (sigwait), so the first one can stop the run
// cleanly, which a signal handler could not do safely; a second one ends the process at once.
class InterruptWatch {
 public:
  // `command` names the run in the notice ("batch", "crawl").
  explicit InterruptWatch(std::string_view command);
  ~InterruptWatch();
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;

  [[nodiscard]] const std::atomic<bool>& stop() const { return stop_; }

 private:
  void watch();

  std::string notice_;
  sigset_t signals_{};
  sigset_t previous_{};
  std::atomic<bool> stop_{false};
  std::atomic<bool> done_{false};
  std::thread thread_;
};

// The progress bar of a run, redrawn on stderr when it is a terminal (at most 5 times a second and at
// the end); nothing otherwise.
class ProgressDisplay {
 public:
  ProgressDisplay();
  void show(const batch::BatchProgress& progress);
  // Ends the bar's line, if one was drawn.
  void finish();
  [[nodiscard]] std::chrono::milliseconds elapsed() const;

 private:
  bool terminal_;
  batch::ColorMode color_;
  std::size_t width_;
  std::chrono::steady_clock::time_point started_;
  batch::RedrawThrottle throttle_;
  bool drew_ = false;
};

// Columns of the terminal on stderr (80 when it does not say).
[[nodiscard]] std::size_t terminal_width();
// Plain when NO_COLOR is set or TERM is dumb.
[[nodiscard]] batch::ColorMode color_mode();

// The browsers a run renders pages with: none for RenderMode::never, or when no sandboxed browser can
// run and rendering is only automatic (said on stderr). nullopt when --render always cannot be had
// (said on stderr): the command exits 5.
[[nodiscard]] std::optional<std::unique_ptr<render::BrowserPool>> start_browsers(render::RenderMode mode,
                                                                                 std::size_t jobs,
                                                                                 std::string_view command);

}  // namespace pagemd::cli
