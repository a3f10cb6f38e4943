// The SSRF guard at connect time and on every redirect hop. The "private" targets here are real
// servers inside this suite's loopback-only network namespace (see loopback_only_main.cpp), so a
// broken guard would show as a fetched page, not as a connection error.
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>

#include "fetch_test.hpp"

namespace pagemd::fetch {
namespace {

using core::ErrorCode;

// Gives the namespace's loopback interface one more IPv4 address, e.g. the cloud metadata address.
bool add_loopback_address(const char* address) {
  const int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    return false;
  }
  ifreq request{};
  std::strncpy(request.ifr_name, "lo:pagemd", IFNAMSIZ - 1);
  sockaddr_in in{};
  in.sin_family = AF_INET;
  inet_pton(AF_INET, address, &in.sin_addr);
  std::memcpy(&request.ifr_addr, &in, sizeof in);
  const bool ok = ioctl(fd, SIOCSIFADDR, &request) == 0 || errno == EEXIST;
  close(fd);
  return ok;
}

class GuardTest : public FetchTest {
 protected:
  void SetUp() override {
    ASSERT_TRUE(add_loopback_address("169.254.169.254")) << std::strerror(errno);
    metadata_ = std::make_unique<testing::FixtureServer>("169.254.169.254");
    metadata_->handle("/latest/meta-data/", [](const testing::HttpRequest&, testing::Responder& responder) {
      responder.send(200, "text/plain", "AKIA-secret-credentials");
    });
    server_.handle("/secret", [](const testing::HttpRequest&, testing::Responder& responder) {
      responder.send(200, "text/plain", "loopback-only admin page");
    });
  }

  std::string metadata_url() const { return metadata_->url("/latest/meta-data/"); }
  std::size_t metadata_requests() const { return metadata_->request_count("/latest/meta-data/"); }

  // An origin on 127.0.0.2 that the operator allowed (and nothing else private).
  testing::FixtureServer origin_{"127.0.0.2"};
  AddressPolicy origin_only_ = *AddressPolicy::from_cidrs({"127.0.0.2/32"});
  std::unique_ptr<testing::FixtureServer> metadata_;
};

TEST_F(GuardTest, TheMetadataServerIsReallyThere) {
  // With the address allowed, the fetch succeeds: the refusals below come from the guard alone.
  const auto page = fetch_url(metadata_url(), {}, *AddressPolicy::from_cidrs({"169.254.169.254/32"}));
  ASSERT_TRUE(page) << page.error().message;
  EXPECT_EQ(page->body, "AKIA-secret-credentials");
}

TEST_F(GuardTest, ANameMappedToLoopbackIsRefusedAtConnectTime) {
  CurlFetcherOptions options;
  options.resolve = {"intranet.example:" + std::to_string(server_.port()) + ":127.0.0.1"};
  const std::string url = "http://intranet.example:" + std::to_string(server_.port()) + "/secret";

  const auto refused = fetch_url(url, {}, AddressPolicy{}, options);
  EXPECT_EQ(code_of(refused), ErrorCode::url_not_allowed);
  EXPECT_NE(refused.error().message.find("127.0.0.1"), std::string::npos) << refused.error().message;
  EXPECT_EQ(server_.request_count("/secret"), 0u);

  const auto allowed = fetch_url(url, {}, loopback_policy(), options);  // the mapping does reach it
  ASSERT_TRUE(allowed) << allowed.error().message;
  EXPECT_EQ(allowed->body, "loopback-only admin page");
}

TEST_F(GuardTest, ANameMappedToTheMetadataAddressIsRefused) {
  CurlFetcherOptions options;
  options.resolve = {"metadata.example:" + std::to_string(metadata_->port()) + ":169.254.169.254"};
  const auto result = fetch_url("http://metadata.example:" + std::to_string(metadata_->port()) + "/latest/meta-data/",
                                {}, loopback_policy(), options);
  EXPECT_EQ(code_of(result), ErrorCode::url_not_allowed);
  EXPECT_EQ(metadata_requests(), 0u);
}

TEST_F(GuardTest, ANameMappedToIpv6LoopbackIsRefused) {
  CurlFetcherOptions options;
  options.resolve = {"six.example:" + std::to_string(server_.port()) + ":[::1]"};
  // Nothing listens on [::1]: without the guard this would be fetch_failed (connection refused).
  EXPECT_EQ(code_of(fetch_url("http://six.example:" + std::to_string(server_.port()) + "/secret", {}, loopback_policy(),
                              options)),
            ErrorCode::url_not_allowed);
}

TEST_F(GuardTest, AUrlThatSkippedValidationIsStillRefusedAtConnectTime) {
  const ParsedUrl unchecked{server_.url("/secret"), "http", "127.0.0.1", server_.port()};
  CurlFetcher fetcher({}, AddressPolicy{}, "pagemd-test/1");
  EXPECT_EQ(code_of(fetcher.fetch(unchecked)), ErrorCode::url_not_allowed);
  EXPECT_EQ(server_.request_count("/secret"), 0u);
}

TEST_F(GuardTest, RedirectsFromAnAllowedOriginToPrivateAddressesAreRefused) {
  const std::string port = std::to_string(server_.port());
  const std::vector<std::string> targets{
      server_.url("/secret"),                   // 127.0.0.1
      "http://2130706433:" + port + "/secret",  // 127.0.0.1 in decimal
      "http://0x7f.1:" + port + "/secret",      // and in short hex
      "http://localhost:" + port + "/secret",
      "http://[::1]:" + port + "/secret",
      "http://[::ffff:127.0.0.1]:" + port + "/secret",
      metadata_url(),  // 169.254.169.254
  };
  for (const std::string& target : targets) {
    origin_.handle("/go", [&](const testing::HttpRequest&, testing::Responder& responder) {
      responder.send(302, "text/html", "", {{"Location", target}});
    });
    const auto result = fetch_url(origin_.url("/go"), {}, origin_only_);
    EXPECT_EQ(code_of(result), ErrorCode::url_not_allowed) << target;
  }
  EXPECT_EQ(origin_.request_count("/go"), targets.size());
  EXPECT_EQ(server_.request_count("/secret"), 0u);
  EXPECT_EQ(metadata_requests(), 0u);
}

TEST_F(GuardTest, ARedirectToANameThatMapsToThePrivateAddressIsRefusedAtConnectTime) {
  CurlFetcherOptions options;
  options.resolve = {"metadata.example:" + std::to_string(metadata_->port()) + ":169.254.169.254"};
  origin_.handle("/go", [&](const testing::HttpRequest&, testing::Responder& responder) {
    responder.send(
        301, "text/html", "",
        {{"Location", "http://metadata.example:" + std::to_string(metadata_->port()) + "/latest/meta-data/"}});
  });
  EXPECT_EQ(code_of(fetch_url(origin_.url("/go"), {}, origin_only_, options)), ErrorCode::url_not_allowed);
  EXPECT_EQ(metadata_requests(), 0u);
}

TEST_F(GuardTest, ARedirectToAnAllowedPrivateAddressIsFollowed) {
  origin_.handle("/go", [&](const testing::HttpRequest&, testing::Responder& responder) {
    responder.send(302, "text/html", "", {{"Location", server_.url("/secret")}});
  });
  const auto page = fetch_url(origin_.url("/go"), {}, loopback_policy());
  ASSERT_TRUE(page) << page.error().message;
  EXPECT_EQ(page->final_url, server_.url("/secret"));
}

}  // namespace
}  // namespace pagemd::fetch
