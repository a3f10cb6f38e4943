#pragma once

// The throwaway PostgreSQL cluster of ctest's "postgres" fixture (tests/CMakeLists.txt,
// scripts/postgres-scratch.sh), and schemas of their own on it for tests. Header-only: link libpq.

#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <random>
#include <string>

namespace pagemd::testing {

// The cluster's URL, read from the file the fixture wrote; empty when the fixture did not run.
inline std::string test_postgres_url() {
  const char* file = std::getenv("PAGEMD_TEST_POSTGRES_URL_FILE");
  std::string url;
  if (file != nullptr) {
    if (std::FILE* in = std::fopen(file, "r"); in != nullptr) {
      char line[1024];
      if (std::fgets(line, sizeof line, in) != nullptr) url = line;
      std::fclose(in);
    }
  }
  while (!url.empty() && (url.back() == '\n' || url.back() == ' ')) url.pop_back();
  return url;
}

// Runs one statement on the cluster `url` outside any store (making and dropping schemas).
inline void run_sql(const std::string& url, const std::string& sql) {
  PGconn* connection = PQconnectdb(url.c_str());
  ASSERT_EQ(PQstatus(connection), CONNECTION_OK) << PQerrorMessage(connection);
  PGresult* result = PQexec(connection, sql.c_str());
  const ExecStatusType status = PQresultStatus(result);
  EXPECT_TRUE(status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) << PQerrorMessage(connection);
  PQclear(result);
  PQfinish(connection);
}

// `url` with a search path: what a store on it creates goes into `schema`.
inline std::string url_with_schema(const std::string& url, const std::string& schema) {
  return url + (url.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" + schema;
}

// `url` naming database `name` instead of its own.
inline std::string url_of_database(const std::string& url, const std::string& name) {
  const std::size_t query = std::min(url.find('?'), url.size());
  const std::size_t slash = url.rfind('/', query);
  return url.substr(0, slash + 1) + name + url.substr(query);
}

// `prefix` and a random number: a name no other test's database or schema has.
inline std::string random_name(char prefix) {
  std::random_device random;
  std::string name(1, prefix);
  name += std::to_string((std::uint64_t{random()} << 32) | random());
  return name;
}

// A fresh database on the test cluster, dropped at the end, for a test that takes it away from
// its clients (an outage) without touching anyone else's.
class PostgresDatabase {
 public:
  explicit PostgresDatabase(std::string cluster) : cluster_(std::move(cluster)) {
    name_ = random_name('d');
    run_sql(cluster_, "CREATE DATABASE " + name_);
  }
  ~PostgresDatabase() { run_sql(cluster_, "DROP DATABASE " + name_ + " WITH (FORCE)"); }
  PostgresDatabase(const PostgresDatabase&) = delete;
  PostgresDatabase& operator=(const PostgresDatabase&) = delete;

  [[nodiscard]] std::string url() const { return url_of_database(cluster_, name_); }
  // Down: no new connections, and the open ones cut.
  void go_down() const {
    run_sql(cluster_, "ALTER DATABASE " + name_ + " ALLOW_CONNECTIONS false");
    run_sql(cluster_, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + name_ + "'");
  }
  void come_back() const { run_sql(cluster_, "ALTER DATABASE " + name_ + " ALLOW_CONNECTIONS true"); }

 private:
  std::string cluster_;
  std::string name_;
};

// A fresh schema on the test cluster, dropped with everything in it at the end.
class PostgresSchema {
 public:
  explicit PostgresSchema(std::string cluster) : cluster_(std::move(cluster)) {
    name_ = random_name('t');
    run_sql(cluster_, "CREATE SCHEMA " + name_);
  }
  ~PostgresSchema() { run_sql(cluster_, "DROP SCHEMA " + name_ + " CASCADE"); }
  PostgresSchema(const PostgresSchema&) = delete;
  PostgresSchema& operator=(const PostgresSchema&) = delete;

  [[nodiscard]] const std::string& name() const { return name_; }
  [[nodiscard]] std::string url() const { return url_with_schema(cluster_, name_); }

 private:
  std::string cluster_;
  std::string name_;
};

// Skips the test when there is no cluster, or fails it where one is required (PAGEMD_REQUIRE_POSTGRES).
#define PAGEMD_REQUIRE_TEST_POSTGRES(url)                                                            \
  do {                                                                                               \
    if ((url).empty()) {                                                                             \
      if (std::getenv("PAGEMD_REQUIRE_POSTGRES") != nullptr) FAIL() << "no test PostgreSQL cluster"; \
      GTEST_SKIP() << "no test PostgreSQL cluster (ctest starts one: scripts/postgres-scratch.sh)";  \
    }                                                                                                \
  } while (false)

}  // namespace pagemd::testing
