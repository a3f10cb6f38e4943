#include "pagemd/fetch/recent_urls.hpp"

#include <utility>

namespace pagemd::fetch {

RecentUrls::RecentUrls(AddressPolicy policy, std::size_t capacity)
    : policy_(std::move(policy)), capacity_(capacity == 0 ? 1 : capacity) {}

core::Result<ParsedUrl> RecentUrls::parse(std::string_view raw) {
  {
    const std::lock_guard lock(mutex_);
    if (const auto found = accepted_.find(raw); found != accepted_.end()) return found->second;
  }
  // Parsed outside the lock: two threads may parse the same new URL at once, to the same result.
  auto parsed = parse_url(raw, policy_);
  if (parsed) {
    const std::lock_guard lock(mutex_);
    if (accepted_.size() >= capacity_) accepted_.clear();
    accepted_.insert_or_assign(std::string(raw), *parsed);
  }
  return parsed;
}

}  // namespace pagemd::fetch
