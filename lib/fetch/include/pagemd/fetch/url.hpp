#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pagemd/core/result.hpp"
#include "pagemd/fetch/address_policy.hpp"

namespace pagemd::fetch {

// Longest URL accepted, in characters (Unicode code points) of the text as given.
inline constexpr std::size_t kMaxUrlLength = 2048;

struct ParsedUrl {
  // The cache key and the address fetched: scheme and host lower-case, the host in punycode without
  // a trailing dot, the default port and the fragment dropped, non-ASCII bytes of path and query
  // percent-encoded. Also what a redirect chain reports as its final URL.
  std::string normalized;
  std::string scheme;      // "http" or "https"
  std::string host;        // lower-case, punycode, no trailing dot; an IPv6 address without brackets
  std::uint16_t port = 0;  // explicit or the scheme's default
};

// Validates and normalises a URL with libcurl's parser (the one that will connect), deciding all
// that can be decided without DNS. Fails with
// - invalid_url: empty, longer than kMaxUrlLength, not http/https, unparsable, userinfo present,
//   port 0, a malformed or non-ASCII host that is no valid IDN, a numeric host that is no valid
//   IPv4 address ("256.1.1.1"), an IPv6 zone id;
// - url_not_allowed: an IP literal in any form (decimal, octal, hex, short IPv4, IPv6) that
//   `policy` does not allow; `localhost` and `*.localhost`; names in the local-network domains
//   .local, .internal, .localdomain and .home.arpa; single-label names ("http://metadata/"), which
//   resolve through the local search list. The policy does not open names, only addresses.
// Names are judged again, on the address actually connected to, by CurlFetcher.
[[nodiscard]] core::Result<ParsedUrl> parse_url(std::string_view raw, const AddressPolicy& policy);

// parse_url with the default policy (globally reachable addresses only).
[[nodiscard]] core::Result<ParsedUrl> parse_url(std::string_view raw);

// `reference` (a Location header, an href) resolved against the absolute URL `base` as RFC 3986 says,
// by libcurl's parser; spaces and non-ASCII bytes are percent-encoded first, as browsers do. nullopt
// when it cannot be resolved. The result is not judged: pass it to parse_url.
[[nodiscard]] std::optional<std::string> resolve_reference(std::string_view base, std::string_view reference);

}  // namespace pagemd::fetch
