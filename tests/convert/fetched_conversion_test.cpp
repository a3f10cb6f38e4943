// convert_fetched and the service's render modes, with a stand-in browser that records what it was
// given (the real browser is tested in tests/render and end to end in tests/integration).
#include "pagemd/convert/fetched_conversion.hpp"

#include <gtest/gtest.h>

#include "fake_clock.hpp"
#include "pagemd/convert/extract_service.hpp"
#include "pagemd/store/sqlite_store.hpp"

namespace pagemd::convert {
namespace {

constexpr const char* kAppShell =
    R"(<title>App</title><body><div id="root"></div><script src="/a.js"></script></body>)";

std::string article_body() {
  std::string html = "<title>Article</title><article>";
  for (int i = 0; i < 10; ++i) html += "<p>A paragraph of the static article that says enough to be read as is.</p>";
  return html + "</article>";
}

class StandInBrowser final : public render::Renderer {
 public:
  core::Result<render::RenderedPage> render(const fetch::FetchedPage& document, const render::RenderRequest& request,
                                            fetch::ResourceFetcher&) override {
    ++calls;
    given_body = document.body;
    given_wait_for = request.wait_for;
    given_account = request.account_id;
    if (failure) return core::unexpected(*failure);
    return render::RenderedPage{document.final_url + "#rendered",
                                "<title>App</title><body><article><p>What the script wrote.</p></article></body>",
                                false};
  }
  std::optional<core::Error> refusal(std::string_view account_id) override {
    ++refusals_asked;
    return account_id == refused_account ? failure : std::nullopt;
  }
  int calls = 0;
  int refusals_asked = 0;
  std::string given_body;
  std::string given_wait_for;
  std::string given_account;
  std::optional<core::Error> failure;
  std::string refused_account;  // refusal() answers `failure` for this account
};

class NoNetwork final : public fetch::ResourceFetcher {
 public:
  core::Result<fetch::FetchedResource> fetch_resource(std::string_view, std::size_t,
                                                      std::chrono::steady_clock::time_point) override {
    return core::unexpected(core::ErrorCode::fetch_failed, "no network in this test");
  }
};

fetch::FetchedPage fetched(std::string body, std::string content_type = "text/html") {
  return fetch::FetchedPage{"https://app.example/", 200, std::move(content_type), "", std::move(body), ""};
}

class FetchedConversionTest : public ::testing::Test {
 protected:
  core::Result<ConvertedPage> run(fetch::FetchedPage fetched_page, render::RenderMode mode, bool with_browser = true) {
    ConvertOptions options;
    options.render = mode;
    options.wait_for = "article";
    options.accept_walls = accept_walls_;
    const Rendering rendering = with_browser ? Rendering{&browser_, &network_} : Rendering{};
    return convert_fetched(std::move(fetched_page), options, rendering, "account-7", [&](const Page& page) {
      ++conversions_;
      return convert_page(page, options);
    });
  }

  StandInBrowser browser_;
  NoNetwork network_;
  int conversions_ = 0;
  bool accept_walls_ = false;
};

TEST_F(FetchedConversionTest, AutoRendersOnlyAnAppShell) {
  auto shell = run(fetched(kAppShell), render::RenderMode::automatic);
  ASSERT_TRUE(shell) << shell.error().message;
  EXPECT_TRUE(shell->rendered);
  EXPECT_NE(shell->extraction.markdown.find("What the script wrote."), std::string::npos);
  EXPECT_EQ(shell->final_url, "https://app.example/#rendered");
  EXPECT_EQ(browser_.given_body, kAppShell) << "the browser gets the page as fetched";
  EXPECT_EQ(browser_.given_wait_for, "article");
  EXPECT_EQ(browser_.given_account, "account-7") << "the browsers are shared by who asks";
  EXPECT_EQ(conversions_, 2);

  auto article = run(fetched(article_body()), render::RenderMode::automatic);
  ASSERT_TRUE(article);
  EXPECT_FALSE(article->rendered);
  EXPECT_EQ(browser_.calls, 1);
}

TEST_F(FetchedConversionTest, AFailedRenderInAutoKeepsTheStaticResult) {
  browser_.failure = core::Error{core::ErrorCode::fetch_timeout, "slow"};
  auto shell = run(fetched(kAppShell), render::RenderMode::automatic);
  ASSERT_TRUE(shell) << shell.error().message;
  EXPECT_FALSE(shell->rendered);
  EXPECT_EQ(browser_.calls, 1);
}

TEST_F(FetchedConversionTest, AlwaysRendersEvenAnArticleAndPassesTheRenderersError) {
  auto article = run(fetched(article_body()), render::RenderMode::always);
  ASSERT_TRUE(article);
  EXPECT_TRUE(article->rendered);
  EXPECT_EQ(conversions_, 2) << "the page as fetched is judged for a challenge, then the rendered page converted";
  browser_.failure = core::Error{core::ErrorCode::fetch_failed, "crashed"};
  auto failed = run(fetched(article_body()), render::RenderMode::always);
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().code, core::ErrorCode::fetch_failed);
}

// pagemd never hands a challenge to a browser to solve, even in "always": the page as fetched says
// what it is (here by its markup alone, served with 200 and no vendor header).
constexpr const char* kChallenge =
    R"(<title>Just a moment...</title><body><div class="main-content"><h1>shop.example</h1>
    <h2 id="challenge-running">Checking if the site connection is secure</h2><form id="challenge-form"
    action="/?__cf_chl_f_tk=abc" method="POST"><input type="hidden" name="md" value="x"></form></div></body>)";

TEST_F(FetchedConversionTest, AlwaysNeverRendersAChallenge) {
  auto blocked = run(fetched(kChallenge), render::RenderMode::always);
  ASSERT_FALSE(blocked);
  EXPECT_EQ(blocked.error().code, core::ErrorCode::page_blocked);
  EXPECT_EQ(blocked.error().vendor, "cloudflare");
  EXPECT_EQ(browser_.calls, 0);
  accept_walls_ = true;
  auto accepted = run(fetched(kChallenge), render::RenderMode::always);
  ASSERT_TRUE(accepted) << accepted.error().message;
  EXPECT_FALSE(accepted->rendered);
  EXPECT_EQ(accepted->extraction.wall.kind, extract::WallKind::blocked);
  EXPECT_EQ(browser_.calls, 0);
}

TEST_F(FetchedConversionTest, NeverAndPlainTextAndNoBrowserDoNotRender) {
  auto never = run(fetched(kAppShell), render::RenderMode::never);
  ASSERT_TRUE(never);
  EXPECT_FALSE(never->rendered);
  auto text = run(fetched("just text", "text/plain"), render::RenderMode::always);
  ASSERT_TRUE(text);
  EXPECT_FALSE(text->rendered);
  auto no_browser = run(fetched(kAppShell), render::RenderMode::automatic, false);
  ASSERT_TRUE(no_browser);
  EXPECT_FALSE(no_browser->rendered);
  EXPECT_EQ(browser_.calls, 0);
  auto unavailable = run(fetched(kAppShell), render::RenderMode::always, false);
  ASSERT_FALSE(unavailable);
  EXPECT_EQ(unavailable.error().code, core::ErrorCode::render_unavailable);
}

// A Fetcher that serves an app shell and counts its calls.
class AppShellFetcher final : public fetch::Fetcher {
 public:
  core::Result<fetch::FetchedPage> fetch(const fetch::ParsedUrl& url) override {
    ++calls;
    return fetch::FetchedPage{url.normalized, 200, "text/html", "", kAppShell, ""};
  }
  int calls = 0;
};

class RenderingServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = store::open_memory_store(clock_);
    ASSERT_TRUE(opened);
    store_ = std::move(*opened);
    request_.url = *fetch::parse_url("https://app.example/");
  }
  core::Result<ExtractOutcome> extract(ExtractService& service, render::RenderMode mode) {
    request_.options.render = mode;
    return service.extract(request_);
  }
  static bool rendered(const ExtractOutcome& outcome) {
    return nlohmann::json::parse(rest_body(outcome.result, outcome.cache))["metadata"]["rendered"].get<bool>();
  }

  testing::FakeClock clock_;
  std::unique_ptr<store::Store> store_;
  AppShellFetcher fetcher_;
  InProcessConverter converter_;
  StandInBrowser browser_;
  NoNetwork network_;
  ExtractRequest request_;
};

TEST_F(RenderingServiceTest, CachedCopiesServeTheModesTheyWereMadeFor) {
  ExtractService service(*store_, fetcher_, converter_, clock_, {}, {}, Rendering{&browser_, &network_});
  auto never = extract(service, render::RenderMode::never);
  ASSERT_TRUE(never);
  EXPECT_FALSE(rendered(*never));
  EXPECT_EQ(extract(service, render::RenderMode::automatic)->cache.status, CacheStatus::hit);
  auto always = extract(service, render::RenderMode::always);
  ASSERT_TRUE(always);
  EXPECT_EQ(always->cache.status, CacheStatus::miss) << "a static copy does not answer always";
  EXPECT_TRUE(rendered(*always));
  EXPECT_EQ(extract(service, render::RenderMode::always)->cache.status, CacheStatus::hit);
  EXPECT_EQ(extract(service, render::RenderMode::automatic)->cache.status, CacheStatus::hit);
  EXPECT_EQ(extract(service, render::RenderMode::never)->cache.status, CacheStatus::miss) << "nor a rendered one never";
  EXPECT_EQ(fetcher_.calls, 3);
  EXPECT_EQ(browser_.calls, 1);
}

TEST_F(RenderingServiceTest, AlwaysWithoutABrowserFetchesNothing) {
  ExtractService service(*store_, fetcher_, converter_, clock_);
  EXPECT_FALSE(service.can_render());
  auto refused = extract(service, render::RenderMode::always);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, core::ErrorCode::render_unavailable);
  EXPECT_EQ(fetcher_.calls, 0);
}

// An account whose failed renders used its browser time is refused before the page is fetched when
// it asks for a render ("always"); other accounts are not.
TEST_F(RenderingServiceTest, ARenderTheBrowsersRefuseFetchesNothing) {
  ExtractService service(*store_, fetcher_, converter_, clock_, {}, {}, Rendering{&browser_, &network_});
  core::Error over_budget{core::ErrorCode::render_budget_exceeded, "spent"};
  over_budget.retry_after = std::chrono::seconds{12};
  browser_.failure = over_budget;
  browser_.refused_account = "spender";
  request_.account_id = "spender";
  auto refused = extract(service, render::RenderMode::always);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, core::ErrorCode::render_budget_exceeded);
  EXPECT_EQ(refused.error().retry_after, std::chrono::seconds{12});
  EXPECT_EQ(fetcher_.calls, 0);
  EXPECT_EQ(browser_.calls, 0);

  request_.account_id = "someone else";
  browser_.failure.reset();
  auto other = extract(service, render::RenderMode::always);
  ASSERT_TRUE(other) << other.error().message;
  EXPECT_TRUE(rendered(*other));
  EXPECT_EQ(browser_.given_account, "someone else");
  EXPECT_EQ(fetcher_.calls, 1);
}

TEST_F(RenderingServiceTest, WaitForHasACacheEntryOfItsOwnAndTheModeDoesNot) {
  ExtractRequest plain = request_;
  ExtractRequest waiting = request_;
  waiting.options.wait_for = "#done";
  EXPECT_NE(cache_key(plain), cache_key(waiting));
  ExtractRequest always = request_;
  always.options.render = render::RenderMode::always;
  EXPECT_EQ(cache_key(plain), cache_key(always));
}

}  // namespace
}  // namespace pagemd::convert
