// `pagemd batch` with the real binary against local fixture origins.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <thread>
#include <tuple>

#include <nlohmann/json.hpp>

#include "child_process.hpp"
#include "fixture_server.hpp"
#include "scratch_dir.hpp"

namespace pagemd::testing {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

std::string page(int n) {
  return "<html><head><title>Page " + std::to_string(n) + "</title></head><body><article><h1>Page " +
         std::to_string(n) + "</h1><p>Paragraph number " + std::to_string(n) +
         " of the fixture site, with enough words to be read as the article.</p></article></body></html>";
}

// Lines of DIR/manifest.jsonl, each parsed (a line that does not parse fails the test).
std::vector<nlohmann::json> manifest(const fs::path& dir) {
  std::ifstream in(dir / "manifest.jsonl");
  std::vector<nlohmann::json> lines;
  std::string line;
  while (std::getline(in, line)) {
    lines.push_back(nlohmann::json::parse(line));
  }
  return lines;
}

// The latest line of each URL.
std::map<std::string, nlohmann::json> latest(const fs::path& dir) {
  std::map<std::string, nlohmann::json> by_url;
  for (auto& line : manifest(dir)) by_url[line["url"]] = line;
  return by_url;
}

class CliBatchTest : public ::testing::Test {
 protected:
  // /page/N on `origin` answers page(N), after `pause_` if set; /fail/N answers 500. With `pair_up_`
  // set, the first page asked for is held until a second is in flight with it.
  void serve_pages(FixtureServer& origin, int count) {
    for (int n = 0; n < count; ++n) {
      origin.handle("/page/" + std::to_string(n), [this, n](const HttpRequest&, Responder& r) {
        const int now = ++in_flight_;
        int seen = max_in_flight_.load();
        while (now > seen && !max_in_flight_.compare_exchange_weak(seen, now)) {
        }
        if (pair_up_.exchange(false)) {
          for (int waited = 0; in_flight_ < 2 && waited < 1500; ++waited) r.pause(milliseconds{20});
        }
        if (pause_.count() > 0) r.pause(pause_);
        // Held pages wait (10 s at most) until the test lets them go.
        for (int waited = 0; hold_from_ >= 0 && n >= hold_from_ && !released_ && waited < 500; ++waited) {
          r.pause(milliseconds{20});
        }
        --in_flight_;
        r.send(200, "text/html; charset=utf-8", page(n));
      });
      origin.handle("/fail/" + std::to_string(n),
                    [](const HttpRequest&, Responder& r) { r.send(500, "text/plain", "broken\n"); });
    }
  }

  std::vector<std::string> batch_args(const std::vector<std::string>& extra = {}) const {
    std::vector<std::string> argv{pagemd_binary(),           "batch",      "-i", list_.string(), "-o", out_.string(),
                                  "--allow-private-targets", "127.0.0.0/8"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return argv;
  }

  void write_list(const std::vector<std::string>& urls) const {
    std::ofstream list(list_);
    list << "# fixture list\n\n";
    for (const auto& url : urls) list << url << "\n";
  }

  // Serves /page/0 .. /page/<count - 1> of `origin`, each after `pause`, and lists them.
  void list_pages(FixtureServer& origin, int count, milliseconds pause) {
    pause_ = pause;
    serve_pages(origin, count);
    std::vector<std::string> urls;
    for (int n = 0; n < count; ++n) urls.push_back(origin.url("/page/" + std::to_string(n)));
    write_list(urls);
  }

  // Waits (up to 4 s) until the manifest has at least `count` lines.
  void wait_for_lines(std::size_t count) const {
    for (int tries = 0; tries < 200 && manifest(out_).size() < count; ++tries) {
      std::this_thread::sleep_for(milliseconds{20});
    }
  }

  ScratchDir dir_;
  fs::path list_ = dir_.path() / "urls.txt";
  fs::path out_ = dir_.path() / "out";
  std::atomic<int> in_flight_{0};
  std::atomic<int> max_in_flight_{0};
  milliseconds pause_{0};
  std::atomic<bool> pair_up_{false};
  std::atomic<int> hold_from_{-1};  // pages from this number on wait for released_
  std::atomic<bool> released_{false};
};

TEST_F(CliBatchTest, AHundredUrlsWithAFewFailingGiveExitFiveAndAFullManifest) {
  FixtureServer origin;
  FixtureServer second("127.0.0.2");
  serve_pages(origin, 100);
  serve_pages(second, 100);
  std::vector<std::string> urls;
  for (int n = 0; n < 95; ++n) urls.push_back((n % 2 == 0 ? origin : second).url("/page/" + std::to_string(n)));
  for (int n = 0; n < 3; ++n) urls.push_back(origin.url("/fail/" + std::to_string(n)));
  urls.push_back(origin.url("/no-such-page"));
  urls.push_back("http://10.0.0.1/internal");  // not in --allow-private-targets
  write_list(urls);

  const RunResult result = run_program(batch_args({"--jobs", "8"}));
  EXPECT_EQ(result.status, 5) << result.err;
  EXPECT_EQ(result.out, "");
  // Off a terminal: one summary line, no progress bar.
  EXPECT_EQ(result.err, "pagemd batch: 100 URLs, 95 converted, 5 failed in " +
                            result.err.substr(result.err.find(" failed in ") + 11));
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1);
  EXPECT_EQ(result.err.find('\r'), std::string::npos);

  const auto lines = manifest(out_);
  ASSERT_EQ(lines.size(), 100U);
  std::set<std::string> files;
  std::map<std::string, int> codes;
  for (const auto& line : lines) {
    if (line["status"] == "ok") {
      files.insert(line["file"].get<std::string>());
      EXPECT_TRUE(fs::is_regular_file(out_ / line["file"].get<std::string>())) << line;
      EXPECT_TRUE(line["title"].get<std::string>().starts_with("Page ")) << line;
    } else {
      ++codes[line["code"].get<std::string>()];
      EXPECT_TRUE(line["file"].is_null());
    }
  }
  EXPECT_EQ(files.size(), 95U);  // unique names
  EXPECT_EQ(codes["fetch_failed"], 4);
  EXPECT_EQ(codes["url_not_allowed"], 1);
  std::ifstream first(out_ / "127.0.0.1-" += std::to_string(origin.port()) + "_page_0.md");
  std::string markdown((std::istreambuf_iterator<char>(first)), std::istreambuf_iterator<char>());
  EXPECT_NE(markdown.find("Paragraph number 0 of the fixture site"), std::string::npos) << markdown;
}

TEST_F(CliBatchTest, AtMostTwoFetchesPerHostAndTheDelaySpacesThem) {
  FixtureServer origin;
  list_pages(origin, 12, milliseconds{50});
  pair_up_ = true;  // two in flight at once however slowly the second starts, so the limit is met
  ASSERT_EQ(run_program(batch_args({"--jobs", "8"})).status, 0);
  EXPECT_EQ(max_in_flight_.load(), 2);

  // --delay: successive starts from one host at least that far apart, so three pages take the run at
  // least two delays. The run's length and not the gaps between arrivals is measured: how late each
  // fetch reaches the origin varies with the machine's load, while a slower machine only lengthens
  // the run. HostGate's tests check the spacing itself.
  FixtureServer slow;
  for (int n = 0; n < 3; ++n) {
    slow.handle("/d/" + std::to_string(n),
                [n](const HttpRequest&, Responder& r) { r.send(200, "text/html", page(n)); });
  }
  write_list({slow.url("/d/0"), slow.url("/d/1"), slow.url("/d/2")});
  const auto began = std::chrono::steady_clock::now();
  ASSERT_EQ(run_program(batch_args({"--delay", "0.5", "--ignore-robots", "--force"})).status, 0);
  EXPECT_GE(std::chrono::steady_clock::now() - began, milliseconds{1000});
  for (int n = 0; n < 3; ++n) EXPECT_EQ(slow.request_count("/d/" + std::to_string(n)), 1U);
}

TEST_F(CliBatchTest, AnInterruptFinishesTheManifestAndARerunDoesTheRest) {
  FixtureServer origin;
  list_pages(origin, 40, milliseconds{100});
  {
    ChildProcess run(batch_args({"--jobs", "2"}));
    // Wait for a few finished URLs, then interrupt.
    wait_for_lines(4);
    run.send_signal(SIGINT);
    EXPECT_EQ(run.wait(), 130) << run.err();
    EXPECT_NE(run.err().find("interrupted"), std::string::npos);
  }
  const std::size_t done_first = manifest(out_).size();
  EXPECT_GE(done_first, 4U);
  EXPECT_LT(done_first, 40U);
  for (const auto& line : manifest(out_)) EXPECT_EQ(line["status"], "ok");

  const RunResult rest = run_program(batch_args({"--jobs", "8"}));
  EXPECT_EQ(rest.status, 0) << rest.err;
  EXPECT_NE(rest.err.find(std::to_string(done_first) + " already done"), std::string::npos) << rest.err;
  EXPECT_EQ(manifest(out_).size(), 40U);
  for (int n = 0; n < 40; ++n) EXPECT_EQ(origin.request_count("/page/" + std::to_string(n)), 1U) << n;
}

TEST_F(CliBatchTest, FailuresAreSkippedOnARerunUnlessRetryFailedAndForceRedoesAll) {
  FixtureServer origin;
  serve_pages(origin, 2);
  std::atomic<int> flaky_calls{0};
  origin.handle("/flaky", [&](const HttpRequest&, Responder& r) {
    if (++flaky_calls == 1) {
      r.send(503, "text/plain", "try later\n");
    } else {
      r.send(200, "text/html", page(7));
    }
  });
  write_list({origin.url("/page/0"), origin.url("/flaky")});
  EXPECT_EQ(run_program(batch_args()).status, 5);
  const RunResult skipped = run_program(batch_args());
  EXPECT_EQ(skipped.status, 5);  // the failure still stands in the manifest
  EXPECT_NE(skipped.err.find("2 already done (1 of them failed)"), std::string::npos) << skipped.err;
  EXPECT_EQ(flaky_calls.load(), 1);

  const RunResult retried = run_program(batch_args({"--retry-failed"}));
  EXPECT_EQ(retried.status, 0) << retried.err;
  EXPECT_EQ(flaky_calls.load(), 2);
  EXPECT_EQ(origin.request_count("/page/0"), 1U);
  EXPECT_EQ(latest(out_)[origin.url("/flaky")]["status"], "ok");

  EXPECT_EQ(run_program(batch_args({"--force"})).status, 0);
  EXPECT_EQ(origin.request_count("/page/0"), 2U);
  EXPECT_EQ(manifest(out_).size(), 5U);  // 2 + 0 + 1 + 2 lines: a redo appends, the newer line wins
  EXPECT_EQ(run_program(batch_args({"--force", "--retry-failed"})).status, 2);
}

TEST_F(CliBatchTest, AWallIsAFailureWithItsReasonUntilARetryAcceptsIt) {
  FixtureServer origin;
  serve_pages(origin, 1);
  std::ifstream fixture(fs::path(PAGEMD_TEST_DATA_DIR) / "walls" / "login-wall-en.html", std::ios::binary);
  const std::string sign_in((std::istreambuf_iterator<char>(fixture)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(sign_in.empty());
  origin.handle("/members", [&](const HttpRequest&, Responder& r) { r.send(200, "text/html", sign_in); });
  write_list({origin.url("/page/0"), origin.url("/members")});

  const RunResult refused = run_program(batch_args());
  EXPECT_EQ(refused.status, 5) << refused.err;
  auto wall = latest(out_)[origin.url("/members")];
  EXPECT_EQ(wall["status"], "error");
  EXPECT_EQ(wall["code"], "page_unusable");
  EXPECT_EQ(wall["reason"], "login_wall");
  EXPECT_TRUE(wall["file"].is_null());

  const RunResult accepted = run_program(batch_args({"--retry-failed", "--accept-walls"}));
  EXPECT_EQ(accepted.status, 0) << accepted.err;
  wall = latest(out_)[origin.url("/members")];
  EXPECT_EQ(wall["status"], "ok");
  ASSERT_TRUE(wall["file"].is_string());
  EXPECT_TRUE(fs::exists(out_ / wall["file"].get<std::string>()));
  EXPECT_EQ(origin.request_count("/members"), 2U);
  EXPECT_EQ(origin.request_count("/page/0"), 1U);
}

TEST_F(CliBatchTest, TwoRunsOnOneDirectoryDoNotCollide) {
  FixtureServer origin;
  list_pages(origin, 20, milliseconds{100});
  // The first run stays at work (its pages past the second wait) until the second has been turned
  // away, however slowly a loaded machine starts the second.
  hold_from_ = 2;
  ChildProcess first(batch_args({"--jobs", "2"}));
  wait_for_lines(1);
  const RunResult second = run_program(batch_args({"--jobs", "2"}));
  released_ = true;
  EXPECT_EQ(second.status, 1);
  EXPECT_NE(second.err.find("another pagemd batch is working on " + out_.string()), std::string::npos) << second.err;
  EXPECT_EQ(first.wait(), 0) << first.err();
  const auto lines = manifest(out_);
  EXPECT_EQ(lines.size(), 20U);
  EXPECT_EQ(latest(out_).size(), 20U);
  for (int n = 0; n < 20; ++n) EXPECT_EQ(origin.request_count("/page/" + std::to_string(n)), 1U);
}

TEST_F(CliBatchTest, RobotsTxtIsHonouredUnlessIgnored) {
  FixtureServer origin;
  serve_pages(origin, 2);
  origin.handle("/robots.txt", [](const HttpRequest&, Responder& r) {
    r.send(200, "text/plain", "User-agent: *\nDisallow: /page/1\n");
  });
  write_list({origin.url("/page/0"), origin.url("/page/1")});
  EXPECT_EQ(run_program(batch_args()).status, 5);
  EXPECT_EQ(latest(out_)[origin.url("/page/1")]["code"], "robots_disallowed");
  EXPECT_EQ(origin.request_count("/page/1"), 0U);
  EXPECT_EQ(run_program(batch_args({"--retry-failed", "--ignore-robots"})).status, 0);
  EXPECT_EQ(origin.request_count("/page/1"), 1U);
}

// PDFs in a list are converted like pages, within the bounds --max-pdf-bytes and --max-pdf-pages set;
// the manifest says what each URL was.
TEST_F(CliBatchTest, PdfsAreConvertedWithinTheirBoundsAndTheManifestSaysSo) {
  std::ifstream file(fs::path(PAGEMD_TEST_DATA_DIR) / "pdf" / "article.pdf", std::ios::binary);
  const std::string pdf((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  ASSERT_GT(pdf.size(), 2048U);  // 3.5 KB, two pages
  FixtureServer origin;
  serve_pages(origin, 1);
  origin.handle("/report.pdf", [&pdf](const HttpRequest&, Responder& r) { r.send(200, "application/pdf", pdf); });
  const std::string report = origin.url("/report.pdf");
  write_list({origin.url("/page/0"), report});
  ASSERT_EQ(run_program(batch_args()).status, 0);
  auto lines = latest(out_);
  EXPECT_EQ(lines[report]["status"], "ok");
  EXPECT_EQ(lines[report]["content_type"], "application/pdf");
  EXPECT_EQ(lines[report]["page_type"], "document");
  EXPECT_EQ(lines[origin.url("/page/0")]["content_type"], "text/html");
  std::ifstream markdown(out_ / lines[report]["file"].get<std::string>());
  const std::string text((std::istreambuf_iterator<char>(markdown)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text.rfind("# Growing Onions in Cold Frames\n", 0), 0U) << text;

  for (const auto& [flag, value, limit] :
       {std::tuple{"--max-pdf-bytes", "2048", "max_pdf_bytes"}, std::tuple{"--max-pdf-pages", "1", "max_pdf_pages"}}) {
    EXPECT_EQ(run_program(batch_args({"--force", flag, value})).status, 5) << flag;
    lines = latest(out_);
    EXPECT_EQ(lines[report]["code"], "unsupported_content") << flag;
    EXPECT_NE(lines[report]["error"].get<std::string>().find(limit), std::string::npos) << lines[report].dump();
    EXPECT_TRUE(lines[report]["content_type"].is_null());
    EXPECT_EQ(lines[origin.url("/page/0")]["status"], "ok");
  }
}

TEST_F(CliBatchTest, ARedirectToAPrivateAddressIsRefused) {
  FixtureServer origin;
  origin.handle("/redirect", [](const HttpRequest&, Responder& r) {
    r.send(302, "text/html", "", {{"Location", "http://10.0.0.1/admin"}});
  });
  write_list({origin.url("/redirect")});
  EXPECT_EQ(run_program(batch_args()).status, 5);
  EXPECT_EQ(latest(out_)[origin.url("/redirect")]["code"], "url_not_allowed");
}

// On a terminal (script(1) provides one) a progress bar is redrawn in place, red failures unless
// NO_COLOR is set.
TEST_F(CliBatchTest, OnATerminalAProgressBarIsDrawn) {
  if (!fs::exists("/usr/bin/script")) GTEST_SKIP() << "script(1) is not installed";
  FixtureServer origin;
  serve_pages(origin, 3);
  write_list({origin.url("/page/0"), origin.url("/page/1"), origin.url("/fail/0")});
  std::string command;
  for (const std::string& arg : batch_args({"--retry-failed"})) command += "'" + arg + "' ";
  const RunResult colour = run_program({"/usr/bin/script", "-qec", command, "/dev/null"});
  EXPECT_EQ(colour.status, 5) << colour.out;
  EXPECT_NE(colour.out.find("\r[####"), std::string::npos) << colour.out;
  EXPECT_NE(colour.out.find("3/3  \x1b[31m1 failed\x1b[0m"), std::string::npos) << colour.out;
  EXPECT_NE(colour.out.find("\x1b[K"), std::string::npos);
  EXPECT_NE(colour.out.find("pagemd batch: 3 URLs"), std::string::npos);
  const RunResult plain = run_program({"/usr/bin/script", "-qec", command, "/dev/null"}, {"NO_COLOR=1"});
  EXPECT_NE(plain.out.find("1/1  1 failed"), std::string::npos) << plain.out;
  EXPECT_EQ(plain.out.find("\x1b[31m"), std::string::npos);
}

TEST_F(CliBatchTest, TheGuardRefusesLoopbackUnlessAllowedAndReadsTheListFromStdin) {
  FixtureServer origin;
  serve_pages(origin, 1);
  const RunResult refused =
      run_program({pagemd_binary(), "batch", "-i", "-", "-o", out_.string()}, {}, origin.url("/page/0") + "\n");
  EXPECT_EQ(refused.status, 5);
  EXPECT_EQ(latest(out_)[origin.url("/page/0")]["code"], "url_not_allowed");
  EXPECT_EQ(origin.request_count("/page/0"), 0U);
  EXPECT_EQ(run_program({pagemd_binary(), "batch", "-i", "-", "-o", out_.string(), "--allow-private-targets",
                         "127.0.0.0/8", "--retry-failed"},
                        {}, origin.url("/page/0") + "\n")
                .status,
            0);
  EXPECT_EQ(
      run_program({pagemd_binary(), "batch", "-i", "-", "-o", out_.string(), "--allow-private-targets", "127.0.0.0/33"})
          .status,
      2);
  EXPECT_EQ(run_program({pagemd_binary(), "batch", "-o", out_.string()}).status, 2);
  EXPECT_EQ(run_program({pagemd_binary(), "batch", "-i", "-", "-o", out_.string(), "--jobs", "0"}).status, 2);
}

}  // namespace
}  // namespace pagemd::testing

namespace pagemd::testing {
namespace {

bool browser_installed() {
  const bool installed = fs::exists("/usr/bin/chromium-headless-shell");
  if (!installed && std::getenv("PAGEMD_REQUIRE_BROWSER") != nullptr) {
    ADD_FAILURE() << "chromium-headless-shell is required (PAGEMD_REQUIRE_BROWSER) but not installed";
  }
  return installed;
}

TEST_F(CliBatchTest, RenderRunsAppShellsInTheBrowserAndTheManifestSaysSo) {
  if (!browser_installed()) GTEST_SKIP() << "chromium-headless-shell is not installed";
  FixtureServer origin;
  origin.handle("/shell", [](const HttpRequest&, Responder& r) {
    r.send(
        200, "text/html",
        "<html><head><title>Shell</title></head><body><div id=app></div><script src=/app.js></script></body></html>");
  });
  origin.handle("/app.js", [](const HttpRequest&, Responder& r) {
    r.send(200, "application/javascript",
           "document.getElementById('app').innerHTML = '<article><h1>Script notes</h1>' + "
           "'<p>Written by the script, seen by a browser: the notes of the season, with the birds counted "
           "on the marsh each morning and the weather of each day.</p>'.repeat(4) + '</article>';");
  });
  serve_pages(origin, 1);
  write_list({origin.url("/shell"), origin.url("/page/0")});

  ASSERT_EQ(run_program(batch_args({"--ignore-robots", "--render", "never"})).status, 0);
  auto lines = latest(out_);
  EXPECT_EQ(lines[origin.url("/shell")]["rendered"], false);
  EXPECT_EQ(origin.request_count("/app.js"), 0U);

  ASSERT_EQ(run_program(batch_args({"--ignore-robots", "--force"})).status, 0);  // auto
  lines = latest(out_);
  EXPECT_EQ(lines[origin.url("/shell")]["rendered"], true);
  EXPECT_EQ(lines[origin.url("/page/0")]["rendered"], false);
  std::ifstream shell(out_ / lines[origin.url("/shell")]["file"].get<std::string>());
  const std::string markdown((std::istreambuf_iterator<char>(shell)), std::istreambuf_iterator<char>());
  EXPECT_NE(markdown.find("Written by the script, seen by a browser"), std::string::npos) << markdown;

  const auto refused = run_program(batch_args({"--render", "sometimes"}));
  EXPECT_EQ(refused.status, 2);
}

}  // namespace
}  // namespace pagemd::testing
