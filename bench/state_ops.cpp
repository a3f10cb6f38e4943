// Per-request state work of a cached POST /extract, in one thread: authenticate the key, the
// per-minute check, the monthly quota check and count (one committed step), and the cache read.
// The store is file-backed (WAL) in a fresh temporary directory, as the daemon runs it.
//
//   state_ops [--requests N] [--accounts N] [--result-bytes N]
//
// Prints the rate of each step alone, of the whole sequence (with p50/p99 of one sequence), and,
// as the baseline of the same run, the rate of a bare `SELECT 1` round trip on a connection to the
// same database file, so that the figure can be read as a ratio on any machine.

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <stdlib.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "pagemd/auth/key_service.hpp"
#include "pagemd/core/clock.hpp"
#include "pagemd/ratelimit/rate_limiter.hpp"
#include "pagemd/store/sqlite_store.hpp"

namespace {

using Clock = std::chrono::steady_clock;

struct Args {
  long requests = 200'000;
  long accounts = 8;
  long result_bytes = 20'000;
};

[[noreturn]] void fail(const std::string& message) {
  std::fprintf(stderr, "state_ops: %s\n", message.c_str());
  std::exit(2);
}

Args parse(int argc, char** argv) {
  Args args;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) fail("missing value for " + flag);
    const long value = std::stol(argv[++i]);
    if (value <= 0) fail(flag + " must be positive");
    if (flag == "--requests")
      args.requests = value;
    else if (flag == "--accounts")
      args.accounts = value;
    else if (flag == "--result-bytes")
      args.result_bytes = value;
    else
      fail("unknown option " + flag);
  }
  // Scale accounts allow 200,000 pages a month each.
  if (args.requests / args.accounts + 1000 > 200'000) fail("more than 199,000 requests per account");
  return args;
}

template <typename T>
T must(pagemd::core::Result<T> result, const char* what) {
  if (!result) fail(std::string(what) + ": " + result.error().message);
  return std::move(result).value();
}

void must(const pagemd::core::Result<void>& result, const char* what) {
  if (!result) fail(std::string(what) + ": " + result.error().message);
}

double thread_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

struct Rate {
  double wall;  // operations per elapsed second
  double cpu;   // operations per second of this thread's CPU time (user + system): "on one core",
                // and steadier than `wall` on a machine that other work shares
};

// Runs `step` n times.
Rate rate(long n, const std::function<void(long)>& step) {
  const auto start = Clock::now();
  const double cpu_start = thread_cpu_seconds();
  for (long i = 0; i < n; ++i) step(i);
  const double cpu = thread_cpu_seconds() - cpu_start;
  const double wall = std::chrono::duration<double>(Clock::now() - start).count();
  return Rate{static_cast<double>(n) / wall, static_cast<double>(n) / cpu};
}

}  // namespace

int main(int argc, char** argv) {
  const Args args = parse(argc, argv);
  std::string dir_template = (std::filesystem::temp_directory_path() / "pagemd-state-ops-XXXXXX").string();
  if (mkdtemp(dir_template.data()) == nullptr) fail("cannot create a temporary directory");
  const std::filesystem::path dir = dir_template;
  const auto db_file = pagemd::store::database_file(dir);

  {
    const pagemd::core::SystemClock clock;
    auto store = must(pagemd::store::open_sqlite_store(db_file, clock), "opening the store");
    const pagemd::auth::KeyService keys(*store, clock);  // as the daemon has it: identities kept for a second
    pagemd::auth::KeyServiceOptions lookup_every_time;
    lookup_every_time.identity_cache_lifetime = std::chrono::milliseconds{0};
    const pagemd::auth::KeyService uncached_keys(*store, clock, lookup_every_time);
    // The limit is never reached: the benchmark measures the check, not refusals.
    pagemd::ratelimit::RateLimiter limiter(clock, pagemd::ratelimit::RateLimiterOptions{args.requests * 4});

    struct Caller {
      std::string authorization;
      std::string account_id;
      std::string key_id;
    };
    std::vector<Caller> callers;
    for (long i = 0; i < args.accounts; ++i) {
      auto created =
          must(keys.create_account(pagemd::store::Plan::scale, std::nullopt, pagemd::store::KeyMode::live), "account");
      callers.push_back({"Bearer " + created.first_key.key, created.account_id, created.first_key.info.id});
    }
    const std::string url = "https://example.com/articles/some-long-article-name|main";
    const std::string result =
        "{\"markdown\":\"" + std::string(static_cast<std::size_t>(args.result_bytes), 'x') + "\"}";
    must(store->cache_put(url, result, clock.now()), "cache put");

    const auto caller = [&](long i) -> const Caller& { return callers[static_cast<std::size_t>(i % args.accounts)]; };
    const long n = args.requests;
    const long warmup = std::min(n / 10, 5'000L);

    SQLite::Database baseline_db(db_file.string(), SQLite::OPEN_READWRITE);
    baseline_db.exec("PRAGMA journal_mode = WAL");
    SQLite::Statement select_one(baseline_db, "SELECT 1");
    const auto round_trip = [&](long) {
      select_one.executeStep();
      select_one.reset();
    };
    rate(warmup, round_trip);
    const Rate baseline = rate(n, round_trip);

    const Rate lookup_rate =
        rate(n, [&](long i) { must(uncached_keys.authenticate(caller(i).authorization), "auth"); });
    const Rate auth_rate = rate(n, [&](long i) { must(keys.authenticate(caller(i).authorization), "auth"); });
    const Rate limit_rate = rate(n, [&](long i) { (void)limiter.admit(caller(i).account_id); });
    const Rate quota_rate =
        rate(n, [&](long i) { must(store->usage(caller(i).account_id, caller(i).key_id), "usage"); });
    const Rate cache_rate = rate(n, [&](long) { must(store->cache_get(url, std::nullopt, clock.now()), "cache"); });
    const Rate count_rate =
        rate(n / 2, [&](long i) { must(store->count_page(caller(i).account_id, caller(i).key_id), "count"); });

    std::vector<double> latencies_us;
    latencies_us.reserve(static_cast<std::size_t>(n));
    const Rate full_rate = rate(n, [&](long i) {
      const auto start = Clock::now();
      const auto context = must(keys.authenticate(caller(i).authorization), "auth");
      if (!must(limiter.admit(context.account_id), "rate").admitted) fail("rate limited");
      // On a cache hit the daemon needs no separate quota read: count_page() checks and counts in one step.
      if (!must(store->count_page(context.account_id, context.key_id), "count").admitted) fail("quota refused");
      const auto hit = must(store->cache_get(url, std::nullopt, clock.now()), "cache");
      if (!hit || hit->result_json.size() != result.size()) fail("cache miss");
      latencies_us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count());
    });
    std::sort(latencies_us.begin(), latencies_us.end());
    const auto percentile = [&](double p) {
      return latencies_us[static_cast<std::size_t>(p * static_cast<double>(latencies_us.size() - 1))];
    };

    std::printf("state_ops: %ld requests over %ld accounts, cached result %ld bytes, file-backed WAL store\n", n,
                args.accounts, args.result_bytes);
    std::printf("  %-36s %12s %12s\n", "", "per second", "per CPU s");
    const auto line = [](const char* what, const Rate& r) {
      std::printf("  %-36s %12.0f %12.0f\n", what, r.wall, r.cpu);
    };
    line("baseline: SELECT 1 round trip", baseline);
    line("authenticate (SHA-256 + lookup)", lookup_rate);
    line("authenticate (identity kept)", auth_rate);
    line("per-minute check", limit_rate);
    line("usage read (GET /extract/usage)", quota_rate);
    line("cache read (hit)", cache_rate);
    line("quota check + count (commit)", count_rate);
    line("cached extract: all four steps", full_rate);
    std::printf("  cached extract latency: p50 %.1f us, p99 %.1f us; %.4f x baseline (per CPU s)\n", percentile(0.50),
                percentile(0.99), full_rate.cpu / baseline.cpu);
    std::printf("  goal: at least 20,000 /s on one core -> %s\n", full_rate.cpu >= 20'000 ? "met" : "NOT met");
  }
  std::filesystem::remove_all(dir);
  return 0;
}
