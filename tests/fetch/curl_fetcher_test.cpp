// CurlFetcher: pages, redirects, proxies, concurrency. (Guard, limits and content: the other files.)
#include <cstdlib>
#include <thread>

#include "fetch_test.hpp"

namespace pagemd::fetch {
namespace {

using core::ErrorCode;

TEST_F(FetchTest, FetchesAPage) {
  testing::HttpRequest seen;
  server_.handle("/page", [&](const testing::HttpRequest& request, testing::Responder& responder) {
    seen = request;
    responder.send(200, "text/html; charset=UTF-8", "<p>hello</p>", {{"Content-Language", "de-AT"}});
  });
  const auto page = fetch("/page?x=1#frag");
  ASSERT_TRUE(page) << page.error().message;
  EXPECT_EQ(page->final_url, server_.url("/page?x=1"));
  EXPECT_EQ(page->http_status, 200);
  EXPECT_EQ(page->content_type, "text/html");
  EXPECT_EQ(page->charset, "utf-8");
  EXPECT_EQ(page->content_language, "de-AT");
  EXPECT_EQ(page->body, "<p>hello</p>");
  EXPECT_EQ(seen.target, "/page?x=1");
  EXPECT_EQ(seen.header("user-agent"), "pagemd-test/1");
  EXPECT_NE(seen.header("accept").find("text/html"), std::string::npos);
  for (const char* coding : {"gzip", "deflate", "br", "zstd"}) {
    EXPECT_NE(seen.header("accept-encoding").find(coding), std::string::npos) << coding;
  }
}

TEST_F(FetchTest, FetchesFilesOfAServedDirectory) {
  server_.serve_directory("/pages/", PAGEMD_TEST_DATA_DIR "/pages");
  const auto page = fetch("/pages/article.html");
  ASSERT_TRUE(page) << page.error().message;
  EXPECT_NE(page->body.find("Café, naïve, Zürich."), std::string::npos);
  const auto missing = fetch("/pages/none.html");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().upstream_status, 404);
}

TEST_F(FetchTest, FollowsARedirectChainAndReportsTheFinalUrl) {
  redirect("/start", 301, "/two");                                                    // relative
  redirect("/two", 302, server_.url("/three"));                                       // absolute
  redirect("/three", 303, "four?q=1");                                                // relative to the path
  redirect("/four", 307, "//127.0.0.1:" + std::to_string(server_.port()) + "/five");  // scheme-relative
  redirect("/five", 308, "/end#fragment");
  serve("/end", "text/html", "<p>end</p>");
  const auto page = fetch("/start");
  ASSERT_TRUE(page) << page.error().message;
  EXPECT_EQ(page->body, "<p>end</p>");
  EXPECT_EQ(page->final_url, server_.url("/end"));
  for (const char* path : {"/start", "/two", "/three", "/four", "/five", "/end"}) {
    EXPECT_EQ(server_.request_count(path), 1u) << path;
  }
}

TEST_F(FetchTest, ALocationWithSpacesAndNonAsciiIsEncodedLikeABrowserWould) {
  redirect("/moved", 302, "/new page/ü?q=a b");
  serve("/new%20page/%C3%BC", "text/html", "<p>found</p>");
  const auto page = fetch("/moved");
  ASSERT_TRUE(page) << page.error().message;
  EXPECT_EQ(page->final_url, server_.url("/new%20page/%C3%BC?q=a%20b"));
}

TEST_F(FetchTest, SixRedirectsAreTooMany) {
  for (int i = 0; i < 6; ++i) {
    redirect("/r" + std::to_string(i), 302, "/r" + std::to_string(i + 1));
  }
  serve("/r6", "text/html", "<p>six hops away</p>");
  const auto five = fetch("/r1");  // r1 -> ... -> r6: five redirects
  ASSERT_TRUE(five) << five.error().message;
  EXPECT_EQ(five->final_url, server_.url("/r6"));

  const auto six = fetch("/r0");
  EXPECT_EQ(code_of(six), ErrorCode::fetch_failed);
  EXPECT_NE(six.error().message.find("more than 5"), std::string::npos) << six.error().message;
  EXPECT_EQ(server_.request_count("/r6"), 1u);  // only the first fetch got there

  FetchLimits strict;
  strict.max_redirects = 0;
  EXPECT_EQ(code_of(fetch("/r5", strict)), ErrorCode::fetch_failed);
}

TEST_F(FetchTest, RedirectLoopsFail) {
  redirect("/a", 302, "/b");
  redirect("/b", 302, "/a");
  redirect("/self", 301, "/self#again");
  const auto loop = fetch("/a");
  EXPECT_EQ(code_of(loop), ErrorCode::fetch_failed);
  EXPECT_NE(loop.error().message.find("loop"), std::string::npos);
  EXPECT_EQ(server_.request_count("/a"), 1u);
  EXPECT_EQ(code_of(fetch("/self")), ErrorCode::fetch_failed);
}

TEST_F(FetchTest, RedirectsWithoutLocationOrToBadUrlsFail) {
  server_.handle("/nowhere", [](const testing::HttpRequest&, testing::Responder& responder) {
    responder.send(302, "text/html", "moved, but where?");
  });
  const auto nowhere = fetch("/nowhere");
  EXPECT_EQ(code_of(nowhere), ErrorCode::fetch_failed);
  EXPECT_EQ(nowhere.error().upstream_status, 302);

  redirect("/userinfo", 302, "http://user:secret@127.0.0.1:" + std::to_string(server_.port()) + "/end");
  EXPECT_EQ(code_of(fetch("/userinfo")), ErrorCode::fetch_failed);
  redirect("/badport", 302, "http://127.0.0.1:99999/");
  EXPECT_EQ(code_of(fetch("/badport")), ErrorCode::fetch_failed);
}

TEST_F(FetchTest, RedirectsToOtherSchemesAreNotAllowed) {
  for (const char* target : {"file:///etc/passwd", "ftp://ftp.example.com/x", "gopher://127.0.0.1:11211/_stats",
                             "javascript:alert(1)", "data:text/html,<p>x", "dict://127.0.0.1:11211/stats"}) {
    redirect("/other", 302, target);
    EXPECT_EQ(code_of(fetch("/other")), ErrorCode::url_not_allowed) << target;
  }
}

TEST_F(FetchTest, ALargeRedirectBodyIsSkipped) {
  server_.handle("/big-redirect", [&](const testing::HttpRequest&, testing::Responder& responder) {
    responder.send(302, "text/html", std::string(1 << 20, 'x'), {{"Location", "/end"}});
  });
  serve("/end", "text/html", "<p>end</p>");
  const auto page = fetch("/big-redirect");
  ASSERT_TRUE(page) << page.error().message;
  EXPECT_EQ(page->body, "<p>end</p>");
}

TEST_F(FetchTest, ProxyEnvironmentVariablesAreIgnored) {
  testing::FixtureServer proxy;
  proxy.handle("/", [](const testing::HttpRequest&, testing::Responder& responder) {
    responder.send(200, "text/html", "<p>from the proxy</p>");
  });
  serve("/direct", "text/html", "<p>direct</p>");
  const std::string proxy_url = proxy.url("");
  for (const char* variable : {"http_proxy", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"}) {
    setenv(variable, proxy_url.c_str(), 1);
  }
  unsetenv("NO_PROXY");
  unsetenv("no_proxy");
  const auto page = fetch("/direct");
  for (const char* variable : {"http_proxy", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"}) {
    unsetenv(variable);
  }
  ASSERT_TRUE(page) << page.error().message;
  EXPECT_EQ(page->body, "<p>direct</p>");
  EXPECT_EQ(server_.request_count("/direct"), 1u);
}

TEST_F(FetchTest, RefusedConnectionsFail) {
  std::string closed_url;
  {
    const testing::FixtureServer gone;
    closed_url = gone.url("/");
  }
  const auto result = fetch_url(closed_url);
  EXPECT_EQ(code_of(result), ErrorCode::fetch_failed);
  EXPECT_EQ(result.error().upstream_status, std::nullopt);
}

TEST_F(FetchTest, OneFetcherServesManyThreads) {
  server_.handle("/n", [](const testing::HttpRequest& request, testing::Responder& responder) {
    responder.send(200, "text/plain", request.target);
  });
  const AddressPolicy policy = loopback_policy();
  CurlFetcher fetcher({}, policy, "pagemd-test/1");
  std::vector<std::thread> threads;
  std::atomic<int> correct{0};
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 10; ++i) {
        const std::string target = "/n?t=" + std::to_string(t) + "&i=" + std::to_string(i);
        const auto page = fetcher.fetch(*parse_url(server_.url(target), policy));
        correct += page && page->body == target ? 1 : 0;
      }
    });
  }
  for (auto& thread : threads) {
    thread.join();
  }
  EXPECT_EQ(correct, 80);
  EXPECT_EQ(server_.request_count("/n"), 80u);
}

}  // namespace
}  // namespace pagemd::fetch
