#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "pagemd/core/clock.hpp"
#include "pagemd/core/result.hpp"
#include "pagemd/store/records.hpp"
#include "pagemd/store/store.hpp"

namespace pagemd::auth {

// Who a request is: the result of authenticating its Authorization header.
struct AuthContext {
  std::string account_id;
  std::string key_id;
  store::KeyMode mode;
  store::Plan plan;
  std::int64_t monthly_limit;
  // The request's booking in its account's per-minute window, when authenticate() was asked to admit
  // it and the store shares its books (see ratelimit::RequestLimiter::shared_rule).
  std::optional<store::SlotBooking> admission;
};

// How old the identity may be that authenticate() goes by.
enum class IdentityAge {
  // As read from the store now: what every request takes whose key is not checked again later.
  current,
  // Up to KeyServiceOptions::identity_cache_lifetime old, for a request whose page count checks the
  // key again (Store::count_pages refuses a revoked key's page, so none is served to it).
  recent,
};

// A key just made: the plaintext, to be shown once and then forgotten, and the stored record.
struct CreatedKey {
  std::string key;
  store::KeyInfo info;
};

// An account just made with its first key (`pagemdd account create`).
struct CreatedAccount {
  std::string account_id;
  CreatedKey first_key;
};

struct KeyServiceOptions {
  // Active keys an account may hold (DESIGN.md: 20 by default).
  std::int64_t max_active_keys = 20;
  // last_used_at is rewritten only when older than this, so that a busy key costs one write a
  // minute instead of one per request; the value shown is accurate to within this resolution.
  std::chrono::seconds last_used_resolution{60};
  // A key's account, plan and state, once read, serve the requests that allow a recent identity
  // (IdentityAge::recent) for this long without another database read. Revocations through this
  // service take effect at once; those made by another process or node are caught by the page
  // count, which refuses a revoked key. Monthly limits are not affected: the quota check reads them
  // with the count. 0 reads the store every time.
  std::chrono::milliseconds identity_cache_lifetime{1000};
};

// API keys on top of a Store: making them, authenticating with them, listing and revoking them.
// The plaintext of a key is never stored, logged, or put in an error message. Thread-safe as the
// Store is. Errors of the store itself pass through as ErrorCode::internal.
class KeyService {
 public:
  // The store and the clock must outlive the service.
  KeyService(store::Store& store, const core::Clock& clock, KeyServiceOptions options = {});

  // The context of a valid `Authorization` header value (`Bearer <key>`, the scheme in any case).
  // ErrorCode::unauthorized when the value is empty, not Bearer, not shaped like a key, or names no
  // key; ErrorCode::key_revoked when the key has been revoked. Records the key's use.
  //
  // With an `admission` rule, on a store that shares its books (Store::shared_book), the key is
  // looked up and the request booked in its account's per-minute window in one step; the booking
  // comes back in the context. Elsewhere the rule is ignored.
  [[nodiscard]] core::Result<AuthContext> authenticate(std::string_view authorization,
                                                       const store::SlotRule* admission = nullptr,
                                                       IdentityAge age = IdentityAge::current) const;

  // A new key of the mode for the account, copying its plan and limit.
  // ErrorCode::key_limit_reached at max_active_keys active keys; ErrorCode::not_found for an unknown account.
  [[nodiscard]] core::Result<CreatedKey> create_key(std::string_view account_id, store::KeyMode mode) const;

  // A new account with its first key. Errors as Store::create_account and create_key.
  [[nodiscard]] core::Result<CreatedAccount> create_account(store::Plan plan, std::optional<std::string> email,
                                                            store::KeyMode mode) const;

  // The account's keys, active and revoked, newest first. Errors as Store::list_keys.
  [[nodiscard]] core::Result<std::vector<store::KeyInfo>> list_keys(std::string_view account_id) const;

  // Revokes `key_id` of the account on behalf of a request authenticated with `current_key_id`.
  // ErrorCode::invalid_request when key_id is not a UUID; ErrorCode::cannot_revoke_current_key when
  // it is the current key; ErrorCode::key_not_found when it is unknown, another account's, or
  // already revoked.
  [[nodiscard]] core::Result<store::KeyInfo> revoke_key(std::string_view account_id, std::string_view key_id,
                                                        std::string_view current_key_id) const;

 private:
  struct RecentIdentity {
    store::KeyIdentity identity;
    store::TimePoint read_at;
  };

  // The identity of the key with this SHA-256 digest, from the recent ones or the store; nullopt
  // when no key has it.
  [[nodiscard]] core::Result<std::optional<store::KeyIdentity>> identity_of(const std::string& digest,
                                                                            store::TimePoint now,
                                                                            IdentityAge age) const;
  void remember_use(const std::string& digest, store::TimePoint when) const;
  void forget_key(std::string_view key_id) const;

  store::Store* store_;
  const core::Clock* clock_;
  KeyServiceOptions options_;
  mutable std::mutex recent_mutex_;
  mutable std::unordered_map<std::string, RecentIdentity> recent_;  // by digest; never unknown keys
  mutable std::uint64_t revocations_ = 0;
};

// The token of an `Authorization` header value: what follows `Bearer` (any case) and spaces, with
// surrounding spaces and tabs dropped; empty when the value is not a Bearer credential.
[[nodiscard]] std::string_view bearer_token(std::string_view authorization) noexcept;

}  // namespace pagemd::auth
