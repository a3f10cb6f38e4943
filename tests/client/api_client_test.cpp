#include "pagemd/client/api_client.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <vector>

#include "fixture_server.hpp"

namespace pagemd::client {
namespace {

using testing::FixtureServer;
using testing::HttpRequest;
using testing::Responder;

struct Recorder {
  std::vector<std::chrono::seconds> sleeps;
  std::vector<int> attempts;
  std::vector<core::ErrorCode> reasons;
};

ApiClient make_client(const FixtureServer& server, Recorder& recorder, int retries = 3) {
  ClientOptions options;
  options.server = server.url("/api/v1/");
  options.api_key = "sk_test_secret";
  options.retries = retries;
  return ApiClient(
      options, [&recorder](ApiClient::Duration wait) { recorder.sleeps.push_back(wait); },
      [&recorder](ApiClient::Duration, int attempt, int, core::ErrorCode why) {
        recorder.attempts.push_back(attempt);
        recorder.reasons.push_back(why);
      });
}

std::string rate_limited_body() {
  return R"({"error":"Too many requests: at most 60 a minute.","status":429,"code":"rate_limited"})";
}

TEST(ApiClient, PostsTheUrlWithTheBearerKeyAndKeepsTheBodyAsReceived) {
  FixtureServer server;
  HttpRequest seen;
  server.handle("/api/v1/extract", [&](const HttpRequest& request, Responder& responder) {
    seen = request;
    responder.send(200, "application/json", R"({"markdown":"# Hi\n",  "metadata":{}})");
  });
  Recorder recorder;
  ApiClient client = make_client(server, recorder);
  const Reply reply = client.extract("https://example.com/a");
  ASSERT_TRUE(reply.ok());
  EXPECT_EQ(reply.http_status, 200);
  EXPECT_EQ(reply.body, R"({"markdown":"# Hi\n",  "metadata":{}})");
  EXPECT_EQ(reply.json()["markdown"], "# Hi\n");
  EXPECT_EQ(seen.method, "POST");
  EXPECT_EQ(seen.header("authorization"), "Bearer sk_test_secret");
  EXPECT_EQ(seen.header("content-type"), "application/json");
}

TEST(ApiClient, UsesTheMethodAndPathOfEachEndpoint) {
  FixtureServer server;
  std::vector<std::string> calls;
  const auto record = [&](const HttpRequest& request, Responder& responder) {
    calls.push_back(request.method + " " + request.target);
    responder.send(200, "application/json", "{}");
  };
  server.handle("/api/v1/extract/usage", record);
  server.handle("/api/v1/extract/keys", record);
  server.handle("/api/v1/extract/keys/0b6f5a52-8f8e-4a57-9d3f-4f2e2b5c1e11", record);
  server.handle("/api/v1/extract/keys/..%2Fx%20y", record);
  Recorder recorder;
  ApiClient client = make_client(server, recorder);
  EXPECT_TRUE(client.usage().ok());
  EXPECT_TRUE(client.create_key().ok());
  EXPECT_TRUE(client.list_keys().ok());
  EXPECT_TRUE(client.revoke_key("0b6f5a52-8f8e-4a57-9d3f-4f2e2b5c1e11").ok());
  EXPECT_TRUE(client.revoke_key("../x y").ok());  // cannot climb out of the keys path
  EXPECT_EQ(calls, (std::vector<std::string>{"GET /api/v1/extract/usage", "POST /api/v1/extract/keys",
                                             "GET /api/v1/extract/keys",
                                             "DELETE /api/v1/extract/keys/0b6f5a52-8f8e-4a57-9d3f-4f2e2b5c1e11",
                                             "DELETE /api/v1/extract/keys/..%2Fx%20y"}));
}

TEST(ApiClient, WaitsRetryAfterAndRetriesARateLimit) {
  FixtureServer server;
  std::atomic<int> calls{0};
  server.handle("/api/v1/extract/usage", [&](const HttpRequest&, Responder& responder) {
    if (++calls <= 2) {
      responder.send(429, "application/json", rate_limited_body(), {{"Retry-After", "7"}});
    } else {
      responder.send(200, "application/json", R"({"plan":"free"})");
    }
  });
  Recorder recorder;
  ApiClient client = make_client(server, recorder);
  const Reply reply = client.usage();
  EXPECT_TRUE(reply.ok());
  EXPECT_EQ(calls.load(), 3);
  EXPECT_EQ(recorder.sleeps, (std::vector<std::chrono::seconds>{std::chrono::seconds{7}, std::chrono::seconds{7}}));
  EXPECT_EQ(recorder.attempts, (std::vector<int>{1, 2}));
  EXPECT_EQ(recorder.reasons,
            (std::vector<core::ErrorCode>{core::ErrorCode::rate_limited, core::ErrorCode::rate_limited}));
}

TEST(ApiClient, GivesUpAfterTheRetriesAllowed) {
  FixtureServer server;
  server.handle("/api/v1/extract/usage", [&](const HttpRequest&, Responder& responder) {
    responder.send(429, "application/json", rate_limited_body(), {{"Retry-After", "2"}});
  });
  Recorder recorder;
  ApiClient client = make_client(server, recorder, 2);
  const Reply reply = client.usage();
  ASSERT_FALSE(reply.ok());
  EXPECT_EQ(reply.http_status, 429);
  EXPECT_EQ(reply.error->code, core::ErrorCode::rate_limited);
  EXPECT_EQ(reply.retry_after, std::chrono::seconds{2});
  EXPECT_EQ(recorder.sleeps.size(), 2U);
  EXPECT_EQ(server.request_count("/api/v1/extract/usage"), 3U);
}

TEST(ApiClient, RetriesBusyWithoutRetryAfterAfterOneSecond) {
  FixtureServer server;
  std::atomic<int> calls{0};
  server.handle("/api/v1/extract", [&](const HttpRequest&, Responder& responder) {
    if (++calls == 1) {
      responder.send(503, "application/json", R"({"error":"busy","status":503,"code":"busy"})");
    } else {
      responder.send(200, "application/json", R"({"markdown":""})");
    }
  });
  Recorder recorder;
  ApiClient client = make_client(server, recorder);
  EXPECT_TRUE(client.extract("https://example.com/").ok());
  EXPECT_EQ(recorder.sleeps, (std::vector<std::chrono::seconds>{std::chrono::seconds{1}}));
  EXPECT_EQ(recorder.reasons, (std::vector<core::ErrorCode>{core::ErrorCode::busy}));
}

TEST(ApiClient, DoesNotRetryTheMonthlyLimitNorAWaitLongerThanTwoMinutes) {
  FixtureServer server;
  server.handle("/api/v1/extract", [&](const HttpRequest&, Responder& responder) {
    responder.send(429, "application/json",
                   R"({"error":"Monthly usage limit exceeded.","status":429,"code":"monthly_limit_exceeded",)"
                   R"("limit":50,"usage":50,"plan":"free"})",
                   {{"Retry-After", "86400"}});
  });
  server.handle("/api/v1/extract/usage", [&](const HttpRequest&, Responder& responder) {
    responder.send(429, "application/json", rate_limited_body(), {{"Retry-After", "121"}});
  });
  Recorder recorder;
  ApiClient client = make_client(server, recorder);
  const Reply monthly = client.extract("https://example.com/");
  ASSERT_FALSE(monthly.ok());
  EXPECT_EQ(monthly.error->code, core::ErrorCode::monthly_limit_exceeded);
  EXPECT_EQ(monthly.retry_after, std::chrono::seconds{86400});
  EXPECT_EQ(monthly.json()["limit"], 50);
  const Reply long_wait = client.usage();
  EXPECT_EQ(long_wait.error->code, core::ErrorCode::rate_limited);
  EXPECT_TRUE(recorder.sleeps.empty());
  EXPECT_EQ(server.request_count("/api/v1/extract"), 1U);
  EXPECT_EQ(server.request_count("/api/v1/extract/usage"), 1U);
}

TEST(ApiClient, ReadsTheCodeMessageAndUpstreamStatusOfAnErrorBody) {
  FixtureServer server;
  server.handle("/api/v1/extract", [&](const HttpRequest&, Responder& responder) {
    responder.send(
        502, "application/json",
        R"({"error":"The target answered HTTP 404.","status":502,"code":"fetch_failed","upstream_status":404})");
  });
  Recorder recorder;
  ApiClient client = make_client(server, recorder);
  const Reply reply = client.extract("https://example.com/gone");
  ASSERT_FALSE(reply.ok());
  EXPECT_EQ(reply.http_status, 502);
  EXPECT_EQ(reply.error->code, core::ErrorCode::fetch_failed);
  EXPECT_EQ(reply.error->message, "The target answered HTTP 404.");
  EXPECT_EQ(reply.error->upstream_status, 404);
}

TEST(ApiClient, AnErrorThatIsNotOursIsInternalWithTheStatus) {
  FixtureServer server;
  server.handle("/api/v1/extract/usage", [&](const HttpRequest&, Responder& responder) {
    responder.send(500, "text/html", "<h1>proxy error</h1>", {{"Retry-After", "soon"}});
  });
  server.handle("/api/v1/extract/keys", [&](const HttpRequest&, Responder& responder) {
    responder.send(418, "application/json", R"({"error":"odd","code":"no_such_code"})");
  });
  Recorder recorder;
  ApiClient client = make_client(server, recorder);
  const Reply proxy = client.usage();
  EXPECT_EQ(proxy.http_status, 500);
  EXPECT_EQ(proxy.error->code, core::ErrorCode::internal);
  EXPECT_EQ(proxy.error->message, "the daemon answered HTTP 500");
  EXPECT_FALSE(proxy.retry_after.has_value());
  EXPECT_TRUE(proxy.json().is_discarded());
  const Reply odd = client.list_keys();
  EXPECT_EQ(odd.error->code, core::ErrorCode::internal);
  EXPECT_EQ(odd.error->message, "odd");
}

TEST(ApiClient, AnUnreachableDaemonHasStatusZero) {
  std::string url;
  {
    FixtureServer server;  // a port that was just free, and is closed again
    url = server.url("/api/v1");
  }
  ClientOptions options;
  options.server = url;
  options.api_key = "sk_test_secret";
  ApiClient client(options, [](ApiClient::Duration) { FAIL() << "no retry for an unreachable daemon"; });
  const Reply reply = client.usage();
  EXPECT_EQ(reply.http_status, 0);
  ASSERT_FALSE(reply.ok());
  EXPECT_EQ(reply.error->code, core::ErrorCode::internal);
  EXPECT_NE(reply.error->message.find("cannot reach the daemon at " + url), std::string::npos);
  EXPECT_EQ(reply.error->message.find("sk_test_secret"), std::string::npos);
}

}  // namespace
}  // namespace pagemd::client
