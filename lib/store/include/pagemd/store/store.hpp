#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pagemd/core/result.hpp"
#include "pagemd/store/records.hpp"

namespace pagemd::store {

// How long a cached extraction stays valid (the spec's one week).
inline constexpr std::chrono::hours kCacheLifetime{24 * 7};

// A rule for a sliding-window book: at most `limit` starts in any window of `window`; a start may
// be booked up to `max_delay` ahead of now (0: now or not at all).
struct SlotRule {
  std::int64_t limit = 0;
  std::chrono::milliseconds window{0};
  std::chrono::milliseconds max_delay{0};
};

// The earliest start the rule allows at or after now, whether it was booked, and what the window
// ending at it held besides it: how many starts, and the oldest of them.
struct SlotBooking {
  bool booked = false;
  TimePoint start;
  std::int64_t in_window = 0;
  std::optional<TimePoint> oldest;
};

// The account's book of the per-minute request limit: the prefix and the account id.
inline constexpr std::string_view kRateScopePrefix = "rate:";
[[nodiscard]] inline std::string rate_scope(std::string_view account_id) {
  return std::string(kRateScopePrefix) + std::string(account_id);
}

// Sliding-window books that every process sharing the store sees at once: the per-minute limit of
// each account and the upstream fetch limit, exact across nodes. A book is named by its scope.
class SlotBook {
 public:
  virtual ~SlotBook() = default;

  // Books the earliest start the rule allows, if it lies within rule.max_delay of `now`.
  [[nodiscard]] virtual core::Result<SlotBooking> book(std::string_view scope, TimePoint now, const SlotRule& rule) = 0;
  // What book() would answer, booking nothing.
  [[nodiscard]] virtual core::Result<SlotBooking> look(std::string_view scope, TimePoint now, const SlotRule& rule) = 0;

  // The key whose digest this is (as Store::find_key_by_digest) and, when it is active, a booking in
  // its account's rate_scope() under `rule`: an authenticated request and its admission in one step.
  struct KeyAdmission {
    KeyIdentity identity;
    SlotBooking booking;  // nothing is booked for a revoked key
  };
  [[nodiscard]] virtual core::Result<std::optional<KeyAdmission>> find_key_and_book(std::string_view sha256_hex,
                                                                                    TimePoint now,
                                                                                    const SlotRule& rule) = 0;
};

// The service's durable state: accounts, keys, monthly usage and the shared extraction cache.
//
// Every operation is thread-safe and may run while another process works on the same database
// (`pagemdd account ...` next to the daemon). Failures of the database itself (I/O errors, a lock
// held longer than the busy timeout, a corrupt file) come back as ErrorCode::internal with the
// database's message; such messages never contain a key, since keys never reach the database.
// Times that a method records (created_at, revoked_at, the month a page counts in) come from the
// Clock the store was opened with, except where a method takes `now`.
class Store {
 public:
  virtual ~Store() = default;

  // Creates an account; its monthly limit follows from the plan. Returns the new account's id.
  [[nodiscard]] virtual core::Result<std::string> create_account(Plan plan, std::optional<std::string> email) = 0;
  // The account with its active key count and this month's pages; empty when there is none.
  [[nodiscard]] virtual core::Result<std::optional<Account>> find_account(std::string_view account_id) = 0;
  // All accounts, newest first (ties: the later created first).
  [[nodiscard]] virtual core::Result<std::vector<Account>> list_accounts() = 0;
  // Changes the account's plan and limit and those of all its keys, in one transaction.
  // ErrorCode::not_found when there is no such account.
  [[nodiscard]] virtual core::Result<void> set_plan(std::string_view account_id, Plan plan) = 0;

  // Adds a key that copies the account's plan and limit, unless the account already has
  // `max_active_keys` active keys (ErrorCode::key_limit_reached; the check and the insert are one
  // transaction). ErrorCode::not_found when the account does not exist.
  [[nodiscard]] virtual core::Result<KeyInfo> insert_key(const NewKey& key, std::int64_t max_active_keys) = 0;
  // The key whose SHA-256 digest (lower-case hex) this is, revoked or not; empty when none.
  [[nodiscard]] virtual core::Result<std::optional<KeyIdentity>> find_key_by_digest(std::string_view sha256_hex) = 0;
  // Sets the key's last_used_at to `when`. An unknown key id is not an error (nothing changes).
  [[nodiscard]] virtual core::Result<void> mark_key_used(std::string_view key_id, TimePoint when) = 0;
  // The account's keys, active and revoked, newest first (ties: the later created first).
  [[nodiscard]] virtual core::Result<std::vector<KeyInfo>> list_keys(std::string_view account_id) = 0;
  // Revokes an active key of the account and returns it as revoked. ErrorCode::key_not_found when
  // the key is unknown, belongs to another account, or is already revoked.
  [[nodiscard]] virtual core::Result<KeyInfo> revoke_key(std::string_view account_id, std::string_view key_id) = 0;

  // Counts one page for the account and for the key in the current month, if the account is under
  // its monthly limit, in one transaction that is committed when this returns. When the account is
  // at its limit nothing is written and `admitted` is false. ErrorCode::not_found when the account
  // does not exist or the key is not one of its keys.
  [[nodiscard]] virtual core::Result<QuotaDecision> count_page(std::string_view account_id,
                                                               std::string_view key_id) = 0;
  // count_page() for several pages at once, in one write transaction: each page is checked and
  // counted in order, seeing the counts before it, and the outcomes come back in the same order. A
  // database failure fails every page of the batch and counts none.
  [[nodiscard]] virtual std::vector<core::Result<QuotaDecision>> count_pages(std::span<const PageCount> pages) = 0;
  // This month's usage of the account and of the key. ErrorCode::not_found for an unknown account.
  [[nodiscard]] virtual core::Result<UsageSummary> usage(std::string_view account_id, std::string_view key_id) = 0;

  // The cached result for the key, if stored, not expired at `now`, and, when `max_age` is given,
  // younger than it (age < max_age, as HTTP freshness: a max_age of 0 never hits).
  [[nodiscard]] virtual core::Result<std::optional<CachedResult>> cache_get(std::string_view cache_key,
                                                                            std::optional<std::chrono::seconds> max_age,
                                                                            TimePoint now) = 0;
  // Stores (or replaces) a result created at `now`, valid for kCacheLifetime.
  [[nodiscard]] virtual core::Result<void> cache_put(std::string_view cache_key, std::string_view result_json,
                                                     TimePoint now) = 0;
  // Claims the fetch of a page the cache lacks for `lease`, unless another process holds an
  // unexpired claim on the key: identical misses on different nodes then fetch once, the others
  // waiting for the cache. A store of one node always grants it (its process coalesces by itself).
  [[nodiscard]] virtual core::Result<bool> claim_fetch(std::string_view /*cache_key*/, TimePoint /*now*/,
                                                       std::chrono::milliseconds /*lease*/) {
    return true;
  }
  // Gives a claim up before its lease ends (the fetch is over, stored or failed).
  [[nodiscard]] virtual core::Result<void> release_fetch(std::string_view /*cache_key*/) { return {}; }

  // Whether the database answers now (readiness): store_unavailable when it cannot be reached.
  [[nodiscard]] virtual core::Result<void> ping() = 0;

  // The books shared with the other processes on this database, if it is one that several nodes
  // share; null for a store of one node, whose limits are kept in its memory.
  [[nodiscard]] virtual SlotBook* shared_book() { return nullptr; }

  // Deletes the rows expired at `now`, in small transactions so that writers are never held up for
  // long (readers are never blocked: WAL). Returns how many rows were deleted.
  [[nodiscard]] virtual core::Result<std::int64_t> purge_expired_cache(TimePoint now) = 0;
};

}  // namespace pagemd::store
