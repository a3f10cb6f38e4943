#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "pdf_limit_options.hpp"

namespace pagemd::cli {

struct ConvertCommandOptions {
  std::vector<std::string> inputs;  // files; empty or "-" = standard input
  std::string base_url;
  std::string output_dir;
  bool json = false;
  bool whole_body = false;
  bool plain_text = false;    // every input is text, not only *.txt files
  bool accept_walls = false;  // convert walls as they are (--accept-walls)
  PdfLimitOptions pdf_limits;
};

// Registers `convert` on the app; the options live as long as the returned reference's owner.
CLI::App& setup_convert(CLI::App& app, ConvertCommandOptions& options);
// Returns the process exit status.
int run_convert(const ConvertCommandOptions& options);

}  // namespace pagemd::cli
