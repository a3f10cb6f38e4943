#include "pagemd/fetch/address_policy.hpp"

#include <gtest/gtest.h>

namespace pagemd::fetch {
namespace {

bool is_public(const char* text) {
  const std::optional<IpAddress> address = parse_ip_address(text);
  EXPECT_TRUE(address) << text;
  return address && is_globally_reachable(*address);
}

TEST(GloballyReachable, RefusesEveryNonPublicIpv4Range) {
  for (const char* address :
       {"0.0.0.0",         "0.255.255.255",   "10.0.0.0",        "10.255.255.255", "100.64.0.0",
        "100.127.255.255", "127.0.0.1",       "127.255.255.254", "169.254.0.1",    "169.254.169.254",
        "172.16.0.1",      "172.31.255.255",  "192.0.0.8",       "192.0.2.1",      "192.88.99.1",
        "192.168.0.1",     "192.168.255.255", "198.18.0.1",      "198.19.255.255", "198.51.100.7",
        "203.0.113.9",     "224.0.0.251",     "239.255.255.255", "240.0.0.1",      "255.255.255.255"}) {
    EXPECT_FALSE(is_public(address)) << address;
  }
}

TEST(GloballyReachable, AcceptsPublicIpv4NextToTheRanges) {
  for (const char* address :
       {"1.1.1.1",         "9.9.9.9",     "8.8.8.8",         "11.0.0.1",    "100.63.255.255", "100.128.0.0",
        "126.255.255.255", "128.0.0.1",   "169.253.255.255", "169.255.0.0", "172.15.255.255", "172.32.0.0",
        "192.0.1.255",     "192.0.3.0",   "192.167.255.255", "192.169.0.0", "198.17.255.255", "198.20.0.0",
        "198.51.99.1",     "203.0.112.1", "223.255.255.255"}) {
    EXPECT_TRUE(is_public(address)) << address;
  }
}

TEST(GloballyReachable, RefusesEveryNonPublicIpv6Range) {
  for (const char* address : {"::",
                              "::1",
                              "::ffff:127.0.0.1",
                              "::ffff:10.0.0.5",
                              "::ffff:169.254.169.254",
                              "::127.0.0.1",
                              "::10.0.0.1",
                              "64:ff9b::c0a8:101",
                              "64:ff9b::808:808",
                              "100::1",
                              "2001::1",
                              "2001:0:4136:e378:8000:63bf:3fff:fdd2",
                              "2001:1ff:ffff::1",
                              "2001:2::1",
                              "2001:db8::1",
                              "2002:7f00:1::1",
                              "2002:a00:5::1",
                              "2002:c0a8:101::1",
                              "3fff::1",
                              "fc00::1",
                              "fd00:1::1",
                              "fe80::dead:beef",
                              "febf::1",
                              "fec0::1",
                              "ff02::1",
                              "ff0e::1",
                              "4000::1",
                              "1000::1",
                              "::ffff:0:7f00:1"}) {
    EXPECT_FALSE(is_public(address)) << address;
  }
}

TEST(GloballyReachable, AcceptsPublicIpv6AndEmbeddedPublicIpv4) {
  for (const char* address :
       {"2620:fe::fe", "2606:4700:4700::1111", "2001:4860:4860::8888", "2001:200::1", "2a00:1450:4001::1",
        "::ffff:8.8.8.8", "::9.9.9.9", "2002:808:808::1", "3ffe::1", "3fff:1000::1"}) {
    EXPECT_TRUE(is_public(address)) << address;
  }
}

TEST(AddressPolicy, DefaultAllowsPublicOnly) {
  const AddressPolicy policy;
  EXPECT_TRUE(policy.allows(*parse_ip_address("9.9.9.9")));
  EXPECT_FALSE(policy.allows(*parse_ip_address("127.0.0.1")));
  EXPECT_FALSE(policy.allows(*parse_ip_address("::1")));
}

TEST(AddressPolicy, AllowedCidrsOpenExactlyTheirRanges) {
  const core::Result<AddressPolicy> policy = AddressPolicy::from_cidrs({"127.0.0.0/8", "10.1.0.0/16", "fd00::/8"});
  ASSERT_TRUE(policy) << policy.error().message;
  for (const char* address : {"127.0.0.1", "127.200.0.9", "10.1.0.0", "10.1.255.255", "fd12::1", "::ffff:127.0.0.1",
                              "::127.0.0.1", "1.1.1.1"}) {
    EXPECT_TRUE(policy->allows(*parse_ip_address(address))) << address;
  }
  for (const char* address :
       {"10.0.255.255", "10.2.0.0", "169.254.169.254", "192.168.1.1", "fe80::1", "fc00::1", "::1", "::ffff:10.2.0.1"}) {
    EXPECT_FALSE(policy->allows(*parse_ip_address(address))) << address;
  }
}

TEST(AddressPolicy, BareAddressesAndOddPrefixes) {
  const auto policy = AddressPolicy::from_cidrs({"169.254.169.254", "::1", "192.168.0.0/23", "0.0.0.0/0"});
  ASSERT_TRUE(policy) << policy.error().message;
  EXPECT_TRUE(policy->allows(*parse_ip_address("169.254.169.254")));
  EXPECT_TRUE(policy->allows(*parse_ip_address("::1")));
  EXPECT_TRUE(policy->allows(*parse_ip_address("192.168.1.255")));
  EXPECT_TRUE(policy->allows(*parse_ip_address("10.0.0.1")));  // 0.0.0.0/0 opens all of IPv4 ...
  EXPECT_FALSE(policy->allows(*parse_ip_address("fe80::1")));  // ... but not IPv6

  const auto narrow = AddressPolicy::from_cidrs({"192.168.0.0/23"});
  EXPECT_FALSE(narrow->allows(*parse_ip_address("192.168.2.0")));
}

TEST(AddressPolicy, MalformedCidrsAreRefusedWithTheirText) {
  for (const char* cidr : {"", "10.0.0.0/", "10.0.0.0/33", "::/129", "10.0.0.0/-1", "10.0.0.0/+8", "10.0.0.0/8x",
                           "10.0.0/8", "localhost", "10.1.2.3/16", "fd00::1/8", "10.0.0.0/8/8", " 10.0.0.0/8"}) {
    const core::Result<AddressPolicy> policy = AddressPolicy::from_cidrs({"127.0.0.0/8", cidr});
    ASSERT_FALSE(policy) << cidr;
    EXPECT_EQ(policy.error().code, core::ErrorCode::invalid_request);
    EXPECT_NE(policy.error().message.find(std::string("\"") + cidr + "\""), std::string::npos)
        << policy.error().message;
  }
  const auto hint = AddressPolicy::from_cidrs({"10.1.2.3/16"});
  EXPECT_NE(hint.error().message.find("10.1.0.0/16"), std::string::npos) << hint.error().message;
}

}  // namespace
}  // namespace pagemd::fetch
