// `pagemd discover` and `pagemd crawl` with the real binary against a fixture site on loopback: a
// robots.txt with two sitemaps (an index of a plain and a gzipped sitemap, and an entity bomb), a
// disallowed section and a crawl delay, RSS and Atom feeds, linked pages with fragment and tracking
// duplicates, a canonical, off-site links, a second host, a 404, an off-site redirect and a calendar trap.
#include <gtest/gtest.h>
#include <signal.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "child_process.hpp"
#include "fixture_server.hpp"
#include "gzip_text.hpp"
#include "scratch_dir.hpp"
#include "read_file.hpp"

namespace pagemd::testing {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

constexpr int kPages = 40;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

class CliCrawlTest : public ::testing::Test {
 protected:
  CliCrawlTest() { build_site(); }

  std::string body(const std::string& title, const std::string& links, const std::string& head = "") const {
    return "<html><head><title>" + title + "</title><meta name=\"description\" content=\"About " + title + "\">" +
           head + "<link rel=\"alternate\" type=\"application/rss+xml\" href=\"/feed.xml\">" +
           "<link rel=\"alternate\" type=\"application/atom+xml\" href=\"/atom.xml\"></head><body><nav>" + links +
           "</nav><article><h1>" + title + "</h1><p>The page called " + title +
           " holds enough words of prose to be read as the article of the fixture site.</p></article></body></html>";
  }

  // Counts a page request: its start time, and how many are in flight on the origin.
  void page_request(const HttpRequest& request) {
    const std::lock_guard lock(mutex_);
    starts_.push_back(std::chrono::steady_clock::now());
    ++paths_[request.target];
    max_in_flight_ = std::max(max_in_flight_, ++in_flight_);
  }
  void page_done() {
    const std::lock_guard lock(mutex_);
    --in_flight_;
  }

  void serve_page(const std::string& path, std::string html) {
    origin_.handle(path, [this, html = std::move(html)](const HttpRequest& request, Responder& r) {
      page_request(request);
      if (slow_.load()) r.pause(milliseconds{50});
      if (hold_.load()) {
        for (int waited = 0; hold_.load() && waited < 500; ++waited) r.pause(milliseconds{20});
      }
      page_done();
      r.send(200, "text/html; charset=utf-8", html);
    });
  }

  void build_site() {
    const std::string away = second_.url("/elsewhere");
    robots_ = "User-agent: *\nDisallow: /private/\nCrawl-delay: 0.1\n\nSitemap: " + origin_.url("/sitemap-index.xml") +
              "\nSitemap: " + origin_.url("/bomb.xml") + "\n";
    origin_.handle("/robots.txt", [this](const HttpRequest&, Responder& r) { r.send(200, "text/plain", robots_); });
    origin_.handle("/sitemap-index.xml", [this](const HttpRequest&, Responder& r) {
      r.send(200, "application/xml",
             "<?xml version=\"1.0\"?><sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
             "<sitemap><loc>" +
                 origin_.url("/sitemap-a.xml") +
                 "</loc></sitemap><sitemap><loc>/sitemap-b.xml.gz</loc>"
                 "</sitemap></sitemapindex>");
    });
    origin_.handle("/sitemap-a.xml", [this, away](const HttpRequest&, Responder& r) {
      std::string xml = "<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">";
      for (int n = 1; n <= 4; ++n) {
        xml += "<url><loc>" + origin_.url("/post/" + std::to_string(n)) + "</loc><lastmod>2024-01-0" +
               std::to_string(n) + "</lastmod></url>";
      }
      xml += "<url><loc>" + away + "</loc></url><url><loc>" + origin_.url("/private/hidden") + "</loc></url>";
      r.send(200, "application/xml", xml + "</urlset>");
    });
    origin_.handle("/sitemap-b.xml.gz", [this](const HttpRequest&, Responder& r) {
      std::string xml = "<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">";
      for (int n = 5; n <= 6; ++n) xml += "<url><loc>" + origin_.url("/post/" + std::to_string(n)) + "</loc></url>";
      r.send(200, "application/gzip", gzip_text(xml + "</urlset>"));
    });
    origin_.handle("/bomb.xml", [](const HttpRequest&, Responder& r) {
      r.send(200, "application/xml", read_file(fs::path(PAGEMD_TEST_DATA_DIR) / "crawl" / "bomb.xml"));
    });
    for (const char* feed : {"/feed.xml", "/atom.xml"}) {
      origin_.handle(feed, [feed](const HttpRequest&, Responder& r) {
        r.send(200, "application/xml", read_file(fs::path(PAGEMD_TEST_DATA_DIR) / "crawl" / (feed + 1)));
      });
    }
    // The odd links first, so that a crawl of 30 pages meets them all.
    std::string home_links =
        "<a href=\"/private/secret\">secret</a><a href=\"" + away +
        "\">away</a><a href=\"/away\">redir</a>"
        "<a href=\"/missing\">gone</a><a href=\"/copy\">copy</a><a href=\"/calendar?month=0\">calendar</a>"
        "<a href=\"mailto:x@example.org\">mail</a>";
    for (int n = 1; n <= kPages; ++n) {
      const std::string page = "/page/" + std::to_string(n);
      home_links += "<a href=\"" + page + "\">" + std::to_string(n) + "</a><a href=\"" + page +
                    "#top\">again</a><a href=\"" + page + "?utm_source=x&amp;fbclid=y\">tracked</a>";
      serve_page(page, body("Page " + std::to_string(n),
                            "<a href=\"/\">home</a><a href=\"/page/" + std::to_string(n % kPages + 1) + "\">next</a>"));
    }
    serve_page("/", body("Fixture site", home_links));
    serve_page("/copy", body("Copy of page 1", "", "<link rel=\"canonical\" href=\"/page/1\">"));
    for (int n = 1; n <= 6; ++n) serve_page("/post/" + std::to_string(n), body("Post " + std::to_string(n), ""));
    origin_.handle("/calendar", [this](const HttpRequest& request, Responder& r) {
      page_request(request);
      const int month = std::stoi(request.target.substr(request.target.find('=') + 1));
      page_done();
      r.send(200, "text/html",
             body("Month " + std::to_string(month),
                  "<a href=\"/calendar?month=" + std::to_string(month + 1) + "\">next</a>"));
    });
    origin_.handle("/away", [this, away](const HttpRequest& request, Responder& r) {
      page_request(request);
      page_done();
      r.send(302, "text/plain", "", {{"Location", away}});
    });
    origin_.handle("/private/secret", [this](const HttpRequest& request, Responder& r) {
      page_request(request);
      page_done();
      r.send(200, "text/html", body("Secret", ""));
    });
    second_.handle("/elsewhere", [](const HttpRequest&, Responder& r) { r.send(200, "text/html", "<p>off site</p>"); });
  }

  std::vector<std::string> args(std::vector<std::string> extra) const {
    std::vector<std::string> argv{pagemd_binary()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    argv.insert(argv.end(), {"--allow-private-targets", "127.0.0.0/8"});
    return argv;
  }

  std::set<std::string> urls(const std::vector<std::string>& paths) const {
    std::set<std::string> out;
    for (const auto& path : paths) out.insert(origin_.url(path));
    return out;
  }

  std::vector<nlohmann::json> manifest() const {
    std::vector<nlohmann::json> out;
    for (const auto& line : lines_of(read_file(out_ / "manifest.jsonl"))) out.push_back(nlohmann::json::parse(line));
    return out;
  }

  FixtureServer origin_;
  FixtureServer second_{"127.0.0.2"};
  std::string robots_;
  ScratchDir dir_;
  fs::path out_ = dir_.path() / "site";
  std::mutex mutex_;
  std::vector<std::chrono::steady_clock::time_point> starts_;
  std::map<std::string, int> paths_;
  int in_flight_ = 0;
  int max_in_flight_ = 0;
  std::atomic<bool> hold_{false};
  std::atomic<bool> slow_{false};
};

TEST_F(CliCrawlTest, DiscoverReadsTheSitemapsThroughTheIndexAndGzipAndRefusesTheBomb) {
  const RunResult run = run_program(args({"discover", origin_.url("/"), "--json"}));
  ASSERT_EQ(run.status, 0) << run.err;
  std::set<std::string> found;
  for (const auto& line : lines_of(run.out)) {
    const auto entry = nlohmann::json::parse(line);
    EXPECT_EQ(entry["source"], "sitemap");
    found.insert(entry["url"]);
    if (entry["url"] == origin_.url("/post/2")) {
      EXPECT_EQ(entry["lastmod"], "2024-01-02");
    }
    if (entry["url"] == origin_.url("/post/5")) {
      EXPECT_TRUE(entry["lastmod"].is_null());
    }
  }
  EXPECT_EQ(found, urls({"/post/1", "/post/2", "/post/3", "/post/4", "/post/5", "/post/6"}));
  EXPECT_NE(run.err.find("bomb.xml: it declares XML entities"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("1 URL(s) on other hosts dropped"), std::string::npos) << run.err;
  EXPECT_EQ(second_.request_count("/elsewhere"), 0U);
}

TEST_F(CliCrawlTest, DiscoverSinceKeepsNewerAndUndatedEntries) {
  const RunResult run = run_program(args({"discover", origin_.url("/"), "--since", "2024-01-03"}));
  ASSERT_EQ(run.status, 0) << run.err;
  const auto found = lines_of(run.out);
  EXPECT_EQ(std::set<std::string>(found.begin(), found.end()), urls({"/post/3", "/post/4", "/post/5", "/post/6"}));
  EXPECT_EQ(run_program(args({"discover", origin_.url("/"), "--since", "2024-13-01"})).status, 2);
}

TEST_F(CliCrawlTest, DiscoverFromFeedsReadsRssAndAtomAndSaysWhichDatesAreBroken) {
  const RunResult run = run_program(args({"discover", origin_.url("/"), "--from", "feed", "--since", "2024-01-10"}));
  ASSERT_EQ(run.status, 0) << run.err;
  const auto found = lines_of(run.out);
  // news/1 is older than --since, notes/b too; news/3's date is unreadable, so it stays.
  EXPECT_EQ(std::set<std::string>(found.begin(), found.end()), urls({"/news/2", "/news/3", "/notes/a"}));
  EXPECT_NE(run.err.find("1 date(s) unreadable"), std::string::npos) << run.err;
}

TEST_F(CliCrawlTest, DiscoverFromLinksNormalizesDedupesAndKeepsToTheSiteAndRobots) {
  const RunResult run = run_program(args({"discover", origin_.url("/"), "--from", "links", "--exclude", "/page/1*"}));
  ASSERT_EQ(run.status, 0) << run.err;
  std::vector<std::string> expected{"/away", "/missing", "/copy", "/calendar?month=0"};
  for (int n = 2; n <= 9; ++n) expected.push_back("/page/" + std::to_string(n));
  for (int n = 20; n <= kPages; ++n) expected.push_back("/page/" + std::to_string(n));
  const auto found = lines_of(run.out);
  EXPECT_EQ(found.size(), expected.size());
  EXPECT_EQ(std::set<std::string>(found.begin(), found.end()), urls(expected));
  const RunResult ignoring = run_program(args({"discover", origin_.url("/"), "--from", "links", "--ignore-robots"}));
  EXPECT_NE(ignoring.out.find(origin_.url("/private/secret")), std::string::npos);
}

TEST_F(CliCrawlTest, BadSitemapsAreNamedOnStderrAndDiscoveryGoesOn) {
  robots_ = "User-agent: *\nDisallow: /private/\n";
  for (const char* sitemap : {"/html-sitemap", "/cut.xml.gz", "/deep/0.xml", "/loop-a", "/sitemap-a.xml"}) {
    robots_ += "Sitemap: " + origin_.url(sitemap) + "\n";
  }
  robots_ += std::string(600 * 1024, '#') + "\nDisallow: /post/4\n";  // past what is read
  origin_.handle("/html-sitemap", [](const HttpRequest&, Responder& r) {
    r.send(200, "text/html", "<!DOCTYPE html><html><body><p>Sitemap<br>of the site</body></html>");
  });
  origin_.handle("/cut.xml.gz", [](const HttpRequest&, Responder& r) {
    const std::string packed = gzip_text("<urlset><url><loc>/cut</loc></url></urlset>");
    r.send(200, "application/gzip", packed.substr(0, packed.size() - 10));
  });
  for (int level = 0; level < 10; ++level) {
    origin_.handle("/deep/" + std::to_string(level) + ".xml", [this, level](const HttpRequest&, Responder& r) {
      r.send(200, "application/xml",
             "<sitemapindex><sitemap><loc>" + origin_.url("/deep/" + std::to_string(level + 1) + ".xml") +
                 "</loc></sitemap></sitemapindex>");
    });
  }
  origin_.handle("/loop-a", [this](const HttpRequest&, Responder& r) {
    r.send(301, "text/plain", "", {{"Location", origin_.url("/loop-b")}});
  });
  origin_.handle("/loop-b", [this](const HttpRequest&, Responder& r) {
    r.send(301, "text/plain", "", {{"Location", origin_.url("/loop-a")}});
  });
  const RunResult run = run_program(args({"discover", origin_.url("/")}));
  ASSERT_EQ(run.status, 0) << run.err;
  const auto found = lines_of(run.out);
  EXPECT_EQ(std::set<std::string>(found.begin(), found.end()), urls({"/post/1", "/post/2", "/post/3", "/post/4"}));
  for (const std::string message :
       {"html-sitemap: it is an HTML page, not a sitemap", "cut.xml.gz: its gzip data is cut short",
        "deep/4.xml: skipped; sitemap indexes nest deeper than 3 levels", "loop-a: its redirects form a loop",
        "KiB; only its first 512 KiB are read"}) {
    EXPECT_NE(run.err.find(message), std::string::npos) << message << "\n" << run.err;
  }
  EXPECT_EQ(origin_.request_count("/deep/5.xml"), 0U);
}

TEST_F(CliCrawlTest, ARobotsTxtThatTimesOutIsSaidAndDiscoveryGoesOn) {
  origin_.handle("/robots.txt", [](const HttpRequest&, Responder& r) {
    r.pause(milliseconds{3000});
    r.send(200, "text/plain", "User-agent: *\nDisallow: /\n");
  });
  origin_.handle("/sitemap.xml", [this](const HttpRequest&, Responder& r) {
    r.send(200, "application/xml", "<urlset><url><loc>" + origin_.url("/post/1") + "</loc></url></urlset>");
  });
  const RunResult run = run_program(args({"discover", origin_.url("/"), "--timeout", "0.5"}));
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(lines_of(run.out), std::vector<std::string>{origin_.url("/post/1")});
  EXPECT_NE(run.err.find("robots.txt " + origin_.url("/robots.txt") + ": "), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("going on without it"), std::string::npos) << run.err;
}

TEST_F(CliCrawlTest, DiscoverExitsFiveWhenNothingIsFound) {
  const RunResult run = run_program(args({"discover", origin_.url("/missing"), "--from", "links"}));
  EXPECT_EQ(run.status, 5);
  EXPECT_NE(run.err.find("HTTP 404"), std::string::npos) << run.err;
}

TEST_F(CliCrawlTest, CrawlConvertsEachPageOnceWithinTheSiteTheDepthAndTheDelay) {
  const RunResult run =
      run_program(args({"crawl", origin_.url("/"), "-o", out_.string(), "--max-pages", "30", "--llms-txt"}));
  EXPECT_EQ(run.status, 5) << run.err;  // /missing and /away fail
  const auto lines = manifest();
  EXPECT_EQ(lines.size(), 30U);
  std::set<std::string> listed;
  for (const auto& line : lines) listed.insert(line["url"]);
  EXPECT_EQ(listed.size(), 30U);
  EXPECT_EQ(second_.request_count("/elsewhere"), 0U);
  EXPECT_EQ(origin_.request_count("/private/secret"), 0U);
  {
    const std::lock_guard lock(mutex_);
    for (const auto& [path, count] : paths_) EXPECT_EQ(count, 1) << path;
    EXPECT_LE(max_in_flight_, 2);
    std::sort(starts_.begin(), starts_.end());
    // Crawl-delay 0.1: fetch starts are spaced by the scheduler, and each request reaches the server a
    // little after its start, by however long the machine takes. That lateness does not add up, so over
    // the whole crawl the requests span at least the delays between them, less one lateness (the first
    // page's, which also waited for robots.txt, is left out). A crawl without the delay spans far less.
    ASSERT_GE(starts_.size(), 25U);
    const auto span = starts_.back() - starts_[1];
    EXPECT_GE(span, milliseconds{100} * static_cast<int>(starts_.size() - 2) - milliseconds{100});
  }
  // The start page and the sitemap's six posts come first, then the start page's links: the 404 and
  // the redirect off the site fail; /copy names page 1 as its canonical, so it is fetched but not listed.
  std::map<std::string, std::string> status;
  for (const auto& line : lines) status[line["url"]] = line["status"];
  EXPECT_EQ(status[origin_.url("/")], "ok");
  EXPECT_EQ(status[origin_.url("/post/6")], "ok");
  EXPECT_EQ(status[origin_.url("/missing")], "error");
  EXPECT_EQ(status[origin_.url("/away")], "error");
  EXPECT_FALSE(status.contains(origin_.url("/copy")));
  EXPECT_EQ(origin_.request_count("/copy"), 1U);
  EXPECT_EQ(status[origin_.url("/page/1")], "ok");

  const std::string llms = read_file(out_ / "llms.txt");
  EXPECT_TRUE(llms.starts_with("# Fixture site\n\n> About Fixture site\n")) << llms;
  for (const auto& line : lines) {
    if (line["status"] != "ok") continue;
    const std::string entry = "[" + line["title"].get<std::string>() + "](" + line["url"].get<std::string>() + ")";
    const std::size_t at = llms.find(entry);
    EXPECT_NE(at, std::string::npos) << entry;
    EXPECT_EQ(llms.find(entry, at + 1), std::string::npos) << entry;
  }
  EXPECT_NE(read_file(out_ / "llms-full.txt").find("URL: " + origin_.url("/post/3")), std::string::npos);
}

TEST_F(CliCrawlTest, AtMostTwoPagesFromOneHostAreFetchedAtOnce) {
  slow_ = true;  // each page takes 50 ms, so a crawl with 8 jobs and no delay has pages to overlap
  const RunResult run = run_program(
      args({"crawl", origin_.url("/"), "-o", out_.string(), "--max-pages", "16", "--jobs", "8", "--ignore-robots"}));
  EXPECT_EQ(manifest().size(), 16U) << run.err;
  const std::lock_guard lock(mutex_);
  EXPECT_LE(max_in_flight_, 2);
  EXPECT_GE(max_in_flight_, 1);
}

TEST_F(CliCrawlTest, TheCalendarTrapEndsAtTheDepth) {
  const RunResult run = run_program(
      args({"crawl", origin_.url("/calendar?month=0"), "-o", out_.string(), "--depth", "3", "--exclude", "/post/*"}));
  EXPECT_EQ(run.status, 0) << run.err;
  std::set<std::string> listed;
  for (const auto& line : manifest()) listed.insert(line["url"]);
  EXPECT_EQ(listed, urls({"/calendar?month=0", "/calendar?month=1", "/calendar?month=2", "/calendar?month=3"}));
}

TEST_F(CliCrawlTest, AnInterruptedCrawlCompletesOnARerunWithoutFetchingAgain) {
  hold_ = true;
  {
    ChildProcess run(args({"crawl", origin_.url("/"), "-o", out_.string(), "--max-pages", "20"}));
    // The start page and the first posts are held until the crawl has asked for them; then interrupt.
    for (int tries = 0; tries < 200 && starts_.size() < 1; ++tries) std::this_thread::sleep_for(milliseconds{20});
    std::this_thread::sleep_for(milliseconds{50});
    run.send_signal(SIGINT);
    hold_ = false;
    EXPECT_EQ(run.wait(), 130) << run.err();
  }
  const std::size_t first = manifest().size();
  EXPECT_LT(first, 20U);
  const RunResult rest = run_program(args({"crawl", origin_.url("/"), "-o", out_.string(), "--max-pages", "20"}));
  EXPECT_EQ(rest.status, 5) << rest.err;
  EXPECT_EQ(manifest().size(), 20U);
  const std::lock_guard lock(mutex_);
  for (const auto& [path, count] : paths_) EXPECT_EQ(count, 1) << path;
}

}  // namespace
}  // namespace pagemd::testing
