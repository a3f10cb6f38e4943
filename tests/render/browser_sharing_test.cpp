// The browser pool among accounts: each may hold at most half the browsers, and an account whose
// failed renders took its browser time is refused until that time has left the window.
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <memory>
#include <thread>
#include <vector>

#include "browser_pool_fixture.hpp"

namespace pagemd::render {
namespace {

using namespace std::chrono_literals;

// Account "greedy" asks for four renders of a page whose request the origin holds until the test
// lets go, so they can only end at the render's time bound; "modest" asks for a trivial page.
TEST_F(BrowserPoolTest, AnAccountHoldsAtMostHalfTheBrowsers) {
  REQUIRE_BROWSER(options_.browser);
  options_.browsers = 4;
  options_.share_among_accounts = true;
  options_.timeout = 30s;
  auto released = std::make_shared<std::atomic<bool>>(false);
  origin_.handle("/held", [released](const HttpRequest&, Responder& out) {
    while (!*released && out.pause(20ms)) {
    }
    out.send(200, "application/json", "{}");
  });
  serve(origin_, "/holds", "text/html", "<body><p>Waiting for the network</p><script>fetch('/held');</script></body>");
  serve(origin_, "/plain", "text/html", "<body><p>A plain page.</p></body>");
  BrowserPool pool(options_);
  const fetch::FetchedPage holding = document("/holds");

  std::vector<std::future<core::Result<RenderedPage>>> greedy;
  for (int i = 0; i < 4; ++i) {
    greedy.push_back(std::async(std::launch::async, [&] {
      return pool.render(holding, RenderRequest{"", "greedy"}, fetcher_);
    }));
  }
  const auto give_up = std::chrono::steady_clock::now() + 1min;
  while (origin_.request_count("/held") < 2 && std::chrono::steady_clock::now() < give_up) {
    std::this_thread::sleep_for(20ms);
  }
  ASSERT_EQ(origin_.request_count("/held"), 2U);

  auto modest = pool.render(document("/plain"), RenderRequest{"", "modest"}, fetcher_);
  ASSERT_TRUE(modest) << modest.error().message;
  EXPECT_NE(modest->html.find("A plain page."), std::string::npos);
  EXPECT_EQ(origin_.request_count("/held"), 2U) << "the greedy account held more than half the browsers";
  for (auto& render : greedy) {
    EXPECT_EQ(render.wait_for(0s), std::future_status::timeout) << "a greedy render ended before the modest one";
  }

  *released = true;
  for (auto& render : greedy) {
    auto page = render.get();
    EXPECT_TRUE(page) << page.error().message;
  }
  EXPECT_EQ(origin_.request_count("/held"), 4U);
}

// Without sharing (one user, as `pagemd batch`), a single account may use every browser.
TEST_F(BrowserPoolTest, WithoutSharingOneAccountUsesEveryBrowser) {
  REQUIRE_BROWSER(options_.browser);
  options_.browsers = 2;
  auto released = std::make_shared<std::atomic<bool>>(false);
  origin_.handle("/held", [released](const HttpRequest&, Responder& out) {
    while (!*released && out.pause(20ms)) {
    }
    out.send(200, "application/json", "{}");
  });
  serve(origin_, "/holds", "text/html", "<body><p>Waiting for the network</p><script>fetch('/held');</script></body>");
  BrowserPool pool(options_);
  const fetch::FetchedPage holding = document("/holds");
  std::vector<std::future<core::Result<RenderedPage>>> renders;
  for (int i = 0; i < 2; ++i) {
    renders.push_back(std::async(std::launch::async, [&] { return pool.render(holding, RenderRequest{}, fetcher_); }));
  }
  const auto give_up = std::chrono::steady_clock::now() + 1min;
  while (origin_.request_count("/held") < 2 && std::chrono::steady_clock::now() < give_up) {
    std::this_thread::sleep_for(20ms);
  }
  EXPECT_EQ(origin_.request_count("/held"), 2U);
  *released = true;
  for (auto& render : renders) EXPECT_TRUE(render.get());
}

// Every failed render costs at least a millisecond of browser time, so with a budget of one
// millisecond a single failure spends it.
TEST_F(BrowserPoolTest, AnAccountWhoseFailuresTookItsBrowserTimeIsRefusedUntilTheWindowPasses) {
  REQUIRE_BROWSER(options_.browser);
  options_.failed_render_budget = 1ms;
  options_.failed_render_window = 3s;
  serve(origin_, "/leaves", "text/html",
        "<body><p>Leaving</p><script>location.href = '" + forbidden_.url("/elsewhere") + "';</script></body>");
  serve(origin_, "/plain", "text/html", "<body><p>A plain page.</p></body>");
  BrowserPool pool(options_);
  const RenderRequest spender{"", "spender"};
  for (int i = 0; i < 2; ++i) ASSERT_TRUE(render(pool, "/plain", spender)) << "a page that renders costs nothing";
  EXPECT_FALSE(pool.refusal("spender"));

  auto failed = render(pool, "/leaves", spender);
  const auto failed_by = std::chrono::steady_clock::now();
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().code, core::ErrorCode::fetch_failed);

  const RenderStats before = pool.stats();
  auto refused = render(pool, "/plain", spender);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, core::ErrorCode::render_budget_exceeded) << refused.error().message;
  ASSERT_TRUE(refused.error().retry_after);
  EXPECT_GE(*refused.error().retry_after, 1s);
  EXPECT_LE(*refused.error().retry_after, 3s);
  const RenderStats after = pool.stats();
  EXPECT_EQ(after.refused, before.refused + 1);
  EXPECT_EQ(after.rendered, before.rendered) << "a refused render took a browser";
  EXPECT_EQ(after.failed, before.failed);
  EXPECT_EQ(after.milliseconds, before.milliseconds);

  EXPECT_TRUE(render(pool, "/plain", RenderRequest{"", "other"})) << "another account is not refused";

  std::this_thread::sleep_until(failed_by + options_.failed_render_window);
  EXPECT_FALSE(pool.refusal("spender")) << "the failure left the window";
  EXPECT_TRUE(render(pool, "/plain", spender));
}

}  // namespace
}  // namespace pagemd::render
