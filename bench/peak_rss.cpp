// Runs a command and prints its wall seconds, peak resident memory (KiB) and exit status:
//
//     peak_rss PROGRAM [ARGS...]   ->   "<seconds> <peak KiB> <status>" on stderr
//
// A child's ru_maxrss counts the memory of the process it was forked from until it called exec
// (Linux keeps that high-water mark across exec), so a command started straight from a Python
// driver reports at least the driver's own size. Started from this small program, it reports its own.

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: peak_rss PROGRAM [ARGS...]\n");
    return 2;
  }
  const auto started = std::chrono::steady_clock::now();
  const pid_t child = fork();
  if (child < 0) return 2;
  if (child == 0) {
    execvp(argv[1], argv + 1);
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  if (wait4(child, &status, 0, &usage) < 0) return 2;
  const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - started;
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  std::fprintf(stderr, "%.4f %ld %d\n", seconds.count(), usage.ru_maxrss, code);
  return 0;
}
