// What render_sandbox comes to where Chromium's sandbox can run and where it cannot.
#include "pagemd/render/sandbox.hpp"

#include <gtest/gtest.h>

namespace pagemd::render {
namespace {

TEST(SandboxDecision, AutoUsesTheSandboxWhereItCanRunAndOtherwiseDoesNotRender) {
  const SandboxDecision possible = decide_sandbox(SandboxMode::automatic, true);
  EXPECT_TRUE(possible.render);
  EXPECT_TRUE(possible.sandbox);
  EXPECT_TRUE(possible.warning.empty());

  const SandboxDecision impossible = decide_sandbox(SandboxMode::automatic, false);
  EXPECT_FALSE(impossible.render) << "never without the sandbox unless render_sandbox = \"off\" says so";
  EXPECT_NE(impossible.warning.find("rendering is unavailable"), std::string::npos) << impossible.warning;
  EXPECT_NE(impossible.warning.find("render_sandbox = \"off\""), std::string::npos) << "names the way out";
  EXPECT_NE(impossible.warning.find("RestrictNamespaces=user pid net"), std::string::npos) << "and the other";
}

TEST(SandboxDecision, OffRendersWithoutTheSandboxAndSaysSo) {
  for (const bool possible : {true, false}) {
    const SandboxDecision off = decide_sandbox(SandboxMode::off, possible);
    EXPECT_TRUE(off.render);
    EXPECT_FALSE(off.sandbox);
    EXPECT_NE(off.warning.find("without its own sandbox"), std::string::npos) << off.warning;
  }
}

TEST(SandboxDecision, OnAlwaysAsksForTheSandbox) {
  EXPECT_TRUE(decide_sandbox(SandboxMode::on, true).sandbox);
  EXPECT_TRUE(decide_sandbox(SandboxMode::on, true).warning.empty());
  const SandboxDecision impossible = decide_sandbox(SandboxMode::on, false);
  EXPECT_TRUE(impossible.sandbox);
  EXPECT_FALSE(impossible.warning.empty());
}

TEST(SandboxDecision, ModesAreParsedByTheirConfigurationNames) {
  EXPECT_EQ(parse_sandbox_mode("auto"), SandboxMode::automatic);
  EXPECT_EQ(parse_sandbox_mode("on"), SandboxMode::on);
  EXPECT_EQ(parse_sandbox_mode("off"), SandboxMode::off);
  EXPECT_FALSE(parse_sandbox_mode("yes"));
  EXPECT_FALSE(parse_sandbox_mode(""));
}

}  // namespace
}  // namespace pagemd::render
