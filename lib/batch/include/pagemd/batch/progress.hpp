#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "pagemd/batch/batch_runner.hpp"

namespace pagemd::batch {

enum class ColorMode { plain, ansi };

// The one-line progress bar of a terminal, without the leading '\r' or trailing erase:
// "[#####-----]  37/100  2 failed  5.1 pages/s  ETA 0:12", fitted into `width` columns (the bar
// shrinks; at least the counts are shown). Rate and ETA appear once something is done. With
// ColorMode::ansi a non-zero failure count is red.
[[nodiscard]] std::string format_progress(const BatchProgress& progress, std::chrono::milliseconds elapsed,
                                          ColorMode color, std::size_t width);

// The line printed at the end: "pagemd batch: 100 URLs, 95 converted, 3 failed, 2 already done
// (1 of them failed) in 3.2 s, 31.3 pages/s", plus ", interrupted" after a stop; `command` names the
// subcommand ("crawl" for a crawl).
[[nodiscard]] std::string format_summary(const BatchSummary& summary, std::chrono::milliseconds elapsed,
                                         std::string_view command = "batch");

// Lets a redraw through at most once per `interval` (5 a second by default); time is passed in.
class RedrawThrottle {
 public:
  using TimePoint = std::chrono::steady_clock::time_point;
  explicit RedrawThrottle(std::chrono::milliseconds interval = std::chrono::milliseconds{200}) : interval_(interval) {}
  // True when a redraw at `now` is allowed (and counts it as done).
  [[nodiscard]] bool due(TimePoint now);

 private:
  std::chrono::milliseconds interval_;
  std::optional<TimePoint> last_;
};

}  // namespace pagemd::batch
