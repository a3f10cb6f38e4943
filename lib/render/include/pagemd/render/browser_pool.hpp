#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

#include "pagemd/core/fair_share.hpp"
#include "pagemd/core/time_budget.hpp"
#include "pagemd/render/renderer.hpp"

namespace pagemd::render {

struct BrowserPoolOptions {
  std::filesystem::path browser;              // the chromium-headless-shell executable
  std::size_t browsers = 1;                   // pages rendered at once, one browser process each
  std::chrono::milliseconds timeout{15'000};  // per page, also the longest wait for a free browser
  std::chrono::milliseconds network_quiet{500};
  std::size_t pages_per_browser = 100;  // then the browser is replaced
  // Resident, all its processes summed. While a page renders, a browser past it is killed and the
  // page fails (unsupported_content); V8's heaps are each held to half of it.
  std::size_t max_browser_bytes = std::size_t{1024} * 1024 * 1024;
  // After a page, a browser holding more is replaced, before it comes near the bound in a later
  // page; 0: three quarters of max_browser_bytes.
  std::size_t recycle_browser_bytes = 0;
  std::size_t max_requests = 100;                         // per page, besides the document
  std::size_t max_bytes = std::size_t{20} * 1024 * 1024;  // per page
  bool fetch_media = false;
  bool sandbox = true;  // see BrowserLaunch
  bool jitless = true;
  // Each account (RenderRequest::account_id) may hold at most half the browsers (see core::FairShare),
  // so that one account's slow pages leave the others some. Off for a single user (`pagemd batch`).
  bool share_among_accounts = false;
  // The browser time an account's failed renders may take in any rolling `failed_render_window`;
  // past it the account's renders are refused (render_budget_exceeded) until the time leaves the
  // window. 0: no bound.
  std::chrono::milliseconds failed_render_budget{0};
  std::chrono::milliseconds failed_render_window{60'000};
};

// Counters for /metrics; monotonic since start.
struct RenderStats {
  std::uint64_t rendered = 0;      // pages read back from the browser (cut short ones included)
  std::uint64_t cut_short = 0;     // of those, read when the time bound passed
  std::uint64_t failed = 0;        // renders that gave an error
  std::uint64_t refused = 0;       // renders refused before they took a browser: their account's failures used its time
  std::uint64_t milliseconds = 0;  // summed duration of all renders
  std::uint64_t browser_starts = 0;
  std::uint64_t browser_restarts = 0;  // starts after a browser crashed or hung
  std::uint64_t browser_recycles = 0;  // browsers replaced after their page count or memory bound
};

// The chromium-headless-shell to use: `configured` when it is a path, else found on PATH
// ("chromium-headless-shell"); nullopt when there is none (rendering is then unavailable).
[[nodiscard]] std::optional<std::filesystem::path> find_browser(std::string_view configured);

// Whether the browser's own sandbox can work here: it needs user namespaces, which a confining unit
// (RestrictNamespaces=), a container or the kernel may forbid. As root the question is asked for
// nobody, whom the browser then runs as: never as root, with its sandbox where there can be one.
[[nodiscard]] bool browser_sandbox_possible();

// A few browser processes, started when first needed and kept warm, each rendering one page at a
// time in a fresh browser context. A browser is replaced after `pages_per_browser` pages, past its
// memory bound, and after it crashes or hangs; a crash costs only the page it was rendering.
//
// Among accounts, see BrowserPoolOptions::share_among_accounts and failed_render_budget.
class BrowserPool final : public Renderer {
 public:
  explicit BrowserPool(BrowserPoolOptions options);
  ~BrowserPool() override;
  BrowserPool(const BrowserPool&) = delete;
  BrowserPool& operator=(const BrowserPool&) = delete;

  [[nodiscard]] core::Result<RenderedPage> render(const fetch::FetchedPage& document, const RenderRequest& request,
                                                  fetch::ResourceFetcher& resources) override;
  [[nodiscard]] std::optional<core::Error> refusal(std::string_view account_id) override;

  [[nodiscard]] RenderStats stats() const;
  struct RunningBrowser {
    int pid = 0;                     // the browser's main process, leader of its process group
    std::size_t resident_bytes = 0;  // all its processes
  };
  // The browsers started and not rendering right now (for the benchmark and the tests).
  [[nodiscard]] std::vector<RunningBrowser> idle_browsers() const;

 private:
  struct Slot;

  Slot* take_slot();
  void give_back(Slot* slot);
  [[nodiscard]] std::size_t recycle_bytes() const;

  BrowserPoolOptions options_;
  std::optional<core::FairShare> share_;
  core::TimeBudget failure_budget_;  // the browser time of each account's failed renders
  mutable std::mutex mutex_;
  std::condition_variable slot_free_;
  std::vector<std::unique_ptr<Slot>> slots_;

  std::atomic<std::uint64_t> rendered_{0};
  std::atomic<std::uint64_t> cut_short_{0};
  std::atomic<std::uint64_t> failed_{0};
  std::atomic<std::uint64_t> refused_{0};
  std::atomic<std::uint64_t> milliseconds_{0};
  std::atomic<std::uint64_t> starts_{0};
  std::atomic<std::uint64_t> restarts_{0};
  std::atomic<std::uint64_t> recycles_{0};
};

}  // namespace pagemd::render
