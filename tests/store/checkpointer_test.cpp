#include "sqlite/checkpointer.hpp"

#include <gtest/gtest.h>

#include <SQLiteCpp/Statement.h>

#include <chrono>
#include <memory>
#include <thread>

#include "sqlite/connection.hpp"
#include "scratch_dir.hpp"

namespace pagemd::store::detail {
namespace {

class CheckpointerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    writer_ = open();
    writer_->database().exec("CREATE TABLE t (n INTEGER)");
  }

  [[nodiscard]] std::unique_ptr<Connection> open() const {
    return std::make_unique<Connection>((dir_.path() / "test.db").string(),
                                        SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE, std::chrono::milliseconds{5000});
  }

  void commit(int times) {
    for (int i = 0; i < times; ++i) writer_->database().exec("INSERT INTO t VALUES (1)");
  }

  // The frames in the WAL, as a checkpoint from another connection reports them before copying them.
  [[nodiscard]] int wal_frames() const {
    auto other = open();
    SQLite::Statement checkpoint(other->database(), "PRAGMA wal_checkpoint(PASSIVE)");
    checkpoint.executeStep();
    return checkpoint.getColumn(1).getInt();
  }

  static void wait_for_checkpoints(const Checkpointer& checkpointer, std::uint64_t at_least) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds{30};
    while (checkpointer.checkpoints_run() < at_least && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds{5});
    }
    ASSERT_GE(checkpointer.checkpoints_run(), at_least);
  }

  testing::ScratchDir dir_;
  std::unique_ptr<Connection> writer_;
};

// The yardstick of the tests below: SQLite's own checkpoint keeps the WAL under its 1000 pages.
TEST_F(CheckpointerTest, AnUnwatchedConnectionCheckpointsInItsOwnCommits) {
  commit(1200);
  EXPECT_LT(wal_frames(), 1000);
}

TEST_F(CheckpointerTest, AWatchedConnectionLeavesCheckpointsToTheCheckpointer) {
  Checkpointer checkpointer(open(), 1'000'000);
  checkpointer.watch(*writer_);
  commit(1200);
  EXPECT_GE(wal_frames(), 1200);
  EXPECT_EQ(checkpointer.checkpoints_run(), 0U);
}

TEST_F(CheckpointerTest, ACommitThatReachesTheThresholdWakesACheckpointInTheBackground) {
  // The table's creation and one row make at least two pages; the last commit below makes one, so it
  // wakes no checkpoint that could keep wal_frames() from running its own.
  Checkpointer checkpointer(open(), 2);
  checkpointer.watch(*writer_);
  commit(1);
  wait_for_checkpoints(checkpointer, 1);
  // The checkpoint copied the whole WAL (the table's creation and the row) into the database file, so
  // the next commit writes the WAL from its start again.
  commit(1);
  EXPECT_EQ(wal_frames(), 1);
}

TEST_F(CheckpointerTest, TheDataSurvivesTheCheckpoints) {
  {
    Checkpointer checkpointer(open(), 10);
    checkpointer.watch(*writer_);
    commit(100);
    wait_for_checkpoints(checkpointer, 1);
  }
  writer_.reset();
  auto reader = open();
  EXPECT_EQ(reader->database().execAndGet("SELECT count(*) FROM t").getInt(), 100);
}

}  // namespace
}  // namespace pagemd::store::detail
