#pragma once

#include <chrono>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pagemd/store/store.hpp"

namespace pagemd::testing {

// A Store that hands every call to a real one: a test derives from it and overrides the calls it
// watches or steers, the rest behaving as the real store does.
class ForwardingStore : public store::Store {
 public:
  explicit ForwardingStore(store::Store& real) : real_(real) {}

  core::Result<std::string> create_account(store::Plan plan, std::optional<std::string> email) override {
    return real_.create_account(plan, std::move(email));
  }
  core::Result<std::optional<store::Account>> find_account(std::string_view id) override {
    return real_.find_account(id);
  }
  core::Result<std::vector<store::Account>> list_accounts() override { return real_.list_accounts(); }
  core::Result<void> set_plan(std::string_view id, store::Plan plan) override { return real_.set_plan(id, plan); }
  core::Result<store::KeyInfo> insert_key(const store::NewKey& key, std::int64_t max_active) override {
    return real_.insert_key(key, max_active);
  }
  core::Result<std::optional<store::KeyIdentity>> find_key_by_digest(std::string_view digest) override {
    return real_.find_key_by_digest(digest);
  }
  core::Result<void> mark_key_used(std::string_view key_id, store::TimePoint when) override {
    return real_.mark_key_used(key_id, when);
  }
  core::Result<std::vector<store::KeyInfo>> list_keys(std::string_view account_id) override {
    return real_.list_keys(account_id);
  }
  core::Result<store::KeyInfo> revoke_key(std::string_view account_id, std::string_view key_id) override {
    return real_.revoke_key(account_id, key_id);
  }
  core::Result<store::QuotaDecision> count_page(std::string_view account_id, std::string_view key_id) override {
    return real_.count_page(account_id, key_id);
  }
  std::vector<core::Result<store::QuotaDecision>> count_pages(std::span<const store::PageCount> pages) override {
    return real_.count_pages(pages);
  }
  core::Result<store::UsageSummary> usage(std::string_view account_id, std::string_view key_id) override {
    return real_.usage(account_id, key_id);
  }
  core::Result<std::optional<store::CachedResult>> cache_get(std::string_view key,
                                                             std::optional<std::chrono::seconds> max_age,
                                                             store::TimePoint now) override {
    return real_.cache_get(key, max_age, now);
  }
  core::Result<void> cache_put(std::string_view key, std::string_view json, store::TimePoint now) override {
    return real_.cache_put(key, json, now);
  }
  core::Result<bool> claim_fetch(std::string_view key, store::TimePoint now, std::chrono::milliseconds lease) override {
    return real_.claim_fetch(key, now, lease);
  }
  core::Result<void> release_fetch(std::string_view key) override { return real_.release_fetch(key); }
  core::Result<void> ping() override { return real_.ping(); }
  store::SlotBook* shared_book() override { return real_.shared_book(); }
  core::Result<std::int64_t> purge_expired_cache(store::TimePoint now) override {
    return real_.purge_expired_cache(now);
  }

 protected:
  store::Store& real() { return real_; }

 private:
  store::Store& real_;
};

}  // namespace pagemd::testing
