#include "pagemd/render/browser_pool.hpp"

#include <unistd.h>

#include <cstdlib>

#include <spdlog/spdlog.h>

#include "browser/browser_memory.hpp"
#include "browser/browser_process.hpp"
#include "page_render.hpp"

namespace pagemd::render {

constexpr std::size_t kMiB = std::size_t{1024} * 1024;

struct BrowserPool::Slot {
  std::unique_ptr<detail::BrowserProcess> browser;
  std::size_t pages = 0;
  bool busy = false;
  bool crashed = false;  // the last browser of this slot died or hung: the next start is a restart
};

std::optional<RenderMode> parse_render_mode(std::string_view name) noexcept {
  if (name == "auto") return RenderMode::automatic;
  if (name == "always") return RenderMode::always;
  if (name == "never") return RenderMode::never;
  return std::nullopt;
}

std::string_view to_string(RenderMode mode) noexcept {
  switch (mode) {
    case RenderMode::automatic: return "auto";
    case RenderMode::always: return "always";
    case RenderMode::never: return "never";
  }
  return "auto";
}

std::optional<std::filesystem::path> find_browser(std::string_view configured) {
  const std::string_view name = configured.empty() ? "chromium-headless-shell" : configured;
  if (name.find('/') != std::string_view::npos) {
    if (::access(std::string(name).c_str(), X_OK) == 0) return std::filesystem::path(name);
    return std::nullopt;
  }
  const char* path = std::getenv("PATH");
  std::string_view dirs = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
  while (!dirs.empty()) {
    const std::size_t colon = std::min(dirs.find(':'), dirs.size());
    const std::filesystem::path candidate = std::filesystem::path(dirs.substr(0, colon)) / name;
    if (colon > 0 && ::access(candidate.c_str(), X_OK) == 0) return candidate;
    dirs.remove_prefix(std::min(colon + 1, dirs.size()));
  }
  return std::nullopt;
}

BrowserPool::BrowserPool(BrowserPoolOptions options)
    : options_(std::move(options)), failure_budget_(options_.failed_render_budget, options_.failed_render_window) {
  for (std::size_t i = 0; i < std::max<std::size_t>(options_.browsers, 1); ++i) {
    slots_.push_back(std::make_unique<Slot>());
  }
  // A turn of the share is waited for as long as a free browser is (take_slot).
  if (options_.share_among_accounts) share_.emplace(slots_.size(), options_.timeout, "browser");
}

BrowserPool::~BrowserPool() = default;

BrowserPool::Slot* BrowserPool::take_slot() {
  std::unique_lock lock(mutex_);
  Slot* free = nullptr;
  const auto find_free = [&] {
    // A warm browser first: starting one costs a few hundred milliseconds.
    for (const auto& slot : slots_) {
      if (!slot->busy && slot->browser) free = slot.get();
    }
    for (const auto& slot : slots_) {
      if (free == nullptr && !slot->busy) free = slot.get();
    }
    return free != nullptr;
  };
  if (!slot_free_.wait_for(lock, options_.timeout, find_free)) return nullptr;
  free->busy = true;
  return free;
}

void BrowserPool::give_back(Slot* slot) {
  {
    const std::lock_guard lock(mutex_);
    slot->busy = false;
  }
  slot_free_.notify_one();
}

std::optional<core::Error> BrowserPool::refusal(std::string_view account_id) {
  const auto wait = failure_budget_.wait_before_spending(account_id, std::chrono::steady_clock::now());
  if (!wait) return std::nullopt;
  // Asked just before a render would start (by render() or, for a render the request insists on,
  // before the page is fetched), so each refused request is counted once.
  ++refused_;
  const auto seconds = std::max<std::chrono::seconds::rep>(
      1, std::chrono::ceil<std::chrono::seconds>(*wait).count());  // a client that waits them gets in
  core::Error refused{
      core::ErrorCode::render_budget_exceeded,
      "This account's failed renders took its " +
          std::to_string(std::chrono::ceil<std::chrono::seconds>(options_.failed_render_budget).count()) +
          " s of browser time for the last " +
          std::to_string(std::chrono::ceil<std::chrono::seconds>(options_.failed_render_window).count()) +
          " s; renders are refused for " + std::to_string(seconds) + " s."};
  refused.retry_after = std::chrono::seconds{seconds};
  return refused;
}

core::Result<RenderedPage> BrowserPool::render(const fetch::FetchedPage& document, const RenderRequest& request,
                                               fetch::ResourceFetcher& resources) {
  if (auto refused = refusal(request.account_id)) return core::unexpected(std::move(*refused));
  std::optional<core::FairShare::Turn> turn;
  if (share_) {
    auto entered = share_->enter(request.account_id);
    if (!entered) {
      ++failed_;
      return core::unexpected(entered.error());
    }
    turn.emplace(std::move(*entered));
  }
  Slot* slot = take_slot();
  if (slot == nullptr) {
    ++failed_;
    return core::unexpected(core::ErrorCode::busy, "Every browser stayed busy; try again later.");
  }
  const auto start = std::chrono::steady_clock::now();
  if (!slot->browser) {
    detail::BrowserLaunch launch{options_.browser, options_.sandbox, options_.jitless};
    launch.heap_limit_mib = std::max<std::size_t>(options_.max_browser_bytes / 2 / kMiB, 16);
    auto started = detail::BrowserProcess::start(launch);
    core::Result<void> prepared = started ? detail::prepare_browser((*started)->pipe()) : core::Result<void>{};
    if (!started || !prepared) {
      const core::Error error = started ? prepared.error() : started.error();
      spdlog::error("render: cannot start the browser: {}", error.message);
      give_back(slot);
      ++failed_;
      return core::unexpected(core::ErrorCode::render_unavailable, "The browser could not be started.");
    }
    slot->browser = std::move(*started);
    slot->pages = 0;
    ++starts_;
    if (std::exchange(slot->crashed, false)) ++restarts_;
  }

  const detail::PageBudget budget{options_.timeout,   options_.network_quiet, options_.max_requests,
                                  options_.max_bytes, options_.fetch_media,   6};
  detail::MemoryWatchdog watchdog(*slot->browser, options_.max_browser_bytes);
  detail::PageOutcome outcome = detail::render_page(slot->browser->pipe(), document, request, resources, budget);
  watchdog.stop();
  ++slot->pages;
  if (watchdog.tripped()) {
    spdlog::warn("render: {} took more than {} MiB in the browser, which was stopped", document.final_url,
                 options_.max_browser_bytes / kMiB);
    outcome.page = core::unexpected(core::ErrorCode::unsupported_content,
                                    "The page took more memory in the browser than it may have (" +
                                        std::to_string(options_.max_browser_bytes / kMiB) + " MiB).");
    slot->browser.reset();
    slot->crashed = true;
  } else if (!outcome.browser_usable) {
    spdlog::warn("render: the browser broke or hung on {}; it is replaced", document.final_url);
    slot->browser.reset();
    slot->crashed = true;
  } else if (slot->pages >= options_.pages_per_browser || slot->browser->resident_bytes() > recycle_bytes()) {
    slot->browser.reset();
    ++recycles_;
  }
  give_back(slot);

  const auto end = std::chrono::steady_clock::now();
  const auto held = std::chrono::duration_cast<std::chrono::milliseconds>(end - start);
  milliseconds_ += static_cast<std::uint64_t>(held.count());
  if (!outcome.page) {
    ++failed_;
    // A failure answers nothing and counts no page: what it cost is booked to the account instead.
    failure_budget_.charge(request.account_id, held, end);
    return core::unexpected(outcome.page.error());
  }
  ++rendered_;
  if (outcome.page->cut_short) ++cut_short_;
  return std::move(*outcome.page);
}

std::size_t BrowserPool::recycle_bytes() const {
  return options_.recycle_browser_bytes > 0 ? options_.recycle_browser_bytes : options_.max_browser_bytes / 4 * 3;
}

RenderStats BrowserPool::stats() const {
  return RenderStats{rendered_, cut_short_, failed_, refused_, milliseconds_, starts_, restarts_, recycles_};
}

std::vector<BrowserPool::RunningBrowser> BrowserPool::idle_browsers() const {
  const std::lock_guard lock(mutex_);
  std::vector<RunningBrowser> running;
  for (const auto& slot : slots_) {
    if (slot->browser && !slot->busy) running.push_back({slot->browser->pid(), slot->browser->resident_bytes()});
  }
  return running;
}

}  // namespace pagemd::render
