#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "fake_clock.hpp"
#include "pagemd/store/sqlite_store.hpp"
#include "pagemd/store/uuid.hpp"
#include "scratch_dir.hpp"

namespace pagemd::store {

// A file-backed store in a scratch directory on a FakeClock: the shape the daemon runs.
class StoreTest : public ::testing::Test {
 protected:
  void SetUp() override { store_ = open(); }

  [[nodiscard]] std::filesystem::path db_file() const { return database_file(dir_.path()); }

  // Another store on the same file, as a second process would have.
  [[nodiscard]] std::unique_ptr<Store> open() {
    auto opened = open_sqlite_store(db_file(), clock_);
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
  std::unique_ptr<Store> store_;
};

}  // namespace pagemd::store
