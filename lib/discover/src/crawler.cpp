#include "pagemd/discover/crawler.hpp"

#include <nlohmann/json.hpp>

#include <deque>
#include <fstream>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "pagemd/batch/manifest.hpp"
#include "pagemd/core/atomic_file.hpp"
#include "pagemd/core/read_all.hpp"
#include "pagemd/discover/llms_txt.hpp"
#include "pagemd/extract/page_links.hpp"
#include "robots_book.hpp"

namespace pagemd::discover {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct PageInfo {
  std::string title;
  std::string description;
};

// What DIR/.pagemd-crawl.jsonl says, read back; lines cut short by a crash are skipped.
struct CrawlState {
  std::vector<std::pair<std::string, std::size_t>> queued;  // URL, depth; in the order handed out
  std::unordered_set<std::string> duplicates;
  std::unordered_set<std::string> aliases;
  std::unordered_map<std::string, PageInfo> pages;
};

CrawlState read_state(const fs::path& path) {
  CrawlState state;
  std::ifstream in(path, std::ios::binary);
  std::string line;
  while (std::getline(in, line)) {
    const json entry = json::parse(line, nullptr, false);
    if (!entry.is_object()) continue;
    const auto text = [&](const char* key) {
      const auto found = entry.find(key);
      return found != entry.end() && found->is_string() ? found->get<std::string>() : std::string();
    };
    if (entry.contains("queued") && entry.value("depth", json()).is_number_unsigned()) {
      state.queued.emplace_back(text("queued"), entry["depth"].get<std::size_t>());
    } else if (entry.contains("duplicate")) {
      state.duplicates.insert(text("duplicate"));
    } else if (entry.contains("alias")) {
      state.aliases.insert(text("alias"));
    } else if (entry.contains("page")) {
      state.pages[text("page")] = PageInfo{text("title"), text("description")};
    }
  }
  return state;
}

bool is_html(const fetch::FetchedPage& page) {
  return page.content_type == "text/html" || page.content_type == "application/xhtml+xml";
}

// The crawl's frontier: breadth first, each URL once, within the site, the globs, robots.txt, the
// depth and the page budget. Hands URLs to the batch run as budget allows, and records what it does
// in the state file so that a rerun goes on where this one stopped.
class Frontier final : public batch::LinkFollower {
 public:
  Frontier(const CrawlSettings& settings, const fetch::ParsedUrl& start, detail::RobotsBook& robots,
           std::ofstream& state_file)
      : settings_(settings),
        site_(start, settings.scope, settings.suffixes),
        filter_(settings.include, settings.exclude),
        robots_(robots),
        state_file_(state_file) {}

  void resume(const CrawlState& state) {
    for (const auto& [url, depth] : state.queued) {
      seen_.insert(url);
      depths_[url] = depth;
      if (!state.duplicates.contains(url)) {
        seeds_.push_back(url);
        ++handed_out_;
      }
    }
    for (const std::string& url : state.aliases) seen_.insert(url);
    for (const std::string& url : state.duplicates) seen_.insert(url);
    pages_ = state.pages;
  }

  // Adds a URL found before the run (the start page, the sitemap's pages) as a candidate at `depth`.
  void seed(const std::string& url, std::size_t depth) {
    const std::lock_guard lock(mutex_);
    consider(url, depth);
    hand_out(seeds_);
  }

  [[nodiscard]] std::vector<std::string> seeds() const { return seeds_; }

  FollowUp fetched(const std::string& url, const fetch::FetchedPage& page) override {
    const std::lock_guard lock(mutex_);
    FollowUp follow_up;
    const std::size_t depth = depths_.contains(url) ? depths_[url] : 0;
    extract::PageLinks links;
    if (is_html(page)) links = extract::read_page_links(page.body, page.final_url, page.charset);
    for (const std::string& other : {links.canonical_url, page.final_url}) {
      auto same = normalize_link(other, "", settings_.batch.policy);
      if (!same || same->normalized == url || !site_.contains(*same)) continue;
      if (seen_.contains(same->normalized)) {
        record({{"duplicate", url}, {"of", same->normalized}});
        ++duplicates_;
        --handed_out_;  // the budget is for pages converted, and this one is not
        follow_up.convert = false;
        hand_out(follow_up.more);
        return follow_up;
      }
      seen_.insert(same->normalized);
      record({{"alias", same->normalized}, {"of", url}});
    }
    pages_[url] = PageInfo{links.title, links.description};
    record({{"page", url}, {"title", links.title}, {"description", links.description}});
    if (depth < settings_.depth) {
      for (const std::string& link : links.links) consider(link, depth + 1);
    }
    hand_out(follow_up.more);
    return follow_up;
  }

  [[nodiscard]] std::size_t duplicates() const { return duplicates_; }
  [[nodiscard]] const std::unordered_map<std::string, PageInfo>& pages() const { return pages_; }

 private:
  void consider(const std::string& reference, std::size_t depth) {
    auto url = normalize_link(reference, "", settings_.batch.policy);
    if (!url || !site_.contains(*url) || !filter_.passes(url->normalized) || seen_.contains(url->normalized)) return;
    if (settings_.batch.robots == batch::RobotsMode::honour &&
        !robots_.of(*url).rules.allows(batch::path_of_url(url->normalized))) {
      return;
    }
    seen_.insert(url->normalized);
    depths_[url->normalized] = depth;
    candidates_.push_back(url->normalized);
  }

  void hand_out(std::vector<std::string>& into) {
    while (handed_out_ < settings_.max_pages && !candidates_.empty()) {
      std::string url = std::move(candidates_.front());
      candidates_.pop_front();
      record({{"queued", url}, {"depth", depths_[url]}});
      ++handed_out_;
      into.push_back(std::move(url));
    }
  }

  void record(const json& line) { state_file_ << line.dump() << '\n' << std::flush; }

  const CrawlSettings& settings_;
  Site site_;
  UrlFilter filter_;
  detail::RobotsBook& robots_;
  std::ofstream& state_file_;
  std::mutex mutex_;
  std::unordered_set<std::string> seen_;
  std::unordered_map<std::string, std::size_t> depths_;
  std::deque<std::string> candidates_;
  std::vector<std::string> seeds_;
  std::size_t handed_out_ = 0;
  std::size_t duplicates_ = 0;
  std::unordered_map<std::string, PageInfo> pages_;
};

core::Result<void> write_llms_files(const fs::path& dir, const std::string& start_url,
                                    const std::vector<std::string>& order, const Frontier& frontier) {
  auto manifest = batch::read_manifest(dir / batch::kManifestName);
  if (!manifest) return core::unexpected(manifest.error());
  std::vector<LlmsPage> pages;
  for (const std::string& url : order) {
    const auto entry = manifest->find(url);
    if (entry == manifest->end() || entry->second.status != batch::EntryStatus::ok) continue;
    LlmsPage page{url, entry->second.title, {}, {}};
    if (const auto info = frontier.pages().find(url); info != frontier.pages().end()) {
      page.description = info->second.description;
    }
    std::ifstream in(dir / entry->second.file, std::ios::binary);
    if (!in || !core::read_all(in, page.markdown)) {
      return core::unexpected(core::ErrorCode::internal, "cannot read " + (dir / entry->second.file).string());
    }
    pages.push_back(std::move(page));
  }
  std::string title = start_url;
  std::string description;
  if (const auto info = frontier.pages().find(start_url); info != frontier.pages().end()) {
    if (!info->second.title.empty()) title = info->second.title;
    description = info->second.description;
  }
  auto written = core::write_file_atomically(dir / "llms.txt", format_llms_txt(title, description, pages));
  if (!written) return written;
  return core::write_file_atomically(dir / "llms-full.txt", format_llms_full_txt(pages));
}

}  // namespace

Crawler::Crawler(CrawlSettings settings, fetch::Fetcher& pages, fetch::ResourceFetcher& resources,
                 convert::PageConverter& converter, convert::Rendering rendering)
    : settings_(std::move(settings)),
      pages_(pages),
      resources_(resources),
      converter_(converter),
      rendering_(rendering) {}

core::Result<CrawlSummary> Crawler::run(std::string_view start_url, const std::atomic<bool>& stop,
                                        const batch::BatchRunner::ProgressCallback& on_progress,
                                        const Discoverer::Warn& warn) {
  const batch::BatchSettings& batch_settings = settings_.batch;
  auto start = normalize_link(start_url, "", batch_settings.policy);
  if (!start) {
    auto why = fetch::parse_url(start_url, batch_settings.policy);
    if (!why) return core::unexpected(why.error());
    return core::unexpected(core::ErrorCode::invalid_url, "the start URL is no http(s) URL");
  }
  const fs::path& dir = batch_settings.output_dir;
  const fs::path state_path = dir / kCrawlStateName;
  CrawlState earlier = read_state(state_path);
  std::error_code ec;
  fs::create_directories(dir, ec);
  std::ofstream state_file(state_path, std::ios::app | std::ios::binary);
  if (!state_file) return core::unexpected(core::ErrorCode::internal, "cannot write " + state_path.string());

  detail::RobotsBook robots(resources_, batch_settings.policy, batch_settings.robots_agent, settings_.fetch_timeout,
                            warn);
  Frontier frontier(settings_, *start, robots, state_file);
  CrawlSummary summary;
  // --ignore-robots leaves robots.txt aside whole, its Crawl-delay too.
  std::optional<std::chrono::milliseconds> crawl_delay;
  if (batch_settings.robots == batch::RobotsMode::honour) crawl_delay = robots.of(*start).directives.crawl_delay;
  summary.delay = std::max(batch_settings.delay, crawl_delay.value_or(std::chrono::milliseconds{0}));
  if (!earlier.queued.empty()) {
    summary.resumed = true;
    frontier.resume(earlier);
  } else {
    frontier.seed(start->normalized, 0);
    if (settings_.depth > 0) {
      DiscoverSettings discover;
      discover.from = From::sitemap;
      discover.include = settings_.include;
      discover.exclude = settings_.exclude;
      discover.scope = settings_.scope;
      discover.suffixes = settings_.suffixes;
      discover.robots = batch_settings.robots;
      discover.robots_agent = batch_settings.robots_agent;
      discover.policy = batch_settings.policy;
      discover.fetch_timeout = settings_.fetch_timeout;
      auto found = Discoverer(discover, resources_).run(start->normalized, warn);
      if (found) {
        for (const DiscoveredUrl& url : found->urls) frontier.seed(url.url, 1);
      }
    }
  }

  batch::BatchSettings run_settings = batch_settings;
  run_settings.delay = summary.delay;
  batch::BatchRunner runner(run_settings, pages_, converter_, rendering_);
  auto ran = runner.run(frontier.seeds(), stop, on_progress, &frontier);
  if (!ran) return core::unexpected(ran.error());
  summary.batch = *ran;
  summary.duplicates = frontier.duplicates();
  if (settings_.llms_txt == LlmsTxt::yes) {
    state_file.close();
    const CrawlState all = read_state(state_path);
    std::vector<std::string> order;
    for (const auto& [url, depth] : all.queued) order.push_back(url);
    auto written = write_llms_files(dir, start->normalized, order, frontier);
    if (!written) return core::unexpected(written.error());
  }
  return summary;
}

}  // namespace pagemd::discover
