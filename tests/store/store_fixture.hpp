#pragma once

#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <cstdlib>
#include <memory>
#include <random>
#include <string>

#include "fake_clock.hpp"
#include "pagemd/store/postgres_store.hpp"
#include "pagemd/store/sqlite_store.hpp"
#include "pagemd/store/uuid.hpp"
#include "scratch_dir.hpp"

namespace pagemd::store {

enum class Backend { sqlite, postgres };

inline std::string backend_name(const ::testing::TestParamInfo<Backend>& info) {
  return info.param == Backend::sqlite ? "Sqlite" : "Postgres";
}

// The throwaway cluster's URL that ctest's postgres fixture (scripts/postgres-scratch.sh) wrote,
// or empty when it did not run.
inline std::string test_postgres_url() {
  const char* file = std::getenv("PAGEMD_TEST_POSTGRES_URL_FILE");
  std::string url;
  if (file != nullptr) {
    std::FILE* in = std::fopen(file, "r");
    if (in != nullptr) {
      char line[1024];
      if (std::fgets(line, sizeof line, in) != nullptr) url = line;
      std::fclose(in);
    }
  }
  while (!url.empty() && (url.back() == '\n' || url.back() == ' ')) url.pop_back();
  return url;
}

// Runs one statement on the test cluster outside any store (making and dropping schemas).
inline void run_sql(const std::string& url, const std::string& sql) {
  PGconn* connection = PQconnectdb(url.c_str());
  ASSERT_EQ(PQstatus(connection), CONNECTION_OK) << PQerrorMessage(connection);
  PGresult* result = PQexec(connection, sql.c_str());
  EXPECT_EQ(PQresultStatus(result), PGRES_COMMAND_OK) << PQerrorMessage(connection);
  PQclear(result);
  PQfinish(connection);
}

// A store of either kind on a FakeClock: SQLite in a scratch file (the shape a single daemon runs),
// or PostgreSQL in a schema of its own on the test cluster (the shape of several nodes). open() gives
// another store on the same data, as a second process or node would have.
class StoreTest : public ::testing::TestWithParam<Backend> {
 protected:
  [[nodiscard]] virtual Backend backend() const { return GetParam(); }

  void SetUp() override {
    if (backend() == Backend::postgres) {
      const std::string cluster = test_postgres_url();
      if (cluster.empty()) {
        if (std::getenv("PAGEMD_REQUIRE_POSTGRES") != nullptr) FAIL() << "no test PostgreSQL cluster";
        GTEST_SKIP() << "no test PostgreSQL cluster (ctest starts one: scripts/postgres-scratch.sh)";
      }
      schema_ = "t" + std::to_string(std::random_device{}()) + std::to_string(std::random_device{}());
      run_sql(cluster, "CREATE SCHEMA " + schema_);
      url_ = cluster + (cluster.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" + schema_;
    }
    store_ = open();
  }

  void TearDown() override {
    store_.reset();
    if (!schema_.empty()) run_sql(test_postgres_url(), "DROP SCHEMA " + schema_ + " CASCADE");
  }

  [[nodiscard]] std::filesystem::path db_file() const { return database_file(dir_.path()); }
  [[nodiscard]] const std::string& postgres_url() const { return url_; }

  [[nodiscard]] std::unique_ptr<Store> open() {
    auto opened =
        backend() == Backend::sqlite ? open_sqlite_store(db_file(), clock_) : open_postgres_store(url_, clock_);
    if (!opened) throw std::runtime_error(opened.error().message);
    return std::move(opened).value();
  }

  [[nodiscard]] std::string new_account(Plan plan = Plan::free) {
    auto id = store_->create_account(plan, std::nullopt);
    if (!id) throw std::runtime_error(id.error().message);
    return *id;
  }

  // A key row as lib/auth would insert it; the digest is made up, which the store cannot tell.
  KeyInfo new_key(const std::string& account_id, KeyMode mode = KeyMode::live) {
    static int serial = 0;
    ++serial;
    std::string digest(64, '0');
    const std::string tail = std::to_string(serial);
    digest.replace(digest.size() - tail.size(), tail.size(), tail);
    auto key = store_->insert_key(NewKey{new_uuid_v4(), account_id, digest, "sk_live_abcd", mode}, 20);
    if (!key) throw std::runtime_error(key.error().message);
    return *key;
  }

  testing::ScratchDir dir_;
  testing::FakeClock clock_;
  std::string schema_;
  std::string url_;
  std::unique_ptr<Store> store_;
};

// Tests of what only the SQLite store has (its file, its locks, its memory of recent results).
class SqliteStoreTest : public StoreTest {
 protected:
  [[nodiscard]] Backend backend() const override { return Backend::sqlite; }
};

#define PAGEMD_STORE_BACKENDS(suite) \
  INSTANTIATE_TEST_SUITE_P(Backends, suite, ::testing::Values(Backend::sqlite, Backend::postgres), backend_name)

}  // namespace pagemd::store
