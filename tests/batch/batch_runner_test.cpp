#include "pagemd/batch/batch_runner.hpp"

#include <gtest/gtest.h>

#include <condition_variable>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "pagemd/batch/dir_lock.hpp"
#include "pagemd/batch/manifest.hpp"
#include "scratch_dir.hpp"

namespace pagemd::batch {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

std::string article(const std::string& title) {
  return "<html><head><title>" + title + "</title></head><body><article><h1>" + title +
         "</h1><p>Some words of the page that make up a paragraph, long enough to be the "
         "article.</p></article></body></html>";
}

// Pages by normalised URL; anything else is a 404 from the target. Thread-safe.
class FakeFetcher final : public fetch::Fetcher {
 public:
  void page(const std::string& url, std::string body, std::string content_type = "text/html") {
    const std::lock_guard lock(mutex_);
    pages_[url] = fetch::FetchedPage{url, 200, std::move(content_type), "", std::move(body), ""};
  }
  void fail(const std::string& url, core::Error error) {
    const std::lock_guard lock(mutex_);
    errors_[url] = std::move(error);
  }
  // A host's first fetch waits for a second from that host to overlap it, however slowly the runner
  // starts that one (the bound only ends the wait of a runner that never does); every fetch then
  // waits up to `hold` for a third.
  void hold_each_fetch(milliseconds hold) { hold_ = hold; }

  core::Result<fetch::FetchedPage> fetch(const fetch::ParsedUrl& url) override {
    std::unique_lock lock(mutex_);
    ++fetched_[url.normalized];
    const std::size_t now_in_flight = ++in_flight_[url.host];
    max_in_flight_[url.host] = std::max(max_in_flight_[url.host], now_in_flight);
    overlap_.notify_all();
    if (hold_.count() > 0) {
      if (host_fetches_[url.host]++ == 0) {
        overlap_.wait_for(lock, std::chrono::seconds{60}, [&] { return in_flight_[url.host] >= 2; });
      }
      overlap_.wait_for(lock, hold_, [&] { return in_flight_[url.host] > 2; });
    }
    --in_flight_[url.host];
    if (const auto error = errors_.find(url.normalized); error != errors_.end()) {
      return core::unexpected(error->second);
    }
    if (const auto found = pages_.find(url.normalized); found != pages_.end()) return found->second;
    return core::unexpected(core::Error{core::ErrorCode::fetch_failed, "HTTP 404", 404});
  }

  std::size_t fetched(const std::string& url) {
    const std::lock_guard lock(mutex_);
    return fetched_[url];
  }
  std::size_t max_in_flight(const std::string& host) {
    const std::lock_guard lock(mutex_);
    return max_in_flight_[host];
  }

 private:
  std::mutex mutex_;
  std::condition_variable overlap_;
  milliseconds hold_{0};
  std::map<std::string, fetch::FetchedPage> pages_;
  std::map<std::string, core::Error> errors_;
  std::map<std::string, std::size_t> fetched_;
  std::map<std::string, std::size_t> in_flight_;
  std::map<std::string, std::size_t> max_in_flight_;
  std::map<std::string, std::size_t> host_fetches_;
};

class BatchRunnerTest : public ::testing::Test {
 protected:
  core::Result<BatchSummary> run(const std::vector<std::string>& urls, RedoMode redo = RedoMode::pending,
                                 RobotsMode robots = RobotsMode::honour) {
    BatchSettings settings;
    settings.output_dir = dir_.path() / "out";
    settings.jobs = 4;
    settings.redo = redo;
    settings.robots = robots;
    BatchRunner runner(settings, fetcher_, converter_);
    return runner.run(urls, stop_, [&](const BatchProgress& progress) { progress_.push_back(progress); });
  }

  std::vector<nlohmann::json> manifest_lines() {
    std::ifstream in(dir_.path() / "out" / "manifest.jsonl");
    std::vector<nlohmann::json> lines;
    std::string line;
    while (std::getline(in, line)) lines.push_back(nlohmann::json::parse(line));
    return lines;
  }

  std::string read(const fs::path& relative) {
    std::ifstream in(dir_.path() / "out" / relative);
    std::stringstream content;
    content << in.rdbuf();
    return content.str();
  }

  testing::ScratchDir dir_;
  FakeFetcher fetcher_;
  convert::InProcessConverter converter_;
  std::atomic<bool> stop_{false};
  std::vector<BatchProgress> progress_;
};

TEST_F(BatchRunnerTest, WritesOneFileAndOneManifestLinePerUrl) {
  fetcher_.page("https://a.example/post.html", article("Alpha"));
  fetcher_.page("https://b.example/notes", "Plain text notes.\n\nSecond paragraph.", "text/plain");
  auto summary = run({"https://a.example/post.html", "https://b.example/notes", "https://a.example/missing"});
  ASSERT_TRUE(summary) << summary.error().message;
  EXPECT_EQ(summary->listed, 3U);
  EXPECT_EQ(summary->ok, 2U);
  EXPECT_EQ(summary->failed, 1U);
  EXPECT_TRUE(summary->any_failed());
  EXPECT_NE(read("a.example_post.md").find("Some words of the page"), std::string::npos);
  EXPECT_NE(read("b.example_notes.md").find("Second paragraph."), std::string::npos);
  std::map<std::string, nlohmann::json> by_url;
  for (const auto& line : manifest_lines()) by_url[line["url"]] = line;
  ASSERT_EQ(by_url.size(), 3U);
  EXPECT_EQ(by_url["https://a.example/post.html"]["status"], "ok");
  EXPECT_EQ(by_url["https://a.example/post.html"]["file"], "a.example_post.md");
  EXPECT_EQ(by_url["https://a.example/post.html"]["title"], "Alpha");
  EXPECT_GT(by_url["https://a.example/post.html"]["word_count"].get<int>(), 5);
  EXPECT_EQ(by_url["https://a.example/missing"]["status"], "error");
  EXPECT_EQ(by_url["https://a.example/missing"]["code"], "fetch_failed");
  ASSERT_EQ(progress_.size(), 3U);
  EXPECT_EQ(progress_.back().done, 3U);
  EXPECT_EQ(progress_.back().failed, 1U);
  EXPECT_EQ(progress_.back().total, 3U);
  // Nothing is left under a temporary name.
  for (const auto& entry : fs::directory_iterator(dir_.path() / "out")) {
    EXPECT_FALSE(entry.path().filename().string().starts_with(".pagemd-tmp-")) << entry.path();
  }
}

TEST_F(BatchRunnerTest, RefusedUrlsAreRecordedWithoutAFetch) {
  auto summary = run({"ftp://a.example/file", "http://10.0.0.1/admin", "http://localhost/", "not a url"});
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->failed, 4U);
  std::map<std::string, std::string> codes;
  for (const auto& line : manifest_lines()) codes[line["url"]] = line["code"];
  EXPECT_EQ(codes["ftp://a.example/file"], "invalid_url");
  EXPECT_EQ(codes["http://10.0.0.1/admin"], "url_not_allowed");
  EXPECT_EQ(codes["http://localhost/"], "url_not_allowed");
  EXPECT_EQ(codes["not a url"], "invalid_url");
}

TEST_F(BatchRunnerTest, ARerunSkipsWhatIsDoneRetryFailedRedoesFailuresForceRedoesAll) {
  fetcher_.page("https://a.example/1", article("One"));
  ASSERT_TRUE(run({"https://a.example/1", "https://a.example/2"}));
  EXPECT_EQ(fetcher_.fetched("https://a.example/2"), 1U);

  auto again = run({"https://a.example/1", "https://a.example/2", "https://a.example/3"});
  ASSERT_TRUE(again);
  EXPECT_EQ(again->skipped, 2U);
  EXPECT_EQ(again->skipped_failures, 1U);
  EXPECT_EQ(again->failed, 1U);  // /3, new
  EXPECT_EQ(fetcher_.fetched("https://a.example/1"), 1U);
  EXPECT_EQ(fetcher_.fetched("https://a.example/2"), 1U);

  fetcher_.page("https://a.example/2", article("Two"));
  auto retried = run({"https://a.example/1", "https://a.example/2"}, RedoMode::failed);
  ASSERT_TRUE(retried);
  EXPECT_EQ(retried->ok, 1U);
  EXPECT_EQ(retried->skipped, 1U);
  EXPECT_FALSE(retried->any_failed());
  EXPECT_EQ(fetcher_.fetched("https://a.example/1"), 1U);
  EXPECT_EQ(fetcher_.fetched("https://a.example/2"), 2U);
  auto entries = read_manifest(dir_.path() / "out" / "manifest.jsonl");
  EXPECT_EQ(entries->at("https://a.example/2").status, EntryStatus::ok);  // the newer line wins

  auto forced = run({"https://a.example/1", "https://a.example/2"}, RedoMode::all);
  ASSERT_TRUE(forced);
  EXPECT_EQ(forced->ok, 2U);
  EXPECT_EQ(fetcher_.fetched("https://a.example/1"), 2U);
  EXPECT_EQ(read_manifest(dir_.path() / "out" / "manifest.jsonl")->at("https://a.example/1").file, "a.example_1.md");
  EXPECT_FALSE(fs::exists(dir_.path() / "out" / "a.example_1-2.md"));  // a redo keeps its file name
}

TEST_F(BatchRunnerTest, HonoursRobotsTxtFetchedOncePerOrigin) {
  fetcher_.page("https://a.example/robots.txt", "User-agent: *\nDisallow: /private\n", "text/plain");
  for (const char* path : {"/public/1", "/public/2", "/private/1"}) {
    fetcher_.page(std::string("https://a.example") + path, article(path));
  }
  auto summary = run({"https://a.example/public/1", "https://a.example/public/2", "https://a.example/private/1"});
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->ok, 2U);
  EXPECT_EQ(fetcher_.fetched("https://a.example/robots.txt"), 1U);
  EXPECT_EQ(fetcher_.fetched("https://a.example/private/1"), 0U);
  for (const auto& line : manifest_lines()) {
    if (line["url"] == "https://a.example/private/1") {
      EXPECT_EQ(line["code"], "robots_disallowed");
    }
  }
  auto ignored = run({"https://a.example/private/1"}, RedoMode::failed, RobotsMode::ignore);
  ASSERT_TRUE(ignored);
  EXPECT_EQ(ignored->ok, 1U);
}

TEST_F(BatchRunnerTest, ARobotsServerErrorDisallowsTheSiteAndAMissingOneAllowsIt) {
  fetcher_.fail("https://down.example/robots.txt", core::Error{core::ErrorCode::fetch_failed, "HTTP 503", 503});
  fetcher_.page("https://down.example/a", article("A"));
  fetcher_.page("https://open.example/a", article("B"));  // its robots.txt is a 404
  auto summary = run({"https://down.example/a", "https://open.example/a"});
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->ok, 1U);
  EXPECT_EQ(fetcher_.fetched("https://down.example/a"), 0U);
  EXPECT_EQ(fetcher_.fetched("https://open.example/a"), 1U);
}

TEST_F(BatchRunnerTest, AtMostTwoFetchesFromOneHostAtATime) {
  fetcher_.hold_each_fetch(milliseconds{20});
  std::vector<std::string> urls;
  for (int i = 0; i < 8; ++i) {
    urls.push_back("https://a.example/" + std::to_string(i));
    urls.push_back("https://b.example/" + std::to_string(i));
  }
  BatchSettings settings;
  settings.output_dir = dir_.path() / "out";
  settings.jobs = 8;
  settings.robots = RobotsMode::ignore;
  BatchRunner runner(settings, fetcher_, converter_);
  ASSERT_TRUE(runner.run(urls, stop_));
  EXPECT_EQ(fetcher_.max_in_flight("a.example"), 2U);
  EXPECT_EQ(fetcher_.max_in_flight("b.example"), 2U);
}

TEST_F(BatchRunnerTest, AStopBeforeTheStartStartsNothing) {
  stop_ = true;
  auto summary = run({"https://a.example/1", "https://a.example/2"});
  ASSERT_TRUE(summary);
  EXPECT_TRUE(summary->interrupted);
  EXPECT_EQ(summary->ok + summary->failed, 0U);
  EXPECT_EQ(fetcher_.fetched("https://a.example/1"), 0U);
}

TEST_F(BatchRunnerTest, ADirectoryLockedByAnotherRunIsBusy) {
  fs::create_directories(dir_.path() / "out");
  auto lock = DirLock::acquire(dir_.path() / "out");
  ASSERT_TRUE(lock);
  auto summary = run({"https://a.example/1"});
  ASSERT_FALSE(summary);
  EXPECT_EQ(summary.error().code, core::ErrorCode::busy);
}

TEST_F(BatchRunnerTest, AnOutputDirectoryThatCannotBeMadeIsInternal) {
  std::ofstream(dir_.path() / "out") << "a file where the directory should be";
  auto summary = run({"https://a.example/1"});
  ASSERT_FALSE(summary);
  EXPECT_EQ(summary.error().code, core::ErrorCode::internal);
}

}  // namespace
}  // namespace pagemd::batch

namespace pagemd::batch {
namespace {

// A converter that fails the way a hostile page can make the real one fail: by throwing.
class ThrowingConverter final : public convert::PageConverter {
 public:
  core::Result<extract::Extraction> convert(const convert::Page& page,
                                            const convert::ConvertOptions& options) override {
    if (page.url.find("/hostile") != std::string::npos) throw std::bad_alloc();
    return convert::convert_page(page, options);
  }
};

TEST_F(BatchRunnerTest, AConversionThatThrowsFailsItsUrlAndTheRunGoesOn) {
  fetcher_.page("https://a.example/hostile", article("Hostile"));
  fetcher_.page("https://a.example/fine", article("Fine"));
  BatchSettings settings;
  settings.output_dir = dir_.path() / "out";
  settings.robots = RobotsMode::ignore;
  ThrowingConverter converter;
  BatchRunner runner(settings, fetcher_, converter);
  auto summary = runner.run({"https://a.example/hostile", "https://a.example/fine"}, stop_);
  ASSERT_TRUE(summary) << summary.error().message;
  EXPECT_EQ(summary->ok, 1U);
  EXPECT_EQ(summary->failed, 1U);
  const auto entries = read_manifest(dir_.path() / "out" / "manifest.jsonl");
  EXPECT_EQ(entries->at("https://a.example/hostile").status, EntryStatus::error);
  EXPECT_EQ(entries->at("https://a.example/hostile").code, "internal");
  EXPECT_EQ(entries->at("https://a.example/fine").status, EntryStatus::ok);
}

// The manifest is data anyone who can write DIR may have edited: a `file` that is a path, a parent
// or a dot file is never written to; its URL is converted again under a name batch chooses.
TEST_F(BatchRunnerTest, AManifestFileOutsideTheDirectoryIsNeverWritten) {
  const fs::path out = dir_.path() / "out";
  fs::create_directories(out);
  {
    std::ofstream manifest(out / "manifest.jsonl");
    for (const auto& [url, file] : std::vector<std::pair<std::string, std::string>>{
             {"https://a.example/1", "../escaped.md"},
             {"https://a.example/2", (dir_.path() / "absolute.md").string()},
             {"https://a.example/3", ".bashrc"}}) {
      manifest
          << nlohmann::json{{"url", url}, {"file", file}, {"status", "ok"}, {"title", "t"}, {"word_count", 1}}.dump()
          << "\n";
    }
  }
  for (int i = 1; i <= 3; ++i) fetcher_.page("https://a.example/" + std::to_string(i), article("Page"));
  for (const RedoMode mode : {RedoMode::pending, RedoMode::all}) {
    auto summary = run({"https://a.example/1", "https://a.example/2", "https://a.example/3"}, mode);
    ASSERT_TRUE(summary) << summary.error().message;
    if (mode == RedoMode::pending) {
      EXPECT_EQ(summary->unsafe_manifest_files, 3U);
      EXPECT_EQ(summary->ok, 3U);
    }
  }
  EXPECT_FALSE(fs::exists(dir_.path() / "escaped.md"));
  EXPECT_FALSE(fs::exists(dir_.path() / "absolute.md"));
  EXPECT_FALSE(fs::exists(out / ".bashrc"));
  const auto entries = read_manifest(out / "manifest.jsonl");
  for (int i = 1; i <= 3; ++i) {
    const ManifestEntry& entry = entries->at("https://a.example/" + std::to_string(i));
    EXPECT_EQ(entry.status, EntryStatus::ok);
    EXPECT_EQ(entry.file.find('/'), std::string::npos) << entry.file;
    EXPECT_TRUE(fs::exists(out / entry.file)) << entry.file;
  }
}

TEST_F(BatchRunnerTest, ASymlinkedManifestOrLockIsRefused) {
  const fs::path out = dir_.path() / "out";
  fs::create_directories(out);
  const fs::path victim = dir_.path() / "victim.txt";
  std::ofstream(victim) << "precious\n";
  fs::create_symlink(victim, out / "manifest.jsonl");
  fetcher_.page("https://a.example/1", article("Page"));
  auto summary = run({"https://a.example/1"});
  ASSERT_FALSE(summary);
  EXPECT_NE(summary.error().message.find("symbolic link"), std::string::npos) << summary.error().message;
  fs::remove(out / "manifest.jsonl");
  fs::remove(out / ".pagemd-batch.lock");  // made by the run above, which locked before reading
  fs::create_symlink(victim, out / ".pagemd-batch.lock");
  summary = run({"https://a.example/1"});
  ASSERT_FALSE(summary);
  EXPECT_NE(summary.error().message.find("symbolic link"), std::string::npos) << summary.error().message;
  std::ifstream in(victim);
  std::string content;
  std::getline(in, content);
  EXPECT_EQ(content, "precious");
}

}  // namespace
}  // namespace pagemd::batch

namespace pagemd::batch {
namespace {

// Each fetched page adds the next one of a chain, so the list grows one URL at a time from a single
// seed while the first is in flight; a page named "dup" stands for another and is not converted.
class ChainFollower final : public LinkFollower {
 public:
  FollowUp fetched(const std::string& url, const fetch::FetchedPage&) override {
    const std::lock_guard lock(mutex_);
    told_.push_back(url);
    FollowUp follow_up;
    if (url.ends_with("/dup")) follow_up.convert = false;
    const char last = url.back();
    if (last >= '0' && last < '4') {
      follow_up.more.push_back(url.substr(0, url.size() - 1) + static_cast<char>(last + 1));
      follow_up.more.push_back("https://a.example/p0");  // already in the run: ignored
    }
    if (url.ends_with("p2")) follow_up.more.push_back("https://a.example/dup");
    return follow_up;
  }
  std::vector<std::string> told() {
    const std::lock_guard lock(mutex_);
    return told_;
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> told_;
};

TEST_F(BatchRunnerTest, AFollowerGrowsTheRunWhileItWorksAndItsDuplicatesGetNoLine) {
  for (int n = 0; n <= 4; ++n) {
    const std::string number = std::to_string(n);
    fetcher_.page(std::string("https://a.example/p").append(number), article(std::string("P").append(number)));
  }
  fetcher_.page("https://a.example/dup", article("P2 again"));
  BatchSettings settings;
  settings.output_dir = dir_.path() / "out";
  settings.jobs = 4;
  settings.robots = RobotsMode::ignore;
  BatchRunner runner(settings, fetcher_, converter_);
  ChainFollower follower;
  auto summary = runner.run({"https://a.example/p0"}, stop_, {}, &follower);
  ASSERT_TRUE(summary) << summary.error().message;
  EXPECT_EQ(summary->listed, 6U);
  EXPECT_EQ(summary->ok, 5U);
  EXPECT_EQ(manifest_lines().size(), 5U);
  EXPECT_EQ(follower.told().size(), 6U);
  for (int n = 0; n <= 4; ++n) EXPECT_EQ(fetcher_.fetched("https://a.example/p" + std::to_string(n)), 1U) << n;
  EXPECT_EQ(fetcher_.fetched("https://a.example/dup"), 1U);
  for (const auto& line : manifest_lines()) EXPECT_NE(line["url"], "https://a.example/dup");
}

}  // namespace
}  // namespace pagemd::batch
