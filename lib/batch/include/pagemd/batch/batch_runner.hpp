#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "pagemd/convert/fetched_conversion.hpp"
#include "pagemd/convert/page_converter.hpp"
#include "pagemd/core/result.hpp"
#include "pagemd/fetch/address_policy.hpp"
#include "pagemd/fetch/fetcher.hpp"

namespace pagemd::batch {

enum class RobotsMode { honour, ignore };

// Which URLs a run works on, besides those the manifest does not mention yet.
enum class RedoMode {
  pending,  // none: a URL with a line in the manifest (ok or error) is skipped
  failed,   // also those whose latest line is an error (--retry-failed)
  all,      // every URL of the list (--force)
};

struct BatchSettings {
  std::filesystem::path output_dir;
  std::size_t jobs = 8;                // URLs worked on at once
  std::size_t per_host = 2;            // fetches from one host at once
  std::chrono::milliseconds delay{0};  // between fetch starts from one host
  RobotsMode robots = RobotsMode::honour;
  RedoMode redo = RedoMode::pending;
  fetch::AddressPolicy policy;          // which addresses URLs may name (parse_url); the fetcher has its own copy
  std::string robots_agent = "pagemd";  // the product token looked for in robots.txt
  render::RenderMode render = render::RenderMode::automatic;  // see convert_fetched
  bool accept_walls = false;  // convert walls as they are (convert::ConvertOptions::accept_walls)
  // A PDF's byte bound is the fetcher's (FetchLimits::max_pdf_bytes), which it holds to while reading.
  std::size_t max_pdf_pages = convert::kDefaultMaxPdfPages;
};

struct BatchProgress {
  std::size_t total = 0;   // URLs this run works on (skipped ones not counted)
  std::size_t done = 0;    // of those, finished, ok or not
  std::size_t failed = 0;  // of those, failed
};

struct BatchSummary {
  std::size_t listed = 0;            // distinct URLs in the list
  std::size_t ok = 0;                // converted in this run
  std::size_t failed = 0;            // failed in this run
  std::size_t skipped = 0;           // left as an earlier run finished them
  std::size_t skipped_failures = 0;  // of those, ones whose manifest line is an error
  // Manifest lines whose `file` is not a plain name inside DIR (a path, "..", a dot file): nothing is
  // written there, and their URLs are converted again under fresh names.
  std::size_t unsafe_manifest_files = 0;
  bool interrupted = false;  // `stop` was set before every URL was started

  // True when any URL of the list stands as failed in the manifest after the run.
  [[nodiscard]] bool any_failed() const { return failed > 0 || skipped_failures > 0; }
};

// Lets a run grow its list while it works (`pagemd crawl`). Called from the worker threads, so
// implementations are thread-safe.
class LinkFollower {
 public:
  struct FollowUp {
    bool convert = true;            // false: the page stands for one already listed (its canonical); no line
    std::vector<std::string> more;  // URLs to add to the run; those already in it are ignored
  };
  virtual ~LinkFollower() = default;
  // Told of each page fetched (`url` as the run has it), before it is converted.
  [[nodiscard]] virtual FollowUp fetched(const std::string& url, const fetch::FetchedPage& page) = 0;
};

// `pagemd batch`: converts a URL list into DIR/<name>.md files and DIR/manifest.jsonl (the manifest
// format and naming of DESIGN.md), fetching concurrently within per-host limits and robots.txt.
class BatchRunner {
 public:
  using ProgressCallback = std::function<void(const BatchProgress&)>;

  // The references must outlive the runner; `fetcher` must be thread-safe.
  BatchRunner(BatchSettings settings, fetch::Fetcher& fetcher, convert::PageConverter& converter,
              convert::Rendering rendering = {});

  // Works through `urls` (as parse_url_list gives them) and returns the counts. Each finished URL
  // appends its manifest line at once, and each output file appears whole (written under a temporary
  // name, then renamed). Once `stop` is set no further URL is started; those in flight finish and are
  // recorded. `on_progress` is called after each finished URL, one call at a time.
  // Fails with busy when another run holds the directory's lock, and with internal when DIR cannot be
  // created or the manifest cannot be read or written.
  // With a `follower`, each fetched page may add URLs, which are worked on as the list's are, and
  // the run ends when no URL is left and none is in flight.
  [[nodiscard]] core::Result<BatchSummary> run(const std::vector<std::string>& urls, const std::atomic<bool>& stop,
                                               const ProgressCallback& on_progress = {},
                                               LinkFollower* follower = nullptr);

 private:
  BatchSettings settings_;
  fetch::Fetcher& fetcher_;
  convert::PageConverter& converter_;
  convert::Rendering rendering_;
};

}  // namespace pagemd::batch
