// The test harness's own process handling, which every end-to-end test relies on.

#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "child_process.hpp"

namespace pagemd::testing {
namespace {

// Without SIGPIPE blocked in the writer, the rest of the input written after `true` exits would
// end the whole test binary.
TEST(ChildProcess, AProgramThatLeavesItsInputUnreadDoesNotEndTheTest) {
  const RunResult result = run_program({"/bin/true"}, {}, std::string(4 << 20, 'x'));
  EXPECT_EQ(result.status, 0);
}

TEST(ChildProcess, StderrThatEndsWithoutTheTextIsNotAMatch) {
  ChildProcess child({"/bin/sh", "-c", "echo starting >&2; exit 3"});
  EXPECT_FALSE(child.wait_for_stderr("listening", std::chrono::minutes{10}));
  EXPECT_TRUE(child.wait_for_stderr("starting", std::chrono::minutes{10}));
  EXPECT_EQ(child.wait(), 3);
}

}  // namespace
}  // namespace pagemd::testing
