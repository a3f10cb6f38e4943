// The main() of test suites that could, if the code under test were broken, connect to private or
// cloud-metadata addresses: it moves the process into a network namespace whose only interface is
// loopback (loopback_only.hpp). Without the privilege to do that, the suite refuses to run.
#include <gtest/gtest.h>

#include <cstdio>

#include "loopback_only.hpp"

int main(int argc, char** argv) {
  if (const std::string why = pagemd::testing::enter_loopback_only_namespace(); !why.empty()) {
    std::fprintf(stderr, "loopback_only_main: %s; not running tests that could reach private addresses outside one\n",
                 why.c_str());
    return 1;
  }
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
