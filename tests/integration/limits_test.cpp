// The per-minute and monthly limits, end to end.

#include <atomic>
#include <thread>

#include "daemon_test.hpp"

namespace pagemd::testing {
namespace {

class Limits : public DaemonTest {
 protected:
  void SetUp() override {
    for (int i = 0; i < 100; ++i) {
      origin_.handle("/page" + std::to_string(i), [i](const HttpRequest&, Responder& out) {
        out.send(200, "text/html", article_html("Page " + std::to_string(i), i));
      });
    }
  }
};

TEST_F(Limits, TheSixtyFirstRequestInAMinuteIsRateLimited) {
  start_daemon();
  for (int i = 0; i < 60; ++i) {
    const auto response = get("/extract/usage", account_->key);
    ASSERT_EQ(response.status, 200) << "request " << i + 1;
    EXPECT_EQ(response.header("x-ratelimit-remaining"), std::to_string(59 - i));
  }
  const auto refused = get("/extract/usage", account_->key);
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(refused.json()["code"], "rate_limited");
  EXPECT_EQ(refused.json()["status"], 429);
  const int retry_after = std::stoi(refused.header("retry-after"));
  EXPECT_GE(retry_after, 1);
  EXPECT_LE(retry_after, 60);
  EXPECT_EQ(refused.header("x-ratelimit-limit"), "60");
  EXPECT_EQ(refused.header("x-ratelimit-remaining"), "0");

  // The limit is per account, across its keys; another account is unaffected.
  const auto second_key = http_request("POST", daemon_->api("/extract/keys"), {bearer(account_->key)});
  EXPECT_EQ(second_key.status, 429);
  const TestAccount other = create_account(data_dir_.path());
  EXPECT_EQ(get("/extract/usage", other.key).status, 200);
}

TEST_F(Limits, TheFiftyFirstPageOfAFreeAccountIsRefused) {
  start_daemon();
  for (int i = 0; i < 50; ++i) {
    ASSERT_EQ(extract(origin_.url("/page" + std::to_string(i)), account_->key).status, 200) << "page " << i + 1;
  }
  const auto refused = extract(origin_.url("/page50"), account_->key);
  EXPECT_EQ(refused.status, 429);
  const auto body = refused.json();
  EXPECT_EQ(body["code"], "monthly_limit_exceeded");
  EXPECT_EQ(body["limit"], 50);
  EXPECT_EQ(body["usage"], 50);
  EXPECT_EQ(body["plan"], "free");
  EXPECT_GT(std::stoll(refused.header("retry-after")), 0);
  EXPECT_LE(std::stoll(refused.header("retry-after")), 31LL * 24 * 3600);
  EXPECT_EQ(origin_.request_count("/page50"), 0U);  // refused before fetching
  // A cached page is a page too.
  EXPECT_EQ(extract(origin_.url("/page0"), account_->key).status, 429);

  // Raising the plan from the admin command takes effect at once.
  const auto raised = run_program({pagemdd_binary(), "account", "set-plan", "--data-dir", data_dir_.path().string(),
                                   account_->account_id, "starter"});
  ASSERT_EQ(raised.status, 0) << raised.err;
  EXPECT_EQ(extract(origin_.url("/page50"), account_->key).status, 200);
}

TEST_F(Limits, EightyConcurrentRequestsAtTheQuotaBoundaryNeverOvershoot) {
  start_daemon({"--rate-limit-per-minute", "0", "--upstream-fetches-per-second", "1000"});
  // Half the pages are cached first, so hits and misses race for the last pages together.
  for (int i = 0; i < 40; ++i) ASSERT_EQ(extract(origin_.url("/page" + std::to_string(i)), account_->key).status, 200);
  const TestAccount fresh = create_account(data_dir_.path());
  std::atomic<int> successes{0};
  std::atomic<int> refusals{0};
  std::vector<std::thread> clients;
  for (int i = 0; i < 80; ++i) {
    clients.emplace_back([&, i] {
      const auto response = extract(origin_.url("/page" + std::to_string(i)), fresh.key);
      if (response.status == 200) ++successes;
      if (response.status == 429 && response.json()["code"] == "monthly_limit_exceeded") ++refusals;
    });
  }
  for (auto& client : clients) client.join();
  const auto usage = get("/extract/usage", fresh.key).json();
  EXPECT_EQ(successes.load(), usage["used"].get<int>());
  EXPECT_LE(successes.load(), 50);
  EXPECT_EQ(successes.load() + refusals.load(), 80);
  EXPECT_EQ(usage["key_used"], usage["used"]);
}

}  // namespace
}  // namespace pagemd::testing
