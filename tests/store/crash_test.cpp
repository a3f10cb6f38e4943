#include <SQLiteCpp/Database.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "store_fixture.hpp"

namespace pagemd::store {
namespace {

using namespace std::chrono_literals;

struct ChildRun {
  std::vector<std::int64_t> reported;  // every count the child printed, in order
  int wait_status = 0;
};

// Starts the crash child, waits for its first count, lets it run `run_for` more, kills it with
// SIGKILL, and collects every complete line it printed.
ChildRun run_and_kill(const std::vector<std::string>& args, std::chrono::microseconds run_for) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    close(fds[1]);
    std::vector<char*> argv;
    for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(fds[1]);

  std::string output;
  char buffer[4096];
  auto read_some = [&](int timeout_ms) {
    pollfd poller{fds[0], POLLIN, 0};
    if (poll(&poller, 1, timeout_ms) <= 0) return false;
    const ssize_t n = read(fds[0], buffer, sizeof buffer);
    if (n <= 0) return false;
    output.append(buffer, static_cast<std::size_t>(n));
    return true;
  };
  const auto give_up = std::chrono::steady_clock::now() + 20s;
  while (output.find('\n') == std::string::npos && std::chrono::steady_clock::now() < give_up) read_some(100);
  const auto kill_at = std::chrono::steady_clock::now() + run_for;
  while (std::chrono::steady_clock::now() < kill_at) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(kill_at - std::chrono::steady_clock::now());
    read_some(static_cast<int>(left.count()));
  }
  kill(pid, SIGKILL);
  while (read_some(1000)) {
  }
  close(fds[0]);

  ChildRun run;
  waitpid(pid, &run.wait_status, 0);
  std::size_t start = 0;
  for (std::size_t end; (end = output.find('\n', start)) != std::string::npos; start = end + 1) {
    run.reported.push_back(std::stoll(output.substr(start, end - start)));
  }
  return run;
}

TEST(CrashSafety, SigkillNeverLosesACommittedCountNorCorruptsTheFile) {
  testing::ScratchDir dir;
  const testing::FakeClock clock;
  const auto db = database_file(dir.path());
  std::string account;
  std::string key;
  {
    auto store = open_sqlite_store(db, clock);
    ASSERT_TRUE(store);
    account = (*store)->create_account(Plan::scale, std::nullopt).value();
    key = (*store)
              ->insert_key(NewKey{new_uuid_v4(), account, std::string(64, 'c'), "sk_live_abcd", KeyMode::live}, 20)
              ->id;
  }

  const unsigned seed = std::random_device{}();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> run_for_us(0, 30'000);
  std::int64_t last_reported = 0;
  for (int round = 0; round < 50; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const ChildRun run = run_and_kill({PAGEMD_STORE_CRASH_CHILD, db.string(), account, key},
                                      std::chrono::microseconds{run_for_us(random)});
    ASSERT_TRUE(WIFSIGNALED(run.wait_status) && WTERMSIG(run.wait_status) == SIGKILL)
        << "the child ended on its own, status " << run.wait_status;
    ASSERT_FALSE(run.reported.empty()) << "the child never counted a page";
    EXPECT_EQ(run.reported.front(), last_reported + 1) << "a count reported by an earlier child was lost";
    last_reported = run.reported.back();

    SQLite::Database check(db.string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(check.execAndGet("PRAGMA integrity_check").getString(), "ok");
    const std::int64_t account_used = check.execAndGet("SELECT sum(used) FROM usage").getInt64();
    // At most one more page than reported: the one committed just before the kill, not yet printed.
    EXPECT_GE(account_used, last_reported);
    EXPECT_LE(account_used, last_reported + 1);
    last_reported = account_used;
  }
}

}  // namespace
}  // namespace pagemd::store
