#pragma once

#include <SQLiteCpp/Exception.h>

#include <memory>
#include <string>
#include <string_view>

#include "sqlite/checkpointer.hpp"
#include "sqlite/connection.hpp"
#include "recent_results.hpp"
#include "store_errors.hpp"
#include "pagemd/core/clock.hpp"
#include "pagemd/store/store.hpp"

namespace pagemd::store::detail {

// The Store on SQLite. Methods are split over sqlite_store.cpp (accounts, keys) and
// sqlite_usage.cpp (usage, cache).
class SqliteStore final : public Store {
 public:
  // `checkpointer` may be null (SQLite then checkpoints in the commits).
  SqliteStore(std::unique_ptr<Checkpointer> checkpointer, std::unique_ptr<ConnectionPool> pool,
              const core::Clock& clock, std::size_t recent_results_bytes)
      : checkpointer_(std::move(checkpointer)),
        pool_(std::move(pool)),
        clock_(&clock),
        recent_results_(recent_results_bytes) {}

  core::Result<std::string> create_account(Plan plan, std::optional<std::string> email) override;
  core::Result<std::optional<Account>> find_account(std::string_view account_id) override;
  core::Result<std::vector<Account>> list_accounts() override;
  core::Result<void> set_plan(std::string_view account_id, Plan plan) override;

  core::Result<KeyInfo> insert_key(const NewKey& key, std::int64_t max_active_keys) override;
  core::Result<std::optional<KeyIdentity>> find_key_by_digest(std::string_view sha256_hex) override;
  core::Result<void> mark_key_used(std::string_view key_id, TimePoint when) override;
  core::Result<std::vector<KeyInfo>> list_keys(std::string_view account_id) override;
  core::Result<KeyInfo> revoke_key(std::string_view account_id, std::string_view key_id) override;

  core::Result<QuotaDecision> count_page(std::string_view account_id, std::string_view key_id) override;
  std::vector<core::Result<QuotaDecision>> count_pages(std::span<const PageCount> pages) override;
  core::Result<UsageSummary> usage(std::string_view account_id, std::string_view key_id) override;

  core::Result<std::optional<CachedResult>> cache_get(std::string_view cache_key,
                                                      std::optional<std::chrono::seconds> max_age,
                                                      TimePoint now) override;
  core::Result<void> cache_put(std::string_view cache_key, std::string_view result_json, TimePoint now) override;
  core::Result<std::int64_t> purge_expired_cache(TimePoint now) override;
  // A file on a local disk is there while the process is.
  core::Result<void> ping() override { return {}; }

 private:
  std::unique_ptr<Checkpointer> checkpointer_;  // before the pool: it outlives the connections it watches
  std::unique_ptr<ConnectionPool> pool_;
  const core::Clock* clock_;
  RecentResults recent_results_;
};

// Runs a database operation and turns a SQLite::Exception (broken infrastructure: I/O error, busy
// timeout, corrupt file) into ErrorCode::internal, so that no SQLiteCpp type leaves lib/store.
template <typename Body>
auto guarded(std::string_view what, Body&& body) -> decltype(body()) {
  try {
    return body();
  } catch (const SQLite::Exception& error) {
    return core::unexpected(core::ErrorCode::internal, std::string(what) + ": " + error.what());
  }
}

// SQLiteCpp binds std::string, not std::string_view.
inline void bind_text(SQLite::Statement& statement, int index, std::string_view text) {
  statement.bind(index, std::string(text));
}

[[nodiscard]] Plan plan_column(const SQLite::Column& column);

}  // namespace pagemd::store::detail
