// The daemon as an operator sees it: health, metrics, HTTP edge cases, signals, isolation, config.

#include <signal.h>

#include <atomic>
#include <fstream>
#include <thread>

#include "daemon_test.hpp"
#include "proc_status.hpp"

namespace pagemd::testing {
namespace {

using namespace std::chrono_literals;

class Lifecycle : public DaemonTest {};

TEST_F(Lifecycle, HealthReadinessAndMetrics) {
  start_daemon();
  const auto health = http_request("GET", daemon_->url("/healthz"));
  EXPECT_EQ(health.status, 200);
  EXPECT_EQ(health.json()["status"], "ok");
  EXPECT_EQ(http_request("GET", daemon_->url("/readyz")).status, 200);

  origin_.handle("/a", [](const HttpRequest&, Responder& out) { out.send(200, "text/html", article_html("A")); });
  ASSERT_EQ(extract(origin_.url("/a"), account_->key).status, 200);
  ASSERT_EQ(extract(origin_.url("/a"), account_->key).status, 200);
  ASSERT_EQ(extract("http://127.0.0.1:1/", account_->key).status, 502);

  const auto metrics = http_request("GET", daemon_->url("/metrics"));
  ASSERT_EQ(metrics.status, 200);
  EXPECT_EQ(metrics.header("content-type").rfind("text/plain", 0), 0U);
  const std::string& text = metrics.body;
  EXPECT_NE(text.find("pagemd_http_requests_total{route=\"/api/v1/extract\",status=\"200\"} 2"), std::string::npos)
      << text;
  EXPECT_NE(text.find("pagemd_cache_hits_total 1"), std::string::npos);
  EXPECT_NE(text.find("pagemd_cache_misses_total 1"), std::string::npos);
  EXPECT_NE(text.find("pagemd_upstream_fetches_total 2"), std::string::npos);
  EXPECT_NE(text.find("pagemd_upstream_failures_total 1"), std::string::npos);
  EXPECT_NE(text.find("pagemd_http_request_duration_seconds_bucket{le=\"+Inf\"}"), std::string::npos);
}

TEST_F(Lifecycle, RoutingErrorsComeBeforeAuthentication) {
  start_daemon();
  const auto missing = http_request("GET", daemon_->api("/nothing-here"));
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.json()["code"], "not_found");
  const auto wrong_method = http_request("GET", daemon_->api("/extract"));
  EXPECT_EQ(wrong_method.status, 405);
  EXPECT_EQ(wrong_method.json()["code"], "method_not_allowed");
  EXPECT_EQ(wrong_method.header("allow"), "POST");
  EXPECT_EQ(http_request("DELETE", daemon_->api("/extract/keys")).header("allow"), "GET, POST");
  EXPECT_FALSE(missing.header("x-request-id").empty());
  EXPECT_NE(missing.header("x-request-id"), wrong_method.header("x-request-id"));
  EXPECT_TRUE(wrong_method.header("x-ratelimit-limit").empty());  // no key: nobody to tell
  EXPECT_EQ(http_request("GET", daemon_->url("/nothing/healthz")).status, 404);
  EXPECT_EQ(http_request("POST", daemon_->url("/healthz")).header("allow"), "GET");
  EXPECT_EQ(http_request("GET", daemon_->api("/extract/keys/a/b"), {bearer(account_->key)}).status, 404);
}

// Like every other authenticated answer, a refused method tells a known caller its per-minute
// standing, and the refusal does not use up a request of the window.
TEST_F(Lifecycle, AWrongMethodOnAKeyedPathCarriesTheRateHeaders) {
  start_daemon();
  const auto usage = http_request("GET", daemon_->api("/extract/usage"), {bearer(account_->key)});
  ASSERT_EQ(usage.status, 200);
  EXPECT_EQ(usage.header("x-ratelimit-remaining"), "59");
  for (int i = 0; i < 2; ++i) {
    const auto refused = http_request("PUT", daemon_->api("/extract/usage"), {bearer(account_->key)});
    EXPECT_EQ(refused.status, 405);
    EXPECT_EQ(refused.header("allow"), "GET");
    EXPECT_EQ(refused.header("x-ratelimit-limit"), "60");
    EXPECT_EQ(refused.header("x-ratelimit-remaining"), "59");
    EXPECT_FALSE(refused.header("x-ratelimit-reset").empty());
  }
  const auto revoke_path = http_request("GET", daemon_->api("/extract/keys/some-id"), {bearer(account_->key)});
  EXPECT_EQ(revoke_path.status, 405);
  EXPECT_EQ(revoke_path.header("allow"), "DELETE");
  EXPECT_EQ(revoke_path.header("x-ratelimit-remaining"), "59");
  EXPECT_EQ(
      http_request("GET", daemon_->api("/extract/usage"), {bearer(account_->key)}).header("x-ratelimit-remaining"),
      "58");
  const auto bad_key = http_request("PUT", daemon_->api("/extract/usage"), {bearer("sk_live_nonsense")});
  EXPECT_EQ(bad_key.status, 405);
  EXPECT_TRUE(bad_key.header("x-ratelimit-limit").empty());
}

TEST_F(Lifecycle, OversizedRequestsAreRefused) {
  start_daemon();
  const auto big_body = extract_body("{\"url\": \"" + std::string(70 * 1024, 'a') + "\"}", account_->key);
  EXPECT_EQ(big_body.status, 413);
  EXPECT_EQ(big_body.json()["code"], "payload_too_large");
  const auto big_headers = http_request("GET", daemon_->api("/extract/usage"),
                                        {bearer(account_->key), "X-Padding: " + std::string(9000, 'p')});
  EXPECT_EQ(big_headers.status, 431);
  EXPECT_EQ(big_headers.json()["code"], "headers_too_large");
  EXPECT_EQ(http_request("GET", daemon_->url("/healthz")).status, 200);  // still serving
}

TEST_F(Lifecycle, SigtermLetsRequestsInFlightFinish) {
  // The origin holds the page until the test has seen the daemon draining, so the request is in
  // flight throughout, however slowly the daemon gets there.
  std::atomic<bool> released{false};
  origin_.handle("/slow", [&released](const HttpRequest&, Responder& out) {
    while (!released && out.pause(20ms)) {
    }
    out.send(200, "text/html", article_html("Slow"));
  });
  start_daemon();
  HttpResponse in_flight;
  std::thread client([&] { in_flight = extract(origin_.url("/slow"), account_->key); });
  while (origin_.request_count("/slow") == 0) std::this_thread::sleep_for(10ms);
  daemon_->send_signal(SIGTERM);
  const bool draining = daemon_->wait_for_log("draining", 30s);
  // New connections are no longer accepted while the old request completes.
  const long healthz = draining ? http_request("GET", daemon_->url("/healthz")).status : -1;
  released = true;
  client.join();
  ASSERT_TRUE(draining) << daemon_->log();
  EXPECT_EQ(healthz, 0);
  EXPECT_EQ(in_flight.status, 200) << in_flight.body;
  EXPECT_EQ(daemon_->wait_for_exit(15s), 0) << daemon_->log();
}

TEST_F(Lifecycle, APageThatExhaustsTheConverterCostsOnlyItsRequest) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  // What else would exhaust the converter there is its CPU time, which a page uses up or not by the
  // machine's speed; the convert suite meets the CPU limit with a worker that spins.
  GTEST_SKIP() << "sanitizer builds cannot limit the converter's memory (see converter_worker.cpp)";
#endif
  // 9.6 MB of tiny elements, a node every 4 bytes: more tree than the converter's 256 MiB allows,
  // on any machine. The converter process dies or gives up; the request gets 422, and the daemon and
  // the next request are unharmed.
  std::string heavy = "<html><body>";
  for (int i = 0; i < 600000; ++i) heavy += "<b>x</b><i>y</i>";
  origin_.handle("/heavy", [&heavy](const HttpRequest&, Responder& out) { out.send(200, "text/html", heavy); });
  origin_.handle("/fine", [](const HttpRequest&, Responder& out) { out.send(200, "text/html", article_html("Fine")); });
  start_daemon({"--extract-memory-mib", "256", "--converter-processes", "1"});
  const auto killed = extract(origin_.url("/heavy"), account_->key);
  EXPECT_EQ(killed.status, 422) << killed.body;
  EXPECT_EQ(killed.json()["code"], "unsupported_content");
  EXPECT_EQ(extract(origin_.url("/fine"), account_->key).status, 200);
  EXPECT_EQ(get("/extract/usage", account_->key).json()["used"], 1);
}

TEST_F(Lifecycle, EveryConverterProcessIsJailed) {
  origin_.handle("/fine", [](const HttpRequest&, Responder& out) { out.send(200, "text/html", article_html("Fine")); });
  start_daemon({"--converter-processes", "3"});
  ASSERT_EQ(extract(origin_.url("/fine"), account_->key).status, 200);
  const auto workers = proc_children(daemon_->pid());
  ASSERT_EQ(workers.size(), 3U);
  for (const pid_t worker : workers) {
    // A worker that has not converted yet may still be starting (loading ICU's and CLD2's tables, slow
    // under the sanitizers): wait for it to jail itself. The bound is only there to fail a worker that never does.
    const auto give_up = std::chrono::steady_clock::now() + 60s;
    while (proc_status_field(worker, "Seccomp") != "2" && std::chrono::steady_clock::now() < give_up)
      std::this_thread::sleep_for(50ms);
    EXPECT_EQ(proc_status_field(worker, "Seccomp"), "2") << "worker " << worker;
    EXPECT_EQ(proc_status_field(worker, "NoNewPrivs"), "1") << "worker " << worker;
    // The tests run where network namespaces can be made (see loopback_only_main.cpp), so the
    // worker must have left the daemon's.
    EXPECT_NE(proc_network_namespace(worker), proc_network_namespace(daemon_->pid())) << "worker " << worker;
  }
}

TEST_F(Lifecycle, SighupReloadsTheRateLimit) {
  const auto config = data_dir_.path() / "pagemdd.conf";
  std::ofstream(config) << "rate_limit_per_minute = 2\n";
  account_ = create_account(data_dir_.path());
  daemon_ = std::make_unique<DaemonProcess>(data_dir_.path(), std::vector<std::string>{"--config", config.string()});
  EXPECT_EQ(get("/extract/usage", account_->key).header("x-ratelimit-limit"), "2");
  std::ofstream(config) << "rate_limit_per_minute = 5\n";
  daemon_->send_signal(SIGHUP);
  ASSERT_TRUE(daemon_->wait_for_log("configuration reloaded", 5s)) << daemon_->log();
  EXPECT_EQ(get("/extract/usage", account_->key).header("x-ratelimit-limit"), "5");

  std::ofstream(config) << "rate_limit_per_minute = \"many\"\n";
  daemon_->send_signal(SIGHUP);
  ASSERT_TRUE(daemon_->wait_for_log("reload refused", 5s));
  EXPECT_EQ(get("/extract/usage", account_->key).header("x-ratelimit-limit"), "5");
}

TEST(DaemonCommandLine, CheckConfigPrintsTheEffectiveSettingsOrExits78) {
  ScratchDir dir;
  const auto good = dir.path() / "good.conf";
  std::ofstream(good) << "listen = \"127.0.0.1:9999\"\nallow_private_targets = [\"10.1.0.0/16\"]\n";
  const auto checked =
      run_program({pagemdd_binary(), "--check-config", "--config", good.string(), "--log-level", "debug"});
  EXPECT_EQ(checked.status, 0) << checked.err;
  EXPECT_NE(checked.out.find("listen = \"127.0.0.1:9999\""), std::string::npos);
  EXPECT_NE(checked.out.find("allow_private_targets = [\"10.1.0.0/16\"]"), std::string::npos);
  EXPECT_NE(checked.out.find("log_level = \"debug\""), std::string::npos);  // the flag wins

  for (const std::string bad : {"listen = 8787\n", "no_such_key = 1\n", "rate_limit_per_minute = -1\n",
                                "allow_private_targets = [\"10.0.0.0/33\"]\n", "listen = \"nowhere\"\n", "[[[\n"}) {
    SCOPED_TRACE(bad);
    const auto file = dir.path() / "bad.conf";
    std::ofstream(file) << bad;
    const auto refused = run_program({pagemdd_binary(), "--check-config", "--config", file.string()});
    EXPECT_EQ(refused.status, 78);
    EXPECT_NE(refused.err.find("pagemdd:"), std::string::npos);
  }
  EXPECT_EQ(
      run_program({pagemdd_binary(), "--config", (dir.path() / "missing.conf").string(), "--check-config"}).status, 78);
  EXPECT_EQ(run_program({pagemdd_binary(), "--no-such-flag"}).status, 2);
}

TEST(DaemonCommandLine, AccountCommands) {
  ScratchDir dir;
  const TestAccount account = create_account(dir.path(), "pro");
  const auto listed = run_program({pagemdd_binary(), "account", "list", "--data-dir", dir.path().string(), "--json"});
  ASSERT_EQ(listed.status, 0) << listed.err;
  const auto accounts = nlohmann::json::parse(listed.out)["accounts"];
  ASSERT_EQ(accounts.size(), 1U);
  EXPECT_EQ(accounts[0]["id"], account.account_id);
  EXPECT_EQ(accounts[0]["plan"], "pro");
  EXPECT_EQ(accounts[0]["monthly_limit"], 25000);
  EXPECT_EQ(accounts[0]["active_keys"], 1);
  EXPECT_EQ(accounts[0]["used"], 0);
  EXPECT_TRUE(accounts[0]["email"].is_null());

  const auto changed = run_program(
      {pagemdd_binary(), "account", "set-plan", "--data-dir", dir.path().string(), account.account_id, "scale"});
  EXPECT_EQ(changed.status, 0);
  const auto after = run_program({pagemdd_binary(), "account", "list", "--data-dir", dir.path().string(), "--json"});
  EXPECT_EQ(nlohmann::json::parse(after.out)["accounts"][0]["monthly_limit"], 200000);

  EXPECT_EQ(run_program({pagemdd_binary(), "account", "set-plan", "--data-dir", dir.path().string(), account.account_id,
                         "platinum"})
                .status,
            2);
  EXPECT_EQ(run_program({pagemdd_binary(), "account", "set-plan", "--data-dir", dir.path().string(),
                         "00000000-0000-4000-8000-000000000000", "pro"})
                .status,
            1);
  const auto human = run_program(
      {pagemdd_binary(), "account", "create", "--data-dir", dir.path().string(), "--email", "ops@example.com"});
  EXPECT_EQ(human.status, 0);
  EXPECT_NE(human.out.find("sk_live_"), std::string::npos);
  EXPECT_NE(human.out.find("shown only this once"), std::string::npos);
}

}  // namespace
}  // namespace pagemd::testing
