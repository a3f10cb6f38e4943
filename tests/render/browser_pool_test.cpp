// The browser pool with a real chromium-headless-shell, every request answered by the real guarded
// fetcher from local fixture servers: 127.0.0.1 is allowed, 127.0.0.2 stands for a private address
// the page must not reach.
#include "pagemd/render/browser_pool.hpp"

#include <gtest/gtest.h>
#include <signal.h>

#include <cstdlib>
#include <string>

#include "browser_pool_fixture.hpp"

namespace pagemd::render {
namespace {

using namespace std::chrono_literals;

TEST_F(BrowserPoolTest, AScriptThatFetchesItsArticleLaterIsWaitedFor) {
  REQUIRE_BROWSER(options_.browser);
  serve(origin_, "/app", "text/html",
        R"(<html><head><title>App</title></head><body><div id="root"></div>
           <script src="/app.js"></script></body></html>)");
  serve(origin_, "/app.js", "application/javascript",
        R"(setTimeout(() => fetch('/article.json').then(r => r.json()).then(a => {
             document.getElementById('root').innerHTML = '<h1>' + a.title + '</h1><p>' + a.text + '</p>';
           }), 200);)");
  serve(origin_, "/article.json", "application/json",
        R"({"title": "Rendered headline", "text": "Only a browser that runs the script sees this paragraph."})");
  BrowserPool pool(options_);
  auto page = render(pool, "/app");
  ASSERT_TRUE(page) << page.error().message;
  EXPECT_NE(page->html.find("Rendered headline"), std::string::npos) << page->html;
  EXPECT_NE(page->html.find("Only a browser that runs the script"), std::string::npos);
  EXPECT_FALSE(page->cut_short);
  EXPECT_EQ(page->url, origin_.url("/app"));
  EXPECT_EQ(origin_.request_count("/app"), 1U) << "the browser got the page from the fetch already made";
  EXPECT_EQ(origin_.request_count("/article.json"), 1U);
  EXPECT_EQ(pool.stats().rendered, 1U);
  EXPECT_EQ(pool.stats().browser_starts, 1U);
}

TEST_F(BrowserPoolTest, WaitForASelectorOutlastsTheQuietNetwork) {
  REQUIRE_BROWSER(options_.browser);
  serve(origin_, "/late", "text/html",
        R"(<body><main></main><script>
             setTimeout(() => { document.querySelector('main').innerHTML = '<p class="ready">Late text</p>'; }, 1500);
           </script></body>)");
  BrowserPool pool(options_);
  auto page = render(pool, "/late", RenderRequest{"p.ready"});
  ASSERT_TRUE(page) << page.error().message;
  EXPECT_NE(page->html.find("Late text"), std::string::npos);
}

TEST_F(BrowserPoolTest, NothingThePageTriesReachesAPrivateAddress) {
  REQUIRE_BROWSER(options_.browser);
  const std::string target = forbidden_.url("/secret");
  const std::string ws_target = "ws://127.0.0.2:" + std::to_string(forbidden_.port()) + "/socket";
  origin_.handle("/to-private.js", [&](const HttpRequest&, Responder& out) {
    out.send(302, "text/plain", "", {{"Location", target + ".js"}});
  });
  serve(origin_, "/hostile", "text/html",
        "<body><p>Hostile page</p>"
        "<img src='" +
            target +
            "-img'>"
            "<iframe src='" +
            target +
            "-frame'></iframe>"
            "<script src='/to-private.js'></script>"
            "<script>"
            "fetch('" +
            target +
            "-fetch').catch(() => {});"
            "navigator.sendBeacon('" +
            target +
            "-beacon', 'x');"
            "try { new WebSocket('" +
            ws_target +
            "'); } catch (e) {}"
            "try { new EventSource('" +
            target +
            "-events'); } catch (e) {}"
            "const x = new XMLHttpRequest(); x.open('GET', '" +
            target +
            "-xhr'); x.send();"
            "</script></body>");
  BrowserPool pool(options_);
  auto page = render(pool, "/hostile");
  ASSERT_TRUE(page) << page.error().message;
  EXPECT_NE(page->html.find("Hostile page"), std::string::npos);
  EXPECT_EQ(origin_.request_count("/to-private.js"), 1U) << "the allowed hop was fetched";
  EXPECT_EQ(forbidden_.connection_count(), 0U) << "something reached the private listener";
}

// A page that sends the browser somewhere it may not go ends on the browser's own error page, which
// is a failure to render, not a page (nor a page to cache and count).
TEST_F(BrowserPoolTest, ANavigationThatFailsIsAnErrorNotAPage) {
  REQUIRE_BROWSER(options_.browser);
  serve(origin_, "/leaves", "text/html",
        "<body><p>Leaving</p><script>location.href = '" + forbidden_.url("/elsewhere") + "';</script></body>");
  BrowserPool pool(options_);
  auto page = render(pool, "/leaves");
  ASSERT_FALSE(page) << "rendered " << page->url;
  EXPECT_EQ(page.error().code, core::ErrorCode::fetch_failed);
  EXPECT_EQ(forbidden_.connection_count(), 0U);
}

TEST_F(BrowserPoolTest, WebSocketsFailEvenWhereTheGuardScriptCannotReach) {
  REQUIRE_BROWSER(options_.browser);
  // A worker has no guard script of its own: only the browser's jail, proxy and resolver settings stop it.
  serve_socket_page(origin_, "ws://127.0.0.2:" + std::to_string(forbidden_.port()) + "/socket");
  BrowserPool pool(options_);
  auto page = render(pool, "/socket-page", RenderRequest{"body[data-done]"});
  ASSERT_TRUE(page) << page.error().message;
  std::this_thread::sleep_for(300ms);
  EXPECT_EQ(forbidden_.connection_count(), 0U);
}

TEST_F(BrowserPoolTest, AScriptThatNeverYieldsIsStoppedAndTheDomReadAsItIs) {
  REQUIRE_BROWSER(options_.browser);
  options_.timeout = 2s;
  serve(origin_, "/spin", "text/html",
        "<body><p>Text before the loop.</p><script>while (true) {}</script><p>Never parsed.</p></body>");
  serve(origin_, "/calm", "text/html", "<body><p>A calm page.</p></body>");
  BrowserPool pool(options_);
  const auto started = std::chrono::steady_clock::now();
  auto page = render(pool, "/spin");
  const auto took = std::chrono::steady_clock::now() - started;
  EXPECT_LT(took, 10s);
  if (page) {
    EXPECT_TRUE(page->cut_short);
    EXPECT_NE(page->html.find("Text before the loop."), std::string::npos);
  } else {
    EXPECT_EQ(page.error().code, core::ErrorCode::fetch_timeout) << page.error().message;
  }
  auto calm = render(pool, "/calm");
  ASSERT_TRUE(calm) << calm.error().message;
  EXPECT_NE(calm->html.find("A calm page."), std::string::npos);
}

TEST_F(BrowserPoolTest, OpenShadowRootsAreReadInPlaceOfTheirHostsChildren) {
  REQUIRE_BROWSER(options_.browser);
  serve(origin_, "/shadow", "text/html",
        R"(<body><article-card><span slot="byline">By the slotted author</span></article-card>
           <script>
             customElements.define('article-card', class extends HTMLElement {
               constructor() {
                 super();
                 this.attachShadow({mode: 'open'}).innerHTML =
                     '<h2>Shadow headline</h2><slot name="byline"></slot><p>Shadow paragraph text.</p>';
               }
             });
           </script></body>)");
  BrowserPool pool(options_);
  auto page = render(pool, "/shadow");
  ASSERT_TRUE(page) << page.error().message;
  const std::string& html = page->html;
  const auto headline = html.find("Shadow headline");
  const auto byline = html.find("By the slotted author");
  const auto paragraph = html.find("Shadow paragraph text.");
  ASSERT_NE(headline, std::string::npos) << html;
  ASSERT_NE(byline, std::string::npos) << html;
  ASSERT_NE(paragraph, std::string::npos) << html;
  EXPECT_LT(headline, byline);
  EXPECT_LT(byline, paragraph) << "the slot shows what is assigned to it, where it stands";
  EXPECT_EQ(html.find("<script"), html.rfind("<script")) << "one script element, left empty";
}

TEST_F(BrowserPoolTest, MediaIsNotFetchedAndThePageBudgetHolds) {
  REQUIRE_BROWSER(options_.browser);
  options_.max_requests = 5;
  std::string body = "<body><p>Budget</p><img src='/picture.png'><link rel=stylesheet href='/font.css'>";
  for (int i = 0; i < 12; ++i) body += "<script src='/s" + std::to_string(i) + ".js'></script>";
  serve(origin_, "/budget", "text/html", body + "</body>");
  for (int i = 0; i < 12; ++i) serve(origin_, "/s" + std::to_string(i) + ".js", "application/javascript", "1;");
  serve(origin_, "/font.css", "text/css",
        "@font-face { font-family: f; src: url(/font.woff2); } body { font-family: f; }");
  BrowserPool pool(options_);
  auto page = render(pool, "/budget");
  ASSERT_TRUE(page) << page.error().message;
  EXPECT_EQ(origin_.request_count("/picture.png"), 0U);
  EXPECT_EQ(origin_.request_count("/font.woff2"), 0U);
  std::size_t scripts = 0;
  for (int i = 0; i < 12; ++i) scripts += origin_.request_count("/s" + std::to_string(i) + ".js");
  EXPECT_LE(scripts + origin_.request_count("/font.css"), 5U);
}

TEST_F(BrowserPoolTest, BrowsersAreRecycledAfterTheirPageCountAndReplacedAfterACrash) {
  REQUIRE_BROWSER(options_.browser);
  options_.pages_per_browser = 2;
  serve(origin_, "/page", "text/html", "<body><p>Again and again.</p></body>");
  BrowserPool pool(options_);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(render(pool, "/page"));
  EXPECT_EQ(pool.stats().browser_starts, 2U);
  EXPECT_EQ(pool.stats().browser_recycles, 1U);

  const auto running = pool.idle_browsers();
  ASSERT_EQ(running.size(), 1U);
  EXPECT_GT(running[0].resident_bytes, 0U);
  ASSERT_EQ(::kill(-running[0].pid, SIGKILL), 0);
  std::this_thread::sleep_for(200ms);
  auto after_crash = render(pool, "/page");
  if (!after_crash) {
    EXPECT_EQ(after_crash.error().code, core::ErrorCode::fetch_failed) << after_crash.error().message;
    after_crash = render(pool, "/page");
  }
  ASSERT_TRUE(after_crash) << after_crash.error().message;
  EXPECT_EQ(pool.stats().browser_restarts, 1U);
}

TEST_F(BrowserPoolTest, WithoutABrowserRenderingIsUnavailable) {
  options_.browser = "/nonexistent/chromium-headless-shell";
  serve(origin_, "/page", "text/html", "<body><p>Static.</p></body>");
  BrowserPool pool(options_);
  auto page = render(pool, "/page");
  ASSERT_FALSE(page);
  EXPECT_EQ(page.error().code, core::ErrorCode::render_unavailable);
  EXPECT_FALSE(find_browser("/nonexistent/chromium-headless-shell"));
  EXPECT_FALSE(find_browser("no-such-browser-anywhere"));
}

}  // namespace
}  // namespace pagemd::render

namespace pagemd::render {
namespace {

// A browser that stops answering (here: stopped by a signal) costs the page it was given an error
// within the time bound, and the next page gets a fresh browser.
TEST_F(BrowserPoolTest, AHungBrowserCostsOnePageAndIsReplaced) {
  REQUIRE_BROWSER(options_.browser);
  options_.timeout = 3s;
  serve(origin_, "/page", "text/html", "<body><p>A page to render.</p></body>");
  BrowserPool pool(options_);
  ASSERT_TRUE(render(pool, "/page"));
  const auto running = pool.idle_browsers();
  ASSERT_EQ(running.size(), 1U);
  ASSERT_EQ(::kill(-running[0].pid, SIGSTOP), 0);
  const auto started = std::chrono::steady_clock::now();
  auto hung = render(pool, "/page");
  EXPECT_LT(std::chrono::steady_clock::now() - started, 15s);
  ASSERT_FALSE(hung);
  EXPECT_EQ(hung.error().code, core::ErrorCode::fetch_timeout) << hung.error().message;
  auto next = render(pool, "/page");
  ASSERT_TRUE(next) << next.error().message;
  EXPECT_NE(next->html.find("A page to render."), std::string::npos);
  EXPECT_EQ(pool.stats().browser_restarts, 1U);
  EXPECT_NE(pool.idle_browsers().at(0).pid, running[0].pid);
}

}  // namespace
}  // namespace pagemd::render

namespace pagemd::render {
namespace {

// Each page has a browser context of its own: what one page stores, the next page of the same
// site does not find.
TEST_F(BrowserPoolTest, NoCookieOrStorageOutlivesItsPage) {
  REQUIRE_BROWSER(options_.browser);
  serve(origin_, "/writer", "text/html",
        "<body><p>Writer</p><script>localStorage.setItem('seen', 'yes'); document.cookie = 'seen=yes';"
        "sessionStorage.setItem('seen', 'yes');</script></body>");
  serve(origin_, "/reader", "text/html",
        "<body><p id=out></p><script>document.getElementById('out').textContent = 'storage:' +"
        "(localStorage.getItem('seen') || 'none') + ' cookie:' + (document.cookie || 'none') + ' session:' +"
        "(sessionStorage.getItem('seen') || 'none');</script></body>");
  BrowserPool pool(options_);
  ASSERT_TRUE(render(pool, "/writer"));
  auto reader = render(pool, "/reader");
  ASSERT_TRUE(reader) << reader.error().message;
  EXPECT_NE(reader->html.find("storage:none cookie:none session:none"), std::string::npos) << reader->html;
  EXPECT_EQ(pool.stats().browser_starts, 1U) << "the same browser, a fresh context";
}

// The bytes a page may fetch are bounded: of two scripts that do not both fit, one fails like a
// network error.
TEST_F(BrowserPoolTest, ThePagesByteBudgetHolds) {
  REQUIRE_BROWSER(options_.browser);
  options_.max_bytes = 100 * 1024;
  const std::string filler = "/*" + std::string(60 * 1024, 'x') + "*/";
  serve(origin_, "/a.js", "application/javascript", filler + "window.a = 1;");
  serve(origin_, "/b.js", "application/javascript", filler + "window.b = 1;");
  serve(origin_, "/heavy", "text/html",
        "<body><p id=out></p><script src=/a.js></script><script src=/b.js></script><script>"
        "document.getElementById('out').textContent = 'loaded:' + (window.a ? 'a' : '') + (window.b ? 'b' : '');"
        "</script></body>");
  BrowserPool pool(options_);
  auto page = render(pool, "/heavy");
  ASSERT_TRUE(page) << page.error().message;
  // The scripts are fetched side by side: whichever came first is the one that fits.
  const bool one =
      page->html.find("loaded:a<") != std::string::npos || page->html.find("loaded:b<") != std::string::npos;
  EXPECT_TRUE(one) << page->html;
}

// Past its recycling bound a browser is replaced after the page it rendered.
TEST_F(BrowserPoolTest, ABrowserPastItsRecyclingBoundIsRecycled) {
  REQUIRE_BROWSER(options_.browser);
  options_.recycle_browser_bytes = 1;  // every browser is past it
  serve(origin_, "/page", "text/html", "<body><p>Small.</p></body>");
  BrowserPool pool(options_);
  ASSERT_TRUE(render(pool, "/page"));
  ASSERT_TRUE(render(pool, "/page"));
  EXPECT_EQ(pool.stats().browser_recycles, 2U);
  EXPECT_EQ(pool.stats().browser_starts, 2U);
  EXPECT_TRUE(pool.idle_browsers().empty());
}

}  // namespace
}  // namespace pagemd::render
