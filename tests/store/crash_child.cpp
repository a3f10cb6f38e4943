// Helper of crash_test.cpp: counts pages for one account as fast as it can and prints each count on
// its own line only after count_page() has returned, that is after the commit. The test kills it
// with SIGKILL at random moments and checks that every printed count survived.
#include <unistd.h>

#include <cstdio>
#include <string>

#include "pagemd/core/clock.hpp"
#include "pagemd/store/sqlite_store.hpp"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s DB_FILE ACCOUNT_ID KEY_ID\n", argv[0]);
    return 2;
  }
  const pagemd::core::SystemClock clock;
  auto store = pagemd::store::open_sqlite_store(argv[1], clock);
  if (!store) {
    std::fprintf(stderr, "%s\n", store.error().message.c_str());
    return 1;
  }
  for (long i = 0;; ++i) {
    auto counted = (*store)->count_page(argv[2], argv[3]);
    if (!counted) {
      std::fprintf(stderr, "%s\n", counted.error().message.c_str());
      return 1;
    }
    if (!counted->admitted) return 0;
    // write(2), not stdio: a count reaches the pipe as soon as it is committed, not when a buffer fills.
    const std::string line = std::to_string(counted->used) + "\n";
    if (write(STDOUT_FILENO, line.data(), line.size()) != static_cast<ssize_t>(line.size())) return 1;
    if (i % 8 == 0) {
      // Cache writes between the counts, so the kill also lands in the middle of those.
      if (!(*store)->cache_put("https://example.com/" + std::to_string(i), std::string(512, 'x'), clock.now()))
        return 1;
    }
  }
}
