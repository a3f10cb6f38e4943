#include "pagemd/core/error.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "pagemd/core/exit_codes.hpp"

namespace pagemd::core {
namespace {

TEST(ErrorTable, EveryRowIsFoundByItsCodeAndItsName) {
  ASSERT_FALSE(error_kinds().empty());
  std::set<std::string_view> names;
  for (const ErrorKind& kind : error_kinds()) {
    EXPECT_TRUE(names.insert(kind.name).second) << "duplicate name " << kind.name;
    EXPECT_EQ(&kind_of(kind.code), &kind);
    EXPECT_EQ(to_string(kind.code), kind.name);
    EXPECT_EQ(error_code_from_string(kind.name), kind.code);
    EXPECT_GE(kind.http_status, 400U) << kind.name;
    EXPECT_LE(kind.http_status, 599U) << kind.name;
  }
}

TEST(ErrorTable, UnknownNamesAreNotCodes) {
  EXPECT_FALSE(error_code_from_string("").has_value());
  EXPECT_FALSE(error_code_from_string("Rate_Limited").has_value());
  EXPECT_FALSE(error_code_from_string("rate_limited ").has_value());
}

// DESIGN.md's wire contract and exit statuses, row by row for the codes scripts depend on most.
TEST(ErrorTable, MatchesTheWireContract) {
  struct Expected {
    ErrorCode code;
    std::string_view name;
    unsigned status;
    int exit_status;
  };
  for (const Expected& e : {
           Expected{ErrorCode::unauthorized, "unauthorized", 401, kExitAuth},
           Expected{ErrorCode::key_revoked, "key_revoked", 401, kExitAuth},
           Expected{ErrorCode::invalid_request, "invalid_request", 400, kExitOther},
           Expected{ErrorCode::invalid_url, "invalid_url", 400, kExitPageFailed},
           Expected{ErrorCode::url_not_allowed, "url_not_allowed", 400, kExitPageFailed},
           Expected{ErrorCode::rate_limited, "rate_limited", 429, kExitLimited},
           Expected{ErrorCode::monthly_limit_exceeded, "monthly_limit_exceeded", 429, kExitLimited},
           Expected{ErrorCode::cannot_revoke_current_key, "cannot_revoke_current_key", 409, kExitOther},
           Expected{ErrorCode::key_not_found, "key_not_found", 404, kExitOther},
           Expected{ErrorCode::key_limit_reached, "key_limit_reached", 409, kExitOther},
           Expected{ErrorCode::fetch_failed, "fetch_failed", 502, kExitPageFailed},
           Expected{ErrorCode::fetch_timeout, "fetch_timeout", 504, kExitPageFailed},
           Expected{ErrorCode::unsupported_content, "unsupported_content", 422, kExitPageFailed},
           Expected{ErrorCode::pdf_encrypted, "pdf_encrypted", 422, kExitPageFailed},
           Expected{ErrorCode::no_text_layer, "no_text_layer", 422, kExitPageFailed},
           Expected{ErrorCode::busy, "busy", 503, kExitLimited},
           Expected{ErrorCode::render_budget_exceeded, "render_budget_exceeded", 429, kExitLimited},
           Expected{ErrorCode::not_found, "not_found", 404, kExitOther},
           Expected{ErrorCode::method_not_allowed, "method_not_allowed", 405, kExitOther},
           Expected{ErrorCode::payload_too_large, "payload_too_large", 413, kExitOther},
           Expected{ErrorCode::headers_too_large, "headers_too_large", 431, kExitOther},
           Expected{ErrorCode::robots_disallowed, "robots_disallowed", 403, kExitPageFailed},
           Expected{ErrorCode::internal, "internal", 500, kExitDaemonUnreachable},
       }) {
    const ErrorKind& kind = kind_of(e.code);
    EXPECT_EQ(kind.name, e.name);
    EXPECT_EQ(kind.http_status, e.status) << e.name;
    EXPECT_EQ(kind.exit_status, e.exit_status) << e.name;
  }
}

// Only waiting makes these pass: a client may send the same request again after Retry-After.
TEST(ErrorTable, OnlyTheShortTermLimitsAndAnUnreachableStoreMayBeRetried) {
  std::set<ErrorCode> retryable;
  for (const ErrorKind& kind : error_kinds()) {
    if (kind.retry == Retry::yes) retryable.insert(kind.code);
  }
  EXPECT_EQ(retryable, (std::set<ErrorCode>{ErrorCode::rate_limited, ErrorCode::busy, ErrorCode::render_budget_exceeded,
                                            ErrorCode::store_unavailable}));
}

}  // namespace
}  // namespace pagemd::core
