// POST /api/v1/extract end to end: the real daemon fetching from a local origin.

#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

#include "daemon_test.hpp"

namespace pagemd::testing {
namespace {

using namespace std::chrono_literals;

class ExtractApi : public DaemonTest {
 protected:
  void SetUp() override {
    origin_.handle("/article", [](const HttpRequest&, Responder& out) {
      out.send(200, "text/html; charset=utf-8", article_html("Rivers of the Valley"));
    });
    start_daemon();
  }

  void expect_error(const HttpResponse& response, long status, const std::string& code) {
    EXPECT_EQ(response.status, status) << response.body;
    const auto body = response.json();
    ASSERT_TRUE(body.is_object()) << response.body;
    EXPECT_EQ(body["code"], code) << response.body;
    EXPECT_EQ(body["status"], status);
    EXPECT_TRUE(body["error"].is_string() && !body["error"].get<std::string>().empty());
    EXPECT_EQ(response.header("content-type"), "application/json");
    EXPECT_FALSE(response.header("x-request-id").empty());
  }

  std::int64_t pages_used() { return get("/extract/usage", account_->key).json()["used"].get<std::int64_t>(); }
};

TEST_F(ExtractApi, AnUndeclaredLegacyPageIsReadInItsEncodingAndLanguage) {
  // Shift_JIS with no charset anywhere (tests/data/encodings), served with a bare text/html.
  std::ifstream file(std::filesystem::path(PAGEMD_TEST_DATA_DIR) / "encodings" / "ja.shift_jis.html", std::ios::binary);
  const std::string page((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(page.empty());
  origin_.handle("/sjis", [&page](const HttpRequest&, Responder& out) { out.send(200, "text/html", page); });
  const auto response = extract(origin_.url("/sjis"), account_->key);
  ASSERT_EQ(response.status, 200) << response.body;
  const auto result = response.json();
  EXPECT_EQ(result["metadata"]["language_tag"], "ja");
  EXPECT_EQ(result["metadata"]["language"], "unknown");
  EXPECT_NE(result["markdown"].get<std::string>().find("市議会"), std::string::npos) << result["markdown"];
  EXPECT_GT(result["metadata"]["word_count"].get<int>(), 100);  // Japanese words, not one per sentence
}

TEST_F(ExtractApi, ConvertsAPageThenAnswersFromTheCache) {
  const auto first = extract(origin_.url("/article"), account_->key);
  ASSERT_EQ(first.status, 200) << first.body;
  EXPECT_EQ(first.header("x-cache"), "MISS");
  EXPECT_EQ(first.header("x-ratelimit-limit"), "60");
  EXPECT_EQ(first.header("x-ratelimit-remaining"), "59");
  EXPECT_FALSE(first.header("x-request-id").empty());
  const auto result = first.json();
  EXPECT_EQ(result["metadata"]["title"], "Rivers of the Valley");
  EXPECT_EQ(result["metadata"]["language"], "en");
  EXPECT_EQ(result["metadata"]["language_tag"], "en");
  EXPECT_GT(result["metadata"]["word_count"].get<int>(), 200);
  EXPECT_EQ(result["metadata"]["links"], nlohmann::json::array({origin_.url("/more")}));
  EXPECT_EQ(result["metadata"]["final_url"], origin_.url("/article"));
  EXPECT_EQ(result["metadata"]["cache"]["status"], "miss");
  EXPECT_FALSE(result.contains("warning"));
  const auto markdown = result["markdown"].get<std::string>();
  EXPECT_EQ(markdown.rfind("# Rivers of the Valley", 0), 0U) << markdown;
  EXPECT_EQ(markdown.find("Copyright"), std::string::npos);
  EXPECT_EQ(markdown.find("Home"), std::string::npos);

  const auto second = extract(origin_.url("/article"), account_->key);
  ASSERT_EQ(second.status, 200);
  EXPECT_EQ(second.header("x-cache"), "HIT");
  const auto cached = second.json();
  EXPECT_EQ(cached["metadata"]["cache"]["status"], "hit");
  EXPECT_EQ(cached["metadata"]["timestamp"], result["metadata"]["timestamp"]);
  EXPECT_EQ(cached["markdown"], result["markdown"]);
  EXPECT_EQ(origin_.request_count("/article"), 1U);
  EXPECT_EQ(pages_used(), 2);  // cached pages count too
}

TEST_F(ExtractApi, TheCacheIsSharedAcrossAccounts) {
  ASSERT_EQ(extract(origin_.url("/article"), account_->key).header("x-cache"), "MISS");
  const TestAccount other = create_account(data_dir_.path(), "starter");
  const auto response = extract(origin_.url("/article"), other.key);
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.header("x-cache"), "HIT");
  EXPECT_EQ(origin_.request_count("/article"), 1U);
}

TEST_F(ExtractApi, MaxAgeZeroFetchesAgainAndOptionsHaveTheirOwnEntries) {
  ASSERT_EQ(extract(origin_.url("/article"), account_->key).status, 200);
  const auto refreshed =
      extract_body(nlohmann::json{{"url", origin_.url("/article")}, {"max_age", 0}}.dump(), account_->key);
  EXPECT_EQ(refreshed.header("x-cache"), "MISS");
  EXPECT_EQ(origin_.request_count("/article"), 2U);

  const auto whole = extract_body(nlohmann::json{{"url", origin_.url("/article")}, {"only_main_content", false}}.dump(),
                                  account_->key);
  ASSERT_EQ(whole.status, 200);
  EXPECT_EQ(whole.header("x-cache"), "MISS");
  EXPECT_NE(whole.json()["markdown"].get<std::string>().find("Copyright"), std::string::npos);

  const auto excluded = extract_body(
      nlohmann::json{{"url", origin_.url("/article")}, {"exclude_selectors", {"h1"}}}.dump(), account_->key);
  ASSERT_EQ(excluded.status, 200);
  EXPECT_EQ(excluded.header("x-cache"), "MISS");
}

TEST_F(ExtractApi, ThinPagesCarryAWarning) {
  origin_.handle("/thin", [](const HttpRequest&, Responder& out) {
    out.send(200, "text/html", "<html><head><title>Short</title></head><body><p>Only a few words here.</p></body>");
  });
  const auto response = extract(origin_.url("/thin"), account_->key);
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_TRUE(response.json()["warning"].is_string());
}

TEST_F(ExtractApi, RedirectsAreFollowedAndReported) {
  origin_.handle("/moved", [&](const HttpRequest&, Responder& out) {
    out.send(301, "text/html", "", {{"Location", origin_.url("/article")}});
  });
  const auto response = extract(origin_.url("/moved"), account_->key);
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.json()["metadata"]["final_url"], origin_.url("/article"));
}

TEST_F(ExtractApi, MalformedRequestsAreInvalidRequest) {
  const std::vector<std::string> bodies{
      "",
      "not json",
      "[\"https://example.com\"]",
      "{}",
      R"({"url": 42})",
      R"({"url": "https://example.com", "max_age": -1})",
      R"({"url": "https://example.com", "max_age": "60"})",
      R"({"url": "https://example.com", "only_main_content": "yes"})",
      R"({"url": "https://example.com", "include_selectors": "div"})",
      R"({"url": "https://example.com", "exclude_selectors": [1]})",
      "{\"url\": \"https://example.com\"",
      // The bounds on selectors: at most 32, of at most 256 characters each.
      nlohmann::json{{"url", "https://example.com"}, {"include_selectors", std::vector<std::string>(33, "p")}}.dump(),
      nlohmann::json{{"url", "https://example.com"}, {"exclude_selectors", {std::string(257, 'p')}}}.dump(),
  };
  for (const auto& body : bodies) {
    SCOPED_TRACE(body);
    expect_error(extract_body(body, account_->key), 400, "invalid_request");
  }
  EXPECT_EQ(pages_used(), 0);
}

TEST_F(ExtractApi, BadUrlsAreInvalidUrl) {
  for (const std::string url :
       {"", "ftp://example.com/file", "not a url", "http://", "javascript:alert(1)", "http://user:pass@example.com/"}) {
    SCOPED_TRACE(url);
    expect_error(extract(url, account_->key), 400, "invalid_url");
  }
  expect_error(extract("https://example.com/" + std::string(2100, 'a'), account_->key), 400, "invalid_url");
}

TEST_F(ExtractApi, NonPublicTargetsAreRefused) {
  // This suite runs in a loopback-only network namespace, so even a broken guard reaches nothing.
  // (127.0.0.0/8 is allowed here for the local origin, so loopback forms are tested in lib/fetch.)
  for (const std::string url : {"http://10.0.0.5/", "http://169.254.169.254/latest/meta-data/", "http://[::1]/",
                                "http://localhost/", "http://167772165/", "http://192.168.1.1/"}) {
    SCOPED_TRACE(url);
    expect_error(extract(url, account_->key), 400, "url_not_allowed");
  }
}

TEST_F(ExtractApi, RedirectsToNonPublicTargetsAreRefused) {
  origin_.handle("/to-metadata", [](const HttpRequest&, Responder& out) {
    out.send(302, "text/html", "", {{"Location", "http://169.254.169.254/latest/meta-data/"}});
  });
  origin_.handle("/to-file", [](const HttpRequest&, Responder& out) {
    out.send(302, "text/html", "", {{"Location", "file:///etc/passwd"}});
  });
  expect_error(extract(origin_.url("/to-metadata"), account_->key), 400, "url_not_allowed");
  expect_error(extract(origin_.url("/to-file"), account_->key), 400, "url_not_allowed");
  EXPECT_EQ(pages_used(), 0);
}

TEST_F(ExtractApi, UpstreamErrorsAreFetchFailedWithTheirStatus) {
  origin_.handle("/gone", [](const HttpRequest&, Responder& out) { out.send(404, "text/html", "<p>no</p>"); });
  origin_.handle("/broken", [](const HttpRequest&, Responder& out) { out.send(500, "text/html", "<p>oops</p>"); });
  auto missing = extract(origin_.url("/gone"), account_->key);
  expect_error(missing, 502, "fetch_failed");
  EXPECT_EQ(missing.json()["upstream_status"], 404);
  auto broken = extract(origin_.url("/broken"), account_->key);
  expect_error(broken, 502, "fetch_failed");
  EXPECT_EQ(broken.json()["upstream_status"], 500);

  // Nothing listens on port 1 of loopback: a refused connection has no upstream status.
  auto refused = extract("http://127.0.0.1:1/", account_->key);
  expect_error(refused, 502, "fetch_failed");
  EXPECT_FALSE(refused.json().contains("upstream_status"));
  EXPECT_EQ(pages_used(), 0);  // failures are not pages
}

TEST_F(ExtractApi, NonHtmlIsUnsupportedContent) {
  origin_.handle("/image.png", [](const HttpRequest&, Responder& out) {
    out.send(200, "image/png", std::string("\x89PNG\r\n\x1a\n", 8));
  });
  expect_error(extract(origin_.url("/image.png"), account_->key), 422, "unsupported_content");
}

TEST_F(ExtractApi, PlainTextIsConverted) {
  origin_.handle("/notes.txt", [](const HttpRequest&, Responder& out) {
    out.send(200, "text/plain; charset=utf-8", "Notes\n\nThe first *note* of the day.");
  });
  const auto response = extract(origin_.url("/notes.txt"), account_->key);
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_NE(response.json()["markdown"].get<std::string>().find("The first \\*note\\* of the day."), std::string::npos);
}

TEST_F(ExtractApi, TheHttpCharsetIsHonoured) {
  origin_.handle("/latin1", [](const HttpRequest&, Responder& out) {
    out.send(200, "text/html; charset=iso-8859-1", "<title>Caf\xe9</title><p>Caf\xe9 cr\xe8me</p>");
  });
  const auto response = extract(origin_.url("/latin1"), account_->key);
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.json()["metadata"]["title"], "Café");
}

class SlowUpstream : public DaemonTest {};

TEST_F(SlowUpstream, ASlowTargetIsFetchTimeout) {
  origin_.handle("/slow", [](const HttpRequest&, Responder& out) {
    out.pause(4s);
    out.send(200, "text/html", "<p>late</p>");
  });
  start_daemon({"--fetch-timeout", "1"});
  auto response = extract(origin_.url("/slow"), account_->key);
  EXPECT_EQ(response.status, 504) << response.body;
  EXPECT_EQ(response.json()["code"], "fetch_timeout");
}

TEST_F(SlowUpstream, AFullUpstreamQueueIsBusy) {
  origin_.handle("/a", [](const HttpRequest&, Responder& out) {
    out.pause(1500ms);
    out.send(200, "text/html", article_html("A"));
  });
  origin_.handle("/b", [](const HttpRequest&, Responder& out) { out.send(200, "text/html", article_html("B", 1)); });
  // One fetch may start per second and none may wait: while /a's start is fresh, /b is turned away.
  start_daemon({"--upstream-fetches-per-second", "1", "--upstream-queue", "0"});
  std::thread first([&] { EXPECT_EQ(extract(origin_.url("/a"), account_->key).status, 200); });
  while (origin_.request_count("/a") == 0) std::this_thread::sleep_for(10ms);
  const auto second = extract(origin_.url("/b"), account_->key);
  first.join();
  EXPECT_EQ(second.status, 503) << second.body;
  EXPECT_EQ(second.json()["code"], "busy");
  EXPECT_EQ(second.header("retry-after"), "1");
}

TEST_F(SlowUpstream, ConcurrentRequestsForOnePageShareOneFetch) {
  origin_.handle("/popular", [](const HttpRequest&, Responder& out) {
    out.pause(500ms);
    out.send(200, "text/html", article_html("Popular"));
  });
  start_daemon();
  const TestAccount second = create_account(data_dir_.path());
  std::vector<std::thread> clients;
  std::atomic<int> successes{0};
  for (int i = 0; i < 6; ++i) {
    clients.emplace_back([&, i] {
      if (extract(origin_.url("/popular"), i % 2 == 0 ? account_->key : second.key).status == 200) ++successes;
    });
  }
  for (auto& client : clients) client.join();
  EXPECT_EQ(successes.load(), 6);
  EXPECT_EQ(origin_.request_count("/popular"), 1U);
}

// Misses wait for their origins on threads of their own: with more slow origins holding their answers
// than the daemon has request threads, a cached page is still answered, before any of them.
TEST_F(SlowUpstream, CachedPagesAreAnsweredWhileSlowOriginsHoldManyMisses) {
  constexpr int kHeld = 40;
  std::atomic<bool> released{false};
  for (int i = 0; i < kHeld; ++i) {
    origin_.handle("/held" + std::to_string(i), [&released, i](const HttpRequest&, Responder& out) {
      while (!released && out.pause(20ms)) {
      }
      out.send(200, "text/html", article_html("Held", 100 + i));
    });
  }
  origin_.handle("/cached", [](const HttpRequest&, Responder& out) { out.send(200, "text/html", article_html("C")); });
  start_daemon({"--rate-limit-per-minute", "0", "--upstream-fetches-per-second", "1000", "--worker-threads", "48",
                "--fetch-timeout", "30"},
               "scale");
  ASSERT_EQ(extract(origin_.url("/cached"), account_->key).status, 200);

  std::atomic<int> answered{0};
  std::atomic<int> successes{0};
  std::vector<std::thread> clients;
  for (int i = 0; i < kHeld; ++i) {
    clients.emplace_back([&, i] {
      if (extract(origin_.url("/held" + std::to_string(i)), account_->key).status == 200) ++successes;
      ++answered;
    });
  }
  std::size_t waiting = 0;
  while (waiting < kHeld) {
    std::this_thread::sleep_for(10ms);
    waiting = 0;
    for (int i = 0; i < kHeld; ++i) waiting += origin_.request_count("/held" + std::to_string(i));
  }
  const auto cached = extract(origin_.url("/cached"), account_->key);
  const int answered_before_cached = answered;
  released = true;
  for (auto& client : clients) client.join();

  EXPECT_EQ(cached.status, 200) << cached.body;
  EXPECT_EQ(cached.header("x-cache"), "HIT");
  EXPECT_EQ(answered_before_cached, 0);
  EXPECT_EQ(successes.load(), kHeld);
}

}  // namespace
}  // namespace pagemd::testing
