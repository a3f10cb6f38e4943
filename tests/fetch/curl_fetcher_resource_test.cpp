// CurlFetcher::fetch_resource: a browser's requests, answered one hop at a time under the same guard.
#include "fetch_test.hpp"

namespace pagemd::fetch {
namespace {

using core::ErrorCode;
using namespace std::chrono_literals;

class ResourceTest : public FetchTest {
 protected:
  core::Result<FetchedResource> resource(const std::string& url, std::size_t max_bytes = 1 << 20,
                                         const AddressPolicy& policy = loopback_policy()) {
    CurlFetcher fetcher(FetchLimits{}, policy, CurlFetcherOptions{});
    return fetcher.fetch_resource(url, max_bytes, std::chrono::steady_clock::now() + 10s);
  }
};

TEST_F(ResourceTest, AnyContentTypeAndStatusIsAnAnswerWithItsCorsHeaders) {
  serve("/data.json", "application/json", R"({"a":1})", {{"Access-Control-Allow-Origin", "*"}, {"X-Other", "dropped"}});
  server_.handle("/missing.js", [](const testing::HttpRequest&, testing::Responder& out) {
    out.send(404, "text/plain", "no such script");
  });
  auto json = resource(server_.url("/data.json"));
  ASSERT_TRUE(json) << json.error().message;
  EXPECT_EQ(json->http_status, 200);
  EXPECT_EQ(json->content_type, "application/json");
  EXPECT_EQ(json->body, R"({"a":1})");
  ASSERT_EQ(json->cors_headers.size(), 1U);
  EXPECT_EQ(json->cors_headers[0].first, "Access-Control-Allow-Origin");
  EXPECT_EQ(json->cors_headers[0].second, "*");
  auto missing = resource(server_.url("/missing.js"));
  ASSERT_TRUE(missing) << missing.error().message;
  EXPECT_EQ(missing->http_status, 404);
  EXPECT_EQ(missing->body, "no such script");
}

TEST_F(ResourceTest, ARedirectIsReturnedForTheBrowserToFollowNotFollowed) {
  redirect("/old.js", 302, "/new.js");
  serve("/new.js", "application/javascript", "1;");
  auto moved = resource(server_.url("/old.js"));
  ASSERT_TRUE(moved) << moved.error().message;
  EXPECT_EQ(moved->http_status, 302);
  EXPECT_EQ(moved->location, server_.url("/new.js"));
  EXPECT_TRUE(moved->body.empty());
  EXPECT_EQ(server_.request_count("/new.js"), 0U);
}

TEST_F(ResourceTest, TheAddressPolicyAndTheSizeCapHold) {
  serve("/big.js", "application/javascript", std::string(4096, 'x'));
  auto refused = resource(server_.url("/big.js"), 1 << 20, AddressPolicy{});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::url_not_allowed);
  auto too_big = resource(server_.url("/big.js"), 1000);
  ASSERT_FALSE(too_big);
  EXPECT_EQ(too_big.error().code, ErrorCode::unsupported_content);
  auto not_http = resource("file:///etc/passwd");
  ASSERT_FALSE(not_http);
  EXPECT_EQ(not_http.error().code, ErrorCode::invalid_url);
  EXPECT_EQ(server_.request_count("/big.js"), 1U) << "only the allowed fetch reached the server";
}

}  // namespace
}  // namespace pagemd::fetch
