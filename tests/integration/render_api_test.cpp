// POST /extract with rendering: the real daemon, its real headless Chromium, a local origin.

#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

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

// A page that sends the browser somewhere the daemon may not fetch (IPv6 loopback is outside the
// allowed 127.0.0.0/8): the navigation fails and the browser ends on its own error page.
constexpr const char* kLeavingPage =
    "<body><p>Leaving for elsewhere</p><script>location.href = 'http://[::1]:9/elsewhere';</script></body>";

// Waits (a minute at most) until `done` holds, asking every 20 ms.
template <typename Condition>
bool eventually(Condition done) {
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes{1};
  while (!done()) {
    if (std::chrono::steady_clock::now() > give_up) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds{20});
  }
  return true;
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
    origin_.handle("/leaves", [](const HttpRequest&, Responder& out) { out.send(200, "text/html", kLeavingPage); });
    origin_.handle("/plain", [](const HttpRequest&, Responder& out) {
      out.send(200, "text/html", "<title>Plain</title><body><p>A plain page with nothing to wait for.</p></body>");
    });
  }

  std::int64_t used(const std::string& key) { return get("/extract/usage", key).json()["used"].get<std::int64_t>(); }

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

// An in-DOM template (issue 43, point 7): its text is mustaches until its script runs, so "auto"
// renders it, and without a browser it is page_unusable (needs_javascript), never template text.
constexpr const char* kTemplatePage = R"(<!DOCTYPE html><html lang="en"><head><title>Field notes</title></head>
<body><div id="app" v-cloak><article><h1>{{ a.title }}</h1><section v-for="s in a.sections"><h2>{{ s.h }}</h2>
<p v-for="t in s.paragraphs">{{ t }}</p></section><p v-if="loading">Loading…</p></article></div>
<script>fetch('/story.json').then(r => r.json()).then(story => {
  document.getElementById('app').innerHTML = '<article><h1>' + story.title + '</h1>' +
      story.paragraphs.map(p => '<p>' + p + '</p>').join('') + '</article>';
});</script></body></html>)";

TEST_F(RenderApi, AutoRendersATemplateAndWithoutABrowserCallsItUnusable) {
  if (!have_browser()) GTEST_SKIP() << "chromium-headless-shell is not installed";
  origin_.handle("/template", [](const HttpRequest&, Responder& out) { out.send(200, "text/html", kTemplatePage); });
  start_daemon({"--render-concurrency", "1"});
  const auto rendered = extract_rendering("/template", "auto");
  EXPECT_EQ(rendered["metadata"]["rendered"], true) << rendered.dump();
  const std::string markdown = rendered["markdown"].get<std::string>();
  EXPECT_NE(markdown.find("herons of the marsh return"), std::string::npos) << markdown;
  EXPECT_EQ(markdown.find("{{"), std::string::npos) << markdown;
  const auto never = extract_rendering("/template", "never", 422);
  EXPECT_EQ(never["code"], "page_unusable");
  EXPECT_EQ(never["reason"], "needs_javascript");
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

// A navigation that ends on the browser's error page (chrome-error://) is fetch_failed: never a 200,
// never cached (each request fetches the page again), never counted; "auto" keeps the static page.
TEST_F(RenderApi, AFailedNavigationIsNeverServedCachedOrCounted) {
  if (!have_browser()) GTEST_SKIP() << "chromium-headless-shell is not installed";
  start_daemon({"--render-concurrency", "1"});
  for (int attempt = 1; attempt <= 3; ++attempt) {
    const auto failed = extract_rendering("/leaves", "always", 502);
    EXPECT_EQ(failed["code"], "fetch_failed") << failed.dump();
    EXPECT_EQ(origin_.request_count("/leaves"), static_cast<std::size_t>(attempt)) << "a failure was cached";
  }
  EXPECT_EQ(used(account_->key), 0);
  // The static page has words enough not to be rendered in "auto"; a page that is an app shell and
  // leaves falls back to its static conversion, with its own address.
  origin_.handle("/leaving-shell", [](const HttpRequest&, Responder& out) {
    out.send(200, "text/html",
             "<title>Shell</title><body><div id=\"root\"></div><noscript>You need to enable JavaScript to run this "
             "app.</noscript><script>location.href = 'http://[::1]:9/elsewhere';</script></body>");
  });
  const auto fallback = extract_rendering("/leaving-shell", "auto");
  EXPECT_EQ(fallback["metadata"]["rendered"], false) << fallback.dump();
  EXPECT_EQ(fallback["metadata"]["final_url"], origin_.url("/leaving-shell"));
  EXPECT_EQ(used(account_->key), 1);
  const auto metrics = http_request("GET", daemon_->url("/metrics"), {});
  EXPECT_NE(metrics.body.find("pagemd_renders_total{outcome=\"failed\"} 4"), std::string::npos) << metrics.body;
}

// One account cannot hold every browser: while account A's four renders wait on a network that
// never goes quiet (the origin holds their requests until the test lets go), account B's render of
// a trivial page is answered at once.
TEST_F(RenderApi, AnotherAccountRendersWhileOneHoldsItsShareOfTheBrowsers) {
  if (!have_browser()) GTEST_SKIP() << "chromium-headless-shell is not installed";
  auto released = std::make_shared<std::atomic<bool>>(false);
  origin_.handle("/held", [released](const HttpRequest&, Responder& out) {
    while (!*released && out.pause(std::chrono::milliseconds{20})) {
    }
    out.send(200, "application/json", "{}");
  });
  origin_.handle("/holds", [](const HttpRequest&, Responder& out) {
    out.send(200, "text/html", "<body><p>Waiting for the network</p><script>fetch('/held');</script></body>");
  });
  start_daemon({"--render-concurrency", "4", "--render-timeout", "60", "--fetch-timeout", "60"});
  const TestAccount other = create_account(data_dir_.path());

  std::vector<std::future<HttpResponse>> held;
  for (int i = 0; i < 4; ++i) {
    const std::string body =
        nlohmann::json{{"url", origin_.url("/holds?copy=" + std::to_string(i))}, {"render", "always"}}.dump();
    held.push_back(std::async(std::launch::async, [this, body] { return extract_body(body, account_->key); }));
  }
  // Two of A's renders (its half of the four browsers) wait on the held requests; the other two wait
  // for a browser of A's share.
  ASSERT_TRUE(eventually([&] { return origin_.request_count("/held") >= 2; }));

  const auto asked = std::chrono::steady_clock::now();
  const auto response =
      extract_body(nlohmann::json{{"url", origin_.url("/plain")}, {"render", "always"}}.dump(), other.key);
  const auto took = std::chrono::steady_clock::now() - asked;
  RecordProperty("other_account_answered_ms",
                 static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(took).count()));
  EXPECT_EQ(response.status, 200) << response.body;
  const auto answer = response.json();
  EXPECT_TRUE(answer.is_object() && answer.contains("metadata") && answer["metadata"].value("rendered", false))
      << response.body;
  EXPECT_LT(took, std::chrono::seconds{3});
  EXPECT_EQ(origin_.request_count("/held"), 2U) << "account A held more than half the browsers";
  for (auto& request : held) {
    EXPECT_EQ(request.wait_for(std::chrono::seconds{0}), std::future_status::timeout)
        << "one of A's renders ended before B was answered";
  }

  *released = true;
  for (auto& request : held) EXPECT_EQ(request.get().status, 200);
  EXPECT_EQ(origin_.request_count("/held"), 4U);
}

// Failed renders cost their account browser time: once its failures have taken the budget (1 s a
// minute here), its renders are refused before anything is fetched, with a Retry-After, and nothing
// is counted; another account renders as before, and the account's "auto" requests are converted
// as fetched.
TEST_F(RenderApi, AnAccountWhoseFailedRendersTookItsBrowserTimeIsRefusedAtOnce) {
  if (!have_browser()) GTEST_SKIP() << "chromium-headless-shell is not installed";
  start_daemon(
      {"--render-concurrency", "2", "--render-failed-seconds-per-minute", "1", "--rate-limit-per-minute", "0"});
  const TestAccount other = create_account(data_dir_.path());

  // Each failure takes some browser time, so a bounded number of them spends the second.
  HttpResponse refused;
  int failures = 0;
  for (int attempt = 0; attempt < 200; ++attempt) {
    const std::size_t fetched_before = origin_.request_count("/leaves");
    auto response = extract_body(
        nlohmann::json{{"url", origin_.url("/leaves?attempt=" + std::to_string(attempt))}, {"render", "always"}}.dump(),
        account_->key);
    if (response.status == 429) {
      EXPECT_EQ(origin_.request_count("/leaves"), fetched_before) << "the refused request fetched its page";
      refused = std::move(response);
      break;
    }
    ASSERT_EQ(response.status, 502) << response.body;
    ++failures;
  }
  ASSERT_EQ(refused.status, 429) << "never refused after " << failures << " failed renders";
  EXPECT_GE(failures, 1);
  EXPECT_EQ(refused.json()["code"], "render_budget_exceeded") << refused.body;
  const int retry_after = std::stoi(refused.header("retry-after"));
  EXPECT_GE(retry_after, 1);
  EXPECT_LE(retry_after, 60);

  // Refused again at once, for any page, with nothing fetched and no browser taken.
  const auto metrics_before = http_request("GET", daemon_->url("/metrics"), {}).body;
  const std::size_t plain_fetches = origin_.request_count("/plain");
  const auto asked = std::chrono::steady_clock::now();
  const auto again =
      extract_body(nlohmann::json{{"url", origin_.url("/plain")}, {"render", "always"}}.dump(), account_->key);
  RecordProperty("failed_renders_before_refusal", failures);
  RecordProperty(
      "refusal_ms",
      static_cast<int>(
          std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - asked).count()));
  EXPECT_EQ(again.status, 429) << again.body;
  EXPECT_EQ(again.json()["code"], "render_budget_exceeded");
  EXPECT_EQ(origin_.request_count("/plain"), plain_fetches);
  EXPECT_EQ(used(account_->key), 0);

  // Another account is not affected...
  const auto others =
      extract_body(nlohmann::json{{"url", origin_.url("/plain")}, {"render", "always"}}.dump(), other.key);
  EXPECT_EQ(others.status, 200) << others.body;
  // ...and A's "auto" request of an app shell is converted as fetched rather than refused.
  const auto shell = extract_rendering("/app", "auto");
  EXPECT_EQ(shell["metadata"]["rendered"], false) << shell.dump();
  const auto metrics = http_request("GET", daemon_->url("/metrics"), {}).body;
  EXPECT_NE(metrics.find("pagemd_render_refusals_total 3"), std::string::npos) << metrics;
  EXPECT_NE(metrics_before.find("pagemd_render_refusals_total 1"), std::string::npos) << metrics_before;
}

// The browser's own requests take starts of the upstream limit as pages do: a page that asks for
// 100 resources at once gets them from its origin at no more than upstream_fetches_per_second.
TEST_F(RenderApi, ThePagesOwnRequestsKeepToTheUpstreamLimit) {
  if (!have_browser()) GTEST_SKIP() << "chromium-headless-shell is not installed";
  struct Arrivals {
    std::mutex mutex;
    std::vector<std::chrono::steady_clock::time_point> times;
  };
  auto arrivals = std::make_shared<Arrivals>();
  origin_.handle("/resource", [arrivals](const HttpRequest&, Responder& out) {
    {
      const std::lock_guard lock(arrivals->mutex);
      arrivals->times.push_back(std::chrono::steady_clock::now());
    }
    out.send(200, "application/json", "{}");
  });
  origin_.handle("/many", [](const HttpRequest&, Responder& out) {
    out.send(200, "text/html",
             "<body><p id=out>Fetching</p><script>"
             "Promise.allSettled(Array.from({length: 100}, (_, i) => fetch('/resource?i=' + i)))"
             ".then(results => { const out = document.getElementById('out'); "
             "out.textContent = results.filter(r => r.status === 'fulfilled').length + ' resources arrived'; "
             "out.dataset.done = 'yes'; });"
             "</script></body>");
  });
  start_daemon({"--render-concurrency", "1", "--render-timeout", "120", "--upstream-fetches-per-second", "10",
                "--upstream-queue", "100"});
  const auto page = extract_body(
      nlohmann::json{{"url", origin_.url("/many")}, {"render", "always"}, {"wait_for", "p[data-done]"}}.dump(),
      account_->key);
  ASSERT_EQ(page.status, 200) << page.body;
  EXPECT_NE(page.json()["markdown"].get<std::string>().find("100 resources arrived"), std::string::npos) << page.body;

  std::vector<std::chrono::steady_clock::time_point> times;
  {
    const std::lock_guard lock(arrivals->mutex);
    times = arrivals->times;
  }
  ASSERT_EQ(times.size(), 100U);
  std::sort(times.begin(), times.end());
  // Ten starts a second: any eleven arrivals span a second. The start of each is given by the
  // limiter; an arrival lags its start by the time the request takes to reach the origin, which is
  // the same for each but for scheduling: 100 ms of that is allowed for.
  std::size_t most_in_a_second = 0;
  for (std::size_t first = 0; first < times.size(); ++first) {
    std::size_t last = first;
    while (last < times.size() && times[last] - times[first] < std::chrono::seconds{1}) ++last;
    most_in_a_second = std::max(most_in_a_second, last - first);
  }
  auto shortest_span_of_eleven = times.back() - times.front();
  for (std::size_t i = 0; i + 10 < times.size(); ++i) {
    shortest_span_of_eleven = std::min(shortest_span_of_eleven, times[i + 10] - times[i]);
  }
  RecordProperty("most_arrivals_in_one_second", static_cast<int>(most_in_a_second));
  RecordProperty(
      "shortest_span_of_eleven_ms",
      static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(shortest_span_of_eleven).count()));
  EXPECT_GE(shortest_span_of_eleven, std::chrono::milliseconds{900})
      << "eleven arrivals within "
      << std::chrono::duration_cast<std::chrono::milliseconds>(shortest_span_of_eleven).count() << " ms; at most "
      << most_in_a_second << " in one second";
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
