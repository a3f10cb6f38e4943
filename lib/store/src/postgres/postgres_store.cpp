// The Store on PostgreSQL: the state several pagemdd nodes share. Statements mirror the SQLite
// store's (src/sqlite/); what differs is how writers are kept apart: a page is counted under a row
// lock on its account (SELECT ... FOR UPDATE), taken in account order so that two nodes counting
// for the same accounts never wait on each other in a circle.

#include "pagemd/store/postgres_store.hpp"

#include <algorithm>
#include <optional>
#include <limits>
#include <span>

#include <libpq-fe.h>

#include "millis.hpp"
#include "pagemd/store/period.hpp"
#include "pagemd/store/uuid.hpp"
#include "postgres/pg_connection.hpp"
#include "postgres/pg_schema.hpp"
#include "recent_results.hpp"
#include "store_errors.hpp"

namespace pagemd::store {
namespace detail::pg {
namespace {

// The account columns read_account() expects; $1 is the current usage period.
#define PAGEMD_SELECT_ACCOUNT                                                                   \
  "SELECT a.id, a.plan, a.monthly_limit, a.email, a.created_at, "                               \
  "(SELECT count(*) FROM api_keys k WHERE k.account_id = a.id AND k.revoked_at IS NULL), "      \
  "(SELECT COALESCE(sum(u.used), 0) FROM usage u WHERE u.account_id = a.id AND u.period = $1) " \
  "FROM accounts a "

// The key columns read_key() expects; $1 is the current usage period.
#define PAGEMD_SELECT_KEY                                                                              \
  "SELECT k.id, k.account_id, k.prefix, k.mode, k.plan, k.monthly_limit, k.created_at, k.revoked_at, " \
  "k.last_used_at, COALESCE(u.used, 0) FROM api_keys k "                                               \
  "LEFT JOIN usage u ON u.account_id = k.account_id AND u.period = $1 AND u.key_id = k.id "

constexpr const char* kInsertAccount =
    "INSERT INTO accounts (id, plan, monthly_limit, email, created_at) VALUES ($1, $2, $3, $4, $5)";
constexpr const char* kFindAccount = PAGEMD_SELECT_ACCOUNT "WHERE a.id = $2";
constexpr const char* kListAccounts = PAGEMD_SELECT_ACCOUNT "ORDER BY a.created_at DESC, a.seq DESC";
constexpr const char* kSetAccountPlan = "UPDATE accounts SET plan = $2, monthly_limit = $3 WHERE id = $1";
constexpr const char* kSetKeysPlan = "UPDATE api_keys SET plan = $2, monthly_limit = $3 WHERE account_id = $1";

constexpr const char* kLockAccount = "SELECT plan, monthly_limit FROM accounts WHERE id = $1 FOR UPDATE";
constexpr const char* kActiveKeys = "SELECT count(*) FROM api_keys WHERE account_id = $1 AND revoked_at IS NULL";
constexpr const char* kInsertKey =
    "INSERT INTO api_keys (id, account_id, sha256, prefix, mode, plan, monthly_limit, created_at) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
constexpr const char* kFindKeyByDigest =
    "SELECT id, account_id, mode, plan, monthly_limit, revoked_at, last_used_at FROM api_keys WHERE sha256 = $1";
constexpr const char* kMarkKeyUsed = "UPDATE api_keys SET last_used_at = $2 WHERE id = $1";
constexpr const char* kFindKey = PAGEMD_SELECT_KEY "WHERE k.id = $2";
constexpr const char* kListKeys = PAGEMD_SELECT_KEY "WHERE k.account_id = $2 ORDER BY k.created_at DESC, k.seq DESC";
constexpr const char* kRevokeKey =
    "UPDATE api_keys SET revoked_at = $3 WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL";

// Arrays travel as text literals ($1, $2): {"a","b"}.
constexpr const char* kCountPages = "SELECT * FROM pagemd_count_pages($1::TEXT[], $2::TEXT[], $3)";
constexpr const char* kBookSlot = "SELECT * FROM pagemd_book_slot($1, $2, $3, $4, $5, $6)";
constexpr const char* kFindKeyAndBook =
    "SELECT k.id, k.account_id, k.mode, k.plan, k.monthly_limit, k.revoked_at, k.last_used_at, "
    "b.booked, b.start_ms, b.in_window, b.oldest_ms FROM api_keys k "
    "CROSS JOIN LATERAL pagemd_book_slot($6::TEXT || k.account_id, $2, $3, $4, $5, k.revoked_at IS NULL) b "
    "WHERE k.sha256 = $1";
constexpr const char* kUsage =
    "SELECT a.plan, a.monthly_limit, "
    "(SELECT COALESCE(sum(used), 0) FROM usage WHERE account_id = a.id AND period = $2), "
    "COALESCE((SELECT used FROM usage WHERE account_id = a.id AND period = $2 AND key_id = $3), 0) "
    "FROM accounts a WHERE a.id = $1";

// Cache keys travel as hex ($1), since a text parameter ends at a NUL byte.
constexpr const char* kCacheGet =
    "SELECT result, created_at, expires_at FROM cache "
    "WHERE cache_key = decode($1, 'hex') AND expires_at > $2 AND created_at > $3";
constexpr const char* kCachePut =
    "INSERT INTO cache (cache_key, result, created_at, expires_at) VALUES (decode($1, 'hex'), $2, $3, $4) "
    "ON CONFLICT (cache_key) DO UPDATE SET result = excluded.result, created_at = excluded.created_at, "
    "expires_at = excluded.expires_at";
constexpr const char* kClaimFetch =
    "INSERT INTO fetch_claims (cache_key, expires_at) VALUES (decode($1, 'hex'), $3) "
    "ON CONFLICT (cache_key) DO UPDATE SET expires_at = excluded.expires_at WHERE fetch_claims.expires_at <= $2 "
    "RETURNING 1";
constexpr const char* kReleaseFetch = "DELETE FROM fetch_claims WHERE cache_key = decode($1, 'hex')";
constexpr const char* kPurgeClaims = "DELETE FROM fetch_claims WHERE expires_at <= $1";
constexpr const char* kCachePurgeBatch =
    "DELETE FROM cache WHERE ctid IN (SELECT ctid FROM cache WHERE expires_at <= $1 LIMIT $2)";
constexpr std::int64_t kPurgeBatchRows = 256;

#undef PAGEMD_SELECT_ACCOUNT
#undef PAGEMD_SELECT_KEY

Param text(std::string_view value) { return std::string(value); }

Param hex(std::string_view bytes) { return hex_bytes(bytes); }
Param number(std::int64_t value) { return std::to_string(value); }

Plan plan_of(const Rows& rows, int row, int column) {
  const auto plan = parse_plan(rows.text(row, column));
  if (!plan) throw PgError("the database holds an unknown plan", false);
  return *plan;
}

KeyMode mode_of(const Rows& rows, int row, int column) {
  const auto mode = parse_key_mode(rows.text(row, column));
  if (!mode) throw PgError("the database holds an unknown key mode", false);
  return *mode;
}

std::optional<TimePoint> optional_time(const Rows& rows, int row, int column) {
  if (rows.is_null(row, column)) return std::nullopt;
  return from_millis(rows.integer(row, column));
}

Account read_account(const Rows& rows, int row) {
  Account account{rows.text(row, 0),
                  plan_of(rows, row, 1),
                  rows.integer(row, 2),
                  std::nullopt,
                  from_millis(rows.integer(row, 4)),
                  rows.integer(row, 5),
                  rows.integer(row, 6)};
  if (!rows.is_null(row, 3)) account.email = rows.text(row, 3);
  return account;
}

std::vector<KeyInfo> read_keys(const Rows& rows) {
  std::vector<KeyInfo> keys;
  keys.reserve(static_cast<std::size_t>(rows.size()));
  for (int row = 0; row < rows.size(); ++row) {
    keys.push_back(KeyInfo{rows.text(row, 0), rows.text(row, 1), rows.text(row, 2), mode_of(rows, row, 3),
                           plan_of(rows, row, 4), rows.integer(row, 5), from_millis(rows.integer(row, 6)),
                           optional_time(rows, row, 7), optional_time(rows, row, 8), rows.integer(row, 9)});
  }
  return keys;
}

// A PostgreSQL array literal of text elements, each quoted.
Param text_array(std::span<const PageCount> pages, std::string_view PageCount::*field) {
  std::string literal = "{";
  for (const PageCount& page : pages) {
    if (literal.size() > 1) literal += ',';
    literal += '"';
    for (const char c : page.*field) {
      if (c == '"' || c == '\\') literal += '\\';
      literal += c;
    }
    literal += '"';
  }
  literal += '}';
  return literal;
}

KeyIdentity read_identity(const Rows& rows, int row) {
  return KeyIdentity{rows.text(row, 0),          rows.text(row, 1),    mode_of(rows, row, 2),
                     plan_of(rows, row, 3),      rows.integer(row, 4), optional_time(rows, row, 5),
                     optional_time(rows, row, 6)};
}

// The booking columns of pagemd_book_slot() from `column` on.
SlotBooking read_booking(const Rows& rows, int row, int column) {
  return SlotBooking{rows.text(row, column) == "t", from_millis(rows.integer(row, column + 1)),
                     rows.integer(row, column + 2), optional_time(rows, row, column + 3)};
}

// `first`, then the time and the rule as pagemd_book_slot() takes them ($2 to $5).
std::vector<Param> slot_params(std::string_view first, TimePoint now, const SlotRule& rule) {
  return {text(first), number(to_millis(now)), number(std::max<std::int64_t>(rule.limit, 1)),
          number(rule.window.count()), number(rule.max_delay.count())};
}

class PostgresStore final : public Store, public SlotBook {
 public:
  PostgresStore(std::unique_ptr<Pool> pool, const core::Clock& clock, std::size_t recent_results_bytes)
      : pool_(std::move(pool)), clock_(&clock), recent_results_(recent_results_bytes) {}

  core::Result<std::string> create_account(Plan plan, std::optional<std::string> email) override {
    return guarded("creating an account", [&]() -> core::Result<std::string> {
      std::string id = new_uuid_v4();
      auto connection = pool_->acquire();
      connection->exec(kInsertAccount, {id, text(to_string(plan)), number(monthly_limit(plan)), email,
                                        number(to_millis(clock_->now()))});
      return id;
    });
  }

  core::Result<std::optional<Account>> find_account(std::string_view account_id) override {
    return guarded("reading an account", [&]() -> core::Result<std::optional<Account>> {
      auto connection = pool_->acquire();
      const Rows rows = connection->exec(kFindAccount, {number(usage_period(clock_->now()).id), text(account_id)});
      if (rows.empty()) return std::optional<Account>{};
      return std::optional<Account>{read_account(rows, 0)};
    });
  }

  core::Result<std::vector<Account>> list_accounts() override {
    return guarded("listing accounts", [&]() -> core::Result<std::vector<Account>> {
      auto connection = pool_->acquire();
      const Rows rows = connection->exec(kListAccounts, {number(usage_period(clock_->now()).id)});
      std::vector<Account> accounts;
      accounts.reserve(static_cast<std::size_t>(rows.size()));
      for (int row = 0; row < rows.size(); ++row) accounts.push_back(read_account(rows, row));
      return accounts;
    });
  }

  core::Result<void> set_plan(std::string_view account_id, Plan plan) override {
    return guarded("changing a plan", [&]() -> core::Result<void> {
      auto connection = pool_->acquire();
      Transaction transaction(*connection);
      const std::vector<Param> params{text(account_id), text(to_string(plan)), number(monthly_limit(plan))};
      if (connection->exec(kSetAccountPlan, params).affected() == 0) {
        return core::unexpected(account_not_found(account_id));
      }
      connection->exec(kSetKeysPlan, params);
      transaction.commit();
      return {};
    });
  }

  core::Result<KeyInfo> insert_key(const NewKey& key, std::int64_t max_active_keys) override {
    return guarded("creating a key", [&]() -> core::Result<KeyInfo> {
      auto connection = pool_->acquire();
      Transaction transaction(*connection);
      // The account's row lock makes the count and the insert one step across nodes.
      const Rows account = connection->exec(kLockAccount, {key.account_id});
      if (account.empty()) return core::unexpected(account_not_found(key.account_id));
      if (connection->exec(kActiveKeys, {key.account_id}).integer(0, 0) >= max_active_keys) {
        return core::unexpected(core::ErrorCode::key_limit_reached,
                                "the account already has " + std::to_string(max_active_keys) +
                                    " active keys; revoke one before creating another");
      }
      const Plan plan = plan_of(account, 0, 0);
      const std::int64_t limit = account.integer(0, 1);
      const TimePoint created_at = from_millis(to_millis(clock_->now()));
      connection->exec(kInsertKey, {key.id, key.account_id, key.sha256_hex, key.prefix, text(to_string(key.mode)),
                                    text(to_string(plan)), number(limit), number(to_millis(created_at))});
      transaction.commit();
      return KeyInfo{key.id, key.account_id, key.prefix,   key.mode,     plan,
                     limit,  created_at,     std::nullopt, std::nullopt, 0};
    });
  }

  core::Result<std::optional<KeyIdentity>> find_key_by_digest(std::string_view sha256_hex) override {
    return guarded("looking up a key", [&]() -> core::Result<std::optional<KeyIdentity>> {
      auto connection = pool_->acquire();
      const Rows rows = connection->exec(kFindKeyByDigest, {text(sha256_hex)});
      if (rows.empty()) return std::optional<KeyIdentity>{};
      return std::optional<KeyIdentity>{read_identity(rows, 0)};
    });
  }

  core::Result<void> mark_key_used(std::string_view key_id, TimePoint when) override {
    return guarded("recording a key's use", [&]() -> core::Result<void> {
      auto connection = pool_->acquire();
      connection->exec(kMarkKeyUsed, {text(key_id), number(to_millis(when))});
      return {};
    });
  }

  core::Result<std::vector<KeyInfo>> list_keys(std::string_view account_id) override {
    return guarded("listing keys", [&]() -> core::Result<std::vector<KeyInfo>> {
      auto connection = pool_->acquire();
      return read_keys(connection->exec(kListKeys, {number(usage_period(clock_->now()).id), text(account_id)}));
    });
  }

  core::Result<KeyInfo> revoke_key(std::string_view account_id, std::string_view key_id) override {
    return guarded("revoking a key", [&]() -> core::Result<KeyInfo> {
      const TimePoint now = clock_->now();
      auto connection = pool_->acquire();
      Transaction transaction(*connection);
      if (connection->exec(kRevokeKey, {text(key_id), text(account_id), number(to_millis(now))}).affected() == 0) {
        return core::unexpected(core::ErrorCode::key_not_found,
                                "no active key " + std::string(key_id) + " on this account");
      }
      auto keys = read_keys(connection->exec(kFindKey, {number(usage_period(now).id), text(key_id)}));
      transaction.commit();
      if (keys.size() != 1) throw PgError("a revoked key vanished within its transaction", false);
      return std::move(keys.front());
    });
  }

  core::Result<QuotaDecision> count_page(std::string_view account_id, std::string_view key_id) override {
    const PageCount page{account_id, key_id};
    return std::move(count_pages({&page, 1}).front());
  }

  // One statement, and so one round trip, for the batch: pagemd_count_pages() (pg_schema.cpp) locks
  // each account's row before reading its usage, so no node counts for it in between.
  std::vector<core::Result<QuotaDecision>> count_pages(std::span<const PageCount> pages) override {
    using Outcomes = std::vector<core::Result<QuotaDecision>>;
    auto counted = guarded("counting a page", [&]() -> core::Result<Outcomes> {
      const std::int32_t period = usage_period(clock_->now()).id;
      auto connection = pool_->acquire();
      const Rows rows = connection->exec(kCountPages, {text_array(pages, &PageCount::account_id),
                                                       text_array(pages, &PageCount::key_id), number(period)});
      if (rows.size() != static_cast<int>(pages.size()))
        throw PgError("counting returned a wrong number of rows", false);
      Outcomes outcomes;
      outcomes.reserve(pages.size());
      for (int row = 0; row < rows.size(); ++row) {
        const PageCount& page = pages[static_cast<std::size_t>(row)];
        const std::string outcome = rows.text(row, 0);
        if (outcome == "no_account") {
          outcomes.emplace_back(core::unexpected(account_not_found(page.account_id)));
        } else if (outcome == "no_key") {
          outcomes.emplace_back(core::unexpected(key_not_of_account(page.account_id, page.key_id)));
        } else if (outcome == "revoked") {
          outcomes.emplace_back(core::unexpected(key_revoked()));
        } else {
          outcomes.emplace_back(
              QuotaDecision{outcome == "counted", rows.integer(row, 1), rows.integer(row, 2), plan_of(rows, row, 3)});
        }
      }
      return outcomes;
    });
    if (!counted) return Outcomes(pages.size(), core::unexpected(counted.error()));
    return std::move(*counted);
  }

  core::Result<UsageSummary> usage(std::string_view account_id, std::string_view key_id) override {
    return guarded("reading usage", [&]() -> core::Result<UsageSummary> {
      const UsagePeriod period = usage_period(clock_->now());
      auto connection = pool_->acquire();
      const Rows rows = connection->exec(kUsage, {text(account_id), number(period.id), text(key_id)});
      if (rows.empty()) return core::unexpected(account_not_found(account_id));
      return UsageSummary{plan_of(rows, 0, 0), rows.integer(0, 1), rows.integer(0, 2),
                          rows.integer(0, 3),  period.start,       period.end};
    });
  }

  core::Result<std::optional<CachedResult>> cache_get(std::string_view cache_key,
                                                      std::optional<std::chrono::seconds> max_age,
                                                      TimePoint now) override {
    const std::int64_t now_ms = to_millis(now);
    const std::int64_t created_after =
        max_age ? now_ms - std::chrono::duration_cast<std::chrono::milliseconds>(*max_age).count()
                : std::numeric_limits<std::int64_t>::min();
    // A copy this node read or wrote answers within its own times; another node may have stored a
    // newer result since, which the table gives to a request the copy cannot answer (max_age).
    if (auto kept = recent_results_.find(cache_key, now_ms, created_after)) {
      return std::optional<CachedResult>{CachedResult{*kept->result_json, from_millis(kept->created_at_ms)}};
    }
    return guarded("reading the cache", [&]() -> core::Result<std::optional<CachedResult>> {
      auto connection = pool_->acquire();
      const Rows rows = connection->exec(kCacheGet, {hex(cache_key), number(now_ms), number(created_after)});
      if (rows.empty()) return std::optional<CachedResult>{};
      const std::int64_t created_ms = rows.integer(0, 1);
      CachedResult found{rows.text(0, 0), from_millis(created_ms)};
      recent_results_.remember(
          cache_key, {std::make_shared<const std::string>(found.result_json), created_ms, rows.integer(0, 2)});
      return std::optional<CachedResult>{std::move(found)};
    });
  }

  core::Result<void> cache_put(std::string_view cache_key, std::string_view result_json, TimePoint now) override {
    return guarded("writing the cache", [&]() -> core::Result<void> {
      auto connection = pool_->acquire();
      const std::int64_t created_ms = to_millis(now);
      const std::int64_t expires_ms = to_millis(now + kCacheLifetime);
      connection->exec(kCachePut, {hex(cache_key), text(result_json), number(created_ms), number(expires_ms)});
      recent_results_.remember(cache_key, {std::make_shared<const std::string>(result_json), created_ms, expires_ms});
      return {};
    });
  }

  core::Result<bool> claim_fetch(std::string_view cache_key, TimePoint now, std::chrono::milliseconds lease) override {
    return guarded("claiming a fetch", [&]() -> core::Result<bool> {
      auto connection = pool_->acquire();
      return !connection->exec(kClaimFetch, {hex(cache_key), number(to_millis(now)), number(to_millis(now + lease))})
                  .empty();
    });
  }

  core::Result<void> release_fetch(std::string_view cache_key) override {
    return guarded("releasing a fetch", [&]() -> core::Result<void> {
      auto connection = pool_->acquire();
      connection->exec(kReleaseFetch, {hex(cache_key)});
      return {};
    });
  }

  core::Result<void> ping() override {
    return guarded("asking the database", [&]() -> core::Result<void> {
      auto connection = pool_->acquire();
      connection->exec("SELECT 1");
      return {};
    });
  }

  SlotBook* shared_book() override { return this; }

  core::Result<SlotBooking> book(std::string_view scope, TimePoint now, const SlotRule& rule) override {
    return book_or_look(scope, now, rule, true);
  }

  core::Result<SlotBooking> look(std::string_view scope, TimePoint now, const SlotRule& rule) override {
    return book_or_look(scope, now, rule, false);
  }

  core::Result<std::optional<KeyAdmission>> find_key_and_book(std::string_view sha256_hex, TimePoint now,
                                                              const SlotRule& rule) override {
    return guarded("looking up a key", [&]() -> core::Result<std::optional<KeyAdmission>> {
      auto connection = pool_->acquire();
      std::vector<Param> params = slot_params(sha256_hex, now, rule);
      params.push_back(text(kRateScopePrefix));
      const Rows rows = connection->exec(kFindKeyAndBook, params);
      if (rows.empty()) return std::optional<KeyAdmission>{};
      return std::optional<KeyAdmission>{KeyAdmission{read_identity(rows, 0), read_booking(rows, 0, 7)}};
    });
  }

  core::Result<std::int64_t> purge_expired_cache(TimePoint now) override {
    return guarded("purging the cache", [&]() -> core::Result<std::int64_t> {
      std::int64_t purged = 0;
      {
        auto connection = pool_->acquire();
        connection->exec(kPurgeClaims, {number(to_millis(now))});  // a node that died holding one
      }
      for (;;) {
        auto connection = pool_->acquire();
        const std::int64_t deleted =
            connection->exec(kCachePurgeBatch, {number(to_millis(now)), number(kPurgeBatchRows)}).affected();
        purged += deleted;
        if (deleted < kPurgeBatchRows) return purged;
      }
    });
  }

 private:
  core::Result<SlotBooking> book_or_look(std::string_view scope, TimePoint now, const SlotRule& rule, bool take) {
    return guarded("keeping a rate window", [&]() -> core::Result<SlotBooking> {
      auto connection = pool_->acquire();
      std::vector<Param> params = slot_params(scope, now, rule);
      params.push_back(text(take ? "true" : "false"));
      return read_booking(connection->exec(kBookSlot, params), 0, 0);
    });
  }

  std::unique_ptr<Pool> pool_;
  const core::Clock* clock_;
  RecentResults recent_results_;
};

}  // namespace
}  // namespace detail::pg

core::Result<std::unique_ptr<Store>> open_postgres_store(std::string_view url, const core::Clock& clock,
                                                         const PostgresOptions& options) {
  using namespace detail::pg;
  return guarded("opening the database " + redacted_database_url(url), [&]() -> core::Result<std::unique_ptr<Store>> {
    auto pool = std::make_unique<Pool>(std::string(url), std::max<std::size_t>(options.connections, 1));
    {
      auto connection = pool->acquire();
      migrate(*connection);
    }
    return std::unique_ptr<Store>{
        std::make_unique<PostgresStore>(std::move(pool), clock, options.recent_results_bytes)};
  });
}

}  // namespace pagemd::store
