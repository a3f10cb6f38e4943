#include "pagemd/fetch/ip_address.hpp"

#include <gtest/gtest.h>

namespace pagemd::fetch {
namespace {

TEST(IpAddress, ParsesStrictDottedQuadAndIpv6Text) {
  const auto v4 = parse_ip_address("192.0.2.7");
  ASSERT_TRUE(v4);
  EXPECT_EQ(v4->family, IpAddress::Family::v4);
  EXPECT_EQ(v4->to_string(), "192.0.2.7");

  const auto v6 = parse_ip_address("2620:FE:0:0::FE");
  ASSERT_TRUE(v6);
  EXPECT_EQ(v6->family, IpAddress::Family::v6);
  EXPECT_EQ(v6->to_string(), "2620:fe::fe");

  const auto mapped = parse_ip_address("::ffff:127.0.0.2");
  ASSERT_TRUE(mapped);
  EXPECT_EQ(mapped->to_string(), "::ffff:127.0.0.2");
}

TEST(IpAddress, RefusesEveryOtherForm) {
  for (const char* text : {"", "127.1", "0x7f.0.0.1", "2130706433", "0177.0.0.1", "1.2.3.4.5", "256.1.1.1", "[::1]",
                           "fe80::1%eth0", "example.com", " 1.2.3.4", "1.2.3.4 ", "::g"}) {
    EXPECT_FALSE(parse_ip_address(text)) << text;
  }
  EXPECT_FALSE(parse_ip_address(std::string(100, '1')));
}

TEST(IpAddress, EmbeddedHostOfMappedAndCompatibleForms) {
  EXPECT_EQ(parse_ip_address("::ffff:10.1.2.3")->embedded_v4_host()->to_string(), "10.1.2.3");
  EXPECT_EQ(parse_ip_address("::ffff:7f00:1")->embedded_v4_host()->to_string(), "127.0.0.1");
  EXPECT_EQ(parse_ip_address("::127.0.0.1")->embedded_v4_host()->to_string(), "127.0.0.1");
  EXPECT_EQ(parse_ip_address("::1")->embedded_v4_host()->to_string(), "0.0.0.1");
  EXPECT_FALSE(parse_ip_address("2001:db8::1")->embedded_v4_host());
  EXPECT_FALSE(parse_ip_address("::1:ffff:7f00:1")->embedded_v4_host());
  EXPECT_FALSE(parse_ip_address("10.0.0.1")->embedded_v4_host());
}

struct NumericHostCase {
  const char* host;
  const char* address;  // nullptr: not an address
};

class ReadIpv4Host : public ::testing::TestWithParam<NumericHostCase> {};

TEST_P(ReadIpv4Host, DecodesTheFormsResolversAccept) {
  const Ipv4HostReading reading = read_ipv4_host(GetParam().host);
  ASSERT_EQ(reading.kind, Ipv4HostKind::address) << GetParam().host;
  EXPECT_EQ(reading.address.to_string(), GetParam().address);
}

INSTANTIATE_TEST_SUITE_P(
    Forms, ReadIpv4Host,
    ::testing::Values(NumericHostCase{"127.0.0.1", "127.0.0.1"}, NumericHostCase{"2130706433", "127.0.0.1"},
                      NumericHostCase{"2130706435", "127.0.0.3"}, NumericHostCase{"0177.0.0.1", "127.0.0.1"},
                      NumericHostCase{"0x7f.1", "127.0.0.1"}, NumericHostCase{"0X7F.0.0.2", "127.0.0.2"},
                      NumericHostCase{"127.1", "127.0.0.1"}, NumericHostCase{"10.1.65535", "10.1.255.255"},
                      NumericHostCase{"0x7f000001", "127.0.0.1"}, NumericHostCase{"0", "0.0.0.0"},
                      NumericHostCase{"0x", "0.0.0.0"}, NumericHostCase{"1.0x", "1.0.0.0"},
                      NumericHostCase{"4294967295", "255.255.255.255"},
                      NumericHostCase{"169.254.43518", "169.254.169.254"},
                      NumericHostCase{"00000000000000000177.1", "127.0.0.1"}));

TEST(ReadIpv4HostOther, NamesAreNotNumeric) {
  for (const char* host : {"example.com", "1.example", "0x7f.example", "a", "xn--bcher-kva.de", "1e1", "127.0.0.1a"}) {
    EXPECT_EQ(read_ipv4_host(host).kind, Ipv4HostKind::not_numeric) << host;
  }
}

TEST(ReadIpv4HostOther, NumericButInvalidHosts) {
  for (const char* host : {"256.1.1.1", "1.2.3.4.5", "4294967296", "08.1.1.1", "1.2.3.09", "1..2", "a.1",
                           "1.2.16777216", "0x100000000", "99999999999999999999", "0xffffffffffffffffffff"}) {
    EXPECT_EQ(read_ipv4_host(host).kind, Ipv4HostKind::invalid) << host;
  }
}

}  // namespace
}  // namespace pagemd::fetch
