#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "pagemd/core/clock.hpp"
#include "pagemd/core/result.hpp"
#include "pagemd/core/string_hash.hpp"
#include "pagemd/store/store.hpp"

namespace pagemd::ratelimit {

// The window the per-minute limit counts over.
inline constexpr std::chrono::seconds kWindow{60};

// The verdict on one request, with the values of the X-RateLimit-* and Retry-After headers.
struct RateDecision {
  bool admitted;
  std::int64_t limit;                // X-RateLimit-Limit
  std::int64_t remaining;            // X-RateLimit-Remaining: limit minus the requests now in the window
  std::int64_t reset_seconds;        // X-RateLimit-Reset: until the oldest request in the window leaves it; 0 if empty
  std::int64_t retry_after_seconds;  // Retry-After when refused: until one more request would pass; 0 when admitted
};

struct RateLimiterOptions {
  // Requests admitted per account in any rolling kWindow; 0 turns the limiter off (every request
  // is admitted and the decision's numbers are all 0, so a caller can leave the headers out).
  std::int64_t limit_per_minute = 60;
};

// The per-minute limit of every account, as the router and the MCP endpoint ask for it.
class RequestLimiter {
 public:
  virtual ~RequestLimiter() = default;

  // Decides on one request of the account and, when admitted, records it. Fails only when the
  // limit is kept in a database that cannot be reached (store_unavailable).
  [[nodiscard]] virtual core::Result<RateDecision> admit(std::string_view account_id) = 0;

  // The account's state as admit() would see it, without deciding on or recording a request: the
  // headers of an answer that did not enter the window (a refused method, for instance).
  [[nodiscard]] virtual core::Result<RateDecision> peek(std::string_view account_id) = 0;

  // The limit it enforces (0: off).
  [[nodiscard]] virtual std::int64_t limit_per_minute() const noexcept = 0;

  // When the limit is kept in a shared store: the rule under which that store admits a request in
  // the same step as it looks up the caller's key (store::SlotBook::find_key_and_book), so that
  // authentication and admission cost one round trip; decision_of() reads its booking. Null when
  // the limit is kept in this process or is off.
  [[nodiscard]] virtual const store::SlotRule* shared_rule() const noexcept { return nullptr; }
  [[nodiscard]] RateDecision decision_of(const store::SlotBooking& booking, core::Clock::time_point now) const;
};

// The per-account limit of DESIGN.md as a sliding log: the times of the admitted requests of the
// last kWindow, per account. Unlike a fixed window or a token bucket of the same size, it never
// admits more than the limit in any window. A request at time t is admitted when fewer than
// `limit` admitted requests lie in (t - kWindow, t]; a refused request is not recorded. Whole
// seconds are rounded up, so a client that waits them is sure to get in.
//
// Thread-safe (accounts are spread over independently locked shards). Memory is bounded: a
// log holds at most `limit` times, and logs of accounts idle for a whole window are dropped.
class RateLimiter final : public RequestLimiter {
 public:
  // The clock must outlive the limiter.
  explicit RateLimiter(const core::Clock& clock, RateLimiterOptions options = {});

  // Never fail.
  [[nodiscard]] core::Result<RateDecision> admit(std::string_view account_id) override;
  [[nodiscard]] core::Result<RateDecision> peek(std::string_view account_id) override;

  [[nodiscard]] std::int64_t limit_per_minute() const noexcept override { return limit_; }

  // Accounts with a log in memory (for tests of the memory bound and for metrics).
  [[nodiscard]] std::size_t tracked_accounts() const;

 private:
  using TimePoint = core::Clock::time_point;

  struct Shard {
    mutable std::mutex mutex;
    std::unordered_map<std::string, std::deque<TimePoint>, core::StringHash, std::equal_to<>> logs;
    TimePoint next_sweep{};
  };

  static constexpr std::size_t kShards = 16;

  void sweep_idle(Shard& shard, TimePoint now);
  [[nodiscard]] Shard& shard_of(std::string_view account_id) const;

  const core::Clock* clock_;
  std::int64_t limit_;
  mutable std::array<Shard, kShards> shards_;
};

// The same limit kept in the books of a store that several nodes share: the 60 requests a minute
// are an account's across all of them. Each decision is one round trip to the database.
class SharedRateLimiter final : public RequestLimiter {
 public:
  // The book and the clock must outlive the limiter.
  SharedRateLimiter(store::SlotBook& book, const core::Clock& clock, RateLimiterOptions options = {});

  [[nodiscard]] core::Result<RateDecision> admit(std::string_view account_id) override;
  [[nodiscard]] core::Result<RateDecision> peek(std::string_view account_id) override;
  [[nodiscard]] std::int64_t limit_per_minute() const noexcept override { return rule_.limit; }
  [[nodiscard]] const store::SlotRule* shared_rule() const noexcept override {
    return rule_.limit > 0 ? &rule_ : nullptr;
  }

 private:
  store::SlotBook* book_;
  const core::Clock* clock_;
  store::SlotRule rule_;
};

}  // namespace pagemd::ratelimit
