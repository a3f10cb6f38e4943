#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pagemd/store/plan.hpp"

namespace pagemd::store {

using TimePoint = std::chrono::system_clock::time_point;

// An account as `pagemdd account list` shows it.
struct Account {
  std::string id;  // UUID v4
  Plan plan;
  std::int64_t monthly_limit;
  std::optional<std::string> email;
  TimePoint created_at;
  std::int64_t active_keys;  // keys not revoked
  std::int64_t used;         // pages this month, across the account's keys
};

// What the store needs to add a key. The plaintext key is not part of it: only its digest is stored.
struct NewKey {
  std::string id;  // UUID v4
  std::string account_id;
  std::string sha256_hex;  // lower-case hex SHA-256 of the full key
  std::string prefix;      // the key's first 12 characters
  KeyMode mode;
};

// A key as the key list shows it; plan and monthly_limit are copies of the account's.
struct KeyInfo {
  std::string id;
  std::string account_id;
  std::string prefix;
  KeyMode mode;
  Plan plan;
  std::int64_t monthly_limit;
  TimePoint created_at;
  std::optional<TimePoint> revoked_at;    // empty while the key is active
  std::optional<TimePoint> last_used_at;  // empty until first use; see auth::KeyServiceOptions
  std::int64_t used;                      // pages this month through this key
};

// A key found by its digest, with what authentication needs to decide and to fill a request's context.
struct KeyIdentity {
  std::string key_id;
  std::string account_id;
  KeyMode mode;
  Plan plan;
  std::int64_t monthly_limit;
  std::optional<TimePoint> revoked_at;
  std::optional<TimePoint> last_used_at;
};

// The outcome of "count one page if the account is under its monthly limit".
// One page to count: the account it is charged to and the key that asked for it.
struct PageCount {
  std::string_view account_id;
  std::string_view key_id;
};

struct QuotaDecision {
  bool admitted;       // true: the page was counted and committed
  std::int64_t used;   // the account's pages this month, after this page when admitted
  std::int64_t limit;  // the account's monthly limit
  Plan plan;           // the account's plan, read with the limit
};

// The usage record of GET /extract/usage, with DESIGN.md's additions.
struct UsageSummary {
  Plan plan;
  std::int64_t monthly_limit;
  std::int64_t used;      // the account's pages this month
  std::int64_t key_used;  // this key's pages this month
  TimePoint period_start;
  TimePoint resets_at;  // the start of the next month (UTC)
};

// A cache hit.
struct CachedResult {
  std::string result_json;
  TimePoint created_at;
};

}  // namespace pagemd::store
