#include "pagemd/core/fair_share.hpp"

#include <gtest/gtest.h>

#include <future>
#include <optional>

namespace pagemd::core {
namespace {

using namespace std::chrono_literals;

TEST(FairShare, OneAccountGetsHalfTheSlotsAndOthersTheRest) {
  FairShare share(4, 50ms, "worker");
  EXPECT_EQ(share.per_owner_limit(), 2U);
  auto first = share.enter("greedy");
  auto second = share.enter("greedy");
  ASSERT_TRUE(first && second);
  // The greedy account's third conversion waits out the deadline and is refused as busy...
  auto third = share.enter("greedy");
  ASSERT_FALSE(third);
  EXPECT_EQ(third.error().code, ErrorCode::busy);
  EXPECT_NE(third.error().message.find("No worker came free within 50 ms (an account may use 2 of the 4"),
            std::string::npos)
      << third.error().message;
  // ...while another account still gets the two slots left.
  auto other = share.enter("modest");
  auto another = share.enter("third");
  EXPECT_TRUE(other);
  EXPECT_TRUE(another);
  // All four taken: anyone waits, then busy.
  EXPECT_FALSE(share.enter("fourth"));
}

TEST(FairShare, AGivenBackTurnWakesAWaiter) {
  FairShare share(2, 10s, "worker");
  auto entered = share.enter("a");
  ASSERT_TRUE(entered);
  std::optional<FairShare::Turn> held(std::move(*entered));
  auto waiting = std::async(std::launch::async, [&] { return share.enter("a").has_value(); });
  EXPECT_EQ(waiting.wait_for(100ms), std::future_status::timeout);  // the account's one turn is held
  held.reset();
  EXPECT_TRUE(waiting.get());
}

TEST(FairShare, ASingleSlotStillServesEveryone) {
  FairShare share(1, 20ms, "worker");
  EXPECT_EQ(share.per_owner_limit(), 1U);
  {
    auto turn = share.enter("a");
    ASSERT_TRUE(turn);
  }
  auto turn = share.enter("b");
  EXPECT_TRUE(turn);
}

}  // namespace
}  // namespace pagemd::core
