#include "pagemd/discover/site.hpp"

#include <gtest/gtest.h>

namespace pagemd::discover {
namespace {

fetch::ParsedUrl parsed(std::string_view url) { return *fetch::parse_url(url); }

TEST(NormalizeLink, ResolvesDropsFragmentsAndTrackingAndLowerCases) {
  const fetch::AddressPolicy policy;
  const auto url = normalize_link(" ../b?utm_source=x&id=3&fbclid=1&GCLID=2#top ", "https://Blog.Example/a/c", policy);
  ASSERT_TRUE(url);
  EXPECT_EQ(url->normalized, "https://blog.example/b?id=3");
  EXPECT_EQ(normalize_link("HTTP://BLOG.example:80/x?utm_medium=a", "", policy)->normalized, "http://blog.example/x");
  EXPECT_FALSE(normalize_link("mailto:a@b.example", "https://blog.example/", policy));
  EXPECT_FALSE(normalize_link("http://10.0.0.1/", "", policy));  // the address policy still holds
  EXPECT_FALSE(normalize_link("  ", "https://blog.example/", policy));
}

TEST(PublicSuffixList, FindsRegistrableDomainsWithWildcardsAndExceptions) {
  const auto list = PublicSuffixList::parse("// comment\ncom\nuk\nco.uk\n*.ck\n!www.ck\n");
  EXPECT_EQ(list.registrable_domain("blog.example.com"), "example.com");
  EXPECT_EQ(list.registrable_domain("a.b.example.co.uk"), "example.co.uk");
  EXPECT_EQ(list.registrable_domain("shop.foo.ck"), "shop.foo.ck");
  EXPECT_EQ(list.registrable_domain("x.www.ck"), "www.ck");
  EXPECT_EQ(list.registrable_domain("co.uk"), "co.uk");
  EXPECT_EQ(list.registrable_domain("127.0.0.1"), "127.0.0.1");
  EXPECT_EQ(PublicSuffixList{}.registrable_domain("a.b.example"), "b.example");
}

TEST(Site, SameHostKeepsPortsApartUnlessDefaultAndSameDomainJoinsSubdomains) {
  const Site host(parsed("https://blog.example.com/"), SiteScope::same_host);
  EXPECT_TRUE(host.contains(parsed("http://blog.example.com/x")));
  EXPECT_FALSE(host.contains(parsed("https://www.example.com/")));
  EXPECT_FALSE(host.contains(parsed("https://blog.example.com:8443/")));
  const Site domain(parsed("https://blog.example.com/"), SiteScope::same_domain, PublicSuffixList::parse("com\n"));
  EXPECT_TRUE(domain.contains(parsed("https://www.example.com/")));
  EXPECT_FALSE(domain.contains(parsed("https://example.org/")));
}

TEST(UrlFilter, IncludesAndExcludesByUrlOrPath) {
  const UrlFilter filter({"/blog/*", "https://docs.example/*"}, {"*draft*"});
  EXPECT_TRUE(filter.passes("https://a.example/blog/one"));
  EXPECT_TRUE(filter.passes("https://docs.example/x"));
  EXPECT_FALSE(filter.passes("https://a.example/about"));
  EXPECT_FALSE(filter.passes("https://a.example/blog/draft-1"));
  EXPECT_TRUE(UrlFilter({}, {}).passes("https://a.example/"));
}

}  // namespace
}  // namespace pagemd::discover
