#include "postgres/pg_schema.hpp"

#include <array>
#include <string>

#include "pagemd/store/postgres_store.hpp"

namespace pagemd::store::detail::pg {
namespace {

// Any number that no other user of the database takes for its own advisory lock.
constexpr const char* kMigrationLock = "SELECT pg_advisory_xact_lock(7306011)";

// Migration N (1-based) takes the schema from version N-1 to N; released ones never change. The
// tables are SQLite's (src/sqlite/schema.cpp): times in integer milliseconds since the Unix epoch,
// usage periods year * 100 + month. `seq` orders rows created in the same millisecond.
constexpr std::array<const char*, kPostgresSchemaVersion> kMigrations{{
    R"sql(
CREATE TABLE accounts (
  id            TEXT PRIMARY KEY,
  seq           BIGINT GENERATED ALWAYS AS IDENTITY,
  plan          TEXT NOT NULL CHECK (plan IN ('free', 'starter', 'pro', 'scale')),
  monthly_limit BIGINT NOT NULL CHECK (monthly_limit >= 0),
  email         TEXT,
  created_at    BIGINT NOT NULL
);

CREATE TABLE api_keys (
  id            TEXT PRIMARY KEY,
  seq           BIGINT GENERATED ALWAYS AS IDENTITY,
  account_id    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  sha256        TEXT NOT NULL UNIQUE CHECK (length(sha256) = 64),
  prefix        TEXT NOT NULL,
  mode          TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  plan          TEXT NOT NULL CHECK (plan IN ('free', 'starter', 'pro', 'scale')),
  monthly_limit BIGINT NOT NULL CHECK (monthly_limit >= 0),
  created_at    BIGINT NOT NULL,
  revoked_at    BIGINT,
  last_used_at  BIGINT
);
CREATE INDEX api_keys_by_account ON api_keys (account_id, created_at);

CREATE TABLE usage (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  period     INTEGER NOT NULL,
  key_id     TEXT NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  used       BIGINT NOT NULL CHECK (used >= 0),
  PRIMARY KEY (account_id, period, key_id)
);

-- Keys are bytes (a NUL is a byte like any other, which TEXT cannot hold).
CREATE TABLE cache (
  cache_key  BYTEA PRIMARY KEY,
  result     TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX cache_by_expiry ON cache (expires_at);
)sql",
    // Version 2: what must be exact across nodes in one round trip each, as functions run by the
    // server: counting pages, and the sliding-window books of the per-minute and upstream limits.
    R"sql(
-- Who fetches a page that the cache lacks, so that identical misses on several nodes fetch once.
CREATE TABLE fetch_claims (
  cache_key  BYTEA PRIMARY KEY,
  expires_at BIGINT NOT NULL
);

CREATE TABLE slot_books (
  scope  TEXT PRIMARY KEY,
  starts BIGINT[] NOT NULL  -- booked starts in ascending order (ms); those older than a window are dropped
);

-- The earliest start at or after now_ms at which the window (start - window_ms, start] holds fewer
-- than slot_limit booked starts; bookings may lie in the future (a queued fetch), and a new start is
-- never before the latest, so the queue is first come, first served. The start is booked when
-- `take` and it lies within max_delay_ms of now. Also returned: how many starts the window ending
-- at it holds besides this one, and the oldest of them (NULL if none).
CREATE FUNCTION pagemd_book_slot(book_scope TEXT, now_ms BIGINT, slot_limit INTEGER, window_ms BIGINT,
                                 max_delay_ms BIGINT, take BOOLEAN,
                                 OUT booked BOOLEAN, OUT start_ms BIGINT, OUT in_window INTEGER,
                                 OUT oldest_ms BIGINT)
LANGUAGE plpgsql AS $$
DECLARE
  kept BIGINT[];
  held INTEGER;
BEGIN
  IF take THEN
    INSERT INTO slot_books (scope, starts) VALUES (book_scope, '{}') ON CONFLICT (scope) DO NOTHING;
    -- The row lock makes the look and the booking one step for every node.
    SELECT b.starts INTO kept FROM slot_books b WHERE b.scope = book_scope FOR UPDATE;
  ELSE
    SELECT b.starts INTO kept FROM slot_books b WHERE b.scope = book_scope;
  END IF;
  kept := ARRAY(SELECT s FROM unnest(COALESCE(kept, '{}')) AS s WHERE s > now_ms - window_ms ORDER BY s);
  held := cardinality(kept);
  start_ms := now_ms;
  IF held >= slot_limit THEN
    start_ms := GREATEST(kept[held - slot_limit + 1] + window_ms, kept[held]);
  END IF;
  SELECT count(*), min(s) INTO in_window, oldest_ms FROM unnest(kept) AS s WHERE s > start_ms - window_ms;
  booked := take AND start_ms - now_ms <= max_delay_ms;
  IF booked THEN
    UPDATE slot_books SET starts = kept || start_ms WHERE scope = book_scope;
  ELSIF take THEN
    UPDATE slot_books SET starts = kept WHERE scope = book_scope;
  END IF;
END;
$$;

-- count_pages() of the Store for a batch: pages in order, each counted if its account is under its
-- monthly limit, seeing the counts before it. Accounts are locked in id order, so two nodes counting
-- for the same accounts never wait on each other in a circle. Outcome: counted, refused (at the
-- limit), no_account, no_key (the key is not one of the account's) or revoked.
CREATE FUNCTION pagemd_count_pages(account_ids TEXT[], key_ids TEXT[], usage_period INTEGER)
RETURNS TABLE (outcome TEXT, pages_used BIGINT, pages_limit BIGINT, account_plan TEXT)
LANGUAGE plpgsql AS $$
DECLARE
  account TEXT;
  known TEXT[] := '{}';
  used_of BIGINT[] := '{}';
  limit_of BIGINT[] := '{}';
  plan_of TEXT[] := '{}';
  found_plan TEXT;
  found_limit BIGINT;
  slot INTEGER;
BEGIN
  FOR account IN SELECT DISTINCT a FROM unnest(account_ids) AS a ORDER BY a LOOP
    SELECT x.plan, x.monthly_limit INTO found_plan, found_limit FROM accounts x WHERE x.id = account FOR UPDATE;
    IF FOUND THEN
      known := known || account;
      limit_of := limit_of || found_limit;
      plan_of := plan_of || found_plan;
      used_of := used_of || (SELECT COALESCE(sum(u.used), 0)::BIGINT FROM usage u
                             WHERE u.account_id = account AND u.period = usage_period);
    END IF;
  END LOOP;
  FOR page IN 1 .. COALESCE(cardinality(account_ids), 0) LOOP
    slot := array_position(known, account_ids[page]);
    pages_used := 0;
    pages_limit := 0;
    account_plan := NULL;
    IF slot IS NULL THEN
      outcome := 'no_account';
    ELSIF NOT EXISTS (SELECT 1 FROM api_keys k WHERE k.id = key_ids[page] AND k.account_id = account_ids[page]) THEN
      outcome := 'no_key';
    ELSIF EXISTS (SELECT 1 FROM api_keys k WHERE k.id = key_ids[page] AND k.revoked_at IS NOT NULL) THEN
      outcome := 'revoked';
    ELSE
      IF used_of[slot] >= limit_of[slot] THEN
        outcome := 'refused';
      ELSE
        outcome := 'counted';
        used_of[slot] := used_of[slot] + 1;
        INSERT INTO usage AS u (account_id, period, key_id, used)
        VALUES (account_ids[page], usage_period, key_ids[page], 1)
        ON CONFLICT (account_id, period, key_id) DO UPDATE SET used = u.used + 1;
      END IF;
      pages_used := used_of[slot];
      pages_limit := limit_of[slot];
      account_plan := plan_of[slot];
    END IF;
    RETURN NEXT;
  END LOOP;
END;
$$;
)sql",
}};

}  // namespace

void migrate(Connection& connection) {
  for (;;) {
    Transaction transaction(connection);
    connection.exec(kMigrationLock);
    connection.exec("CREATE TABLE IF NOT EXISTS pagemd_schema (version INTEGER NOT NULL)");
    Rows found = connection.exec("SELECT version FROM pagemd_schema");
    if (found.empty()) {
      connection.exec("INSERT INTO pagemd_schema (version) VALUES (0)");
      found = connection.exec("SELECT version FROM pagemd_schema");
    }
    const std::int64_t version = found.integer(0, 0);
    if (version > kPostgresSchemaVersion || version < 0) {
      throw PgError("the database has schema version " + std::to_string(version) + ", and this pagemd knows " +
                        std::to_string(kPostgresSchemaVersion) + "; upgrade pagemd to use it",
                    false);
    }
    if (version == kPostgresSchemaVersion) {
      transaction.commit();
      return;
    }
    connection.exec_script(kMigrations[static_cast<std::size_t>(version)]);
    connection.exec("UPDATE pagemd_schema SET version = $1", {std::to_string(version + 1)});
    transaction.commit();
  }
}

}  // namespace pagemd::store::detail::pg
