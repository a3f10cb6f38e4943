#include "pagemd/batch/dir_lock.hpp"

#include <gtest/gtest.h>

#include "scratch_dir.hpp"

namespace pagemd::batch {
namespace {

TEST(DirLock, ASecondHolderIsRefusedUntilTheFirstLetsGo) {
  testing::ScratchDir dir;
  auto first = DirLock::acquire(dir.path());
  ASSERT_TRUE(first);
  // flock locks belong to the open file description, so a second open in one process conflicts
  // just as another process would.
  auto second = DirLock::acquire(dir.path());
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().code, core::ErrorCode::busy);
  EXPECT_NE(second.error().message.find(dir.path().string()), std::string::npos);
  first->reset();
  EXPECT_TRUE(DirLock::acquire(dir.path()));
}

TEST(DirLock, ADirectoryThatDoesNotExistIsInternal) {
  testing::ScratchDir dir;
  auto lock = DirLock::acquire(dir.path() / "missing");
  ASSERT_FALSE(lock);
  EXPECT_EQ(lock.error().code, core::ErrorCode::internal);
}

}  // namespace
}  // namespace pagemd::batch
