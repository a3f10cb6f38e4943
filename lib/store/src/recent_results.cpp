#include "recent_results.hpp"

namespace pagemd::store::detail {

std::optional<RecentResults::Entry> RecentResults::find(std::string_view cache_key, std::int64_t now_ms,
                                                        std::int64_t created_after_ms) {
  const std::lock_guard lock(mutex_);
  const auto found = index_.find(cache_key);
  if (found == index_.end()) return std::nullopt;
  const Order::iterator entry = found->second;
  if (entry->second.expires_at_ms <= now_ms) {
    forget(entry);
    return std::nullopt;
  }
  if (entry->second.created_at_ms <= created_after_ms) return std::nullopt;
  order_.splice(order_.begin(), order_, entry);
  return entry->second;
}

void RecentResults::remember(std::string_view cache_key, Entry entry) {
  const std::lock_guard lock(mutex_);
  if (const auto found = index_.find(cache_key); found != index_.end()) forget(found->second);
  const std::size_t size = size_of(cache_key, entry);
  if (size > byte_budget_ / 8) return;
  order_.emplace_front(std::string(cache_key), std::move(entry));
  index_.emplace(order_.front().first, order_.begin());
  bytes_ += size;
  while (bytes_ > byte_budget_) forget(std::prev(order_.end()));
}

std::size_t RecentResults::bytes_held() {
  const std::lock_guard lock(mutex_);
  return bytes_;
}

void RecentResults::forget(Order::iterator entry) {
  bytes_ -= size_of(entry->first, entry->second);
  index_.erase(entry->first);
  order_.erase(entry);
}

std::size_t RecentResults::size_of(std::string_view cache_key, const Entry& entry) {
  // The strings plus a rough allowance for the list node, the map slot and the shared string's block.
  constexpr std::size_t kBookkeeping = 128;
  return cache_key.size() + entry.result_json->size() + kBookkeeping;
}

}  // namespace pagemd::store::detail
