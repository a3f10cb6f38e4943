#include <SQLiteCpp/Database.h>
#include <gtest/gtest.h>

#include "store_fixture.hpp"

namespace pagemd::store {
namespace {

using ErrorsTest = SqliteStoreTest;

// Another process holding the write lock longer than the busy timeout: the operation fails with
// ErrorCode::internal instead of waiting forever or throwing, and works again once the lock is gone.
TEST_F(ErrorsTest, LockHeldPastTheBusyTimeoutIsAnInternalError) {
  const auto account = new_account();
  const auto key = new_key(account);
  auto impatient = open_sqlite_store(db_file(), clock_, SqliteOptions{std::chrono::milliseconds{20}, 1});
  ASSERT_TRUE(impatient);
  {
    SQLite::Database other(db_file().string(), SQLite::OPEN_READWRITE);
    other.exec("BEGIN IMMEDIATE");
    auto counted = (*impatient)->count_page(account, key.id);
    ASSERT_FALSE(counted);
    EXPECT_EQ(counted.error().code, core::ErrorCode::internal);
    EXPECT_NE(counted.error().message.find("counting a page"), std::string::npos) << counted.error().message;
    auto put = (*impatient)->cache_put("k", "{}", clock_.now());
    ASSERT_FALSE(put);
    EXPECT_EQ(put.error().code, core::ErrorCode::internal);
    // Readers are not held up by a writer (WAL).
    EXPECT_TRUE((*impatient)->usage(account, key.id));
    other.exec("ROLLBACK");
  }
  auto counted = (*impatient)->count_page(account, key.id);
  ASSERT_TRUE(counted) << counted.error().message;
  EXPECT_EQ(counted->used, 1);
}

// A row that this build cannot read (written by hand, constraints off) is an internal error, not a crash.
TEST_F(ErrorsTest, UnknownPlanInTheFileIsAnInternalError) {
  const auto account = new_account();
  {
    SQLite::Database other(db_file().string(), SQLite::OPEN_READWRITE);
    other.exec("PRAGMA ignore_check_constraints = ON");
    other.exec("UPDATE accounts SET plan = 'gold'");
  }
  auto found = store_->find_account(account);
  ASSERT_FALSE(found);
  EXPECT_EQ(found.error().code, core::ErrorCode::internal);
  EXPECT_NE(found.error().message.find("unknown plan"), std::string::npos) << found.error().message;
}

TEST_F(ErrorsTest, UnknownKeyModeInTheFileIsAnInternalError) {
  const auto account = new_account();
  new_key(account);
  {
    SQLite::Database other(db_file().string(), SQLite::OPEN_READWRITE);
    other.exec("PRAGMA ignore_check_constraints = ON");
    other.exec("UPDATE api_keys SET mode = 'prod'");
  }
  auto keys = store_->list_keys(account);
  ASSERT_FALSE(keys);
  EXPECT_EQ(keys.error().code, core::ErrorCode::internal);
}

}  // namespace
}  // namespace pagemd::store
