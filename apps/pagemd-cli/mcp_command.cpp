// `pagemd mcp`: pagemd's tools for agents over MCP's stdio transport, through the daemon or fetching here;
// either way a page is converted in a jailed worker process, as the daemon converts it, since an agent hands
// this server pages from anywhere.

#include "mcp_command.hpp"

#include <iostream>
#include <utility>
#include <variant>

#include "pagemd/convert/isolated_converter.hpp"
#include "pagemd/convert/page_converter.hpp"
#include "pagemd/convert/result_json.hpp"
#include "pagemd/core/exit_codes.hpp"
#include "pagemd/core/time.hpp"
#include "pagemd/discover/discoverer.hpp"
#include "pagemd/fetch/fetcher.hpp"
#include "pagemd/fetch/url.hpp"
#include "pagemd/mcp/stdio_server.hpp"
#include "pagemd/mcp/tool_results.hpp"
#include "version.hpp"

namespace pagemd::cli {
namespace {

using nlohmann::json;

// A failure as an error result's text.
std::string error_text(const core::Error& error) { return mcp::error_result(error).dump(); }

// The tool result of a page converted here.
std::string page_text(const convert::PageResult& result) { return mcp::page_result(convert::ResultText::of(result)); }

// The answer of convert_html, which converts here in either mode: nothing is fetched.
std::string convert_html(const mcp::ConvertHtmlArguments& arguments, convert::PageConverter& converter) {
  convert::Page page;
  page.body = arguments.html;
  page.url = arguments.base_url;
  auto extraction = converter.convert(std::move(page), {});
  if (!extraction) return error_text(extraction.error());
  return page_text(convert::PageResult{std::move(*extraction), core::format_rfc3339(std::chrono::system_clock::now()),
                                       arguments.base_url, std::nullopt});
}

// The tools through the daemon's REST API, with the key the other client commands use.
class DaemonTools final : public mcp::ToolRunner {
 public:
  DaemonTools(std::unique_ptr<client::ApiClient> client, convert::PageConverter& converter)
      : client_(std::move(client)), converter_(converter) {}

  std::string run(const mcp::ToolArguments& arguments) override {
    return std::visit([this](const auto& call) { return run_one(call); }, arguments);
  }

 private:
  std::string run_one(const mcp::ExtractArguments& arguments) {
    json request = {{"url", arguments.url}};
    if (arguments.max_age) request["max_age"] = *arguments.max_age;
    if (!arguments.include_selectors.empty()) request["include_selectors"] = arguments.include_selectors;
    if (!arguments.exclude_selectors.empty()) request["exclude_selectors"] = arguments.exclude_selectors;
    if (arguments.render) request["render"] = *arguments.render ? "always" : "never";
    if (arguments.accept_walls) request["accept_walls"] = true;
    const client::Reply reply = client_->extract_with(request);
    return mcp::result_from_answer(reply.http_status, reply.body, reply.retry_after, mcp::Answered::page);
  }
  std::string run_one(const mcp::ConvertHtmlArguments& arguments) { return convert_html(arguments, converter_); }
  std::string run_one(const mcp::DiscoverArguments&) {
    return error_text({core::ErrorCode::invalid_request, "discover runs with --local only"});
  }
  std::string run_one(const mcp::UsageArguments&) {
    const client::Reply reply = client_->usage();
    return mcp::result_from_answer(reply.http_status, reply.body, reply.retry_after, mcp::Answered::usage);
  }

  std::unique_ptr<client::ApiClient> client_;
  convert::PageConverter& converter_;
};

// The tools in this process: pages fetched with the same guard and limits as `pagemd batch`.
class LocalTools final : public mcp::ToolRunner {
 public:
  LocalTools(fetch::AddressPolicy policy, convert::PageConverter& converter)
      : policy_(std::move(policy)),
        fetcher_(fetch::FetchLimits{}, policy_, fetch::CurlFetcherOptions{}),
        converter_(converter) {}

  std::string run(const mcp::ToolArguments& arguments) override {
    return std::visit([this](const auto& call) { return run_one(call); }, arguments);
  }

 private:
  std::string run_one(const mcp::ExtractArguments& arguments) {
    auto url = fetch::parse_url(arguments.url, policy_);
    if (!url) return error_text(url.error());
    auto fetched = fetcher_.fetch(*url);
    if (!fetched) return error_text(fetched.error());
    const auto fetched_at = std::chrono::system_clock::now();
    std::string final_url = fetched->final_url;
    convert::ConvertOptions options;
    options.include_selectors = arguments.include_selectors;
    options.exclude_selectors = arguments.exclude_selectors;
    options.accept_walls = arguments.accept_walls;
    auto extraction = converter_.convert(convert::page_from_fetch(std::move(*fetched)), options);
    if (!extraction) return error_text(extraction.error());
    return page_text(convert::PageResult{std::move(*extraction), core::format_rfc3339(fetched_at), std::move(final_url),
                                         std::nullopt});
  }
  std::string run_one(const mcp::ConvertHtmlArguments& arguments) { return convert_html(arguments, converter_); }
  std::string run_one(const mcp::UsageArguments&) {
    return error_text({core::ErrorCode::invalid_request, "usage needs the daemon; this server runs with --local"});
  }
  // The URLs of a site, found as `pagemd discover` finds them; what went wrong on the way is in `warnings`.
  std::string run_one(const mcp::DiscoverArguments& arguments) {
    discover::DiscoverSettings settings;
    settings.from = discover::parse_from(arguments.from).value_or(discover::From::automatic);
    settings.max = arguments.max;
    settings.policy = policy_;
    std::vector<std::string> warnings;
    auto found = discover::Discoverer(settings, fetcher_).run(arguments.url, [&warnings](const std::string& warning) {
      warnings.push_back(warning);
    });
    if (!found) return error_text(found.error());
    if (found->urls.empty()) {
      std::string why = "no URLs found";
      for (const std::string& warning : warnings) why += "; " + warning;
      return error_text({core::ErrorCode::fetch_failed, why});
    }
    json urls = json::array();
    for (const discover::DiscoveredUrl& url : found->urls) {
      urls.push_back({{"url", url.url},
                      {"lastmod", url.lastmod.empty() ? json() : json(url.lastmod)},
                      {"source", discover::to_string(url.source)}});
    }
    return mcp::url_list_result(urls, warnings).dump();
  }

  fetch::AddressPolicy policy_;
  fetch::CurlFetcher fetcher_;
  convert::PageConverter& converter_;
};

// One worker: the server answers one message at a time. Its limits are the daemon's defaults.
std::unique_ptr<convert::IsolatedConverter> start_converter() {
  convert::IsolationLimits limits;
  limits.processes = 1;
  auto converter = convert::IsolatedConverter::start({"/proc/self/exe", kConverterWorkerFlag}, limits);
  if (!converter) {
    std::cerr << "pagemd mcp: " << converter.error().message << '\n';
    return nullptr;
  }
  return std::move(*converter);
}

}  // namespace

CLI::App& setup_mcp(CLI::App& app, McpOptions& options) {
  CLI::App* mcp = app.add_subcommand("mcp", "Serve pagemd's tools to an agent over MCP on stdin/stdout");
  mcp->add_flag("--local", options.local,
                "Fetch pages here instead of through the daemon (a jailed worker process converts them)");
  mcp->add_option("--allow-private-targets", options.allow_private_targets,
                  "With --local, allow fetching from these non-public networks (CIDR[,CIDR...])")
      ->delimiter(',');
  return *mcp;
}

int run_mcp(const McpOptions& options, const ClientGlobals& globals) {
  std::ios::sync_with_stdio(false);
  const mcp::Dispatcher dispatcher(PAGEMD_VERSION, options.local);
  if (options.local) {
    auto policy = fetch::AddressPolicy::from_cidrs(options.allow_private_targets);
    if (!policy) {
      std::cerr << "pagemd mcp: --allow-private-targets: " << policy.error().message << '\n';
      return core::kExitUsage;
    }
    auto converter = start_converter();
    if (!converter) return core::kExitOther;
    LocalTools tools(*policy, *converter);
    mcp::serve_stdio(std::cin, std::cout, dispatcher, tools);
    return core::kExitOk;
  }
  if (!options.allow_private_targets.empty()) {
    std::cerr << "pagemd mcp: --allow-private-targets needs --local (the daemon has its own allow list)\n";
    return core::kExitUsage;
  }
  // An agent is told of a per-minute limit at once, with its retry time, rather than kept waiting.
  ClientGlobals no_retries = globals;
  no_retries.retries = 0;
  auto client = open_client(no_retries);
  if (!client) return core::kExitAuth;
  auto converter = start_converter();
  if (!converter) return core::kExitOther;
  DaemonTools tools(std::move(client), *converter);
  mcp::serve_stdio(std::cin, std::cout, dispatcher, tools);
  return core::kExitOk;
}

}  // namespace pagemd::cli
