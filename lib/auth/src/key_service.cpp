#include "pagemd/auth/key_service.hpp"

#include "pagemd/auth/key_format.hpp"
#include "pagemd/core/ascii.hpp"
#include "pagemd/store/uuid.hpp"

namespace pagemd::auth {
namespace {

// Keys whose identity is kept between requests; a few hundred bytes each.
constexpr std::size_t kMaxRecentIdentities = 10'000;

// Messages name no part of the presented credential: it may be a real key sent to the wrong place.
core::Unexpected unauthorized() {
  return core::unexpected(core::ErrorCode::unauthorized, "a valid API key is required: Authorization: Bearer <key>");
}

}  // namespace

std::string_view bearer_token(std::string_view authorization) noexcept {
  constexpr std::string_view kScheme = "bearer";
  const std::string_view value = core::trim(authorization);
  if (value.size() <= kScheme.size() || !core::is_ascii_space(value[kScheme.size()])) return {};
  if (!core::starts_with_ignore_case(value, kScheme)) return {};
  return core::trim(value.substr(kScheme.size()));
}

KeyService::KeyService(store::Store& store, const core::Clock& clock, KeyServiceOptions options)
    : store_(&store), clock_(&clock), options_(options) {}

core::Result<AuthContext> KeyService::authenticate(std::string_view authorization, const store::SlotRule* admission,
                                                   IdentityAge age) const {
  const std::string_view key = bearer_token(authorization);
  if (!well_formed_key_mode(key)) return unauthorized();
  const std::string digest = sha256_hex(key);
  const auto now = clock_->now();
  std::optional<store::SlotBooking> booking;
  core::Result<std::optional<store::KeyIdentity>> found = std::optional<store::KeyIdentity>{};
  if (store::SlotBook* book = admission != nullptr ? store_->shared_book() : nullptr) {
    auto admitted = book->find_key_and_book(digest, now, *admission);
    if (!admitted) return core::unexpected(admitted.error());
    if (*admitted) {
      found = std::optional<store::KeyIdentity>{std::move((*admitted)->identity)};
      booking = (*admitted)->booking;
    }
  } else {
    found = identity_of(digest, now, age);
    if (!found) return core::unexpected(found.error());
  }
  if (!found->has_value()) return unauthorized();
  const store::KeyIdentity& identity = **found;
  if (identity.revoked_at) {
    return core::unexpected(core::ErrorCode::key_revoked, "this API key has been revoked");
  }
  if (!identity.last_used_at || now - *identity.last_used_at >= options_.last_used_resolution) {
    if (auto marked = store_->mark_key_used(identity.key_id, now); !marked) return core::unexpected(marked.error());
    remember_use(digest, now);
  }
  return AuthContext{identity.account_id, identity.key_id,        identity.mode,
                     identity.plan,       identity.monthly_limit, booking};
}

core::Result<std::optional<store::KeyIdentity>> KeyService::identity_of(const std::string& digest, store::TimePoint now,
                                                                        IdentityAge age) const {
  std::uint64_t revocations_before = 0;
  if (options_.identity_cache_lifetime.count() > 0) {
    const std::lock_guard lock(recent_mutex_);
    const auto recent = recent_.find(digest);
    if (age == IdentityAge::recent && recent != recent_.end() &&
        now - recent->second.read_at < options_.identity_cache_lifetime) {
      return std::optional<store::KeyIdentity>{recent->second.identity};
    }
    revocations_before = revocations_;
  }
  auto found = store_->find_key_by_digest(digest);
  if (!found || !found->has_value() || options_.identity_cache_lifetime.count() <= 0) return found;
  const std::lock_guard lock(recent_mutex_);
  // A revocation while we read may have made what we read stale: use it, but do not keep it.
  if (revocations_ != revocations_before) return found;
  // Bounded without bookkeeping: past the cap everything is read again, which only costs time.
  if (recent_.size() >= kMaxRecentIdentities) recent_.clear();
  recent_.insert_or_assign(digest, RecentIdentity{**found, now});
  return found;
}

void KeyService::remember_use(const std::string& digest, store::TimePoint when) const {
  const std::lock_guard lock(recent_mutex_);
  if (const auto recent = recent_.find(digest); recent != recent_.end()) recent->second.identity.last_used_at = when;
}

void KeyService::forget_key(std::string_view key_id) const {
  const std::lock_guard lock(recent_mutex_);
  ++revocations_;
  std::erase_if(recent_, [&](const auto& entry) { return entry.second.identity.key_id == key_id; });
}

core::Result<CreatedKey> KeyService::create_key(std::string_view account_id, store::KeyMode mode) const {
  std::string key = generate_key(mode);
  store::NewKey record{store::new_uuid_v4(), std::string(account_id), sha256_hex(key), key_prefix(key), mode};
  auto inserted = store_->insert_key(record, options_.max_active_keys);
  if (!inserted) return core::unexpected(inserted.error());
  return CreatedKey{std::move(key), std::move(inserted).value()};
}

core::Result<CreatedAccount> KeyService::create_account(store::Plan plan, std::optional<std::string> email,
                                                        store::KeyMode mode) const {
  auto account_id = store_->create_account(plan, std::move(email));
  if (!account_id) return core::unexpected(account_id.error());
  auto key = create_key(*account_id, mode);
  if (!key) return core::unexpected(key.error());
  return CreatedAccount{std::move(account_id).value(), std::move(key).value()};
}

core::Result<std::vector<store::KeyInfo>> KeyService::list_keys(std::string_view account_id) const {
  return store_->list_keys(account_id);
}

core::Result<store::KeyInfo> KeyService::revoke_key(std::string_view account_id, std::string_view key_id,
                                                    std::string_view current_key_id) const {
  if (!store::is_uuid(key_id)) {
    return core::unexpected(core::ErrorCode::invalid_request, "the key id must be a UUID");
  }
  // Ids are written in lower case; an upper-case spelling names the same key.
  const std::string canonical_id = core::ascii_lower_copy(key_id);
  if (canonical_id == current_key_id) {
    return core::unexpected(core::ErrorCode::cannot_revoke_current_key,
                            "the key that authenticates this request cannot revoke itself; use another key");
  }
  auto revoked = store_->revoke_key(account_id, canonical_id);
  if (revoked) forget_key(canonical_id);
  return revoked;
}

}  // namespace pagemd::auth
