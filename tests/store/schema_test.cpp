#include <SQLiteCpp/Database.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <set>
#include <thread>
#include <vector>

#include "fake_clock.hpp"
#include "pagemd/store/sqlite_store.hpp"
#include "scratch_dir.hpp"

namespace pagemd::store {
namespace {

class SchemaTest : public ::testing::Test {
 protected:
  [[nodiscard]] std::filesystem::path db_file() const { return database_file(dir_.path()); }
  [[nodiscard]] int user_version() const {
    SQLite::Database db(db_file().string(), SQLite::OPEN_READONLY);
    return db.execAndGet("PRAGMA user_version").getInt();
  }
  void set_user_version(int version) const {
    SQLite::Database db(db_file().string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec("PRAGMA user_version = " + std::to_string(version));
  }

  testing::ScratchDir dir_;
  testing::FakeClock clock_;
};

TEST_F(SchemaTest, DatabaseFileLivesInTheDataDir) {
  EXPECT_EQ(database_file("/var/lib/pagemd"), std::filesystem::path("/var/lib/pagemd/pagemd.db"));
}

TEST_F(SchemaTest, MissingFileBecomesTheCurrentSchemaInWalMode) {
  ASSERT_FALSE(std::filesystem::exists(db_file()));
  auto store = open_sqlite_store(db_file(), clock_);
  ASSERT_TRUE(store) << store.error().message;
  EXPECT_EQ(user_version(), kSchemaVersion);

  SQLite::Database db(db_file().string(), SQLite::OPEN_READONLY);
  EXPECT_EQ(db.execAndGet("PRAGMA journal_mode").getString(), "wal");
  std::set<std::string> tables;
  SQLite::Statement query(db, "SELECT name FROM sqlite_schema WHERE type = 'table'");
  while (query.executeStep()) tables.insert(query.getColumn(0).getString());
  EXPECT_EQ(tables, (std::set<std::string>{"accounts", "api_keys", "usage", "cache"}));
}

TEST_F(SchemaTest, EmptyFileBecomesTheCurrentSchema) {
  std::ofstream{db_file()}.flush();
  ASSERT_EQ(std::filesystem::file_size(db_file()), 0u);
  auto store = open_sqlite_store(db_file(), clock_);
  ASSERT_TRUE(store) << store.error().message;
  EXPECT_EQ(user_version(), kSchemaVersion);
}

TEST_F(SchemaTest, ReopeningKeepsTheData) {
  std::string account;
  {
    auto store = open_sqlite_store(db_file(), clock_);
    ASSERT_TRUE(store);
    account = (*store)->create_account(Plan::pro, "ops@example.com").value();
  }
  auto store = open_sqlite_store(db_file(), clock_);
  ASSERT_TRUE(store) << store.error().message;
  auto found = (*store)->find_account(account);
  ASSERT_TRUE(found && found->has_value());
  EXPECT_EQ((**found).plan, Plan::pro);
  EXPECT_EQ(user_version(), kSchemaVersion);
}

TEST_F(SchemaTest, NewerSchemaIsRefusedAndLeftAlone) {
  { ASSERT_TRUE(open_sqlite_store(db_file(), clock_)); }
  set_user_version(kSchemaVersion + 1);
  auto store = open_sqlite_store(db_file(), clock_);
  ASSERT_FALSE(store);
  EXPECT_EQ(store.error().code, core::ErrorCode::internal);
  EXPECT_NE(store.error().message.find("schema version " + std::to_string(kSchemaVersion + 1)), std::string::npos)
      << store.error().message;
  EXPECT_NE(store.error().message.find("upgrade pagemd"), std::string::npos) << store.error().message;
  EXPECT_EQ(user_version(), kSchemaVersion + 1);
}

TEST_F(SchemaTest, NegativeSchemaVersionIsRefused) {
  set_user_version(-3);
  auto store = open_sqlite_store(db_file(), clock_);
  ASSERT_FALSE(store);
  EXPECT_EQ(store.error().code, core::ErrorCode::internal);
  EXPECT_EQ(user_version(), -3);
}

TEST_F(SchemaTest, NotADatabaseIsAnError) {
  std::ofstream{db_file()} << std::string(4096, 'x');
  auto store = open_sqlite_store(db_file(), clock_);
  ASSERT_FALSE(store);
  EXPECT_EQ(store.error().code, core::ErrorCode::internal);
  EXPECT_NE(store.error().message.find(db_file().string()), std::string::npos) << store.error().message;
}

TEST_F(SchemaTest, MissingDirectoryIsAnError) {
  auto store = open_sqlite_store(dir_.path() / "no-such-dir" / "pagemd.db", clock_);
  ASSERT_FALSE(store);
  EXPECT_EQ(store.error().code, core::ErrorCode::internal);
}

// Two openers that turn a new file to WAL at the same moment get SQLITE_BUSY without a wait; each
// must still open the store.
TEST_F(SchemaTest, ProcessesOpeningANewFileTogetherMigrateOnce) {
  constexpr int kOpeners = 6;
  std::vector<std::thread> openers;
  // Each opener leaves the error it met, or nothing when it opened the store.
  std::vector<std::string> errors(kOpeners);
  for (int i = 0; i < kOpeners; ++i) {
    openers.emplace_back([&, i] {
      auto store = open_sqlite_store(db_file(), clock_);
      if (!store) errors[static_cast<std::size_t>(i)] = store.error().message;
    });
  }
  for (auto& opener : openers) opener.join();
  for (const auto& error : errors) EXPECT_EQ(error, "");
  EXPECT_EQ(user_version(), kSchemaVersion);
  SQLite::Database db(db_file().string(), SQLite::OPEN_READONLY);
  EXPECT_EQ(db.execAndGet("PRAGMA journal_mode").getString(), "wal");
}

TEST_F(SchemaTest, MemoryStoreHasTheSchema) {
  auto store = open_memory_store(clock_);
  ASSERT_TRUE(store) << store.error().message;
  auto account = (*store)->create_account(Plan::free, std::nullopt);
  ASSERT_TRUE(account);
  auto accounts = (*store)->list_accounts();
  ASSERT_TRUE(accounts);
  EXPECT_EQ(accounts->size(), 1u);
}

}  // namespace
}  // namespace pagemd::store

namespace pagemd::store {
namespace {

// Accounts, key digests and cached pages are nobody else's business: a new data directory is 0700
// and the database files 0600 even under a permissive umask.
TEST(DataDirectory, NewFilesArePrivateWhateverTheUmask) {
  testing::ScratchDir scratch;
  const mode_t previous = ::umask(0);
  const std::filesystem::path data_dir = scratch.path() / "new" / "data";
  const auto made = create_data_dir(data_dir);
  ASSERT_TRUE(made) << made.error().message;
  const testing::FakeClock clock;
  {
    auto store = open_sqlite_store(database_file(data_dir), clock);
    ASSERT_TRUE(store) << store.error().message;
    ASSERT_TRUE((*store)->create_account(Plan::free, std::nullopt));
    const auto mode_of = [](const std::filesystem::path& path) {
      struct stat info {};
      EXPECT_EQ(::stat(path.c_str(), &info), 0) << path;
      return info.st_mode & 0777;
    };
    EXPECT_EQ(mode_of(scratch.path() / "new"), 0700U);
    EXPECT_EQ(mode_of(data_dir), 0700U);
    for (const std::string suffix : {"", "-wal", "-shm"}) {
      const std::filesystem::path file = database_file(data_dir).string() + suffix;
      EXPECT_EQ(mode_of(file), 0600U) << file;
    }
  }
  ::umask(previous);
  // A directory that exists is the owner's business.
  std::filesystem::create_directory(scratch.path() / "shared");
  ::chmod((scratch.path() / "shared").c_str(), 0750);
  ASSERT_TRUE(create_data_dir(scratch.path() / "shared"));
  struct stat info {};
  ASSERT_EQ(::stat((scratch.path() / "shared").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0750U);
}

}  // namespace
}  // namespace pagemd::store
