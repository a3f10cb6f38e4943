// Walls through the real daemon (issue 43): a challenge page served by the local origin with a
// refusal status and its vendor's headers is a 502 page_blocked, neither counted nor cached, and
// converts with "accept_walls"; a refusal status on an ordinary error page stays fetch_failed.

#include <filesystem>
#include <fstream>
#include <iterator>

#include "daemon_test.hpp"

namespace pagemd::testing {
namespace {

std::string wall_fixture(const std::string& name) {
  std::ifstream file(std::filesystem::path(PAGEMD_TEST_DATA_DIR) / "walls" / name, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

class WallsApi : public DaemonTest {
 protected:
  void SetUp() override {
    challenge_ = wall_fixture("cloudflare-managed-challenge.html");
    ASSERT_FALSE(challenge_.empty());
    origin_.handle("/challenge", [this](const HttpRequest&, Responder& out) {
      out.send(403, "text/html; charset=UTF-8", challenge_, {{"server", "cloudflare"}, {"cf-mitigated", "challenge"}});
    });
    origin_.handle("/maintenance", [](const HttpRequest&, Responder& out) {
      out.send(503, "text/html", "<html><body><h1>Down for maintenance</h1><p>Back soon.</p></body></html>");
    });
    origin_.handle("/signin", [](const HttpRequest&, Responder& out) {
      out.send(200, "text/html", wall_fixture("login-wall-en.html"));
    });
    start_daemon();
  }

  std::int64_t pages_used() { return get("/extract/usage", account_->key).json()["used"].get<std::int64_t>(); }

  std::string challenge_;
};

TEST_F(WallsApi, AChallengeIsPageBlockedUncountedUncachedAndConvertedOnlyWhenAccepted) {
  const auto blocked = extract(origin_.url("/challenge"), account_->key);
  EXPECT_EQ(blocked.status, 502) << blocked.body;
  const auto body = blocked.json();
  EXPECT_EQ(body["code"], "page_blocked");
  EXPECT_EQ(body["vendor"], "cloudflare");
  EXPECT_EQ(body["upstream_status"], 403);
  EXPECT_EQ(pages_used(), 0);
  // Not cached: the next request asks the origin again.
  EXPECT_EQ(extract(origin_.url("/challenge"), account_->key).status, 502);
  EXPECT_EQ(origin_.request_count("/challenge"), 2U);
  EXPECT_EQ(pages_used(), 0);

  const auto accepted =
      extract_body(nlohmann::json{{"url", origin_.url("/challenge")}, {"accept_walls", true}}.dump(), account_->key);
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  const auto result = accepted.json();
  EXPECT_EQ(result["metadata"]["wall"], (nlohmann::json{{"code", "page_blocked"}, {"vendor", "cloudflare"}}));
  EXPECT_EQ(pages_used(), 1);
  // The accepted wall's cache entry is its own: a request without accept_walls is still refused.
  EXPECT_EQ(extract(origin_.url("/challenge"), account_->key).status, 502);
  EXPECT_EQ(extract_body(R"({"url": "x", "accept_walls": "yes"})", account_->key).status, 400);
}

TEST_F(WallsApi, AnOrdinaryErrorPageStaysFetchFailedAndASignInWallIsUnusable) {
  const auto maintenance = extract(origin_.url("/maintenance"), account_->key);
  EXPECT_EQ(maintenance.status, 502) << maintenance.body;
  EXPECT_EQ(maintenance.json()["code"], "fetch_failed");
  EXPECT_EQ(maintenance.json()["upstream_status"], 503);
  const auto signin = extract(origin_.url("/signin"), account_->key);
  EXPECT_EQ(signin.status, 422) << signin.body;
  EXPECT_EQ(signin.json()["code"], "page_unusable");
  EXPECT_EQ(signin.json()["reason"], "login_wall");
  EXPECT_EQ(pages_used(), 0);
}

}  // namespace
}  // namespace pagemd::testing
