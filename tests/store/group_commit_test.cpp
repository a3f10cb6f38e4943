#include "group_commit.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace pagemd::store::detail {
namespace {

TEST(GroupCommit, ALoneCallerCommitsItsOwnWork) {
  GroupCommit<int, int> commits;
  int batches = 0;
  const int outcome = commits.submit(21, [&](std::vector<GroupCommit<int, int>::Slot*>& batch) {
    ++batches;
    ASSERT_EQ(batch.size(), 1u);
    batch.front()->outcome = *batch.front()->work * 2;
  });
  EXPECT_EQ(outcome, 42);
  EXPECT_EQ(batches, 1);
}

// Many threads at once: every caller gets the outcome of its own work, each work is committed in
// exactly one batch, and no two batches run at the same time.
TEST(GroupCommit, ConcurrentCallersEachGetTheirOwnOutcomeFromExactlyOneBatch) {
  constexpr int kThreads = 16;
  constexpr int kPerThread = 300;
  GroupCommit<int, int> commits;
  std::atomic<int> committed{0};
  std::atomic<int> batches_running{0};
  std::atomic<bool> overlapped{false};
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kPerThread; ++i) {
        const int work = t * kPerThread + i;
        const int outcome = commits.submit(work, [&](std::vector<GroupCommit<int, int>::Slot*>& batch) {
          if (batches_running.fetch_add(1) != 0) overlapped = true;
          for (auto* slot : batch) slot->outcome = -*slot->work;
          committed += static_cast<int>(batch.size());
          batches_running.fetch_sub(1);
        });
        if (outcome != -work) ++wrong;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(wrong, 0);
  EXPECT_FALSE(overlapped);
  EXPECT_EQ(committed, kThreads * kPerThread);
}

}  // namespace
}  // namespace pagemd::store::detail
