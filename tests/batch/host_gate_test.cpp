#include "pagemd/batch/host_gate.hpp"

#include <gtest/gtest.h>

namespace pagemd::batch {
namespace {

using std::chrono::milliseconds;

TEST(HostGate, AtMostPerHostInFlightFromOneHost) {
  HostGate gate(2, milliseconds{0});
  const HostGate::TimePoint now{};
  EXPECT_EQ(gate.earliest_start("a", now), now);
  gate.start("a", now);
  gate.start("a", now);
  EXPECT_FALSE(gate.earliest_start("a", now).has_value());
  EXPECT_EQ(gate.earliest_start("b", now), now);  // other hosts are not held up
  gate.finish("a");
  EXPECT_EQ(gate.earliest_start("a", now), now);
}

TEST(HostGate, TheDelaySpacesStartsFromOneHost) {
  HostGate gate(2, milliseconds{500});
  const HostGate::TimePoint t0{};
  gate.start("a", t0);
  EXPECT_EQ(gate.earliest_start("a", t0 + milliseconds{100}), t0 + milliseconds{500});
  EXPECT_EQ(gate.earliest_start("a", t0 + milliseconds{500}), t0 + milliseconds{500});
  EXPECT_EQ(gate.earliest_start("b", t0 + milliseconds{100}), t0 + milliseconds{100});
}

TEST(HostGate, AFinishWithoutAStartChangesNothing) {
  HostGate gate(1, milliseconds{0});
  gate.finish("a");
  const HostGate::TimePoint now{};
  gate.start("a", now);
  gate.finish("b");
  EXPECT_FALSE(gate.earliest_start("a", now).has_value());
}

}  // namespace
}  // namespace pagemd::batch
