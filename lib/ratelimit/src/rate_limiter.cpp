#include "pagemd/ratelimit/rate_limiter.hpp"

#include <algorithm>

namespace pagemd::ratelimit {
namespace {

std::int64_t whole_seconds_until(core::Clock::time_point when, core::Clock::time_point now) {
  if (when <= now) return 0;
  return std::chrono::ceil<std::chrono::seconds>(when - now).count();
}

}  // namespace

RateLimiter::RateLimiter(const core::Clock& clock, RateLimiterOptions options)
    : clock_(&clock), limit_(options.limit_per_minute > 0 ? options.limit_per_minute : 0) {}

RateDecision RequestLimiter::decision_of(const store::SlotBooking& booking, core::Clock::time_point now) const {
  const std::int64_t limit = limit_per_minute();
  if (limit == 0) return RateDecision{true, 0, 0, 0, 0};
  if (!booking.booked) {
    // The booking's start is when one more request passes: the oldest of the window has left.
    const std::int64_t wait = std::max<std::int64_t>(whole_seconds_until(booking.start, now), 1);
    return RateDecision{false, limit, 0, wait, wait};
  }
  // The window's oldest request, this one if it is the only one, sets when the window next has room.
  const auto oldest = booking.oldest.value_or(booking.start);
  return RateDecision{true, limit, std::max<std::int64_t>(limit - booking.in_window - 1, 0),
                      whole_seconds_until(oldest + kWindow, now), 0};
}

core::Result<RateDecision> RateLimiter::admit(std::string_view account_id) {
  if (limit_ == 0) return RateDecision{true, 0, 0, 0, 0};
  const TimePoint now = clock_->now();
  Shard& shard = shard_of(account_id);
  const std::lock_guard lock(shard.mutex);
  sweep_idle(shard, now);

  auto found = shard.logs.find(account_id);
  if (found == shard.logs.end()) found = shard.logs.emplace(std::string(account_id), std::deque<TimePoint>{}).first;
  std::deque<TimePoint>& log = found->second;
  // A request made exactly kWindow ago has left the window (t - kWindow, t].
  while (!log.empty() && log.front() <= now - kWindow) log.pop_front();

  const auto in_window = static_cast<std::int64_t>(log.size());
  if (in_window >= limit_) {
    // One more passes once the oldest has left; the log only ever holds admitted requests.
    const std::int64_t wait = std::max<std::int64_t>(whole_seconds_until(log.front() + kWindow, now), 1);
    return RateDecision{false, limit_, 0, wait, wait};
  }
  log.push_back(now);
  return RateDecision{true, limit_, limit_ - in_window - 1, whole_seconds_until(log.front() + kWindow, now), 0};
}

core::Result<RateDecision> RateLimiter::peek(std::string_view account_id) {
  if (limit_ == 0) return RateDecision{true, 0, 0, 0, 0};
  const TimePoint now = clock_->now();
  const Shard& shard = shard_of(account_id);
  const std::lock_guard lock(shard.mutex);
  const auto found = shard.logs.find(account_id);
  if (found == shard.logs.end()) return RateDecision{true, limit_, limit_, 0, 0};
  const std::deque<TimePoint>& log = found->second;
  const auto oldest = std::upper_bound(log.begin(), log.end(), now - kWindow);
  const auto in_window = static_cast<std::int64_t>(log.end() - oldest);
  if (in_window == 0) return RateDecision{true, limit_, limit_, 0, 0};
  const std::int64_t reset = whole_seconds_until(*oldest + kWindow, now);
  if (in_window >= limit_) {
    const std::int64_t wait = std::max<std::int64_t>(reset, 1);
    return RateDecision{false, limit_, 0, wait, wait};
  }
  return RateDecision{true, limit_, limit_ - in_window, reset, 0};
}

SharedRateLimiter::SharedRateLimiter(store::SlotBook& book, const core::Clock& clock, RateLimiterOptions options)
    : book_(&book),
      clock_(&clock),
      rule_{std::max<std::int64_t>(options.limit_per_minute, 0),
            std::chrono::duration_cast<std::chrono::milliseconds>(kWindow), std::chrono::milliseconds{0}} {}

core::Result<RateDecision> SharedRateLimiter::admit(std::string_view account_id) {
  if (rule_.limit == 0) return RateDecision{true, 0, 0, 0, 0};
  const auto now = clock_->now();
  auto booking = book_->book(store::rate_scope(account_id), now, rule_);
  if (!booking) return core::unexpected(booking.error());
  return decision_of(*booking, now);
}

core::Result<RateDecision> SharedRateLimiter::peek(std::string_view account_id) {
  if (rule_.limit == 0) return RateDecision{true, 0, 0, 0, 0};
  const auto now = clock_->now();
  auto booking = book_->look(store::rate_scope(account_id), now, rule_);
  if (!booking) return core::unexpected(booking.error());
  if (!booking->booked && booking->start <= now) {
    // Room now: what the window holds, without this request.
    const std::int64_t in_window = booking->in_window;
    if (in_window == 0) return RateDecision{true, rule_.limit, rule_.limit, 0, 0};
    return RateDecision{true, rule_.limit, rule_.limit - in_window,
                        whole_seconds_until(*booking->oldest + kWindow, now), 0};
  }
  return decision_of(*booking, now);
}

std::size_t RateLimiter::tracked_accounts() const {
  std::size_t total = 0;
  for (const Shard& shard : shards_) {
    const std::lock_guard lock(shard.mutex);
    total += shard.logs.size();
  }
  return total;
}

RateLimiter::Shard& RateLimiter::shard_of(std::string_view account_id) const {
  return shards_[std::hash<std::string_view>{}(account_id) % kShards];
}

void RateLimiter::sweep_idle(Shard& shard, TimePoint now) {
  if (now < shard.next_sweep) return;
  // Once a window: an account whose newest request has left the window has nothing to remember.
  std::erase_if(shard.logs,
                [&](const auto& entry) { return entry.second.empty() || entry.second.back() <= now - kWindow; });
  shard.next_sweep = now + kWindow;
}

}  // namespace pagemd::ratelimit
