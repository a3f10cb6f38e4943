#include "pagemd/fetch/ip_address.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <vector>

namespace pagemd::fetch {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

int digit_value(char c, int radix) {
  int value = -1;
  if (is_digit(c)) {
    value = c - '0';
  } else if (c >= 'a' && c <= 'f') {
    value = c - 'a' + 10;
  } else if (c >= 'A' && c <= 'F') {
    value = c - 'A' + 10;
  }
  return value < radix ? value : -1;
}

// Larger than any part of an IPv4 address may be; values above it are clamped to it.
constexpr std::uint64_t kTooLarge = std::uint64_t{1} << 32;

// One part of a numeric host, in the radix its prefix picks: "0x1f" hex, "017" octal, "17" decimal.
// nullopt when the part is empty or has a digit outside its radix; a number too large for any part
// is still a number (kTooLarge), as WHATWG's "ends in a number" check wants.
std::optional<std::uint64_t> parse_ipv4_number(std::string_view part) {
  if (part.empty()) {
    return std::nullopt;
  }
  int radix = 10;
  if (part.size() >= 2 && part[0] == '0' && (part[1] == 'x' || part[1] == 'X')) {
    radix = 16;
    part.remove_prefix(2);
  } else if (part.size() >= 2 && part[0] == '0') {
    radix = 8;
    part.remove_prefix(1);
  }
  std::uint64_t value = 0;
  for (const char c : part) {
    const int digit = digit_value(c, radix);
    if (digit < 0) {
      return std::nullopt;
    }
    value = std::min(value * static_cast<std::uint64_t>(radix) + static_cast<std::uint64_t>(digit), kTooLarge);
  }
  return value;
}

std::vector<std::string_view> split_labels(std::string_view host) {
  std::vector<std::string_view> labels;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = host.find('.', start);
    labels.push_back(host.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
    if (dot == std::string_view::npos) {
      return labels;
    }
    start = dot + 1;
  }
}

// WHATWG's "ends in a number": the last label is all digits or parses as a (hex/octal) number.
bool ends_in_number(const std::vector<std::string_view>& labels) {
  const std::string_view last = labels.back();
  if (!last.empty() && std::all_of(last.begin(), last.end(), is_digit)) {
    return true;
  }
  return parse_ipv4_number(last).has_value();
}

}  // namespace

IpAddress IpAddress::v4(std::uint32_t host_order) {
  IpAddress address;
  address.family = Family::v4;
  address.bytes[0] = static_cast<std::uint8_t>(host_order >> 24);
  address.bytes[1] = static_cast<std::uint8_t>(host_order >> 16);
  address.bytes[2] = static_cast<std::uint8_t>(host_order >> 8);
  address.bytes[3] = static_cast<std::uint8_t>(host_order);
  return address;
}

std::string IpAddress::to_string() const {
  std::array<char, INET6_ADDRSTRLEN> text{};
  const int af = family == Family::v4 ? AF_INET : AF_INET6;
  if (inet_ntop(af, bytes.data(), text.data(), static_cast<socklen_t>(text.size())) == nullptr) {
    return {};
  }
  return text.data();
}

std::optional<IpAddress> IpAddress::embedded_v4_host() const {
  if (family != Family::v6) {
    return std::nullopt;
  }
  const bool first_ten_zero = std::all_of(bytes.begin(), bytes.begin() + 10, [](std::uint8_t b) { return b == 0; });
  const bool mapped = first_ten_zero && bytes[10] == 0xFF && bytes[11] == 0xFF;
  const bool compatible = first_ten_zero && bytes[10] == 0 && bytes[11] == 0;
  if (!mapped && !compatible) {
    return std::nullopt;
  }
  IpAddress v4;
  std::copy(bytes.begin() + 12, bytes.end(), v4.bytes.begin());
  return v4;
}

std::optional<IpAddress> parse_ip_address(std::string_view text) {
  // inet_pton needs a terminated string; anything longer than the longest IPv6 text is not one.
  if (text.empty() || text.size() >= INET6_ADDRSTRLEN) {
    return std::nullopt;
  }
  const std::string terminated(text);
  IpAddress address;
  if (inet_pton(AF_INET, terminated.c_str(), address.bytes.data()) == 1) {
    address.family = IpAddress::Family::v4;
    return address;
  }
  if (inet_pton(AF_INET6, terminated.c_str(), address.bytes.data()) == 1) {
    address.family = IpAddress::Family::v6;
    return address;
  }
  return std::nullopt;
}

Ipv4HostReading read_ipv4_host(std::string_view host) {
  if (host.empty()) {
    return {};
  }
  const std::vector<std::string_view> labels = split_labels(host);
  if (!ends_in_number(labels)) {
    return {};
  }
  const Ipv4HostReading invalid{Ipv4HostKind::invalid, {}};
  if (labels.size() > 4) {
    return invalid;
  }
  std::array<std::uint64_t, 4> numbers{};
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const std::optional<std::uint64_t> number = parse_ipv4_number(labels[i]);
    if (!number || (i + 1 < labels.size() && *number > 255)) {
      return invalid;
    }
    numbers[i] = *number;
  }
  // The last part fills the bytes the earlier parts left: 1 part = 32 bits, 2 parts = 24, ...
  const std::size_t leading = labels.size() - 1;
  const unsigned last_bits = static_cast<unsigned>(8 * (4 - leading));
  if (numbers[leading] >= (std::uint64_t{1} << last_bits)) {
    return invalid;
  }
  std::uint64_t value = numbers[leading];
  for (std::size_t i = 0; i < leading; ++i) {
    value |= numbers[i] << (8 * (3 - i));
  }
  return {Ipv4HostKind::address, IpAddress::v4(static_cast<std::uint32_t>(value))};
}

}  // namespace pagemd::fetch
