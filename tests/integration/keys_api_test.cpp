// Authentication and the key endpoints, end to end.

#include <set>

#include "daemon_test.hpp"

namespace pagemd::testing {
namespace {

class KeysApi : public DaemonTest {
 protected:
  void SetUp() override { start_daemon({"--max-keys-per-account", "3"}); }

  HttpResponse create_key(const std::string& key) {
    return http_request("POST", daemon_->api("/extract/keys"), {bearer(key)});
  }
  HttpResponse revoke(const std::string& id, const std::string& key) {
    return http_request("DELETE", daemon_->api("/extract/keys/" + id), {bearer(key)});
  }
};

TEST_F(KeysApi, MissingOrWrongCredentialsAreUnauthorized) {
  const std::vector<std::vector<std::string>> header_sets{
      {},
      {"Authorization: Basic dXNlcjpwYXNz"},
      {"Authorization: Bearer"},
      {"Authorization: Bearer sk_live_" + std::string(48, 'A')},
      {"Authorization: Bearer " + account_->key.substr(0, 55)},
      {"Authorization: " + account_->key},
  };
  for (const auto& headers : header_sets) {
    const auto response = http_request("GET", daemon_->api("/extract/usage"), headers);
    EXPECT_EQ(response.status, 401) << response.body;
    EXPECT_EQ(response.json()["code"], "unauthorized");
    EXPECT_EQ(response.header("www-authenticate"), "Bearer");
    EXPECT_FALSE(response.has_header("x-ratelimit-limit"));
  }
}

TEST_F(KeysApi, CreateListAndRevoke) {
  const auto created = create_key(account_->key);
  ASSERT_EQ(created.status, 201) << created.body;
  const auto key = created.json();
  const std::string new_key = key["key"];
  EXPECT_EQ(new_key.size(), 56U);
  EXPECT_EQ(new_key.rfind("sk_live_", 0), 0U);
  EXPECT_EQ(key["prefix"], new_key.substr(0, 12));
  EXPECT_EQ(key["plan"], "free");
  EXPECT_EQ(key["monthly_limit"], 50);
  EXPECT_TRUE(key["warning"].is_string());
  EXPECT_TRUE(key["created_at"].get<std::string>().ends_with("Z"));

  // The new key works, and the list shows both keys, newest first.
  const auto listed = get("/extract/keys", new_key);
  ASSERT_EQ(listed.status, 200);
  const auto keys = listed.json()["keys"];
  ASSERT_EQ(keys.size(), 2U);
  EXPECT_EQ(keys[0]["id"], key["id"]);
  EXPECT_EQ(keys[1]["id"], account_->key_id);
  for (const auto& item : keys) {
    EXPECT_TRUE(item["is_active"].get<bool>());
    EXPECT_TRUE(item["revoked_at"].is_null());
    EXPECT_EQ(item["key_prefix"].get<std::string>().size(), 12U);
    EXPECT_FALSE(item.contains("key"));
    EXPECT_TRUE(item.contains("used"));
    EXPECT_TRUE(item.contains("last_used_at"));
  }

  // Revoke the first key with the new one; the first key then stops working.
  const auto revoked = revoke(account_->key_id, new_key);
  ASSERT_EQ(revoked.status, 200) << revoked.body;
  EXPECT_EQ(revoked.json()["id"], account_->key_id);
  EXPECT_EQ(revoked.json()["prefix"], account_->key.substr(0, 12));
  EXPECT_TRUE(revoked.json()["revoked_at"].is_string());
  EXPECT_TRUE(revoked.json()["message"].is_string());

  const auto refused = get("/extract/usage", account_->key);
  EXPECT_EQ(refused.status, 401);
  EXPECT_EQ(refused.json()["code"], "key_revoked");
  EXPECT_EQ(refused.header("www-authenticate"), "Bearer");

  const auto after = get("/extract/keys", new_key).json()["keys"];
  ASSERT_EQ(after.size(), 2U);  // revoked keys stay listed
  EXPECT_FALSE(after[1]["is_active"].get<bool>());
  EXPECT_TRUE(after[1]["revoked_at"].is_string());
}

TEST_F(KeysApi, RevokeRefusals) {
  const std::string second = create_key(account_->key).json()["key"];
  const std::string second_id = get("/extract/keys", second).json()["keys"][0]["id"];

  auto self = revoke(account_->key_id, account_->key);
  EXPECT_EQ(self.status, 409);
  EXPECT_EQ(self.json()["code"], "cannot_revoke_current_key");

  auto unknown = revoke("8d1c7f0e-4b0a-4e55-9a7e-0d6f1e2a3b4c", account_->key);
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.json()["code"], "key_not_found");

  auto malformed = revoke("not-a-uuid", account_->key);
  EXPECT_EQ(malformed.status, 400);
  EXPECT_EQ(malformed.json()["code"], "invalid_request");

  const TestAccount stranger = create_account(data_dir_.path());
  auto foreign = revoke(stranger.key_id, account_->key);
  EXPECT_EQ(foreign.status, 404);
  EXPECT_EQ(foreign.json()["code"], "key_not_found");
  EXPECT_EQ(get("/extract/usage", stranger.key).status, 200);  // untouched

  ASSERT_EQ(revoke(second_id, account_->key).status, 200);
  auto twice = revoke(second_id, account_->key);
  EXPECT_EQ(twice.status, 404);
  EXPECT_EQ(twice.json()["code"], "key_not_found");
}

TEST_F(KeysApi, TheKeyLimitHolds) {
  ASSERT_EQ(create_key(account_->key).status, 201);
  ASSERT_EQ(create_key(account_->key).status, 201);
  const auto fourth = create_key(account_->key);  // the daemon allows 3 active keys here
  EXPECT_EQ(fourth.status, 409);
  EXPECT_EQ(fourth.json()["code"], "key_limit_reached");
}

TEST_F(KeysApi, TestKeysMakeTestKeys) {
  const TestAccount tester = create_account(data_dir_.path(), "pro", /*test_key=*/true);
  ASSERT_EQ(tester.key.rfind("sk_test_", 0), 0U);
  const auto created = create_key(tester.key);
  ASSERT_EQ(created.status, 201);
  EXPECT_EQ(created.json()["key"].get<std::string>().rfind("sk_test_", 0), 0U);
  EXPECT_EQ(created.json()["plan"], "pro");
  EXPECT_EQ(created.json()["monthly_limit"], 25000);
}

TEST_F(KeysApi, UsageShowsThePlanAndThePeriod) {
  const auto usage = get("/extract/usage", account_->key);
  ASSERT_EQ(usage.status, 200);
  const auto body = usage.json();
  EXPECT_EQ(body["plan"], "free");
  EXPECT_EQ(body["monthly_limit"], 50);
  EXPECT_EQ(body["used"], 0);
  EXPECT_EQ(body["remaining"], 50);
  EXPECT_EQ(body["key_used"], 0);
  EXPECT_TRUE(body["period_start"].get<std::string>().ends_with("-01T00:00:00Z"));
  EXPECT_TRUE(body["resets_at"].get<std::string>().ends_with("-01T00:00:00Z"));
}

TEST_F(KeysApi, KeysNeverReachTheLog) {
  const std::string made = create_key(account_->key).json()["key"];
  ASSERT_EQ(get("/extract/keys", made).status, 200);
  ASSERT_EQ(get("/extract/usage", "sk_live_" + std::string(48, 'Z')).status, 401);
  // Requests are logged once answered, so the client may read its answer before the line is written.
  ASSERT_TRUE(daemon_->wait_for_log("/extract/keys", std::chrono::seconds{30}));  // requests are logged ...
  ASSERT_TRUE(daemon_->wait_for_log("/extract/usage", std::chrono::seconds{30}));
  const std::string log = daemon_->log();
  EXPECT_EQ(log.find(account_->key), std::string::npos);  // ... but never a key
  EXPECT_EQ(log.find(made), std::string::npos);
  EXPECT_EQ(log.find(std::string(48, 'Z')), std::string::npos);
}

}  // namespace
}  // namespace pagemd::testing
