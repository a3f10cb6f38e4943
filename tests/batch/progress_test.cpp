#include "pagemd/batch/progress.hpp"

#include <gtest/gtest.h>

namespace pagemd::batch {
namespace {

using std::chrono::milliseconds;

TEST(FormatProgress, ShowsBarCountsFailuresRateAndEta) {
  const std::string line = format_progress(BatchProgress{100, 25, 2}, milliseconds{5000}, ColorMode::plain, 80);
  // 37 cells fill the 80 columns; a quarter of them is 9.
  EXPECT_EQ(line, std::string("[").append(9, '#').append(28, '-').append("]  25/100  2 failed  5.0 pages/s  ETA 0:15"));
  EXPECT_EQ(line.size(), 80U);
}

TEST(FormatProgress, NoRateBeforeTheFirstPageAndRedFailuresOnlyWithColor) {
  EXPECT_EQ(format_progress(BatchProgress{10, 0, 0}, milliseconds{0}, ColorMode::ansi, 40),
            "[----------------------]  0/10  0 failed");
  const std::string red = format_progress(BatchProgress{10, 1, 1}, milliseconds{1000}, ColorMode::ansi, 200);
  EXPECT_NE(red.find("\x1b[31m1 failed\x1b[0m"), std::string::npos);
  EXPECT_EQ(format_progress(BatchProgress{10, 1, 1}, milliseconds{1000}, ColorMode::plain, 200).find('\x1b'),
            std::string::npos);
}

TEST(FormatProgress, ANarrowTerminalDropsTheBar) {
  EXPECT_EQ(format_progress(BatchProgress{10, 5, 0}, milliseconds{5000}, ColorMode::plain, 30),
            "5/10  0 failed  1.0 pages/s  ETA 0:05");
  EXPECT_EQ(format_progress(BatchProgress{7200, 1, 0}, milliseconds{1000}, ColorMode::plain, 10),
            "1/7200  0 failed  1.0 pages/s  ETA 1:59:59");
}

TEST(FormatSummary, CountsEverythingOnOneLine) {
  BatchSummary summary;
  summary.listed = 100;
  summary.ok = 95;
  summary.failed = 3;
  summary.skipped = 2;
  summary.skipped_failures = 1;
  EXPECT_EQ(format_summary(summary, milliseconds{3200}),
            "pagemd batch: 100 URLs, 95 converted, 3 failed, 2 already done (1 of them failed) in 3.2 s, 30.6 pages/s");
  summary.interrupted = true;
  summary.skipped = 0;
  EXPECT_TRUE(format_summary(summary, milliseconds{0}).ends_with("3 failed in 0.0 s, interrupted"));
}

TEST(RedrawThrottle, AtMostFiveRedrawsASecond) {
  RedrawThrottle throttle;
  const RedrawThrottle::TimePoint t0{};
  int redraws = 0;
  for (int ms = 0; ms < 1000; ms += 10) redraws += throttle.due(t0 + milliseconds{ms}) ? 1 : 0;
  EXPECT_EQ(redraws, 5);
  EXPECT_TRUE(throttle.due(t0 + milliseconds{1000}));
  EXPECT_FALSE(throttle.due(t0 + milliseconds{1199}));
}

}  // namespace
}  // namespace pagemd::batch
