#pragma once

#include <CLI/CLI.hpp>

#include <optional>

namespace pagemd::apps {

// Parses the command line. Returns the status to exit with when parsing ends the program: 0 after
// --help or --version, `usage_status` after an error (CLI11's own codes are 100+, while both programs
// document 2). Returns nothing when the program should go on.
inline std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv, int usage_status) {
  try {
    app.parse(argc, argv);
    return std::nullopt;
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : usage_status;
  }
}

}  // namespace pagemd::apps
