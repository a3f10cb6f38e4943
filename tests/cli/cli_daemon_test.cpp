// `pagemd extract|usage|keys` against the real pagemdd, with the real binaries: every command, every
// exit status, and the wait-and-retry on a 429.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "child_process.hpp"
#include "daemon_process.hpp"
#include "fixture_server.hpp"
#include "pagemd/client/api_client.hpp"
#include "scratch_dir.hpp"

namespace pagemd::testing {
namespace {

namespace fs = std::filesystem;

const std::string kArticle =
    "<html><head><title>A test article</title></head><body><nav>Home | About</nav><article>"
    "<h1>A test article</h1><p>The first paragraph of the article, with a <a href=\"/next\">link</a>.</p>"
    "<p>A second paragraph, so there is something to read.</p></article></body></html>";

class CliDaemonTest : public ::testing::Test {
 protected:
  void start(const std::vector<std::string>& extra = {}) {
    // No memory cap on the converter processes: sanitizer builds reserve far more address space
    // than the cap allows, and these tests are not about the cap.
    std::vector<std::string> args{"--allow-private-targets", "127.0.0.0/8", "--extract-memory-mib", "0"};
    args.insert(args.end(), extra.begin(), extra.end());
    daemon_ = std::make_unique<DaemonProcess>(data_.path(), args);
    account_ = create_account(data_.path());
    origin_.handle("/article", [](const HttpRequest&, Responder& r) { r.send(200, "text/html", kArticle); });
  }

  // pagemd with the daemon's address and the account's key in the environment.
  RunResult pagemd(std::vector<std::string> args, const std::string& key = "") {
    args.insert(args.begin(), pagemd_binary());
    return run_program(args,
                       {"PAGEMD_URL=" + daemon_->api(""), "PAGEMD_API_KEY=" + (key.empty() ? account_.key : key)});
  }

  void expect_key_hidden(const RunResult& result) const {
    EXPECT_EQ(result.out.find(account_.key), std::string::npos);
    EXPECT_EQ(result.err.find(account_.key), std::string::npos);
  }

  ScratchDir data_;
  FixtureServer origin_;
  std::unique_ptr<DaemonProcess> daemon_;
  TestAccount account_;
};

TEST_F(CliDaemonTest, ExtractPrintsTheMarkdownOrTheBodyAsReceived) {
  start();
  const RunResult markdown = pagemd({"extract", origin_.url("/article")});
  ASSERT_EQ(markdown.status, 0) << markdown.err;
  EXPECT_NE(markdown.out.find("The first paragraph of the article"), std::string::npos);
  EXPECT_EQ(markdown.out.find("\"metadata\""), std::string::npos);
  EXPECT_EQ(markdown.out.find("Home | About"), std::string::npos);
  expect_key_hidden(markdown);

  const RunResult json = pagemd({"extract", origin_.url("/article"), "--json"});
  ASSERT_EQ(json.status, 0) << json.err;
  const auto body = nlohmann::json::parse(json.out);
  EXPECT_EQ(body["metadata"]["title"], "A test article");
  EXPECT_EQ(body["markdown"], markdown.out);
  EXPECT_EQ(body["metadata"]["cache"]["status"], "hit");
}

TEST_F(CliDaemonTest, APageThatCannotBeFetchedOrIsRefusedIsExitFive) {
  start();
  const RunResult missing = pagemd({"extract", origin_.url("/missing")});
  EXPECT_EQ(missing.status, 5);
  EXPECT_NE(missing.err.find("fetch_failed"), std::string::npos) << missing.err;
  const RunResult missing_json = pagemd({"extract", origin_.url("/missing"), "--json"});
  EXPECT_EQ(missing_json.status, 5);
  EXPECT_EQ(nlohmann::json::parse(missing_json.out)["code"], "fetch_failed");  // the error body, as received
  EXPECT_EQ(pagemd({"extract", "ftp://example.com/file"}).status, 5);
  EXPECT_EQ(pagemd({"extract", "http://169.254.169.254/latest/meta-data/"}).status, 5);
  origin_.handle("/image", [](const HttpRequest&, Responder& r) { r.send(200, "image/png", "\x89PNG"); });
  EXPECT_EQ(pagemd({"extract", origin_.url("/image")}).status, 5);
}

TEST_F(CliDaemonTest, UsageIsATableOrTheBody) {
  start();
  ASSERT_EQ(pagemd({"extract", origin_.url("/article")}).status, 0);
  const RunResult table = pagemd({"usage"});
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_NE(table.out.find("plan              free\n"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("monthly limit     50\n"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("used              1\n"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("remaining         49\n"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("resets at"), std::string::npos);
  const RunResult json = pagemd({"usage", "--json"});
  ASSERT_EQ(json.status, 0);
  EXPECT_EQ(nlohmann::json::parse(json.out)["remaining"], 49);
  expect_key_hidden(json);
}

TEST_F(CliDaemonTest, KeysCreateListAndRevoke) {
  start();
  const RunResult created = pagemd({"keys", "create"});
  ASSERT_EQ(created.status, 0) << created.err;
  const std::string new_key = created.out.substr(0, created.out.find('\n'));
  EXPECT_EQ(created.out, new_key + "\n");  // the key alone on stdout, so it can be redirected to a file
  EXPECT_EQ(new_key.size(), 56U);
  EXPECT_TRUE(new_key.starts_with("sk_live_"));
  EXPECT_NE(created.err.find("shown only this once"), std::string::npos);

  const RunResult listed = pagemd({"keys", "list", "--json"});
  ASSERT_EQ(listed.status, 0);
  const auto keys = nlohmann::json::parse(listed.out)["keys"];
  ASSERT_EQ(keys.size(), 2U);
  const std::string new_id = keys[0]["id"];  // newest first
  EXPECT_EQ(keys[1]["id"], account_.key_id);

  const RunResult table = pagemd({"keys", "list"});
  ASSERT_EQ(table.status, 0);
  EXPECT_TRUE(table.out.starts_with("ID ")) << table.out;
  EXPECT_NE(table.out.find(new_id), std::string::npos);
  EXPECT_NE(table.out.find("active"), std::string::npos);
  expect_key_hidden(table);
  EXPECT_EQ(table.out.find(new_key), std::string::npos);

  const RunResult revoked = pagemd({"keys", "revoke", new_id});
  ASSERT_EQ(revoked.status, 0) << revoked.err;
  EXPECT_TRUE(revoked.out.starts_with("revoked " + new_id)) << revoked.out;
  EXPECT_NE(pagemd({"keys", "list"}).out.find("revoked"), std::string::npos);

  // 404 (already revoked, unknown), 409 (the key in use), 400 (not a UUID): all exit 1.
  const RunResult again = pagemd({"keys", "revoke", new_id});
  EXPECT_EQ(again.status, 1);
  EXPECT_NE(again.err.find("key_not_found"), std::string::npos) << again.err;
  EXPECT_EQ(pagemd({"keys", "revoke", "00000000-0000-4000-8000-000000000000"}).status, 1);
  const RunResult self = pagemd({"keys", "revoke", account_.key_id});
  EXPECT_EQ(self.status, 1);
  EXPECT_NE(self.err.find("cannot_revoke_current_key"), std::string::npos) << self.err;
  EXPECT_EQ(pagemd({"keys", "revoke", "../../usage"}).status, 1);
  EXPECT_EQ(pagemd({"keys", "revoke", new_id, "--json"}).status, 2);  // revoke has no --json

  // The revoked key now fails authentication: exit 3.
  const RunResult with_revoked = pagemd({"usage"}, new_key);
  EXPECT_EQ(with_revoked.status, 3);
  EXPECT_NE(with_revoked.err.find("key_revoked"), std::string::npos);
}

TEST_F(CliDaemonTest, NoKeyOrAWrongKeyIsExitThree) {
  start();
  const RunResult wrong = pagemd({"usage"}, "sk_live_" + std::string(48, 'x'));
  EXPECT_EQ(wrong.status, 3);
  const RunResult none = run_program({pagemd_binary(), "usage"}, {"PAGEMD_URL=" + daemon_->api("")});
  EXPECT_EQ(none.status, 3);
  EXPECT_NE(none.err.find("no API key"), std::string::npos);
}

TEST_F(CliDaemonTest, TheKeyComesFromTheKeyFileTheEnvironmentOrTheCredentialsFile) {
  start();
  ScratchDir home;
  const fs::path key_file = home.path() / "key";
  std::ofstream(key_file) << account_.key << "\n";
  const std::string server = "--server=" + daemon_->api("");
  // --api-key-file beats a wrong $PAGEMD_API_KEY.
  EXPECT_EQ(run_program({pagemd_binary(), server, "--api-key-file", key_file.string(), "usage"},
                        {"PAGEMD_API_KEY=sk_live_wrong"})
                .status,
            0);
  // The credentials file under $XDG_CONFIG_HOME, when it is private.
  const fs::path credentials = home.path() / "config/pagemd/credentials";
  fs::create_directories(credentials.parent_path());
  std::ofstream(credentials) << account_.key << "\n";
  ::chmod(credentials.c_str(), 0600);
  const std::string xdg = "XDG_CONFIG_HOME=" + (home.path() / "config").string();
  EXPECT_EQ(run_program({pagemd_binary(), server, "usage"}, {xdg}).status, 0);
  ::chmod(credentials.c_str(), 0644);
  const RunResult exposed = run_program({pagemd_binary(), server, "usage"}, {xdg});
  EXPECT_EQ(exposed.status, 3);
  EXPECT_NE(exposed.err.find("chmod 600"), std::string::npos);
  EXPECT_EQ(exposed.err.find(account_.key), std::string::npos);
  // --server beats $PAGEMD_URL.
  EXPECT_EQ(run_program({pagemd_binary(), server, "--api-key-file", key_file.string(), "usage"},
                        {"PAGEMD_URL=http://127.0.0.1:1/api/v1"})
                .status,
            0);
}

TEST_F(CliDaemonTest, AnUnreachableDaemonIsExitSix) {
  start();
  const RunResult result = run_program({pagemd_binary(), "--server", "http://127.0.0.1:1/api/v1", "usage"},
                                       {"PAGEMD_API_KEY=" + account_.key});
  EXPECT_EQ(result.status, 6);
  EXPECT_NE(result.err.find("cannot reach the daemon"), std::string::npos);
  expect_key_hidden(result);
}

TEST_F(CliDaemonTest, UsageErrorsAreExitTwo) {
  start();
  EXPECT_EQ(pagemd({"--no-such-option", "usage"}).status, 2);
  EXPECT_EQ(pagemd({"extract"}).status, 2);
  EXPECT_EQ(pagemd({"keys"}).status, 2);
  EXPECT_EQ(pagemd({"--retries", "-1", "usage"}).status, 2);
  EXPECT_EQ(pagemd({"--api-key-file", "/nonexistent/key", "usage"}).status, 2);
  EXPECT_EQ(pagemd({"completion", "tcsh"}).status, 2);
  EXPECT_EQ(pagemd({}).status, 2);
}

TEST_F(CliDaemonTest, TheMonthlyLimitIsExitFourAndSaysWhenTheMonthResets) {
  start({"--rate-limit-per-minute", "0"});
  client::ClientOptions options;
  options.server = daemon_->api("");
  options.api_key = account_.key;
  client::ApiClient client(options);
  for (int page = 0; page < 50; ++page) ASSERT_TRUE(client.extract(origin_.url("/article")).ok()) << page;
  const RunResult limited = pagemd({"extract", origin_.url("/article")});
  EXPECT_EQ(limited.status, 4);
  EXPECT_NE(limited.err.find("monthly limit of 50 pages of the free plan is reached; it resets at "), std::string::npos)
      << limited.err;
  EXPECT_EQ(limited.err.find("retry"), std::string::npos);  // no waiting for a month
}

TEST_F(CliDaemonTest, APerMinuteLimitWithoutRetriesIsExitFour) {
  start({"--rate-limit-per-minute", "1"});
  ASSERT_EQ(pagemd({"usage"}).status, 0);
  const RunResult limited = pagemd({"--retries", "0", "usage"});
  EXPECT_EQ(limited.status, 4);
  EXPECT_NE(limited.err.find("rate_limited"), std::string::npos) << limited.err;
}

// Waits out a real Retry-After of up to a minute.
TEST_F(CliDaemonTest, APerMinuteLimitIsWaitedOutAndRetried) {
  start({"--rate-limit-per-minute", "1"});
  ASSERT_EQ(pagemd({"usage"}).status, 0);
  const RunResult retried = pagemd({"usage", "--json"});
  EXPECT_EQ(retried.status, 0) << retried.err;
  EXPECT_NE(retried.err.find("rate limited; retry 1 of 3 in "), std::string::npos) << retried.err;
  EXPECT_EQ(nlohmann::json::parse(retried.out)["plan"], "free");
}

}  // namespace
}  // namespace pagemd::testing
