#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace pagemd::cli {

struct ConvertOptions {
  std::vector<std::string> inputs;  // files; empty or "-" = standard input
  std::string base_url;
  std::string output_dir;
  bool json = false;
  bool whole_body = false;
};

// Registers `convert` on the app; the options live as long as the returned reference's owner.
CLI::App& setup_convert(CLI::App& app, ConvertOptions& options);
// Returns the process exit status.
int run_convert(const ConvertOptions& options);

}  // namespace pagemd::cli
