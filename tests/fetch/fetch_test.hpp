#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "fixture_server.hpp"
#include "pagemd/fetch/fetcher.hpp"

namespace pagemd::fetch {

// Tests of CurlFetcher against a FixtureServer on 127.0.0.1, fetched with a policy that allows
// 127.0.0.0/8 (the way an operator's allow_private_targets lets the daemon reach an intranet).
class FetchTest : public ::testing::Test {
 protected:
  static AddressPolicy loopback_policy() { return *AddressPolicy::from_cidrs({"127.0.0.0/8"}); }

  // Fetches `url` (validated with `policy` first; the test fails if validation does).
  static core::Result<FetchedPage> fetch_url(const std::string& url, const FetchLimits& limits = {},
                                             const AddressPolicy& policy = loopback_policy(),
                                             CurlFetcherOptions options = {}) {
    const core::Result<ParsedUrl> parsed = parse_url(url, policy);
    EXPECT_TRUE(parsed) << url << ": " << parsed.error().message;
    if (!parsed) {
      return core::unexpected(parsed.error());
    }
    options.user_agent = "pagemd-test/1";
    CurlFetcher fetcher(limits, policy, std::move(options));
    return fetcher.fetch(*parsed);
  }

  core::Result<FetchedPage> fetch(std::string_view path, const FetchLimits& limits = {}) {
    return fetch_url(server_.url(path), limits);
  }

  // Serves `body` at `path` with a Content-Type (none when empty) and extra headers.
  void serve(const std::string& path, std::string content_type, std::string body, testing::HeaderList headers = {}) {
    server_.handle(path, [=](const testing::HttpRequest&, testing::Responder& responder) {
      responder.send(200, content_type, body, headers);
    });
  }

  void redirect(const std::string& path, int status, std::string location) {
    server_.handle(path, [=](const testing::HttpRequest&, testing::Responder& responder) {
      responder.send(status, "text/html", "<a href=\"" + location + "\">moved</a>", {{"Location", location}});
    });
  }

  static core::ErrorCode code_of(const core::Result<FetchedPage>& result) {
    EXPECT_FALSE(result) << "fetched " << result->final_url;
    return result ? core::ErrorCode::internal : result.error().code;
  }

  testing::FixtureServer server_;
};

}  // namespace pagemd::fetch
