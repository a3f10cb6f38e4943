#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pagemd::fetch {

// An IPv4 or IPv6 address in network byte order, as the SSRF guard judges it.
struct IpAddress {
  enum class Family { v4, v6 };
  Family family = Family::v4;
  std::array<std::uint8_t, 16> bytes{};  // IPv4 uses the first 4

  [[nodiscard]] static IpAddress v4(std::uint32_t host_order);
  // The canonical text: dotted quad, or RFC 5952 IPv6 without brackets.
  [[nodiscard]] std::string to_string() const;
  // The IPv4 address an ::ffff:a.b.c.d (mapped) or ::a.b.c.d (compatible) address stands for:
  // both reach an IPv4 host. nullopt for anything else.
  [[nodiscard]] std::optional<IpAddress> embedded_v4_host() const;

  friend bool operator==(const IpAddress&, const IpAddress&) = default;
};

// Parses the strict textual forms only: a dotted quad of four decimal parts, or IPv6 text
// (brackets and zone ids not accepted). Returns nullopt for anything else.
[[nodiscard]] std::optional<IpAddress> parse_ip_address(std::string_view text);

// The outcome of reading a URL host the way resolvers and browsers do (WHATWG URL, inet_aton):
// a host whose last label is a number is an IPv4 address in decimal, octal (leading 0) or hex
// (0x) parts, 1 to 4 of them, the last filling the remaining bytes ("127.1", "0x7f.1",
// "2130706433", "0177.0.0.1").
enum class Ipv4HostKind {
  not_numeric,  // an ordinary name: its last label is not a number
  address,      // a valid IPv4 address in one of those forms
  invalid,      // looks numeric but is no valid address ("256.1.1.1", "1.2.3.4.5", "08.1")
};
struct Ipv4HostReading {
  Ipv4HostKind kind = Ipv4HostKind::not_numeric;
  IpAddress address{};  // set for Ipv4HostKind::address
};
// Reads `host` (ASCII, no trailing dot) as above; never fails, the kind says what it is.
[[nodiscard]] Ipv4HostReading read_ipv4_host(std::string_view host);

}  // namespace pagemd::fetch
