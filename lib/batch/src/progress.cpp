#include "pagemd/batch/progress.hpp"

#include <cmath>
#include <cstdio>

namespace pagemd::batch {
namespace {

std::string fixed1(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", value);
  return buffer;
}

std::string clock_text(long long seconds) {
  char buffer[32];
  if (seconds >= 3600) {
    std::snprintf(buffer, sizeof buffer, "%lld:%02lld:%02lld", seconds / 3600, seconds / 60 % 60, seconds % 60);
  } else {
    std::snprintf(buffer, sizeof buffer, "%lld:%02lld", seconds / 60, seconds % 60);
  }
  return buffer;
}

double seconds_of(std::chrono::milliseconds elapsed) { return static_cast<double>(elapsed.count()) / 1000.0; }

}  // namespace

std::string format_progress(const BatchProgress& progress, std::chrono::milliseconds elapsed, ColorMode color,
                            std::size_t width) {
  std::string counts = std::to_string(progress.done) + "/" + std::to_string(progress.total);
  std::string failed_text = std::to_string(progress.failed) + " failed";
  std::size_t visible = counts.size() + 2 + failed_text.size();
  if (color == ColorMode::ansi && progress.failed > 0) failed_text = "\x1b[31m" + failed_text + "\x1b[0m";
  std::string tail = counts + "  " + failed_text;
  const double seconds = seconds_of(elapsed);
  if (progress.done > 0 && seconds > 0) {
    const double rate = static_cast<double>(progress.done) / seconds;
    const auto left = std::llround(static_cast<double>(progress.total - progress.done) / rate);
    const std::string timing = "  " + fixed1(rate) + " pages/s  ETA " + clock_text(left);
    tail += timing;
    visible += timing.size();
  }
  // "[" + bar + "]  " before the counts, when at least 10 cells of bar fit.
  if (width < visible + 4 + 10) return tail;
  const std::size_t cells = std::min<std::size_t>(40, width - visible - 4);
  const std::size_t filled = progress.total == 0 ? cells : cells * progress.done / progress.total;
  std::string line = "[";
  line.append(filled, '#').append(cells - filled, '-').append("]  ").append(tail);
  return line;
}

std::string format_summary(const BatchSummary& summary, std::chrono::milliseconds elapsed, std::string_view command) {
  const std::size_t finished = summary.ok + summary.failed;
  std::string line = "pagemd " + std::string(command) + ": " + std::to_string(summary.listed) + " URLs, " +
                     std::to_string(summary.ok) + " converted, " + std::to_string(summary.failed) + " failed";
  if (summary.skipped > 0) {
    line += ", " + std::to_string(summary.skipped) + " already done";
    if (summary.skipped_failures > 0) line += " (" + std::to_string(summary.skipped_failures) + " of them failed)";
  }
  const double seconds = seconds_of(elapsed);
  line += " in " + fixed1(seconds) + " s";
  if (finished > 0 && seconds > 0) line += ", " + fixed1(static_cast<double>(finished) / seconds) + " pages/s";
  if (summary.interrupted) line += ", interrupted";
  return line;
}

bool RedrawThrottle::due(TimePoint now) {
  if (last_ && now - *last_ < interval_) return false;
  last_ = now;
  return true;
}

}  // namespace pagemd::batch
