#include "pagemd/fetch/url.hpp"

#include <gtest/gtest.h>

namespace pagemd::fetch {
namespace {

using core::ErrorCode;

ParsedUrl parsed(std::string_view raw, const AddressPolicy& policy = {}) {
  core::Result<ParsedUrl> url = parse_url(raw, policy);
  EXPECT_TRUE(url) << raw << ": " << (url ? "" : url.error().message);
  return url ? *url : ParsedUrl{};
}

ErrorCode refusal(std::string_view raw, const AddressPolicy& policy = {}) {
  const core::Result<ParsedUrl> url = parse_url(raw, policy);
  EXPECT_FALSE(url) << raw << " was accepted as " << (url ? url->normalized : "");
  return url ? ErrorCode::internal : url.error().code;
}

TEST(ParseUrl, NormalisesSchemeHostPortAndFragment) {
  const ParsedUrl url = parsed("HTTP://ExAmple.COM:80/Path/Page?Q=A#Section");
  EXPECT_EQ(url.normalized, "http://example.com/Path/Page?Q=A");
  EXPECT_EQ(url.scheme, "http");
  EXPECT_EQ(url.host, "example.com");
  EXPECT_EQ(url.port, 80);

  EXPECT_EQ(parsed("https://example.com:443/").normalized, "https://example.com/");
  EXPECT_EQ(parsed("https://example.com:443/").port, 443);
  EXPECT_EQ(parsed("https://example.com:80/").normalized, "https://example.com:80/");
  EXPECT_EQ(parsed("http://example.com:443").normalized, "http://example.com:443/");
  EXPECT_EQ(parsed("http://example.org:8000/page").port, 8000);
  EXPECT_EQ(parsed("http://example.com").normalized, "http://example.com/");
  EXPECT_EQ(parsed("http://example.com/?").normalized, "http://example.com/");
  EXPECT_EQ(parsed("http://example.com:08/").normalized, "http://example.com:8/");
}

TEST(ParseUrl, SameKeyForEquivalentSpellings) {
  const std::string key = parsed("http://example.com/a").normalized;
  for (const char* variant : {"HTTP://EXAMPLE.COM/a", "http://example.com:80/a", "http://example.com./a",
                              "http://example.com/a#top", "http://EXAMPLE.com.:80/a#x"}) {
    EXPECT_EQ(parsed(variant).normalized, key) << variant;
  }
  EXPECT_NE(parsed("http://example.com/A").normalized, key);  // paths are case-sensitive
  EXPECT_NE(parsed("https://example.com/a").normalized, key);
}

TEST(ParseUrl, InternationalHostsBecomePunycode) {
  const ParsedUrl url = parsed("https://bücher.de/");
  EXPECT_EQ(url.host, "xn--bcher-kva.de");
  EXPECT_EQ(url.normalized, "https://xn--bcher-kva.de/");
  EXPECT_EQ(parsed("https://BÜCHER.de/").host, "xn--bcher-kva.de");
  EXPECT_EQ(parsed("http://b%C3%BCcher.de/").host, "xn--bcher-kva.de");
  EXPECT_EQ(parsed("http://xn--bcher-kva.de/").host, "xn--bcher-kva.de");
  EXPECT_EQ(parsed("http://例え.テスト/").host, "xn--r8jz45g.xn--zckzah");
}

TEST(ParseUrl, NonAsciiPathAndQueryArePercentEncoded) {
  EXPECT_EQ(parsed("https://example.com/ü?q=ä").normalized, "https://example.com/%C3%BC?q=%C3%A4");
  EXPECT_EQ(parsed("https://example.com/%C3%BC").normalized, "https://example.com/%C3%BC");
}

TEST(ParseUrl, QueryMayMentionPrivateAddresses) {
  EXPECT_EQ(parsed("https://example.com/?u=http://10.0.0.1/").host, "example.com");
}

TEST(ParseUrl, Ipv6LiteralsAreCanonical) {
  const ParsedUrl url = parsed("https://[2620:FE:0::FE]:8443/x");
  EXPECT_EQ(url.host, "2620:fe::fe");
  EXPECT_EQ(url.port, 8443);
  EXPECT_EQ(url.normalized, "https://[2620:fe::fe]:8443/x");
}

TEST(ParseUrl, PublicIpv4InAnyFormIsCanonical) {
  EXPECT_EQ(parsed("http://9.9.9.9/").host, "9.9.9.9");
  EXPECT_EQ(parsed("http://151587081/").host, "9.9.9.9");
  EXPECT_EQ(parsed("http://0x9.9.9.9/").host, "9.9.9.9");
  EXPECT_EQ(parsed("http://9.9.2313/").normalized, "http://9.9.9.9/");
}

TEST(ParseUrl, LengthLimitCountsCharacters) {
  const std::string prefix = "http://example.org/p?x=";
  const std::string at_limit = prefix + std::string(kMaxUrlLength - prefix.size(), 'b');
  EXPECT_TRUE(parse_url(at_limit));
  EXPECT_EQ(refusal(at_limit + "b"), ErrorCode::invalid_url);

  std::string umlauts = prefix;  // 2 bytes per character: under the limit in characters
  while (umlauts.size() < kMaxUrlLength + 100) {
    umlauts += "ü";
  }
  EXPECT_TRUE(parse_url(umlauts));
}

TEST(ParseUrl, InvalidUrls) {
  for (const char* raw : {"",
                          "example.com",
                          "//example.com/",
                          "/path",
                          "ftp://ftp.example.com/",
                          "file:///proc/self/environ",
                          "gopher://localhost:11211/_stats",
                          "javascript:alert(1)",
                          "data:text/html,hi",
                          "http:example.com",
                          "http://",
                          "http:///",
                          "http://example.com:70000/",
                          "http://example.com:0/",
                          "http://example.com:-1/",
                          "http://exa mple.com/",
                          "http://example.com/a b",
                          " http://example.com/",
                          "http://example.com/\t",
                          "http://example.com/\x01",
                          "http://user@example.com/",
                          "http://user:pass@example.com/",
                          "http://:@example.com/",
                          "http://@example.com/",
                          "http://example.com\\@evil.com/",
                          "http://ex@mple@a.com/",
                          "http://a*b.com/",
                          "http://a..b/",
                          "http://example.com../",
                          "http://.example.com/",
                          "http://256.1.1.1/",
                          "http://1.2.3.4.5/",
                          "http://08.1.1.1/",
                          "http://0x100000000/",
                          "http://[::1/",
                          "http://[fe80::1%25eth0]/",
                          "http://[1.2.3.4]/",
                          "http://[::g]/",
                          "http://a%00b.com/"}) {
    EXPECT_EQ(refusal(raw), ErrorCode::invalid_url) << raw;
  }
  EXPECT_EQ(refusal("http://" + std::string(64, 'a') + ".com/"), ErrorCode::invalid_url);
  EXPECT_EQ(refusal("http://" + std::string(250, 'a') + ".com/"), ErrorCode::invalid_url);
  EXPECT_EQ(refusal("http://\xff\xfe.com/"), ErrorCode::invalid_url);
}

TEST(ParseUrl, NonPublicLiteralsAreNotAllowed) {
  for (const char* raw : {"http://127.0.0.1/",
                          "http://127.1/",
                          "http://2130706433/",
                          "http://0177.0.0.1/",
                          "http://0x7f.1/",
                          "http://0x7f000001./",
                          "http://127.0.0.1.:8080/",
                          "http://10.0.0.5/",
                          "http://169.254.169.254/latest",
                          "http://[::1]/",
                          "http://[::ffff:127.0.0.1]/",
                          "http://[::ffff:7f00:1]/",
                          "http://[0:0:0:0:0:ffff:7f00:1]/",
                          "http://[fd00::1]/",
                          "http://[64:ff9b::a9fe:a9fe]/",
                          "http://[2002:a9fe:a9fe::1]/",
                          "http://0/",
                          "http://0.0.0.0/",
                          "http://localhost/",
                          "http://LOCALHOST:9000/",
                          "http://localhost./",
                          "http://app.localhost/",
                          "http://a.b.localhost./",
                          "http://local%68ost/",
                          "http://127.0.0.%31/",
                          "http://１２７.０.０.１/",
                          "http://①②⑦.0.0.1/",
                          "http://127。0。0。1/",
                          "http://169.254.43518/",
                          "http://metadata/",
                          "http://metadata.google.internal/computeMetadata/v1/",
                          "http://printer.local/",
                          "http://nas.home.arpa/",
                          "http://intranet/",
                          "http://db.localdomain/",
                          "http://INTERNAL./"}) {
    EXPECT_EQ(refusal(raw), ErrorCode::url_not_allowed) << raw;
  }
}

TEST(ParseUrl, LookalikesOfLocalNamesAreOrdinaryNames) {
  for (const char* host : {"localhost.example.com", "notlocalhost.com", "mylocalhost.com", "local.example.org",
                           "internal.example.com", "mylocal.de", "home.arpa.example.net"}) {
    EXPECT_EQ(parsed(std::string("http://") + host + "/").host, host);
  }
}

TEST(ParseUrl, PolicyOpensPrivateLiterals) {
  const auto policy = AddressPolicy::from_cidrs({"127.0.0.0/8", "::1"});
  ASSERT_TRUE(policy);
  EXPECT_EQ(parsed("http://127.0.0.1:8080/x", *policy).normalized, "http://127.0.0.1:8080/x");
  EXPECT_EQ(parsed("http://2130706433:8080/x", *policy).normalized, "http://127.0.0.1:8080/x");
  EXPECT_EQ(parsed("http://[::1]:8080/", *policy).host, "::1");
  EXPECT_EQ(refusal("http://10.0.0.1/", *policy), ErrorCode::url_not_allowed);
  EXPECT_EQ(refusal("http://localhost:8080/", *policy), ErrorCode::url_not_allowed);  // names: never
}

TEST(ParseUrl, DefaultOverloadIsThePublicOnlyPolicy) {
  EXPECT_EQ(parse_url("http://127.0.0.1/").error().code, ErrorCode::url_not_allowed);
  EXPECT_TRUE(parse_url("http://9.9.9.9/"));
}

}  // namespace
}  // namespace pagemd::fetch
