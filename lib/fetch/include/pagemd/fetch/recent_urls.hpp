#pragma once

#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "pagemd/core/result.hpp"
#include "pagemd/core/string_hash.hpp"
#include "pagemd/fetch/address_policy.hpp"
#include "pagemd/fetch/url.hpp"

namespace pagemd::fetch {

// parse_url under one policy, for a service asked for the same URLs again and again (the daemon's
// cached pages): the URLs accepted most recently are remembered, so each is parsed once instead of
// on every request (libcurl's parse and reassembly were about a twelfth of a cached extract's CPU
// time). parse_url depends on nothing but the text and the policy, so a remembered answer is the
// answer. Rejected URLs are not remembered. Thread-safe.
class RecentUrls {
 public:
  // Once `capacity` URLs are held, the next new one starts the memory over.
  explicit RecentUrls(AddressPolicy policy, std::size_t capacity = 4096);

  [[nodiscard]] core::Result<ParsedUrl> parse(std::string_view raw);
  [[nodiscard]] const AddressPolicy& policy() const { return policy_; }

 private:
  const AddressPolicy policy_;
  const std::size_t capacity_;
  std::mutex mutex_;
  std::unordered_map<std::string, ParsedUrl, core::StringHash, std::equal_to<>> accepted_;
};

}  // namespace pagemd::fetch
