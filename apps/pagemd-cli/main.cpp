#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <cstring>
#include <exception>
#include <iostream>

#include "batch_command.hpp"
#include "client_session.hpp"
#include "completion_command.hpp"
#include "convert_command.hpp"
#include "crawl_command.hpp"
#include "discover_command.hpp"
#include "pagemd/convert/isolated_converter.hpp"
#include "pagemd/core/exit_codes.hpp"
#include "extract_command.hpp"
#include "keys_command.hpp"
#include "mcp_command.hpp"
#include "usage_command.hpp"
#include "version.hpp"

int main(int argc, char** argv) {
  using namespace pagemd::cli;
  if (argc == 2 && std::strcmp(argv[1], kConverterWorkerFlag) == 0) pagemd::convert::run_converter_worker();
  // The libraries' log lines are for the daemon's journal; the CLI reports through its own messages
  // and the batch manifest, so stderr stays one summary line in a cron mail. Setting the level here
  // also creates spdlog's registry on this thread, before any worker thread logs.
  spdlog::set_level(spdlog::level::off);
  CLI::App app{"pagemd: clean Markdown from web pages", "pagemd"};
  app.set_version_flag("--version", std::string("pagemd ") + PAGEMD_VERSION);
  app.require_subcommand(1);

  ClientGlobals globals;
  setup_client_globals(app, globals);
  ExtractCommandOptions extract_options;
  CLI::App& extract = setup_extract(app, extract_options);
  UsageOptions usage_options;
  CLI::App& usage = setup_usage(app, usage_options);
  KeysOptions keys_options;
  const KeysCommand keys = setup_keys(app, keys_options);
  ConvertCommandOptions convert_options;
  CLI::App& convert = setup_convert(app, convert_options);
  BatchOptions batch_options;
  CLI::App& batch = setup_batch(app, batch_options);
  DiscoverOptions discover_options;
  CLI::App& discover = setup_discover(app, discover_options);
  CrawlOptions crawl_options;
  CLI::App& crawl = setup_crawl(app, crawl_options);
  McpOptions mcp_options;
  CLI::App& mcp = setup_mcp(app, mcp_options);
  CompletionOptions completion_options;
  CLI::App& completion = setup_completion(app, completion_options);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e) == 0 ? pagemd::core::kExitOk : pagemd::core::kExitUsage;
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e) == 0 ? pagemd::core::kExitOk : pagemd::core::kExitUsage;
  } catch (const CLI::ParseError& e) {
    // CLI11 would exit with its own codes (100+); DESIGN.md fixes usage errors at 2.
    app.exit(e);
    return pagemd::core::kExitUsage;
  }

  try {
    if (extract.parsed()) return run_extract(extract_options, globals);
    if (usage.parsed()) return run_usage(usage_options, globals);
    if (keys.keys->parsed()) return run_keys(keys, keys_options, globals);
    if (convert.parsed()) return run_convert(convert_options);
    if (batch.parsed()) return run_batch(batch_options);
    if (discover.parsed()) return run_discover(discover_options);
    if (crawl.parsed()) return run_crawl(crawl_options);
    if (mcp.parsed()) return run_mcp(mcp_options, globals);
    if (completion.parsed()) return run_completion(completion_options, app);
  } catch (const std::exception& e) {
    std::cerr << "pagemd: internal error: " << e.what() << '\n';
    return pagemd::core::kExitOther;
  }
  return pagemd::core::kExitUsage;
}
