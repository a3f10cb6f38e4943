#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "pdf_limit_options.hpp"

namespace pagemd::cli {

struct BatchOptions {
  std::string input;  // a file, or "-" for stdin
  std::string output_dir;
  std::size_t jobs = 8;
  double delay_seconds = 0;
  std::vector<std::string> allow_private_targets;
  bool ignore_robots = false;
  bool retry_failed = false;
  bool force = false;
  std::string render = "auto";  // auto, always or never
  bool accept_walls = false;    // convert walls as they are (--accept-walls)
  PdfLimitOptions pdf_limits;
};

// Registers `batch -i FILE|- -o DIR [...]` on the app.
CLI::App& setup_batch(CLI::App& app, BatchOptions& options);
// Returns 0, 5 when a URL of the list stands failed, 130 after SIGINT/SIGTERM, 1 when DIR is locked by
// another run or cannot be used.
int run_batch(const BatchOptions& options);

}  // namespace pagemd::cli
