#include "text/url_resolve.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>

namespace pagemd::extract {
namespace {

struct Case {
  std::string_view reference;
  std::string_view expected;
};

constexpr std::string_view kRfcBase = "http://a/b/c/d;p?q";

void expect_resolves(const UrlResolver& resolver, std::string_view reference, std::string_view expected) {
  const std::optional<std::string> resolved = resolver.resolve(reference);
  ASSERT_TRUE(resolved.has_value()) << "reference: " << reference;
  EXPECT_EQ(*resolved, expected) << "reference: " << reference;
}

void expect_fails(const UrlResolver& resolver, std::string_view reference) {
  const std::optional<std::string> resolved = resolver.resolve(reference);
  EXPECT_FALSE(resolved.has_value()) << "reference: " << reference << " gave " << resolved.value_or("");
}

// RFC 3986 section 5.4.1. "//g" differs from the RFC's "http://g": an http(s) URL with an empty
// path gets "/", as browsers serialise it.
TEST(UrlResolve, Rfc3986NormalExamples) {
  const UrlResolver resolver(kRfcBase);
  const Case cases[] = {
      {"g:h", "g:h"},
      {"g", "http://a/b/c/g"},
      {"./g", "http://a/b/c/g"},
      {"g/", "http://a/b/c/g/"},
      {"/g", "http://a/g"},
      {"//g", "http://g/"},
      {"?y", "http://a/b/c/d;p?y"},
      {"g?y", "http://a/b/c/g?y"},
      {"#s", "http://a/b/c/d;p?q#s"},
      {"g#s", "http://a/b/c/g#s"},
      {"g?y#s", "http://a/b/c/g?y#s"},
      {";x", "http://a/b/c/;x"},
      {"g;x", "http://a/b/c/g;x"},
      {"g;x?y#s", "http://a/b/c/g;x?y#s"},
      {"", "http://a/b/c/d;p?q"},
      {".", "http://a/b/c/"},
      {"./", "http://a/b/c/"},
      {"..", "http://a/b/"},
      {"../", "http://a/b/"},
      {"../g", "http://a/b/g"},
      {"../..", "http://a/"},
      {"../../", "http://a/"},
      {"../../g", "http://a/g"},
  };
  for (const Case& c : cases) expect_resolves(resolver, c.reference, c.expected);
}

// RFC 3986 section 5.4.2; "http:g" takes the RFC's backward-compatible reading, which is also
// the WHATWG one.
TEST(UrlResolve, Rfc3986AbnormalExamples) {
  const UrlResolver resolver(kRfcBase);
  const Case cases[] = {
      {"../../../g", "http://a/g"},
      {"../../../../g", "http://a/g"},
      {"/./g", "http://a/g"},
      {"/../g", "http://a/g"},
      {"g.", "http://a/b/c/g."},
      {".g", "http://a/b/c/.g"},
      {"g..", "http://a/b/c/g.."},
      {"..g", "http://a/b/c/..g"},
      {"./../g", "http://a/b/g"},
      {"./g/.", "http://a/b/c/g/"},
      {"g/./h", "http://a/b/c/g/h"},
      {"g/../h", "http://a/b/c/h"},
      {"g;x=1/./y", "http://a/b/c/g;x=1/y"},
      {"g;x=1/../y", "http://a/b/c/y"},
      {"g?y/./x", "http://a/b/c/g?y/./x"},
      {"g?y/../x", "http://a/b/c/g?y/../x"},
      {"g#s/./x", "http://a/b/c/g#s/./x"},
      {"g#s/../x", "http://a/b/c/g#s/../x"},
      {"http:g", "http://a/b/c/g"},
  };
  for (const Case& c : cases) expect_resolves(resolver, c.reference, c.expected);
}

TEST(UrlResolve, SameSchemeWithoutSlashesIsRelative) {
  const UrlResolver resolver("http://a/b/c");
  expect_resolves(resolver, "http:foo", "http://a/b/foo");
  expect_resolves(resolver, "HTTP:foo", "http://a/b/foo");
  expect_resolves(resolver, "http:/foo", "http://a/foo");
  expect_resolves(resolver, "http:?q", "http://a/b/c?q");
  expect_resolves(resolver, "http:", "http://a/b/c");
  expect_resolves(resolver, "http://other/x", "http://other/x");
  // A different special scheme reads the rest as an authority, slashes or not.
  expect_resolves(resolver, "https:foo", "https://foo/");
  expect_resolves(resolver, "https:/foo/bar", "https://foo/bar");
}

TEST(UrlResolve, TrimsSurroundingControlsAndSpaces) {
  const UrlResolver resolver("http://example.com/dir/page");
  expect_resolves(resolver, "  /x  ", "http://example.com/x");
  expect_resolves(resolver, "\n\t\x01 other.html \r\n\x1f", "http://example.com/dir/other.html");
  expect_resolves(resolver, "   ", "http://example.com/dir/page");
}

TEST(UrlResolve, RemovesTabsAndNewlinesAnywhere) {
  const UrlResolver resolver("http://example.com/dir/page");
  expect_resolves(resolver, "/a\tb\nc\rd", "http://example.com/abcd");
  expect_resolves(resolver, "ht\ntp://ex\tample.com/x", "http://example.com/x");
  expect_resolves(resolver, "?q=\n1", "http://example.com/dir/page?q=1");
}

TEST(UrlResolve, BackslashIsSlashForHttp) {
  const UrlResolver resolver("http://example.com/dir/page");
  expect_resolves(resolver, "\\x\\y", "http://example.com/x/y");
  expect_resolves(resolver, "a\\..\\b", "http://example.com/dir/b");
  expect_resolves(resolver, "\\\\host\\p", "http://host/p");
  expect_resolves(resolver, "https:\\\\host\\p", "https://host/p");
  // Not in the query or fragment, though.
  expect_resolves(resolver, "?a\\b#c\\d", "http://example.com/dir/page?a\\b#c\\d");
}

TEST(UrlResolve, BackslashIsDataForOtherSchemes) {
  const UrlResolver resolver("foo://host/dir/page");
  expect_resolves(resolver, "a\\b", "foo://host/dir/a\\b");
}

TEST(UrlResolve, PercentEncodesPerComponent) {
  const UrlResolver resolver("http://example.com/dir/");
  expect_resolves(resolver, "a b", "http://example.com/dir/a%20b");
  expect_resolves(resolver, "a\"<>`{}^|b", "http://example.com/dir/a%22%3C%3E%60%7B%7D%5E|b");
  expect_resolves(resolver, "x?q=a b&c=\"'<>`", "http://example.com/dir/x?q=a%20b&c=%22%27%3C%3E`");
  expect_resolves(resolver, "x#frag ment\"<>`{}'", "http://example.com/dir/x#frag%20ment%22%3C%3E%60{}'");
  expect_resolves(resolver, "x#a#b?c", "http://example.com/dir/x#a#b?c");
  expect_resolves(resolver, "x\x7f", "http://example.com/dir/x%7F");
}

TEST(UrlResolve, PercentEncodesUtf8Bytes) {
  const UrlResolver resolver("http://example.com/");
  expect_resolves(resolver, "/caf\xC3\xA9?q=\xC3\xA9#\xC3\xA9", "http://example.com/caf%C3%A9?q=%C3%A9#%C3%A9");
  expect_resolves(resolver, "/\xE6\x97\xA5\xE6\x9C\xAC", "http://example.com/%E6%97%A5%E6%9C%AC");
}

TEST(UrlResolve, KeepsExistingPercentEscapes) {
  const UrlResolver resolver("http://example.com/");
  expect_resolves(resolver, "/a%20b%2Fc?x=%41#%7e", "http://example.com/a%20b%2Fc?x=%41#%7e");
  // A stray '%' is left alone rather than doubled, as browsers do.
  expect_resolves(resolver, "/100%", "http://example.com/100%");
}

TEST(UrlResolve, EncodedDotSegmentsAreDotSegments) {
  const UrlResolver resolver("http://example.com/a/b/c");
  expect_resolves(resolver, "%2e%2E/x", "http://example.com/a/x");
  expect_resolves(resolver, ".%2e/x", "http://example.com/a/x");
  expect_resolves(resolver, "%2e/x", "http://example.com/a/b/x");
}

TEST(UrlResolve, NormalisesSchemeHostAndDefaultPort) {
  const UrlResolver resolver("http://example.com/");
  expect_resolves(resolver, "HTTP://EXAMPLE.COM/Path", "http://example.com/Path");
  expect_resolves(resolver, "HtTpS://Example.Com:443/x", "https://example.com/x");
  expect_resolves(resolver, "http://example.com:80/x", "http://example.com/x");
  expect_resolves(resolver, "https://example.com:80/x", "https://example.com:80/x");
  expect_resolves(resolver, "http://example.com:443/x", "http://example.com:443/x");
  expect_resolves(resolver, "http://example.com:0080/x", "http://example.com/x");
  expect_resolves(resolver, "http://example.com:08080/x", "http://example.com:8080/x");
  expect_resolves(resolver, "http://example.com:/x", "http://example.com/x");
  expect_resolves(resolver, "http://example.com", "http://example.com/");
  expect_resolves(resolver, "http://example.com?q", "http://example.com/?q");
  expect_resolves(resolver, "http://example.com#f", "http://example.com/#f");
  expect_resolves(resolver, "http://[2001:DB8::1]:8080/x", "http://[2001:db8::1]:8080/x");
  expect_resolves(resolver, "http:///example.com/x", "http://example.com/x");
}

TEST(UrlResolve, KeepsUserinfo) {
  const UrlResolver resolver("http://example.com/");
  expect_resolves(resolver, "http://User:Pa ss@Example.com/", "http://User:Pa%20ss@example.com/");
  expect_resolves(resolver, "http://a@b@example.com/", "http://a%40b@example.com/");
  expect_resolves(resolver, "http://@example.com/", "http://example.com/");
  expect_resolves(resolver, "http://user:@example.com/", "http://user@example.com/");
}

// Hosts are not converted to punycode: non-ASCII stays UTF-8, percent-encoded bytes in the host
// are decoded to it, and only ASCII letters are lower-cased.
TEST(UrlResolve, NonAsciiHostStaysUtf8) {
  const UrlResolver resolver("http://example.com/");
  expect_resolves(resolver,
                  "http://B\xC3\xBC"
                  "cher.Example/\xC3\xBC",
                  "http://b\xC3\xBC"
                  "cher.example/%C3%BC");
  expect_resolves(resolver, "http://b%C3%BCcher.example/",
                  "http://b\xC3\xBC"
                  "cher.example/");
  expect_resolves(resolver, "http://%41.example/", "http://a.example/");
  expect_fails(resolver,
               "http://b\xFF"
               "cher.example/");
  expect_fails(resolver,
               "http://b\xC3"
               ".example/");
}

TEST(UrlResolve, ProtocolRelative) {
  const UrlResolver https("https://example.com/a");
  expect_resolves(https, "//cdn.example.com/x.js", "https://cdn.example.com/x.js");
  expect_resolves(UrlResolver("http://example.com/a"), "//CDN.example.com:80", "http://cdn.example.com/");
  expect_resolves(https, "//cdn.example.com:80/", "https://cdn.example.com:80/");
  expect_resolves(https, "///cdn.example.com/x", "https://cdn.example.com/x");
}

TEST(UrlResolve, QueryAndFragmentOnly) {
  const UrlResolver resolver("http://example.com/a/b?old=1#old");
  expect_resolves(resolver, "?new=2", "http://example.com/a/b?new=2");
  expect_resolves(resolver, "#top", "http://example.com/a/b?old=1#top");
  expect_resolves(resolver, "#", "http://example.com/a/b?old=1#");
  expect_resolves(resolver, "", "http://example.com/a/b?old=1");
  expect_resolves(resolver, "?", "http://example.com/a/b?");
}

TEST(UrlResolve, OtherSchemesPassThrough) {
  const UrlResolver resolver("http://example.com/");
  expect_resolves(resolver, "mailto:Someone@Example.COM?subject=Hi there",
                  "mailto:Someone@Example.COM?subject=Hi there");
  expect_resolves(resolver, "JavaScript:void(0)", "javascript:void(0)");
  expect_resolves(resolver, "data:text/plain,a b/../c", "data:text/plain,a b/../c");
  expect_resolves(resolver, "FTP://Host/a/../b", "ftp://Host/a/../b");
  expect_resolves(resolver, "tel:+1-555-0100", "tel:+1-555-0100");
  expect_resolves(resolver, "  mailto:a@b  ", "mailto:a@b");
}

TEST(UrlResolve, NotASchemeMeansRelative) {
  const UrlResolver resolver("http://example.com/dir/");
  expect_resolves(resolver, "./a:b", "http://example.com/dir/a:b");
  expect_resolves(resolver, "1a:b", "http://example.com/dir/1a:b");
  expect_resolves(resolver, "a b:c", "http://example.com/dir/a%20b:c");
}

TEST(UrlResolve, RelativeAgainstOtherHierarchicalSchemes) {
  const UrlResolver resolver("foo://Host/a/b");
  EXPECT_EQ(resolver.base(), "foo://Host/a/b");
  expect_resolves(resolver, "c", "foo://Host/a/c");
  expect_resolves(resolver, "../c", "foo://Host/c");
  expect_resolves(resolver, "//Other", "foo://Other");
  expect_resolves(UrlResolver("foo://host"), "c", "foo://host/c");
}

TEST(UrlResolve, OpaqueBaseOnlyTakesFragments) {
  const UrlResolver resolver("mailto:a@example.com#x");
  ASSERT_TRUE(resolver.has_base());
  expect_resolves(resolver, "#y", "mailto:a@example.com#y");
  expect_fails(resolver, "y");
  expect_fails(resolver, "/y");
  expect_fails(resolver, "");
}

TEST(UrlResolve, UnparsableIsNullopt) {
  const UrlResolver resolver("http://example.com/");
  expect_fails(resolver, "http://");
  expect_fails(resolver, "https:");
  expect_fails(resolver, "http://a:99999");
  expect_fails(resolver, "http://a:65536/");
  expect_fails(resolver, "http://a:8o/");
  expect_fails(resolver, "http://a:-1/");
  expect_fails(resolver, "http://[::1/");
  expect_fails(resolver, "http://[::1]x/");
  expect_fails(resolver, "http://[]/");
  expect_fails(resolver, "http://[example.com]/");
  expect_fails(resolver, "http://a b/");
  expect_fails(resolver, "http://a<b/");
  expect_fails(resolver, "http://a%/");
  expect_fails(resolver, "http://a%2fb/");
  expect_fails(resolver, "http://user@/x");
  expect_fails(resolver, "http://:80/x");
  expect_fails(resolver, "//");
  expect_fails(resolver, "//a:99999/x");
  expect_resolves(resolver, "http://[::1]/", "http://[::1]/");
  expect_resolves(resolver, "http://a:65535/", "http://a:65535/");
}

TEST(UrlResolve, WithoutBaseOnlyAbsoluteReferencesResolve) {
  const UrlResolver resolver("");
  EXPECT_FALSE(resolver.has_base());
  expect_fails(resolver, "/x");
  expect_fails(resolver, "x");
  expect_fails(resolver, "//example.com/x");
  expect_fails(resolver, "?q");
  expect_fails(resolver, "#f");
  expect_fails(resolver, "");
  expect_resolves(resolver, "HTTPS://Example.com/a/./b/../c", "https://example.com/a/c");
  expect_resolves(resolver, "http:example.com/x", "http://example.com/x");
  expect_resolves(resolver, "mailto:x@y", "mailto:x@y");
}

TEST(UrlResolve, RelativeOrBrokenBaseCountsAsNoBase) {
  EXPECT_FALSE(UrlResolver("/relative/path").has_base());
  EXPECT_FALSE(UrlResolver("http://").has_base());
  EXPECT_FALSE(UrlResolver("   ").has_base());
  expect_fails(UrlResolver("/relative/path"), "x");
}

TEST(UrlResolve, BaseIsNormalised) {
  const UrlResolver resolver(" HTTP://Example.COM:80/a/../b c#frag ");
  EXPECT_TRUE(resolver.has_base());
  EXPECT_EQ(resolver.base(), "http://example.com/b%20c#frag");
  EXPECT_EQ(UrlResolver(resolver.base()).base(), resolver.base());
  expect_resolves(resolver, "d", "http://example.com/d");
}

TEST(UrlResolve, ResolvedUrlsAreFixedPoints) {
  const UrlResolver resolver("http://example.com/dir/page");
  const std::string_view references[] = {"a b/../c?d e#f g", "/caf\xC3\xA9", "//H\xC3\xA9.example:81/%2e/x", "?'"};
  for (const std::string_view reference : references) {
    const std::optional<std::string> once = resolver.resolve(reference);
    ASSERT_TRUE(once.has_value()) << reference;
    expect_resolves(resolver, *once, *once);
  }
}

TEST(UrlResolve, RebasedResolvesAgainstTheNewBase) {
  const UrlResolver page("http://example.com/articles/2024/post.html");
  const UrlResolver rebased = page.rebased("/static/");
  EXPECT_EQ(rebased.base(), "http://example.com/static/");
  expect_resolves(rebased, "img.png", "http://example.com/static/img.png");
  EXPECT_EQ(page.rebased("https://cdn.example.com/x/").base(), "https://cdn.example.com/x/");
}

TEST(UrlResolve, RebasedKeepsTheBaseWhenTheReferenceFails) {
  const UrlResolver page("http://example.com/a/b");
  EXPECT_EQ(page.rebased("http://a:99999/").base(), "http://example.com/a/b");
  EXPECT_EQ(page.rebased("http://").base(), "http://example.com/a/b");
  const UrlResolver none("");
  EXPECT_FALSE(none.rebased("/x").has_base());
  EXPECT_EQ(none.rebased("https://example.com").base(), "https://example.com/");
}

TEST(IsHttpUrl, AcceptsHttpAndHttpsWithHost) {
  EXPECT_TRUE(is_http_url("http://example.com"));
  EXPECT_TRUE(is_http_url("https://example.com/a?b#c"));
  EXPECT_TRUE(is_http_url("HTTPS://Example.com:8443/"));
  EXPECT_TRUE(is_http_url("http://user:pw@example.com/"));
  EXPECT_TRUE(is_http_url("http://[::1]:8080/"));
  EXPECT_TRUE(
      is_http_url("http://b\xC3\xBC"
                  "cher.example/"));
}

TEST(IsHttpUrl, RejectsEverythingElse) {
  EXPECT_FALSE(is_http_url(""));
  EXPECT_FALSE(is_http_url("/path"));
  EXPECT_FALSE(is_http_url("//example.com/"));
  EXPECT_FALSE(is_http_url("ftp://example.com/"));
  EXPECT_FALSE(is_http_url("mailto:a@example.com"));
  EXPECT_FALSE(is_http_url("javascript:void(0)"));
  EXPECT_FALSE(is_http_url("httpx://example.com/"));
  EXPECT_FALSE(is_http_url("http:example.com"));
  EXPECT_FALSE(is_http_url("http://"));
  EXPECT_FALSE(is_http_url("http:///x"));
  EXPECT_FALSE(is_http_url("http://user@/x"));
  EXPECT_FALSE(is_http_url("http://example.com:99999/"));
  EXPECT_FALSE(is_http_url("http://[::1/"));
  EXPECT_FALSE(is_http_url("http://exa mple.com/"));
}

}  // namespace
}  // namespace pagemd::extract
