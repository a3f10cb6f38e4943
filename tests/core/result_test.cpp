#include "pagemd/core/result.hpp"

#include <gtest/gtest.h>

#include <string>

namespace pagemd::core {
namespace {

Result<int> parse_digit(char c) {
  if (c < '0' || c > '9') return unexpected(ErrorCode::invalid_request, "not a digit");
  return c - '0';
}

TEST(Result, HoldsValue) {
  const Result<int> r = parse_digit('7');
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, 7);
}

TEST(Result, HoldsError) {
  const Result<int> r = parse_digit('x');
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::invalid_request);
  EXPECT_EQ(r.error().message, "not a digit");
}

TEST(Result, MovesValueOut) {
  Result<std::string> r = std::string(100, 'a');
  const std::string taken = std::move(r).value();
  EXPECT_EQ(taken.size(), 100u);
}

TEST(ErrorCode, WireStringsAreStable) {
  EXPECT_EQ(to_string(ErrorCode::invalid_url), "invalid_url");
  EXPECT_EQ(to_string(ErrorCode::url_not_allowed), "url_not_allowed");
  EXPECT_EQ(to_string(ErrorCode::monthly_limit_exceeded), "monthly_limit_exceeded");
  EXPECT_EQ(to_string(ErrorCode::unsupported_content), "unsupported_content");
  EXPECT_EQ(to_string(ErrorCode::cannot_revoke_current_key), "cannot_revoke_current_key");
}

}  // namespace
}  // namespace pagemd::core

TEST(ResultVoid, DefaultIsSuccessAndUnexpectedIsFailure) {
  pagemd::core::Result<void> ok;
  EXPECT_TRUE(ok.has_value());
  pagemd::core::Result<void> failed = pagemd::core::unexpected(pagemd::core::ErrorCode::busy, "queue full");
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().code, pagemd::core::ErrorCode::busy);
  EXPECT_EQ(failed.error().message, "queue full");
}
