#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace pagemd::cli {

struct CompletionOptions {
  std::string shell;  // bash, zsh or fish
};

// Registers `completion bash|zsh|fish` on the app.
CLI::App& setup_completion(CLI::App& app, CompletionOptions& options);
// Prints the completion script for the shell, generated from `root`'s command tree (subcommands,
// options, and what their values are: FILE and DIR types complete paths, {a,b} choices the words).
// Returns the exit status.
int run_completion(const CompletionOptions& options, const CLI::App& root);

}  // namespace pagemd::cli
