#include "pagemd/batch/batch_runner.hpp"

#include <future>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_set>

#include "pagemd/batch/dir_lock.hpp"
#include "pagemd/batch/manifest.hpp"
#include "pagemd/batch/output_names.hpp"
#include "pagemd/batch/robots.hpp"
#include "pagemd/core/atomic_file.hpp"
#include "pagemd/fetch/url.hpp"
#include "work_queue.hpp"

namespace pagemd::batch {
namespace {

namespace fs = std::filesystem;

// Outputs go into DIR and nowhere else: a name from the manifest (which anyone who can write DIR may
// have edited) must not be a path, a parent or a hidden file.
bool is_plain_file_name(std::string_view name) {
  return !name.empty() && name.front() != '.' && name.find('/') == std::string_view::npos &&
         name.find('\0') == std::string_view::npos;
}

ManifestEntry failure(const std::string& url, const core::Error& error) {
  ManifestEntry entry;
  entry.url = url;
  entry.status = EntryStatus::error;
  entry.code = std::string(core::to_string(error.code));
  entry.error = error.message;
  entry.vendor = error.vendor;
  entry.reason = error.reason;
  return entry;
}

// robots.txt of each origin, fetched once however many workers ask for it at the same time.
class RobotsCache {
 public:
  RobotsCache(fetch::Fetcher& fetcher, const fetch::AddressPolicy& policy, std::string agent)
      : fetcher_(fetcher), policy_(policy), agent_(std::move(agent)) {}

  RobotsRules rules_for(const fetch::ParsedUrl& url) {
    const std::size_t authority = url.normalized.find("://") + 3;
    const std::string robots_url = url.normalized.substr(0, url.normalized.find('/', authority)) + "/robots.txt";
    std::promise<RobotsRules> promise;
    std::shared_future<RobotsRules> pending;
    {
      const std::lock_guard lock(mutex_);
      const auto found = by_origin_.find(robots_url);
      if (found != by_origin_.end()) {
        pending = found->second;
      } else {
        by_origin_.emplace(robots_url, promise.get_future().share());
      }
    }
    if (pending.valid()) return pending.get();
    RobotsRules rules = fetch_rules(robots_url);
    promise.set_value(rules);
    return rules;
  }

 private:
  RobotsRules fetch_rules(const std::string& robots_url) {
    auto parsed = fetch::parse_url(robots_url, policy_);
    if (!parsed) return {};
    auto page = fetcher_.fetch(*parsed);
    if (page && page->http_status < 400) return RobotsRules::parse(page->body, agent_);
    // RFC 9309 §2.3.1: a server error means "disallow all", any other HTTP error "no rules". A
    // site that cannot be reached at all is left to the page's own fetch, which says why. (An error
    // that may be a block page comes as a page with its status.)
    const std::optional<int> status = page ? std::optional<int>{page->http_status} : page.error().upstream_status;
    if (status && *status >= 500) return RobotsRules::disallow_all();
    return {};
  }

  fetch::Fetcher& fetcher_;
  const fetch::AddressPolicy& policy_;
  std::string agent_;
  std::mutex mutex_;
  std::map<std::string, std::shared_future<RobotsRules>> by_origin_;
};

}  // namespace

BatchRunner::BatchRunner(BatchSettings settings, fetch::Fetcher& fetcher, convert::PageConverter& converter,
                         convert::Rendering rendering)
    : settings_(std::move(settings)), fetcher_(fetcher), converter_(converter), rendering_(rendering) {}

core::Result<BatchSummary> BatchRunner::run(const std::vector<std::string>& urls, const std::atomic<bool>& stop,
                                            const ProgressCallback& on_progress, LinkFollower* follower) {
  const fs::path& dir = settings_.output_dir;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return core::unexpected(core::ErrorCode::internal, "cannot create " + dir.string() + ": " + ec.message());
  auto lock = DirLock::acquire(dir);
  if (!lock) return core::unexpected(lock.error());
  core::remove_temporary_files(dir);
  auto earlier = read_manifest(dir / kManifestName);
  if (!earlier) return core::unexpected(earlier.error());
  auto writer = ManifestWriter::open(dir / kManifestName);
  if (!writer) return core::unexpected(writer.error());

  BatchSummary summary;
  NameAllocator names;
  for (auto it = earlier->begin(); it != earlier->end();) {
    if (it->second.status == EntryStatus::ok && !is_plain_file_name(it->second.file)) {
      ++summary.unsafe_manifest_files;
      it = earlier->erase(it);  // as if never done: converted again under a fresh name
      continue;
    }
    if (it->second.status == EntryStatus::ok) names.reserve(it->first, it->second.file);
    ++it;
  }

  std::mutex progress_mutex;
  BatchProgress progress;
  std::optional<core::Error> write_error;
  const auto record = [&](const ManifestEntry& entry) {
    auto appended = (*writer)->append(entry);
    const std::lock_guard guard(progress_mutex);
    if (!appended && !write_error) write_error = appended.error();
    ++progress.done;
    if (entry.status == EntryStatus::ok) {
      ++summary.ok;
    } else {
      ++progress.failed;
      ++summary.failed;
    }
    if (on_progress) on_progress(progress);
  };

  detail::WorkQueue queue(settings_.per_host, settings_.delay, stop);
  std::vector<ManifestEntry> refused;
  std::unordered_set<std::string> listed;
  std::size_t next_order = 0;
  // Under progress_mutex once workers run (a follower adds URLs from their threads).
  const auto enqueue = [&](const std::string& url) {
    if (!listed.insert(url).second) return;
    const std::size_t order = next_order++;
    const auto found = earlier->find(url);
    if (found != earlier->end()) {
      const bool failed_before = found->second.status == EntryStatus::error;
      const bool redo = settings_.redo == RedoMode::all || (settings_.redo == RedoMode::failed && failed_before);
      if (!redo) {
        ++summary.skipped;
        if (failed_before) ++summary.skipped_failures;
        return;
      }
    }
    ++progress.total;
    auto parsed = fetch::parse_url(url, settings_.policy);
    if (!parsed) {
      refused.push_back(failure(url, parsed.error()));
      return;
    }
    std::string file = names.name_for(url, parsed->normalized);
    queue.push(detail::WorkItem{order, url, std::move(*parsed), std::move(file)});
  };
  for (const std::string& url : urls) enqueue(url);
  summary.listed = listed.size();
  for (const ManifestEntry& entry : refused) record(entry);
  refused.clear();

  RobotsCache robots(fetcher_, settings_.policy, settings_.robots_agent);
  const auto convert_one = [&](const detail::WorkItem& item) -> ManifestEntry {
    if (settings_.robots == RobotsMode::honour &&
        !robots.rules_for(item.parsed).allows(path_of_url(item.parsed.normalized))) {
      return failure(item.url, {core::ErrorCode::robots_disallowed,
                                "robots.txt disallows this URL for " + settings_.robots_agent});
    }
    auto page = fetcher_.fetch(item.parsed);
    if (!page) return failure(item.url, page.error());
    if (follower != nullptr) {
      LinkFollower::FollowUp follow_up = follower->fetched(item.url, *page);
      std::vector<ManifestEntry> refused_here;
      {
        const std::lock_guard guard(progress_mutex);
        for (const std::string& url : follow_up.more) enqueue(url);
        summary.listed = listed.size();
        refused_here.swap(refused);
      }
      for (const ManifestEntry& entry : refused_here) record(entry);
      if (!follow_up.convert) return {};
    }
    convert::ConvertOptions options;
    options.render = settings_.render;
    options.accept_walls = settings_.accept_walls;
    options.max_pdf_pages = settings_.max_pdf_pages;
    auto converted =
        convert::convert_fetched(std::move(*page), options, rendering_, {},
                                 [&](const convert::Page& given) { return converter_.convert(given, options); });
    if (!converted) return failure(item.url, converted.error());
    extract::Extraction& extraction = converted->extraction;
    auto written = core::write_file_atomically(dir / item.file, extraction.markdown);
    if (!written) return failure(item.url, written.error());
    ManifestEntry entry;
    entry.url = item.url;
    entry.file = item.file;
    entry.title = std::move(extraction.metadata.title);
    entry.word_count = extraction.metadata.word_count;
    entry.page_type = std::string(extract::to_string(extraction.metadata.page_type));
    entry.content_type = std::move(extraction.metadata.content_type);
    entry.rendered = converted->rendered;
    return entry;
  };

  // A follower's run starts small and grows, so it gets all its workers from the start.
  const std::size_t workers =
      std::max<std::size_t>(1, follower != nullptr ? settings_.jobs : std::min(settings_.jobs, progress.total));
  std::vector<std::thread> threads;
  threads.reserve(workers);
  for (std::size_t t = 0; t < workers; ++t) {
    threads.emplace_back([&] {
      while (auto item = queue.take()) {
        ManifestEntry entry;
        try {
          entry = convert_one(*item);
        } catch (const std::exception& e) {
          // One page that breaks its conversion (out of memory on a hostile page, say) fails alone.
          entry = failure(item->url, {core::ErrorCode::internal, std::string("the conversion failed: ") + e.what()});
        }
        if (entry.url.empty()) {
          // A follower's duplicate: counted neither as done nor as failed.
          const std::lock_guard guard(progress_mutex);
          --progress.total;
          queue.finished(*item);
          continue;
        }
        record(entry);
        queue.finished(*item);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  summary.interrupted = stop.load() && queue.left() > 0;
  if (write_error) return core::unexpected(*write_error);
  return summary;
}

}  // namespace pagemd::batch
