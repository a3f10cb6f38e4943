#pragma once

// What the tests of several pagemdd on one PostgreSQL database share: accounts made on the database,
// nodes started on it, and a cluster of a test's own for the tests that stop the database.

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "daemon_test.hpp"
#include "test_postgres.hpp"

namespace pagemd::testing {

// `pagemdd account create` on the database named by PAGEMD_DATABASE_URL.
inline TestAccount create_shared_account(const std::string& database_url, const std::string& plan = "free") {
  const RunResult result = run_program(
      {pagemdd_binary(), "account", "create", "--data-dir", "/nonexistent/unused", "--plan", plan, "--json"},
      {"PAGEMD_DATABASE_URL=" + database_url});
  if (result.status != 0) throw std::runtime_error("account create failed: " + result.err);
  const auto created = nlohmann::json::parse(result.out);
  return {created.at("account_id"), created.at("key"), created.at("key_id")};
}

inline HttpResponse extract(DaemonProcess& node, const std::string& url, const std::string& key) {
  return http_request("POST", node.api("/extract"), {"Authorization: Bearer " + key, "Content-Type: application/json"},
                      nlohmann::json{{"url", url}}.dump());
}

class PostgresNodes : public ::testing::Test {
 protected:
  void SetUp() override {
    origin_.handle("/article", [](const HttpRequest&, Responder& out) {
      out.send(200, "text/html; charset=utf-8", article_html("Rivers of the Valley"));
    });
  }

  std::unique_ptr<DaemonProcess> start_node(const std::string& database_url, ScratchDir& data,
                                            const std::vector<std::string>& more_args = {}) {
    std::vector<std::string> args{"--allow-private-targets", "127.0.0.0/8", "--database-url", database_url};
    args.insert(args.end(), more_args.begin(), more_args.end());
    return std::make_unique<DaemonProcess>(data.path(), args);
  }

  // `count` nodes, each with a data directory of its own.
  std::vector<std::unique_ptr<DaemonProcess>> start_nodes(const std::string& database_url, std::size_t count,
                                                          const std::vector<std::string>& more_args = {}) {
    std::vector<std::unique_ptr<DaemonProcess>> nodes;
    while (node_data_.size() < count) node_data_.push_back(std::make_unique<ScratchDir>());
    for (std::size_t i = 0; i < count; ++i) nodes.push_back(start_node(database_url, *node_data_[i], more_args));
    return nodes;
  }

  FixtureServer origin_;
  ScratchDir first_data_;
  ScratchDir second_data_;
  std::vector<std::unique_ptr<ScratchDir>> node_data_;
};

// A PostgreSQL cluster of the test's own (scripts/postgres-scratch.sh), for a test that stops and
// starts the server itself; removed at the end.
class OwnPostgresCluster {
 public:
  OwnPostgresCluster()
      : dir_(std::string(PAGEMD_TEST_SCRATCH_BASE) + "/own-postgres-" + std::to_string(std::random_device{}())) {
    const RunResult started = run_program({PAGEMD_POSTGRES_SCRATCH, "start", dir_});
    if (started.status != 0) throw std::runtime_error("cannot start a PostgreSQL cluster: " + started.err);
    url_ = started.out.substr(0, started.out.find('\n'));
  }
  ~OwnPostgresCluster() { (void)run_program({PAGEMD_POSTGRES_SCRATCH, "stop", dir_}); }
  OwnPostgresCluster(const OwnPostgresCluster&) = delete;
  OwnPostgresCluster& operator=(const OwnPostgresCluster&) = delete;

  [[nodiscard]] const std::string& url() const { return url_; }
  // The server stops as if it crashed (immediate shutdown); its data stays.
  void halt() const { (void)run_program({PAGEMD_POSTGRES_SCRATCH, "halt", dir_}); }
  void resume() const {
    const RunResult resumed = run_program({PAGEMD_POSTGRES_SCRATCH, "resume", dir_});
    if (resumed.status != 0) throw std::runtime_error("cannot restart the PostgreSQL cluster: " + resumed.err);
  }

 private:
  std::string dir_;
  std::string url_;
};

}  // namespace pagemd::testing
