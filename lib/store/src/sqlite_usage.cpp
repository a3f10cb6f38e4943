#include "sqlite_store.hpp"

#include "pagemd/store/period.hpp"

#include <limits>
#include <mutex>

namespace pagemd::store::detail {
namespace {

// ?1 account, ?2 period, ?3 key.
constexpr const char* kQuotaState =
    "SELECT a.monthly_limit, "
    "(SELECT COALESCE(sum(used), 0) FROM usage WHERE account_id = a.id AND period = ?2), "
    "EXISTS (SELECT 1 FROM api_keys WHERE id = ?3 AND account_id = a.id), a.plan "
    "FROM accounts a WHERE a.id = ?1";
constexpr const char* kCountPage =
    "INSERT INTO usage (account_id, period, key_id, used) VALUES (?1, ?2, ?3, 1) "
    "ON CONFLICT (account_id, period, key_id) DO UPDATE SET used = used + 1";
constexpr const char* kUsage =
    "SELECT a.plan, a.monthly_limit, "
    "(SELECT COALESCE(sum(used), 0) FROM usage WHERE account_id = a.id AND period = ?2), "
    "COALESCE((SELECT used FROM usage WHERE account_id = a.id AND period = ?2 AND key_id = ?3), 0) "
    "FROM accounts a WHERE a.id = ?1";

constexpr const char* kCacheGet =
    "SELECT result, created_at FROM cache WHERE cache_key = ?1 AND expires_at > ?2 AND created_at > ?3";
constexpr const char* kCachePut =
    "INSERT INTO cache (cache_key, result, created_at, expires_at) VALUES (?1, ?2, ?3, ?4) "
    "ON CONFLICT (cache_key) DO UPDATE SET result = excluded.result, created_at = excluded.created_at, "
    "expires_at = excluded.expires_at";
constexpr const char* kCachePurgeBatch =
    "DELETE FROM cache WHERE rowid IN (SELECT rowid FROM cache WHERE expires_at <= ?1 LIMIT ?2)";

// Rows deleted per purge transaction: small enough that a count_page() waiting behind it is held
// up for about a millisecond, not for the whole purge.
constexpr std::int64_t kPurgeBatchRows = 256;

}  // namespace

core::Result<QuotaDecision> SqliteStore::count_page(std::string_view account_id, std::string_view key_id) {
  return page_counts_.submit(PageCount{account_id, key_id},
                             [this](std::vector<PageCounts::Slot*>& batch) { count_pages(batch); });
}

// One IMMEDIATE transaction for the batch: the write lock is taken before the first read, so no
// other connection or process can count between a check and its increment, and each check sees the
// increments of the batch before it. A caller's refusal or unknown key is its outcome alone; a
// database failure fails the whole batch, which is then rolled back.
void SqliteStore::count_pages(std::vector<PageCounts::Slot*>& batch) noexcept {
  const auto fail_all = [&](const core::Error& error) {
    for (PageCounts::Slot* slot : batch) slot->outcome = core::unexpected(error);
  };
  try {
    auto counted = guarded("counting a page", [&]() -> core::Result<void> {
      const std::int32_t period = usage_period(clock_->now()).id;
      const std::lock_guard writer(pool_->write_mutex());
      auto connection = pool_->acquire();
      WriteTransaction transaction(*connection);
      std::vector<core::Result<QuotaDecision>> outcomes;
      outcomes.reserve(batch.size());
      for (const PageCounts::Slot* slot : batch) outcomes.push_back(count_one(*connection, *slot->work, period));
      transaction.commit();
      for (std::size_t i = 0; i < batch.size(); ++i) batch[i]->outcome = std::move(outcomes[i]);
      return {};
    });
    if (!counted) fail_all(counted.error());
  } catch (const std::exception& e) {
    // Out of memory and the like: the callers waiting on this batch must still get an answer.
    fail_all({core::ErrorCode::internal, std::string("counting a page: ") + e.what()});
  }
}

core::Result<QuotaDecision> SqliteStore::count_one(Connection& connection, const PageCount& count,
                                                   std::int32_t period) {
  std::int64_t limit = 0;
  std::int64_t used = 0;
  Plan plan{};
  {
    auto state = connection.query(kQuotaState);
    bind_text(*state, 1, count.account_id);
    state->bind(2, period);
    bind_text(*state, 3, count.key_id);
    if (!state->executeStep()) return core::unexpected(account_not_found(count.account_id));
    if (state->getColumn(2).getInt() == 0) {
      return core::unexpected(core::ErrorCode::not_found, "key " + std::string(count.key_id) +
                                                               " is not a key of account " +
                                                               std::string(count.account_id));
    }
    limit = state->getColumn(0).getInt64();
    used = state->getColumn(1).getInt64();
    plan = plan_column(state->getColumn(3));
  }
  if (used >= limit) return QuotaDecision{false, used, limit, plan};
  auto increment = connection.query(kCountPage);
  bind_text(*increment, 1, count.account_id);
  increment->bind(2, period);
  bind_text(*increment, 3, count.key_id);
  increment->exec();
  return QuotaDecision{true, used + 1, limit, plan};
}

core::Result<UsageSummary> SqliteStore::usage(std::string_view account_id, std::string_view key_id) {
  return guarded("reading usage", [&]() -> core::Result<UsageSummary> {
    const UsagePeriod period = usage_period(clock_->now());
    auto connection = pool_->acquire();
    auto query = connection->query(kUsage);
    bind_text(*query, 1, account_id);
    query->bind(2, period.id);
    bind_text(*query, 3, key_id);
    if (!query->executeStep()) return core::unexpected(account_not_found(account_id));
    return UsageSummary{plan_column(query->getColumn(0)), query->getColumn(1).getInt64(),
                        query->getColumn(2).getInt64(), query->getColumn(3).getInt64(), period.start, period.end};
  });
}

core::Result<std::optional<CachedResult>> SqliteStore::cache_get(std::string_view cache_key,
                                                                 std::optional<std::chrono::seconds> max_age,
                                                                 TimePoint now) {
  return guarded("reading the cache", [&]() -> core::Result<std::optional<CachedResult>> {
    const std::int64_t now_ms = to_millis(now);
    const std::int64_t created_after =
        max_age ? now_ms - std::chrono::duration_cast<std::chrono::milliseconds>(*max_age).count()
                : std::numeric_limits<std::int64_t>::min();
    auto connection = pool_->acquire();
    auto query = connection->query(kCacheGet);
    bind_text(*query, 1, cache_key);
    query->bind(2, now_ms);
    query->bind(3, created_after);
    if (!query->executeStep()) return std::optional<CachedResult>{};
    return std::optional<CachedResult>{
        CachedResult{query->getColumn(0).getString(), from_millis(query->getColumn(1).getInt64())}};
  });
}

core::Result<void> SqliteStore::cache_put(std::string_view cache_key, std::string_view result_json, TimePoint now) {
  return guarded("writing the cache", [&]() -> core::Result<void> {
    const std::lock_guard writer(pool_->write_mutex());
    auto connection = pool_->acquire();
    auto insert = connection->query(kCachePut);
    bind_text(*insert, 1, cache_key);
    bind_text(*insert, 2, result_json);
    insert->bind(3, to_millis(now));
    insert->bind(4, to_millis(now + kCacheLifetime));
    insert->exec();
    return {};
  });
}

core::Result<std::int64_t> SqliteStore::purge_expired_cache(TimePoint now) {
  return guarded("purging the cache", [&]() -> core::Result<std::int64_t> {
    std::int64_t purged = 0;
    for (;;) {
      // Each batch takes and gives back the writer's turn, so requests interleave with the purge.
      const std::lock_guard writer(pool_->write_mutex());
      auto connection = pool_->acquire();
      auto purge = connection->query(kCachePurgeBatch);
      purge->bind(1, to_millis(now));
      purge->bind(2, kPurgeBatchRows);
      const int deleted = purge->exec();
      purged += deleted;
      if (deleted < kPurgeBatchRows) return purged;
    }
  });
}

}  // namespace pagemd::store::detail
