#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace pagemd::store::detail {

// The cache rows read or written most recently, kept in memory in front of the cache table, so
// that a page many requests ask for is answered without a database read. Entries are copies of
// rows, with the same times, so a lookup applies the table's own rules to them; the table stays
// the truth, and a caller falls back to it whenever an entry does not answer the request. Least
// recently used entries go first once the results held exceed the byte budget.
class RecentResults {
 public:
  struct Entry {
    std::shared_ptr<const std::string> result_json;
    std::int64_t created_at_ms = 0;
    std::int64_t expires_at_ms = 0;
  };

  explicit RecentResults(std::size_t byte_budget) : byte_budget_(byte_budget) {}

  // The entry of `cache_key` if it is unexpired at `now_ms` and newer than `created_after_ms`.
  [[nodiscard]] std::optional<Entry> find(std::string_view cache_key, std::int64_t now_ms,
                                          std::int64_t created_after_ms);
  // Keeps `entry` for `cache_key`, replacing what was kept. A result bigger than an eighth of the
  // budget is not kept (and the older entry is dropped), so one huge page cannot empty the cache.
  void remember(std::string_view cache_key, Entry entry);

  [[nodiscard]] std::size_t bytes_held();

 private:
  using Order = std::list<std::pair<std::string, Entry>>;  // most recently used first

  void forget(Order::iterator entry);
  static std::size_t size_of(std::string_view cache_key, const Entry& entry);

  const std::size_t byte_budget_;
  std::mutex mutex_;
  Order order_;
  std::unordered_map<std::string_view, Order::iterator> index_;  // views of the keys in order_
  std::size_t bytes_ = 0;
};

}  // namespace pagemd::store::detail
