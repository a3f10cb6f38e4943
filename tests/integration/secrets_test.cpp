// The database's password in no output of pagemdd (issue 41): --check-config, the admin commands, the
// daemon's log at start, reload and stop, and the errors of a database it cannot reach, for the password in a
// URL's userinfo, in a password= parameter, and in libpq's key=value form (which database_url refuses).

#include <signal.h>

#include <filesystem>
#include <fstream>

#include "postgres_nodes.hpp"

namespace pagemd::testing {
namespace {

using namespace std::chrono_literals;

constexpr std::string_view kPassword = "s3cretPW";

// Nothing of the password, in whole or in its first or last part.
void expect_no_password(const std::string& output, const std::string& what) {
  for (const std::string_view part : {kPassword, kPassword.substr(0, 5), kPassword.substr(3)}) {
    EXPECT_EQ(output.find(part), std::string::npos) << what << " shows the password:\n" << output;
  }
}

// The URL forms, each naming a database on a loopback port where none listens.
std::vector<std::string> unreachable_urls() {
  const std::string password(kPassword);
  return {"postgresql://pagemd:" + password + "@127.0.0.1:1/pagemd",
          "postgresql://pagemd@127.0.0.1:1/pagemd?sslmode=disable&password=" + password,
          // A stray '%' makes libpq quote the undecodable part, the password, in its error.
          "postgresql://pagemd:" + password + "%zz@127.0.0.1:1/pagemd",
          "postgres://pagemd@127.0.0.1:1/pagemd?password=%zz" + password};
}

TEST(Secrets, CheckConfigShowsNoPasswordFromAnySource) {
  const ScratchDir dir;
  const auto credentials = dir.path() / "credentials";
  std::filesystem::create_directory(credentials);
  for (const std::string& url : unreachable_urls()) {
    SCOPED_TRACE(url);
    const RunResult flag =
        run_program({pagemdd_binary(), "--check-config", "--config", "/dev/null", "--database-url", url});
    EXPECT_EQ(flag.status, 0) << flag.err;
    EXPECT_NE(flag.out.find("database_url = \""), std::string::npos) << flag.out;
    expect_no_password(flag.out + flag.err, "--check-config --database-url");

    const RunResult variable =
        run_program({pagemdd_binary(), "--check-config", "--config", "/dev/null"}, {"PAGEMD_DATABASE_URL=" + url});
    EXPECT_EQ(variable.status, 0) << variable.err;
    expect_no_password(variable.out + variable.err, "--check-config with PAGEMD_DATABASE_URL");

    std::ofstream(credentials / "database_url") << url << '\n';
    const RunResult credential = run_program({pagemdd_binary(), "--check-config", "--config", "/dev/null"},
                                             {"CREDENTIALS_DIRECTORY=" + credentials.string()});
    EXPECT_EQ(credential.status, 0) << credential.err;
    EXPECT_NE(credential.out.find("database_url = \""), std::string::npos) << credential.out;
    EXPECT_EQ(credential.out.find("database_url = \"\""), std::string::npos) << "the credential is read";
    expect_no_password(credential.out + credential.err, "--check-config with the credential");

    const auto file = dir.path() / "pagemdd.conf";
    std::ofstream(file) << "database_url = \"" << url << "\"\n";
    const RunResult from_file = run_program({pagemdd_binary(), "--check-config", "--config", file.string()});
    EXPECT_EQ(from_file.status, 0) << from_file.err;
    expect_no_password(from_file.out + from_file.err, "--check-config with the file");
  }
  // A file the configuration parser refuses does not have the line quoted back.
  for (const std::string& line : {"database_url = postgresql://pagemd:" + std::string(kPassword) + "@h/d\n",
                                  "database_url = \"postgresql://pagemd:" + std::string(kPassword) + "@h/d\n",
                                  "database_url = [\"postgresql://pagemd:" + std::string(kPassword) + "@h/d\"]\n"}) {
    const auto file = dir.path() / "broken.conf";
    std::ofstream(file) << line;
    const RunResult broken = run_program({pagemdd_binary(), "--check-config", "--config", file.string()});
    EXPECT_EQ(broken.status, 78) << line;
    expect_no_password(broken.out + broken.err, "--check-config refusing " + line);
  }
  // libpq's key=value form is not a database_url; the refusal does not quote it.
  const std::string key_value = "host=127.0.0.1 port=1 dbname=pagemd password=" + std::string(kPassword);
  const RunResult refused =
      run_program({pagemdd_binary(), "--check-config", "--config", "/dev/null", "--database-url", key_value});
  EXPECT_EQ(refused.status, 78);
  expect_no_password(refused.out + refused.err, "--check-config refusing key=value");
}

TEST(Secrets, AdminCommandsAndADaemonThatCannotConnectShowNoPassword) {
  const ScratchDir dir;
  const std::string sqlite = "sqlite:" + (dir.path() / "absent.db").string();
  for (const std::string& url : unreachable_urls()) {
    SCOPED_TRACE(url);
    const RunResult listed = run_program({pagemdd_binary(), "--database-url", url, "account", "list"});
    EXPECT_NE(listed.status, 0);
    expect_no_password(listed.out + listed.err, "account list");
    const RunResult created = run_program({pagemdd_binary(), "account", "create", "--data-dir", dir.path().string()},
                                          {"PAGEMD_DATABASE_URL=" + url});
    EXPECT_NE(created.status, 0);
    expect_no_password(created.out + created.err, "account create");
    const RunResult migrated = run_program({pagemdd_binary(), "store", "migrate", "--from", sqlite, "--to", url});
    EXPECT_NE(migrated.status, 0);
    expect_no_password(migrated.out + migrated.err, "store migrate");
    // The daemon stops at start when the database cannot be reached; its log says why.
    const RunResult served = run_program({pagemdd_binary(), "--config", "/dev/null", "--listen", "127.0.0.1:0",
                                          "--data-dir", dir.path().string(), "--database-url", url});
    EXPECT_NE(served.status, 0);
    EXPECT_NE(served.err.find("database"), std::string::npos) << served.err;
    expect_no_password(served.out + served.err, "the daemon's log");
  }
  const std::string key_value = "host=127.0.0.1 port=1 password=" + std::string(kPassword);
  const RunResult migrated = run_program({pagemdd_binary(), "store", "migrate", "--from", sqlite, "--to", key_value});
  EXPECT_EQ(migrated.status, 2);
  expect_no_password(migrated.out + migrated.err, "store migrate refusing key=value");
}

// A node on the real database with a password in its URL (the test cluster does not ask for it): its log at
// start, reload, while the database is down and at stop shows none of it.
TEST_F(PostgresNodes, ANodesLogShowsNoPassword) {
  const std::string cluster = test_postgres_url();
  PAGEMD_REQUIRE_TEST_POSTGRES(cluster);
  const PostgresDatabase database(cluster);
  const std::string url = database.url() + (database.url().find('?') == std::string::npos ? "?" : "&") +
                          "password=" + std::string(kPassword);
  const TestAccount account = create_shared_account(url);
  auto node = start_node(url, first_data_, {"--log-level", "debug"});
  ASSERT_EQ(extract(*node, origin_.url("/article"), account.key).status, 200);
  node->send_signal(SIGHUP);
  ASSERT_TRUE(node->wait_for_log("configuration reloaded", 30s)) << node->log();
  database.go_down();
  // Neither the account's request nor a stranger's (a well-formed key the node has not seen) learns where the
  // database is or who the node is to it.
  for (const std::string& key : {account.key, "sk_live_" + std::string(48, 'B')}) {
    const auto down = extract(*node, origin_.url("/article?down"), key);
    EXPECT_EQ(down.status, 503) << down.body;
    for (const std::string& detail : {std::string("/"), std::string("user"), std::string(kPassword)}) {
      EXPECT_EQ(down.body.find(detail), std::string::npos) << detail << " in " << down.body;
    }
  }
  node->send_signal(SIGTERM);
  EXPECT_EQ(node->wait_for_exit(30s), 0);
  EXPECT_NE(node->log().find("PostgreSQL at"), std::string::npos) << node->log();
  expect_no_password(node->log(), "the node's log");
}

}  // namespace
}  // namespace pagemd::testing
