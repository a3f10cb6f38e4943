// The browser's jail with a real chromium-headless-shell: every process of a browser, looked at
// while it renders a page, runs with no_new_privs under the seccomp filter (and, where one was
// made, in a network namespace of its own), whether or not Chromium's own sandbox runs; and the
// browser cannot reach a listener on loopback by any layer alone, even without the proxy flags.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "browser/browser_jail.hpp"
#include "browser/browser_memory.hpp"
#include "browser/browser_process.hpp"
#include "fixture_server.hpp"
#include "page_render.hpp"
#include "pagemd/fetch/fetcher.hpp"
#include "pagemd/render/browser_pool.hpp"
#include "render_test_support.hpp"

namespace pagemd::render {
namespace {

using namespace std::chrono_literals;
using testing::FixtureServer;
using testing::HttpRequest;
using testing::Responder;

// A line "Name:\tvalue" of /proc/<pid>/status, "" when the process is gone.
std::string status_field(pid_t pid, const std::string& name) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.starts_with(name + ":")) {
      const std::size_t value = line.find_first_not_of(" \t", name.size() + 1);
      return value == std::string::npos ? "" : line.substr(value);
    }
  }
  return "";
}

// The browser's processes: its process group, and every descendant of its first process whatever
// its group (so that a helper that left the group would be looked at too).
std::set<pid_t> browser_processes(pid_t browser) {
  std::set<pid_t> found;
  for (const auto& member : detail::group_members(browser)) found.insert(member.pid);
  std::map<pid_t, pid_t> parent_of;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const std::string ppid = status_field(std::stoi(name), "PPid");
    if (!ppid.empty()) parent_of[std::stoi(name)] = std::stoi(ppid);
  }
  for (const auto& [pid, parent] : parent_of) {
    for (pid_t up = parent; up > 1; up = parent_of.contains(up) ? parent_of[up] : 0) {
      if (up == browser) found.insert(pid);
    }
  }
  found.insert(browser);
  return found;
}

class BrowserJailTest : public LoopbackOriginTest {
 protected:
  BrowserJailTest() : listener_("127.0.0.2") {}

  FixtureServer listener_;  // what the browser must not reach: loopback, and no request goes to it
};

// What each process of the browser shows while the page holds the render open.
struct Inspection {
  std::size_t processes = 0;
  std::vector<std::string> unjailed;  // "pid: what is missing"
};

Inspection inspect(pid_t browser) {
  Inspection seen;
  const bool namespaced = detail::in_other_network_namespace(browser);
  for (const pid_t pid : browser_processes(browser)) {
    // The namespace first, the status after: a helper that ends in between has no status, and is
    // not taken for one left in the test's namespace (its /proc entry gone, the check says "same").
    const bool own_namespace = detail::in_other_network_namespace(pid);
    const std::string no_new_privs = status_field(pid, "NoNewPrivs");
    const std::string seccomp = status_field(pid, "Seccomp");
    if (no_new_privs.empty() || seccomp.empty()) continue;  // ended meanwhile
    ++seen.processes;
    std::string missing;
    if (no_new_privs != "1") missing += " NoNewPrivs=" + no_new_privs;
    if (seccomp != "2") missing += " Seccomp=" + seccomp;
    if (namespaced && !own_namespace) missing += " in the test's network namespace";
    if (!missing.empty()) seen.unjailed.push_back(std::to_string(pid) + ":" + missing);
  }
  return seen;
}

class JailedWhileRendering : public BrowserJailTest, public ::testing::WithParamInterface<bool> {};

TEST_P(JailedWhileRendering, EveryBrowserProcessIsJailed) {
  BrowserPoolOptions options;
  REQUIRE_BROWSER(options.browser);
  const bool own_sandbox = GetParam();
  if (own_sandbox && !browser_sandbox_possible()) {
    // Under the packaged unit's rules (render.under_the_unit) the sandbox must be possible.
    if (std::getenv("PAGEMD_EXPECT_BROWSER_SANDBOX") != nullptr) FAIL() << "Chromium's sandbox cannot run here";
    GTEST_SKIP() << "no user namespaces here for Chromium's sandbox";
  }
  options.sandbox = own_sandbox;
  options.timeout = 60s;  // what is measured is the jail, not the time: a loaded machine must not fail it
  serve(origin_, "/warm", "text/html", "<body><p>Warm.</p></body>");
  BrowserPool pool(options);
  ASSERT_TRUE(pool.render(document("/warm"), {}, fetcher_));
  ASSERT_EQ(pool.idle_browsers().size(), 1U);
  const pid_t browser = pool.idle_browsers()[0].pid;

  // The page's script asks for /hold, whose answer waits until the browser has been looked at: its
  // renderer and helpers are all running then.
  Inspection seen;
  origin_.handle("/hold", [&](const HttpRequest&, Responder& out) {
    seen = inspect(browser);
    out.send(200, "application/json", "{}");
  });
  serve(origin_, "/page", "text/html",
        "<body><p id=out>waiting</p><script>fetch('/hold').then(() => {"
        " document.getElementById('out').textContent = 'held'; document.body.dataset.done = 1; });"
        "</script></body>");
  auto page = pool.render(document("/page"), RenderRequest{"body[data-done]"}, fetcher_);
  ASSERT_TRUE(page) << page.error().message;
  EXPECT_NE(page->html.find("held"), std::string::npos);
  EXPECT_GE(seen.processes, 3U) << "the browser, its renderer and a helper at least";
  EXPECT_TRUE(seen.unjailed.empty()) << ::testing::PrintToString(seen.unjailed);
  if (::geteuid() == 0) {
    EXPECT_TRUE(detail::in_other_network_namespace(browser)) << "root can always make the network namespace";
  }
}

INSTANTIATE_TEST_SUITE_P(OwnSandboxOnAndOff, JailedWhileRendering, ::testing::Bool(),
                         [](const auto& param) { return param.param ? "WithItsSandbox" : "WithoutItsSandbox"; });

// A launch with some layers of the jail taken away, and without the proxy flags: the socket page's
// worker opens a WebSocket to a listener on loopback, which only the browser's own network could
// carry.
struct Layers {
  bool filter;
  bool network_namespace;
};

struct Reach {
  std::size_t connections = 0;        // the listener's, during the page
  bool in_network_namespace = false;  // the browser had one of its own
};

Reach reach_from(const fetch::FetchedPage& page, fetch::ResourceFetcher& fetcher, const FixtureServer& listener,
                 const std::filesystem::path& executable, Layers layers) {
  detail::BrowserLaunch launch{executable, browser_sandbox_possible(), true};
  launch.proxy_flags = false;
  launch.network_filter = layers.filter;
  launch.network_namespace = layers.network_namespace;
  const std::size_t before = listener.connection_count();
  auto browser = detail::BrowserProcess::start(launch);
  EXPECT_TRUE(browser) << browser.error().message;
  if (!browser) return {};
  EXPECT_TRUE(detail::prepare_browser((*browser)->pipe()));
  detail::PageBudget budget;
  budget.timeout = 15s;
  const auto outcome = detail::render_page((*browser)->pipe(), page, RenderRequest{"body[data-done]"}, fetcher, budget);
  EXPECT_TRUE(outcome.page) << outcome.page.error().message;
  if (outcome.page) {
    EXPECT_NE(outcome.page->html.find("socket "), std::string::npos) << outcome.page->html;
  }
  return {listener.connection_count() - before, detail::in_other_network_namespace((*browser)->pid())};
}

TEST_F(BrowserJailTest, NoLayerAloneLetsTheBrowserReachLoopback) {
  std::filesystem::path executable;
  REQUIRE_BROWSER(executable);
  serve_socket_page(origin_, "ws://127.0.0.2:" + std::to_string(listener_.port()) + "/socket");
  const fetch::FetchedPage page = document("/socket-page");

  // The browser's own sandbox (where there is one) does not take the network away: with no layer
  // of the jail the page's socket reaches the listener. The layers are measured against this.
  const Reach unjailed = reach_from(page, fetcher_, listener_, executable, {false, false});
  ASSERT_GE(unjailed.connections, 1U) << "without the jail the WebSocket should have reached the listener";

  const Reach filtered = reach_from(page, fetcher_, listener_, executable, {true, false});
  EXPECT_FALSE(filtered.in_network_namespace);
  EXPECT_EQ(filtered.connections, 0U) << "the filter alone let the browser connect";

  const Reach namespaced = reach_from(page, fetcher_, listener_, executable, {false, true});
  if (namespaced.in_network_namespace) {
    EXPECT_EQ(namespaced.connections, 0U) << "the network namespace alone let the browser connect";
  } else {
    EXPECT_NE(::geteuid(), 0U) << "root can always make the network namespace";
  }
}

}  // namespace
}  // namespace pagemd::render
