#pragma once

// What the browser tests share: the browser (or a skip where none is installed), a loopback origin,
// and pages fetched from it as the daemon would have fetched them.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include "fixture_server.hpp"
#include "pagemd/fetch/fetcher.hpp"
#include "pagemd/render/browser_pool.hpp"

namespace pagemd::render {

// The installed browser; a failure, not a skip, where PAGEMD_REQUIRE_BROWSER says there must be one.
inline std::optional<std::filesystem::path> browser_or_skip() {
  auto browser = find_browser({});
  if (!browser && std::getenv("PAGEMD_REQUIRE_BROWSER") != nullptr) {
    ADD_FAILURE() << "chromium-headless-shell is required (PAGEMD_REQUIRE_BROWSER) but not installed";
  }
  return browser;
}

#define REQUIRE_BROWSER(executable)                                         \
  do {                                                                      \
    const auto found = browser_or_skip();                                   \
    if (!found) GTEST_SKIP() << "chromium-headless-shell is not installed"; \
    (executable) = *found;                                                  \
  } while (false)

inline void serve(testing::FixtureServer& server, const std::string& path, std::string content_type, std::string body) {
  server.handle(path, [content_type = std::move(content_type), body = std::move(body)](
                          const testing::HttpRequest&, testing::Responder& out) { out.send(200, content_type, body); });
}

// /socket-page: a worker, which the page's guard script does not reach, opens a WebSocket to
// `socket_url`; the page says how that went ("socket open", "socket failed") and is done once
// body[data-done] matches. The Fetch interception does not see WebSockets.
inline void serve_socket_page(testing::FixtureServer& origin, const std::string& socket_url) {
  serve(origin, "/worker.js", "application/javascript",
        "try { const s = new WebSocket('" + socket_url +
            "'); s.onopen = () => postMessage('open'); s.onerror = () => postMessage('failed'); }"
            " catch (e) { postMessage('threw'); }");
  serve(origin, "/socket-page", "text/html",
        "<body><p id=state>waiting</p><script>const w = new Worker('/worker.js');"
        "w.onmessage = (e) => { document.getElementById('state').textContent = 'socket ' + e.data;"
        " document.body.dataset.done = 1; };</script></body>");
}

// A loopback origin (127.0.0.1, the one address the fetcher may reach) and its pages.
class LoopbackOriginTest : public ::testing::Test {
 protected:
  LoopbackOriginTest() : fetcher_(fetch::FetchLimits{}, policy()) {}

  static fetch::AddressPolicy policy() { return *fetch::AddressPolicy::from_cidrs({"127.0.0.1/32"}); }

  // The page at `path` as the daemon would have fetched it.
  fetch::FetchedPage document(const std::string& path) {
    auto page = fetcher_.fetch(*fetch::parse_url(origin_.url(path), policy()));
    EXPECT_TRUE(page) << page.error().message;
    return page ? *page : fetch::FetchedPage{};
  }

  fetch::CurlFetcher fetcher_;
  testing::FixtureServer origin_;
};

}  // namespace pagemd::render
