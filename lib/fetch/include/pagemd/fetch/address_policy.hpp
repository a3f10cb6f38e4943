#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "pagemd/core/result.hpp"
#include "pagemd/fetch/ip_address.hpp"

namespace pagemd::fetch {

// True when `address` is globally reachable, i.e. outside every non-public range of DESIGN.md
// ("Precise rules"): IPv4 this-network, private, CGNAT, loopback, link-local, IETF protocol
// assignments, documentation, benchmarking, 6to4 relay, multicast and reserved space; IPv6
// outside 2000::/3, the unspecified and loopback addresses, documentation, 2001::/23 (Teredo
// and other IETF assignments), NAT64 64:ff9b::/96, ULA, link-local, site-local and multicast.
// IPv4-mapped, IPv4-compatible and 6to4 addresses are judged by the IPv4 address they embed.
[[nodiscard]] bool is_globally_reachable(const IpAddress& address);

// Which addresses the fetcher may connect to: the globally reachable ones, plus those inside the
// operator's `allow_private_targets` CIDRs. Immutable, cheap to copy, safe to share across threads.
class AddressPolicy {
 public:
  // Globally reachable addresses only: the default of the daemon and the CLI.
  AddressPolicy() = default;

  // Builds the policy from CIDRs such as "10.1.0.0/16", "127.0.0.0/8", "fd00::/8" or a bare address
  // (a /32 or /128). Fails with invalid_request, naming the entry, for text that is not an address,
  // a prefix length out of range, or an address with bits set beyond its prefix ("10.1.2.3/16").
  [[nodiscard]] static core::Result<AddressPolicy> from_cidrs(const std::vector<std::string>& cidrs);

  // True when the fetcher may connect to `address`: it is globally reachable, or it (or the IPv4
  // host a mapped/compatible IPv6 address stands for) lies inside an allowed CIDR.
  [[nodiscard]] bool allows(const IpAddress& address) const;

 private:
  struct Cidr {
    IpAddress network;
    unsigned prefix_length = 0;
  };
  [[nodiscard]] bool in_allowed_cidr(const IpAddress& address) const;

  std::vector<Cidr> allowed_;
};

}  // namespace pagemd::fetch
