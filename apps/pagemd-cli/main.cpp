#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>

#include "convert_command.hpp"
#include "exit_codes.hpp"
#include "version.hpp"

int main(int argc, char** argv) {
  using namespace pagemd::cli;
  CLI::App app{"pagemd: clean Markdown from web pages", "pagemd"};
  app.set_version_flag("--version", std::string("pagemd ") + PAGEMD_VERSION);
  app.require_subcommand(1);

  ConvertOptions convert_options;
  CLI::App& convert = setup_convert(app, convert_options);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e) == 0 ? kExitOk : kExitUsage;
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e) == 0 ? kExitOk : kExitUsage;
  } catch (const CLI::ParseError& e) {
    // CLI11 would exit with its own codes (100+); DESIGN.md fixes usage errors at 2.
    app.exit(e);
    return kExitUsage;
  }

  try {
    if (convert.parsed()) return run_convert(convert_options);
  } catch (const std::exception& e) {
    std::cerr << "pagemd: internal error: " << e.what() << '\n';
    return kExitOther;
  }
  return kExitUsage;
}
