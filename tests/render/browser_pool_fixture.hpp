#pragma once

// The browser pool's tests: a real chromium-headless-shell, every request answered by the real
// guarded fetcher from local fixture servers; 127.0.0.1 is allowed, 127.0.0.2 stands for a private
// address the page must not reach.

#include <chrono>
#include <string>

#include "fixture_server.hpp"
#include "pagemd/render/browser_pool.hpp"
#include "render_test_support.hpp"

namespace pagemd::render {

using testing::FixtureServer;
using testing::HttpRequest;
using testing::Responder;

class BrowserPoolTest : public LoopbackOriginTest {
 protected:
  BrowserPoolTest() : forbidden_("127.0.0.2") {
    options_.timeout = std::chrono::seconds{10};
    options_.sandbox = browser_sandbox_possible();
  }

  core::Result<RenderedPage> render(BrowserPool& pool, const std::string& path, RenderRequest request = {}) {
    return pool.render(document(path), request, fetcher_);
  }

  BrowserPoolOptions options_;
  FixtureServer forbidden_;
};

}  // namespace pagemd::render
