#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <random>
#include <string>

#include "fake_clock.hpp"
#include "pagemd/store/postgres_store.hpp"
#include "pagemd/store/sqlite_store.hpp"
#include "pagemd/store/uuid.hpp"
#include "scratch_dir.hpp"
#include "test_postgres.hpp"

namespace pagemd::store {

enum class Backend { sqlite, postgres };

inline std::string backend_name(const ::testing::TestParamInfo<Backend>& info) {
  return info.param == Backend::sqlite ? "Sqlite" : "Postgres";
}

// A store of either kind on a FakeClock: SQLite in a scratch file (the shape a single daemon runs),
// or PostgreSQL in a schema of its own on the test cluster (the shape of several nodes). open() gives
// another store on the same data, as a second process or node would have.
class StoreTest : public ::testing::TestWithParam<Backend> {
 protected:
  [[nodiscard]] virtual Backend backend() const { return GetParam(); }

  void SetUp() override {
    if (backend() == Backend::postgres) {
      const std::string cluster = testing::test_postgres_url();
      PAGEMD_REQUIRE_TEST_POSTGRES(cluster);
      schema_ = "t" + std::to_string(std::random_device{}()) + std::to_string(std::random_device{}());
      testing::run_sql(cluster, "CREATE SCHEMA " + schema_);
      url_ = testing::url_with_schema(cluster, schema_);
    }
    store_ = open();
  }

  void TearDown() override {
    store_.reset();
    if (!schema_.empty()) testing::run_sql(testing::test_postgres_url(), "DROP SCHEMA " + schema_ + " CASCADE");
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
