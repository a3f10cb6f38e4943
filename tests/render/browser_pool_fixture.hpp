#pragma once

// The browser pool's tests: a real chromium-headless-shell, every request answered by the real
// guarded fetcher from local fixture servers; 127.0.0.1 is allowed, 127.0.0.2 stands for a private
// address the page must not reach.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include "fixture_server.hpp"
#include "pagemd/fetch/fetcher.hpp"
#include "pagemd/render/browser_pool.hpp"

namespace pagemd::render {

using testing::FixtureServer;
using testing::HttpRequest;
using testing::Responder;

using testing::FixtureServer;
using testing::HttpRequest;
using testing::Responder;

inline std::optional<std::filesystem::path> browser_or_skip() {
  auto browser = find_browser({});
  if (!browser && std::getenv("PAGEMD_REQUIRE_BROWSER") != nullptr) {
    ADD_FAILURE() << "chromium-headless-shell is required (PAGEMD_REQUIRE_BROWSER) but not installed";
  }
  return browser;
}

#define REQUIRE_BROWSER(options)                                            \
  do {                                                                      \
    const auto found = browser_or_skip();                                   \
    if (!found) GTEST_SKIP() << "chromium-headless-shell is not installed"; \
    (options).browser = *found;                                             \
  } while (false)

inline void serve(FixtureServer& server, const std::string& path, std::string content_type, std::string body) {
  server.handle(path, [content_type = std::move(content_type), body = std::move(body)](
                          const HttpRequest&, Responder& out) { out.send(200, content_type, body); });
}

class BrowserPoolTest : public ::testing::Test {
 protected:
  BrowserPoolTest()
      : fetcher_(fetch::FetchLimits{}, *fetch::AddressPolicy::from_cidrs({"127.0.0.1/32"})), forbidden_("127.0.0.2") {
    options_.timeout = std::chrono::seconds{10};
    options_.sandbox = browser_sandbox_possible();
  }

  // The page at `path` as the daemon would have fetched it.
  fetch::FetchedPage document(const std::string& path) {
    auto page =
        fetcher_.fetch(*fetch::parse_url(origin_.url(path), *fetch::AddressPolicy::from_cidrs({"127.0.0.1/32"})));
    EXPECT_TRUE(page) << page.error().message;
    return page ? *page : fetch::FetchedPage{};
  }

  core::Result<RenderedPage> render(BrowserPool& pool, const std::string& path, RenderRequest request = {}) {
    return pool.render(document(path), request, fetcher_);
  }

  BrowserPoolOptions options_;
  fetch::CurlFetcher fetcher_;
  FixtureServer origin_;
  FixtureServer forbidden_;
};

}  // namespace pagemd::render
