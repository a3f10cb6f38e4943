#include "pagemd/api/responses.hpp"

#include <gtest/gtest.h>

namespace pagemd::api {
namespace {

using core::ErrorCode;

TEST(HttpStatusOf, FollowsTheErrorTableOfTheDesign) {
  const std::pair<ErrorCode, unsigned> table[] = {
      {ErrorCode::unauthorized, 401},
      {ErrorCode::key_revoked, 401},
      {ErrorCode::invalid_request, 400},
      {ErrorCode::invalid_url, 400},
      {ErrorCode::url_not_allowed, 400},
      {ErrorCode::rate_limited, 429},
      {ErrorCode::monthly_limit_exceeded, 429},
      {ErrorCode::cannot_revoke_current_key, 409},
      {ErrorCode::key_not_found, 404},
      {ErrorCode::key_limit_reached, 409},
      {ErrorCode::fetch_failed, 502},
      {ErrorCode::fetch_timeout, 504},
      {ErrorCode::unsupported_content, 422},
      {ErrorCode::busy, 503},
      {ErrorCode::not_found, 404},
      {ErrorCode::method_not_allowed, 405},
      {ErrorCode::payload_too_large, 413},
      {ErrorCode::headers_too_large, 431},
      {ErrorCode::internal, 500},
  };
  for (const auto& [code, status] : table) {
    EXPECT_EQ(http_status_of(code), status) << core::to_string(code);
  }
}

TEST(ErrorResponse, HasTheWireShape) {
  Request request{boost::beast::http::verb::get, "/x", 11};
  const auto response = error_response(request, {ErrorCode::fetch_failed, "The target answered 503.", 503});
  EXPECT_EQ(response.result_int(), 502U);
  EXPECT_EQ(response[boost::beast::http::field::content_type], "application/json");
  const auto body = nlohmann::json::parse(response.body());
  EXPECT_EQ(
      body,
      (nlohmann::json{
          {"error", "The target answered 503."}, {"status", 502}, {"code", "fetch_failed"}, {"upstream_status", 503}}));
}

TEST(ErrorResponse, UnauthorizedAsksForBearer) {
  Request request{boost::beast::http::verb::get, "/x", 11};
  const auto response = error_response(request, {ErrorCode::key_revoked, "revoked"});
  EXPECT_EQ(response[boost::beast::http::field::www_authenticate], "Bearer");
  EXPECT_FALSE(nlohmann::json::parse(response.body()).contains("upstream_status"));
}

TEST(JsonResponse, ReplacesInvalidUtf8InsteadOfThrowing) {
  Request request{boost::beast::http::verb::get, "/x", 11};
  const auto response = json_response(request, 200, {{"markdown", std::string("caf\xe9")}});
  EXPECT_EQ(nlohmann::json::parse(response.body())["markdown"], "caf\xef\xbf\xbd");
}

}  // namespace
}  // namespace pagemd::api
