#include "serve_command.hpp"

#include "version.hpp"

#include <algorithm>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <thread>

#include <boost/asio/thread_pool.hpp>
#include <spdlog/spdlog.h>

#include "pagemd/api/router.hpp"
#include "pagemd/convert/isolated_converter.hpp"
#include "pagemd/fetch/upstream_fetcher.hpp"
#include "pagemd/render/browser_pool.hpp"
#include "pagemd/render/sandbox.hpp"
#include "pagemd/server/server.hpp"
#include "pagemd/store/sqlite_store.hpp"
#include "service_manager.hpp"
#include "state_store.hpp"

namespace pagemd::daemon {
namespace {

using namespace std::chrono_literals;

// Threads for cache misses, which mostly wait on upstreams and converter processes: many more than
// CPUs, and together with the upstream queue the bound on misses in progress.
constexpr unsigned kAutomaticWorkerThreads = 64;

// Threads for the handlers' own work (authentication, cache reads, counting): CPU and SQLite, never a
// long wait, so one per CPU. Each thread more is one more to wake and put to sleep: with two per CPU,
// the load bench spent about half again as much CPU time on each request, healthz and cached
// extract alike.
unsigned request_threads() { return std::max(2U, std::thread::hardware_concurrency()); }

// One I/O thread per CPU: with a single one, the whole machine's reads and writes wait on one core
// (the load bench answers about 30% more cached extracts a second with two on two cores).
unsigned io_threads() { return std::max(1U, std::thread::hardware_concurrency()); }
constexpr auto kCachePurgeInterval = 1h;

// What lives for the whole run, whatever SIGHUP changes.
struct Runtime {
  core::SystemClock clock;
  std::unique_ptr<store::Store> store;
  std::unique_ptr<auth::KeyService> keys;
  std::unique_ptr<convert::IsolatedConverter> converter;
  convert::IsolationLimits isolation;  // as the converter was started with
  api::Metrics metrics;
  std::shared_ptr<fetch::UpstreamLimiter> upstream_limiter;
  fetch::LimiterOptions upstream_limiter_options;
  std::unique_ptr<render::BrowserPool> browsers;  // none when rendering is off or there is no browser
};

// The fetchers and the extraction service over them, kept together so the service's references stay valid.
struct ExtractStack {
  std::shared_ptr<fetch::CurlFetcher> network;
  std::shared_ptr<fetch::Fetcher> fetcher;            // pages, through the global upstream limit
  std::shared_ptr<fetch::ResourceFetcher> resources;  // the browser's requests, through the same limit
  std::optional<convert::ExtractService> service;
};

// The browsers, if the configuration asks for them and one is installed. Rendering needs a restart to
// change: the browsers run for the daemon's whole life.
std::unique_ptr<render::BrowserPool> start_browsers(const server::DaemonConfig& config) {
  if (config.render_browser.empty()) {
    spdlog::info("rendering is off (render_browser is empty)");
    return nullptr;
  }
  const auto browser = render::find_browser(config.render_browser);
  if (!browser) {
    spdlog::warn("rendering is unavailable: no browser '{}' (install chromium-headless-shell)", config.render_browser);
    return nullptr;
  }
  render::BrowserPoolOptions options;
  options.browser = *browser;
  // At least two by default: with one, an account's share of the pool is all of it, and its slow
  // pages would hold every other account's renders until they time out.
  options.browsers = config.render_concurrency > 0 ? static_cast<std::size_t>(config.render_concurrency)
                                                   : std::max(2U, std::thread::hardware_concurrency() / 2);
  options.timeout = std::chrono::seconds{config.render_timeout};
  options.pages_per_browser = static_cast<std::size_t>(config.render_pages_per_browser);
  options.max_browser_bytes = static_cast<std::size_t>(config.render_memory_mib) * 1024 * 1024;
  options.share_among_accounts = true;
  options.failed_render_budget = std::chrono::seconds{config.render_failed_seconds_per_minute};
  const auto mode = render::parse_sandbox_mode(config.render_sandbox).value_or(render::SandboxMode::automatic);
  const render::SandboxDecision sandbox =
      render::decide_sandbox(mode, mode != render::SandboxMode::off && render::browser_sandbox_possible());
  if (!sandbox.warning.empty()) spdlog::warn("{}", sandbox.warning);
  if (!sandbox.render) return nullptr;
  options.sandbox = sandbox.sandbox;
  spdlog::info("rendering with {} ({} at once)", options.browser.string(), options.browsers);
  return std::make_unique<render::BrowserPool>(std::move(options));
}

fetch::LimiterOptions limiter_options(const server::DaemonConfig& config) {
  fetch::LimiterOptions options;
  options.starts_per_window = static_cast<std::size_t>(config.upstream_fetches_per_second);
  options.max_waiting = static_cast<std::size_t>(config.upstream_queue);
  return options;
}

// The settings a SIGHUP rebuilds. Stateful parts whose parameters did not change are carried over, so
// a reload neither forgets the per-minute windows nor grants a fresh burst of upstream fetches.
core::Result<std::shared_ptr<const api::ApiSettings>> build_settings(
    const server::DaemonConfig& config, Runtime& runtime, const std::shared_ptr<const api::ApiSettings>& previous) {
  auto policy = fetch::AddressPolicy::from_cidrs(config.allow_private_targets);
  if (!policy) return core::unexpected(policy.error());

  auto settings = std::make_shared<api::ApiSettings>(api::ApiSettings{
      nullptr, std::make_shared<fetch::RecentUrls>(*policy), nullptr, config.mcp_allowed_origins, PAGEMD_VERSION});
  if (previous && previous->rate_limiter) {
    const auto probe_limit = previous->rate_limiter->limit_per_minute();
    if (probe_limit == config.rate_limit_per_minute) settings->rate_limiter = previous->rate_limiter;
  }
  // On a database that several nodes share, the limits are kept in it, so that they hold across nodes.
  store::SlotBook* shared_book = runtime.store->shared_book();
  if (!settings->rate_limiter) {
    const ratelimit::RateLimiterOptions rate_options{config.rate_limit_per_minute};
    if (shared_book != nullptr) {
      settings->rate_limiter =
          std::make_shared<ratelimit::SharedRateLimiter>(*shared_book, runtime.clock, rate_options);
    } else {
      settings->rate_limiter = std::make_shared<ratelimit::RateLimiter>(runtime.clock, rate_options);
    }
  }

  const auto wanted_limiter = limiter_options(config);
  if (!runtime.upstream_limiter ||
      wanted_limiter.starts_per_window != runtime.upstream_limiter_options.starts_per_window ||
      wanted_limiter.max_waiting != runtime.upstream_limiter_options.max_waiting) {
    fetch::UpstreamLimiter::SharedBooking shared_starts;
    if (shared_book != nullptr) {
      const store::SlotRule rule{static_cast<std::int64_t>(wanted_limiter.starts_per_window), wanted_limiter.window};
      shared_starts = [shared_book, rule](
                          core::Clock::time_point now,
                          std::chrono::milliseconds max_delay) -> core::Result<std::optional<core::Clock::time_point>> {
        store::SlotRule within = rule;
        within.max_delay = max_delay;
        auto booking = shared_book->book("upstream", now, within);
        if (!booking) return core::unexpected(booking.error());
        if (!booking->booked) return std::optional<core::Clock::time_point>{};
        return std::optional<core::Clock::time_point>{booking->start};
      };
    }
    runtime.upstream_limiter = std::make_shared<fetch::UpstreamLimiter>(
        runtime.clock, wanted_limiter, fetch::UpstreamLimiter::Sleep{}, std::move(shared_starts));
    runtime.upstream_limiter_options = wanted_limiter;
  }

  fetch::FetchLimits limits;
  limits.connect_timeout = std::chrono::seconds{config.connect_timeout};
  limits.total_timeout = std::chrono::seconds{config.fetch_timeout};
  limits.max_body_bytes = static_cast<std::size_t>(config.max_page_bytes);
  limits.max_pdf_bytes = static_cast<std::size_t>(config.max_pdf_bytes);
  fetch::CurlFetcherOptions curl_options;
  curl_options.user_agent = config.user_agent;
  auto stack = std::make_shared<ExtractStack>();
  stack->network = std::make_shared<fetch::CurlFetcher>(limits, *policy, curl_options);
  stack->fetcher = std::make_shared<fetch::UpstreamFetcher>(stack->network, runtime.upstream_limiter);
  convert::ExtractLimits extract_limits;
  extract_limits.converter_slots = runtime.isolation.processes;
  extract_limits.converter_wait = std::chrono::seconds{config.extract_queue_seconds};
  extract_limits.max_result_bytes = static_cast<std::size_t>(runtime.isolation.max_result_bytes);
  extract_limits.max_pdf_bytes = static_cast<std::size_t>(config.max_pdf_bytes);
  extract_limits.max_pdf_pages = static_cast<std::size_t>(config.max_pdf_pages);
  stack->resources = std::make_shared<fetch::LimitedResourceFetcher>(stack->network, runtime.upstream_limiter);
  const convert::Rendering rendering{runtime.browsers.get(), runtime.browsers ? stack->resources.get() : nullptr};
  stack->service.emplace(
      *runtime.store, *stack->fetcher, *runtime.converter, runtime.clock, extract_limits,
      [&metrics = runtime.metrics](bool failed) { metrics.record_upstream_fetch(failed); }, rendering);
  settings->extractor = std::shared_ptr<convert::ExtractService>(stack, &*stack->service);
  return std::shared_ptr<const api::ApiSettings>(std::move(settings));
}

// Deletes expired cache rows in the background until stopped.
std::jthread start_cache_purger(store::Store& store, const core::Clock& clock) {
  return std::jthread([&store, &clock](const std::stop_token& stop) {
    std::mutex mutex;
    std::condition_variable_any wake;
    std::unique_lock lock(mutex);
    while (!wake.wait_for(lock, stop, kCachePurgeInterval, [] { return false; })) {
      if (stop.stop_requested()) return;
      if (auto purged = store.purge_expired_cache(clock.now()); !purged) {
        spdlog::warn("cache purge failed: {}", purged.error().message);
      } else if (*purged > 0) {
        spdlog::info("purged {} expired cache entries", *purged);
      }
    }
  });
}

}  // namespace

int run_serve(const ConfigSources& sources, const server::DaemonConfig& config) {
  Runtime runtime;
  store::SqliteOptions store_options;
  store_options.background_checkpoints = true;
  const StateLocation state{config.data_dir, config.database_url};
  auto store = open_state(state, runtime.clock, store_options);
  if (!store) {
    spdlog::critical("{}", store.error().message);
    return kExitFailure;
  }
  runtime.store = std::move(*store);
  auth::KeyServiceOptions key_options{config.max_keys_per_account};
  runtime.keys = std::make_unique<auth::KeyService>(*runtime.store, runtime.clock, key_options);

  convert::IsolationLimits& isolation = runtime.isolation;
  isolation.processes = static_cast<unsigned>(config.converter_processes);
  isolation.cpu_per_page = std::chrono::seconds{config.extract_cpu_seconds};
  isolation.memory_bytes = static_cast<std::size_t>(config.extract_memory_mib) * 1024 * 1024;
  isolation.max_result_bytes = static_cast<std::uint64_t>(config.max_result_bytes);
  auto converter = convert::IsolatedConverter::start({"/proc/self/exe", "--converter-worker"}, isolation);
  if (!converter) {
    spdlog::critical("{}", converter.error().message);
    return kExitFailure;
  }
  runtime.converter = std::move(*converter);
  runtime.browsers = start_browsers(config);
  if (runtime.browsers) runtime.metrics.observe_renders([&browsers = *runtime.browsers] { return browsers.stats(); });

  auto settings = build_settings(config, runtime, nullptr);
  if (!settings) {
    spdlog::critical("{}", settings.error().message);
    return kExitConfig;
  }
  boost::asio::thread_pool slow_work(config.worker_threads > 0 ? static_cast<std::size_t>(config.worker_threads)
                                                               : kAutomaticWorkerThreads);
  api::Router router(
      api::ApiServices{*runtime.store, *runtime.keys, runtime.metrics, runtime.clock, slow_work.get_executor()},
      *settings);

  const auto listen = server::parse_listen(config.listen);
  server::ServerOptions options;
  options.host = listen->first;
  options.port = listen->second;
  options.max_connections = static_cast<std::size_t>(config.max_connections);
  options.max_connections_per_address = static_cast<std::size_t>(config.max_connections_per_address);
  options.large_body_paths = {"/mcp"};  // convert_html brings a whole page
  options.max_large_body_bytes = static_cast<std::size_t>(config.mcp_max_body_bytes);
  options.request_threads = request_threads();
  options.io_threads = io_threads();
  auto server = server::Server::listen(options, router, runtime.metrics);
  if (!server) {
    spdlog::critical("{}", server.error().message);
    return kExitFailure;
  }

  auto purger = start_cache_purger(*runtime.store, runtime.clock);
  std::shared_ptr<const api::ApiSettings> current = *settings;
  server::Lifecycle lifecycle;
  lifecycle.on_ready = [&] {
    spdlog::info("pagemdd listening on {}:{}, state: {}", options.host, (*server)->port(), describe(state));
    notify_service_manager("READY=1\nSTATUS=Serving on " + config.listen);
  };
  lifecycle.on_stopping = [] { notify_service_manager("STOPPING=1\nSTATUS=Draining requests in flight"); };
  lifecycle.on_reload = [&] {
    notify_service_manager("RELOADING=1");
    auto reloaded = load_config(sources);
    if (!reloaded) {
      spdlog::error("reload refused, keeping the running settings: {}", reloaded.error().message);
    } else if (auto rebuilt = build_settings(*reloaded, runtime, current); !rebuilt) {
      spdlog::error("reload refused, keeping the running settings: {}", rebuilt.error().message);
    } else {
      spdlog::set_level(spdlog::level::from_str(reloaded->log_level));
      current = *rebuilt;
      router.update_settings(current);
      spdlog::info(
          "configuration reloaded (listen, data_dir, worker_threads, the converters' and the browsers' settings "
          "need a restart)");
    }
    notify_service_manager("READY=1");
  };
  if (const auto interval = watchdog_interval()) {
    lifecycle.tick_interval = *interval;
    lifecycle.on_tick = [] { notify_service_manager("WATCHDOG=1"); };
  }

  const bool drained = (*server)->run(lifecycle);
  spdlog::info(drained ? "stopped" : "stopped before every request finished");
  spdlog::default_logger()->flush();
  if (!drained) {
    // Requests still running hold worker threads that would keep the process alive; every committed
    // count is already on disk, so leaving now loses nothing.
    std::_Exit(kExitOk);
  }
  return kExitOk;
}

}  // namespace pagemd::daemon
