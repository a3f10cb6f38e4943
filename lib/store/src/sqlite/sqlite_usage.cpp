#include "sqlite/sqlite_store.hpp"

#include "pagemd/store/period.hpp"

#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <utility>

namespace pagemd::store::detail {
namespace {

// ?1 account, ?2 period.
constexpr const char* kAccountQuota =
    "SELECT a.monthly_limit, a.plan, "
    "(SELECT COALESCE(sum(used), 0) FROM usage WHERE account_id = a.id AND period = ?2) "
    "FROM accounts a WHERE a.id = ?1";
// ?1 account, ?2 key.
constexpr const char* kKeyOfAccount = "SELECT revoked_at IS NULL FROM api_keys WHERE id = ?2 AND account_id = ?1";
// ?1 account, ?2 period, ?3 key, ?4 pages.
constexpr const char* kCountPages =
    "INSERT INTO usage (account_id, period, key_id, used) VALUES (?1, ?2, ?3, ?4) "
    "ON CONFLICT (account_id, period, key_id) DO UPDATE SET used = used + excluded.used";
constexpr const char* kUsage =
    "SELECT a.plan, a.monthly_limit, "
    "(SELECT COALESCE(sum(used), 0) FROM usage WHERE account_id = a.id AND period = ?2), "
    "COALESCE((SELECT used FROM usage WHERE account_id = a.id AND period = ?2 AND key_id = ?3), 0) "
    "FROM accounts a WHERE a.id = ?1";

constexpr const char* kCacheGet =
    "SELECT result, created_at, expires_at FROM cache WHERE cache_key = ?1 AND expires_at > ?2 AND created_at > ?3";
constexpr const char* kCachePut =
    "INSERT INTO cache (cache_key, result, created_at, expires_at) VALUES (?1, ?2, ?3, ?4) "
    "ON CONFLICT (cache_key) DO UPDATE SET result = excluded.result, created_at = excluded.created_at, "
    "expires_at = excluded.expires_at";
constexpr const char* kCachePurgeBatch =
    "DELETE FROM cache WHERE rowid IN (SELECT rowid FROM cache WHERE expires_at <= ?1 LIMIT ?2)";

// Rows deleted per purge transaction: small enough that a count_page() waiting behind it is held
// up for about a millisecond, not for the whole purge.
constexpr std::int64_t kPurgeBatchRows = 256;

// An account's quota as a batch of counts sees it: read once, then kept up to date in memory.
struct AccountQuota {
  std::int64_t limit = 0;
  std::int64_t used = 0;
  Plan plan{};
};

using AccountKey = std::pair<std::string_view, std::string_view>;

std::optional<AccountQuota> read_quota(Connection& connection, std::string_view account_id, std::int32_t period) {
  auto query = connection.query(kAccountQuota);
  bind_text(*query, 1, account_id);
  query->bind(2, period);
  if (!query->executeStep()) return std::nullopt;
  return AccountQuota{query->getColumn(0).getInt64(), query->getColumn(2).getInt64(), plan_column(query->getColumn(1))};
}

// Whether the page may be counted to this key: it must be one of the account's, and active.
core::Result<void> check_key(Connection& connection, std::string_view account_id, std::string_view key_id) {
  auto query = connection.query(kKeyOfAccount);
  bind_text(*query, 1, account_id);
  bind_text(*query, 2, key_id);
  if (!query->executeStep()) return core::unexpected(key_not_of_account(account_id, key_id));
  if (query->getColumn(0).getInt() == 0) return core::unexpected(key_revoked());
  return {};
}

}  // namespace

// The daemon batches its counts itself (api::PageCounter); a single count is a batch of one.
core::Result<QuotaDecision> SqliteStore::count_page(std::string_view account_id, std::string_view key_id) {
  const PageCount page{account_id, key_id};
  return std::move(count_pages({&page, 1}).front());
}

// One IMMEDIATE transaction for the batch: the write lock is taken before the first read, so no
// other connection or process can count between a check and its increment. Pages are decided in
// order against quotas kept in memory for the batch, so each check sees the counts before it, and
// each account and key is read and written once however many of its pages the batch holds. A
// caller's refusal or unknown key is its outcome alone; a database failure fails the whole batch,
// which is then rolled back.
std::vector<core::Result<QuotaDecision>> SqliteStore::count_pages(std::span<const PageCount> pages) {
  using Outcomes = std::vector<core::Result<QuotaDecision>>;
  const auto fail_all = [&](const core::Error& error) { return Outcomes(pages.size(), core::unexpected(error)); };
  try {
    auto counted = guarded("counting a page", [&]() -> core::Result<Outcomes> {
      const std::int32_t period = usage_period(clock_->now()).id;
      const std::lock_guard writer(pool_->write_mutex());
      auto connection = pool_->acquire();
      WriteTransaction transaction(*connection);
      std::map<std::string_view, std::optional<AccountQuota>> quotas;
      std::map<AccountKey, core::Result<void>> key_checks;
      std::map<AccountKey, std::int64_t> increments;
      Outcomes outcomes;
      outcomes.reserve(pages.size());
      for (const PageCount& page : pages) {
        auto quota = quotas.find(page.account_id);
        if (quota == quotas.end()) {
          quota = quotas.emplace(page.account_id, read_quota(*connection, page.account_id, period)).first;
        }
        if (!quota->second) {
          outcomes.emplace_back(core::unexpected(account_not_found(page.account_id)));
          continue;
        }
        const AccountKey account_key{page.account_id, page.key_id};
        auto checked = key_checks.find(account_key);
        if (checked == key_checks.end()) {
          checked = key_checks.emplace(account_key, check_key(*connection, page.account_id, page.key_id)).first;
        }
        if (!checked->second) {
          outcomes.emplace_back(core::unexpected(checked->second.error()));
          continue;
        }
        AccountQuota& state = *quota->second;
        if (state.used >= state.limit) {
          outcomes.emplace_back(QuotaDecision{false, state.used, state.limit, state.plan});
          continue;
        }
        ++state.used;
        ++increments[account_key];
        outcomes.emplace_back(QuotaDecision{true, state.used, state.limit, state.plan});
      }
      for (const auto& [account_key, added] : increments) {
        auto increment = connection->query(kCountPages);
        bind_text(*increment, 1, account_key.first);
        increment->bind(2, period);
        bind_text(*increment, 3, account_key.second);
        increment->bind(4, added);
        increment->exec();
      }
      transaction.commit();
      return outcomes;
    });
    if (!counted) return fail_all(counted.error());
    return std::move(*counted);
  } catch (const std::exception& e) {
    // Out of memory and the like: every caller of the batch must still get an answer.
    return fail_all({core::ErrorCode::internal, std::string("counting a page: ") + e.what()});
  }
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
    return UsageSummary{plan_column(query->getColumn(0)),
                        query->getColumn(1).getInt64(),
                        query->getColumn(2).getInt64(),
                        query->getColumn(3).getInt64(),
                        period.start,
                        period.end};
  });
}

core::Result<std::optional<CachedResult>> SqliteStore::cache_get(std::string_view cache_key,
                                                                 std::optional<std::chrono::seconds> max_age,
                                                                 TimePoint now) {
  const std::int64_t now_ms = to_millis(now);
  const std::int64_t created_after =
      max_age ? now_ms - std::chrono::duration_cast<std::chrono::milliseconds>(*max_age).count()
              : std::numeric_limits<std::int64_t>::min();
  if (auto kept = recent_results_.find(cache_key, now_ms, created_after)) {
    return std::optional<CachedResult>{CachedResult{*kept->result_json, from_millis(kept->created_at_ms)}};
  }
  return guarded("reading the cache", [&]() -> core::Result<std::optional<CachedResult>> {
    auto connection = pool_->acquire();
    auto query = connection->query(kCacheGet);
    bind_text(*query, 1, cache_key);
    query->bind(2, now_ms);
    query->bind(3, created_after);
    if (!query->executeStep()) return std::optional<CachedResult>{};
    RecentResults::Entry row{std::make_shared<const std::string>(query->getColumn(0).getString()),
                             query->getColumn(1).getInt64(), query->getColumn(2).getInt64()};
    CachedResult result{*row.result_json, from_millis(row.created_at_ms)};
    recent_results_.remember(cache_key, std::move(row));
    return std::optional<CachedResult>{std::move(result)};
  });
}

core::Result<void> SqliteStore::cache_put(std::string_view cache_key, std::string_view result_json, TimePoint now) {
  return guarded("writing the cache", [&]() -> core::Result<void> {
    const std::int64_t created_ms = to_millis(now);
    const std::int64_t expires_ms = to_millis(now + kCacheLifetime);
    {
      const std::lock_guard writer(pool_->write_mutex());
      auto connection = pool_->acquire();
      auto insert = connection->query(kCachePut);
      bind_text(*insert, 1, cache_key);
      bind_text(*insert, 2, result_json);
      insert->bind(3, created_ms);
      insert->bind(4, expires_ms);
      insert->exec();
    }
    recent_results_.remember(cache_key, {std::make_shared<const std::string>(result_json), created_ms, expires_ms});
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
