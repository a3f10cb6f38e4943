#include "pagemd/fetch/address_policy.hpp"

#include <algorithm>
#include <charconv>
#include <string_view>

namespace pagemd::fetch {
namespace {

struct Range {
  std::array<std::uint8_t, 16> prefix;
  unsigned length;
};

bool has_prefix(const std::array<std::uint8_t, 16>& bytes, const std::array<std::uint8_t, 16>& prefix,
                unsigned length) {
  const unsigned whole = length / 8;
  if (!std::equal(bytes.begin(), bytes.begin() + whole, prefix.begin())) {
    return false;
  }
  const unsigned rest = length % 8;
  if (rest == 0) {
    return true;
  }
  const auto mask = static_cast<std::uint8_t>(0xFFu << (8 - rest));
  return (bytes[whole] & mask) == (prefix[whole] & mask);
}

// IANA "not globally reachable" IPv4 space (DESIGN.md), plus the deprecated 6to4 relay anycast.
constexpr std::array<Range, 15> kNonPublicV4{{
    {{0}, 8},              // "this network", 0.0.0.0
    {{10}, 8},             // private
    {{100, 64}, 10},       // CGNAT
    {{127}, 8},            // loopback
    {{169, 254}, 16},      // link-local, cloud metadata
    {{172, 16}, 12},       // private
    {{192, 0, 0}, 24},     // IETF protocol assignments
    {{192, 0, 2}, 24},     // TEST-NET-1
    {{192, 88, 99}, 24},   // 6to4 relay anycast (deprecated)
    {{192, 168}, 16},      // private
    {{198, 18}, 15},       // benchmarking
    {{198, 51, 100}, 24},  // TEST-NET-2
    {{203, 0, 113}, 24},   // TEST-NET-3
    {{224}, 4},            // multicast
    {{240}, 4},            // reserved, and the broadcast address
}};

// Inside 2000::/3 (the only globally routed IPv6 unicast space), these are not public.
constexpr std::array<Range, 3> kNonPublicGlobalV6{{
    {{0x20, 0x01, 0x00}, 23},        // IETF protocol assignments, Teredo, benchmarking, ORCHID
    {{0x20, 0x01, 0x0d, 0xb8}, 32},  // documentation
    {{0x3f, 0xff, 0x00}, 20},        // documentation (RFC 9637)
}};

bool in_any(const std::array<std::uint8_t, 16>& bytes, const auto& ranges) {
  return std::any_of(ranges.begin(), ranges.end(),
                     [&](const Range& range) { return has_prefix(bytes, range.prefix, range.length); });
}

bool is_public_v4(const IpAddress& address) { return !in_any(address.bytes, kNonPublicV4); }

bool is_public_v6(const IpAddress& address) {
  if (const std::optional<IpAddress> v4 = address.embedded_v4_host()) {
    return is_public_v4(*v4);
  }
  const auto& bytes = address.bytes;
  if ((bytes[0] & 0xE0) != 0x20) {  // outside 2000::/3: ULA, link-local, multicast, NAT64, reserved
    return false;
  }
  if (bytes[0] == 0x20 && bytes[1] == 0x02) {  // 6to4: the IPv4 address is bytes 2..5
    IpAddress v4;
    std::copy(bytes.begin() + 2, bytes.begin() + 6, v4.bytes.begin());
    return is_public_v4(v4);
  }
  return !in_any(bytes, kNonPublicGlobalV6);
}

}  // namespace

bool is_globally_reachable(const IpAddress& address) {
  return address.family == IpAddress::Family::v4 ? is_public_v4(address) : is_public_v6(address);
}

core::Result<AddressPolicy> AddressPolicy::from_cidrs(const std::vector<std::string>& cidrs) {
  AddressPolicy policy;
  for (const std::string& entry : cidrs) {
    const auto fail = [&](std::string_view why) {
      return core::unexpected(core::ErrorCode::invalid_request,
                              "allow_private_targets entry \"" + entry + "\" " + std::string(why));
    };
    const std::string_view text = entry;
    const std::size_t slash = text.find('/');
    const std::optional<IpAddress> network = parse_ip_address(text.substr(0, slash));
    if (!network) {
      return fail("is not an IPv4 or IPv6 address or CIDR");
    }
    const unsigned max_length = network->family == IpAddress::Family::v4 ? 32 : 128;
    unsigned length = max_length;
    if (slash != std::string_view::npos) {
      const std::string_view digits = text.substr(slash + 1);
      const char* end = digits.data() + digits.size();
      const auto [stop, error] = std::from_chars(digits.data(), end, length);
      if (digits.empty() || error != std::errc{} || stop != end || length > max_length ||
          !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        return fail("has a prefix length that is not a number from 0 to " + std::to_string(max_length));
      }
    }
    IpAddress masked = *network;
    for (unsigned bit = length; bit < max_length; ++bit) {
      masked.bytes[bit / 8] = static_cast<std::uint8_t>(masked.bytes[bit / 8] & ~(0x80u >> (bit % 8)));
    }
    if (masked != *network) {
      return fail("has address bits set beyond its prefix length (did you mean " + masked.to_string() + "/" +
                  std::to_string(length) + "?)");
    }
    policy.allowed_.push_back(Cidr{*network, length});
  }
  return policy;
}

bool AddressPolicy::in_allowed_cidr(const IpAddress& address) const {
  return std::any_of(allowed_.begin(), allowed_.end(), [&](const Cidr& cidr) {
    return cidr.network.family == address.family && has_prefix(address.bytes, cidr.network.bytes, cidr.prefix_length);
  });
}

bool AddressPolicy::allows(const IpAddress& address) const {
  if (is_globally_reachable(address) || in_allowed_cidr(address)) {
    return true;
  }
  const std::optional<IpAddress> v4 = address.embedded_v4_host();
  return v4 && in_allowed_cidr(*v4);
}

}  // namespace pagemd::fetch
