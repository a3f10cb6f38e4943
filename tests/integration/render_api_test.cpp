// POST /extract with rendering: the real daemon, its real headless Chromium, a local origin.

#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "daemon_test.hpp"

namespace pagemd::testing {
namespace {

// An app shell: nothing but a mount node until its script fetches the article.
constexpr const char* kAppShell = R"(<!DOCTYPE html><html lang="en"><head><title>Field notes</title></head>
<body><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>
<script src="/app.js"></script></body></html>)";

constexpr const char* kAppScript = R"(fetch('/story.json').then(r => r.json()).then(story => {
  document.getElementById('root').innerHTML =
      '<article><h1>' + story.title + '</h1>' + story.paragraphs.map(p => '<p>' + p + '</p>').join('') + '</article>';
});)";

std::string story_json() {
  nlohmann::json paragraphs = nlohmann::json::array();
  for (int i = 0; i < 6; ++i) {
    paragraphs.push_back("Paragraph " + std::to_string(i) +
                         " of the field notes tells how the herons of the marsh return each spring, "
                         "which reeds they nest in, and how the water level decides the size of the colony.");
  }
  return nlohmann::json{{"title", "Herons of the marsh"}, {"paragraphs", paragraphs}}.dump();
}

bool have_browser() {
  for (const char* dir : {"/usr/bin", "/usr/local/bin", "/bin"}) {
    if (std::filesystem::exists(std::filesystem::path(dir) / "chromium-headless-shell")) return true;
  }
  if (std::getenv("PAGEMD_REQUIRE_BROWSER") != nullptr) {
    ADD_FAILURE() << "chromium-headless-shell is required (PAGEMD_REQUIRE_BROWSER) but not installed";
  }
  return false;
}

class RenderApi : public DaemonTest {
 protected:
  void SetUp() override {
    origin_.handle("/app", [](const HttpRequest&, Responder& out) { out.send(200, "text/html", kAppShell); });
    origin_.handle("/app.js",
                   [](const HttpRequest&, Responder& out) { out.send(200, "application/javascript", kAppScript); });
    origin_.handle("/story.json",
                   [](const HttpRequest&, Responder& out) { out.send(200, "application/json", story_json()); });
    origin_.handle("/article", [](const HttpRequest&, Responder& out) {
      out.send(200, "text/html; charset=utf-8", article_html("Rivers of the Valley"));
    });
  }

  nlohmann::json extract_rendering(const std::string& path, const std::string& mode, long expected_status = 200) {
    const auto response =
        extract_body(nlohmann::json{{"url", origin_.url(path)}, {"render", mode}}.dump(), account_->key);
    EXPECT_EQ(response.status, expected_status) << response.body;
    return response.json();
  }
};

TEST_F(RenderApi, AutoRendersAnAppShellAndLeavesAnArticleStatic) {
  if (!have_browser()) GTEST_SKIP() << "chromium-headless-shell is not installed";
  start_daemon({"--render-concurrency", "1"});
  const auto shell = extract_rendering("/app", "auto");
  EXPECT_EQ(shell["metadata"]["rendered"], true) << shell.dump();
  EXPECT_NE(shell["markdown"].get<std::string>().find("herons of the marsh return"), std::string::npos);
  EXPECT_GT(shell["metadata"]["word_count"].get<int>(), 100);
  EXPECT_EQ(origin_.request_count("/app"), 1U) << "rendering did not fetch the page a second time";

  const auto article = extract_rendering("/article", "auto");
  EXPECT_EQ(article["metadata"]["rendered"], false);

  const auto metrics = http_request("GET", daemon_->url("/metrics"), {});
  EXPECT_NE(metrics.body.find("pagemd_renders_total{outcome=\"ok\"} 1"), std::string::npos) << metrics.body;
  EXPECT_NE(metrics.body.find("pagemd_browser_starts_total 1"), std::string::npos);
  EXPECT_NE(metrics.body.find("pagemd_render_seconds_total"), std::string::npos);
}

TEST_F(RenderApi, NeverKeepsTheShellAndAlwaysRefusesItsStaticCachedCopy) {
  if (!have_browser()) GTEST_SKIP() << "chromium-headless-shell is not installed";
  start_daemon({"--render-concurrency", "1"});
  const auto never = extract_rendering("/app", "never");
  EXPECT_EQ(never["metadata"]["rendered"], false);
  EXPECT_EQ(never["markdown"].get<std::string>().find("herons"), std::string::npos);
  EXPECT_EQ(origin_.request_count("/app.js"), 0U);

  // The static copy is cached; "auto" takes it as it is, "always" renders anew and replaces it.
  const auto cached = extract_rendering("/app", "auto");
  EXPECT_EQ(cached["metadata"]["cache"]["status"], "hit");
  EXPECT_EQ(cached["metadata"]["rendered"], false);
  const auto always = extract_rendering("/app", "always");
  EXPECT_EQ(always["metadata"]["cache"]["status"], "miss");
  EXPECT_EQ(always["metadata"]["rendered"], true);
  const auto again = extract_rendering("/app", "always");
  EXPECT_EQ(again["metadata"]["cache"]["status"], "hit");
  EXPECT_EQ(again["metadata"]["rendered"], true);
  // And "never" does not take the rendered copy for a static one.
  const auto never_again = extract_rendering("/app", "never");
  EXPECT_EQ(never_again["metadata"]["cache"]["status"], "miss");
  EXPECT_EQ(never_again["metadata"]["rendered"], false);
}

TEST_F(RenderApi, WithoutABrowserAlwaysIsUnavailableAndAutoFallsBackToStatic) {
  start_daemon({"--render-browser", "/nonexistent/chromium"});
  const auto refused = extract_rendering("/app", "always", 501);
  EXPECT_EQ(refused["code"], "render_unavailable");
  EXPECT_EQ(origin_.request_count("/app"), 0U) << "nothing is fetched for a render that cannot happen";
  EXPECT_EQ(get("/extract/usage", account_->key).json()["used"], 0) << "a refusal costs no page";
  const auto fallback = extract_rendering("/app", "auto");
  EXPECT_EQ(fallback["metadata"]["rendered"], false);
}

TEST_F(RenderApi, ABadRenderModeOrWaitForIsAnInvalidRequest) {
  start_daemon({"--render-browser", ""});
  for (const nlohmann::json& body :
       {nlohmann::json{{"url", origin_.url("/app")}, {"render", "sometimes"}},
        nlohmann::json{{"url", origin_.url("/app")}, {"render", true}},
        nlohmann::json{{"url", origin_.url("/app")}, {"wait_for", 3}},
        nlohmann::json{{"url", origin_.url("/app")}, {"wait_for", std::string(300, 'a')}}}) {
    const auto response = extract_body(body.dump(), account_->key);
    EXPECT_EQ(response.status, 400) << body.dump();
    EXPECT_EQ(response.json()["code"], "invalid_request");
  }
  EXPECT_EQ(origin_.request_count("/app"), 0U);
}

TEST_F(RenderApi, WaitForWaitsForTheSelectorAndHasItsOwnCacheEntry) {
  if (!have_browser()) GTEST_SKIP() << "chromium-headless-shell is not installed";
  origin_.handle("/slow-app", [](const HttpRequest&, Responder& out) {
    out.send(200, "text/html",
             "<body><main></main><script>setTimeout(() => { document.querySelector('main').innerHTML = "
             "'<article><h1>Late</h1><p class=done>The late paragraph arrives after a second.</p></article>'; }, "
             "1000);</script></body>");
  });
  start_daemon({"--render-concurrency", "1"});
  const auto response = extract_body(
      nlohmann::json{{"url", origin_.url("/slow-app")}, {"render", "always"}, {"wait_for", "p.done"}}.dump(),
      account_->key);
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_NE(response.json()["markdown"].get<std::string>().find("late paragraph arrives"), std::string::npos);
}

// The browser's profile lives in a temporary directory of its own; stopping the daemon as systemd
// does removes it, so that a host running pagemdd by hand does not gather them in /tmp.
TEST_F(RenderApi, AStoppedDaemonLeavesNoBrowserProfileBehind) {
  if (!have_browser()) GTEST_SKIP() << "chromium-headless-shell is not installed";
  const ScratchDir temporary_dir;
  const auto& temporary = temporary_dir.path();
  // As root the browser runs as nobody, which must reach its profile as it could in /tmp.
  std::filesystem::permissions(temporary, std::filesystem::perms::all, std::filesystem::perm_options::replace);
  daemon_environment_ = {"TMPDIR=" + temporary.string()};
  start_daemon({"--render-concurrency", "1"});
  const auto shell = extract_rendering("/app", "always");
  EXPECT_EQ(shell["metadata"]["rendered"], true) << shell.dump();
  EXPECT_FALSE(std::filesystem::is_empty(temporary)) << "the browser's profile is not where TMPDIR says";

  daemon_->send_signal(SIGTERM);
  EXPECT_EQ(daemon_->wait_for_exit(std::chrono::seconds{10}), 0) << daemon_->log();
  EXPECT_TRUE(std::filesystem::is_empty(temporary));
}

// render_sandbox = "off" renders without Chromium's sandbox (the browser's jail still holds) and
// says so in the log at warn level, not in passing.
TEST_F(RenderApi, RenderingWithoutTheBrowsersSandboxIsAWarning) {
  if (!have_browser()) GTEST_SKIP() << "chromium-headless-shell is not installed";
  start_daemon({"--render-concurrency", "1", "--render-sandbox", "off"});
  const auto shell = extract_rendering("/app", "always");
  EXPECT_EQ(shell["metadata"]["rendered"], true) << shell.dump();
  const std::string log = daemon_->log();
  const auto warning = log.find("the browser runs without its own sandbox (render_sandbox = \"off\")");
  ASSERT_NE(warning, std::string::npos) << log;
  const auto newline = log.rfind('\n', warning);
  const std::size_t line_start = newline == std::string::npos ? 0 : newline + 1;
  EXPECT_NE(log.substr(line_start, warning - line_start).find("warn"), std::string::npos) << log;
}

}  // namespace
}  // namespace pagemd::testing
