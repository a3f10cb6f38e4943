#pragma once

#include <sys/types.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

// Programs the end-to-end tests start (pagemd, pagemdd, helpers), with a scrubbed environment.
namespace pagemd::testing {

// A program started with a clean environment: the test's own, minus every variable pagemd reads
// (PAGEMD_*, HOME, XDG_CONFIG_HOME, NO_COLOR), plus `environment` ("NAME=value"). Its stdout and
// stderr are collected by threads of its own; it is killed when the object goes.
class ChildProcess {
 public:
  ChildProcess(const std::vector<std::string>& argv, const std::vector<std::string>& environment = {},
               const std::string& input = {});
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  [[nodiscard]] pid_t pid() const { return pid_; }
  // Does nothing once the program is reaped: its pid may be another process's by then.
  void send_signal(int signal) const;
  // Waits for the exit; the status, or -1 when a signal ended it.
  int wait();
  // As wait(), but -2 when the program is still running after `timeout`.
  int wait_for_exit(std::chrono::milliseconds timeout);
  // Waits until stderr contains `text`; false after `timeout`, or at once when stderr ends without it
  // (the program exited), so that a program that fails to start fails its test quickly.
  bool wait_for_stderr(const std::string& text, std::chrono::milliseconds timeout);
  [[nodiscard]] std::string out() const;
  [[nodiscard]] std::string err() const;

 private:
  // Reaps the program if it has ended (or, with `options` 0, once it ends); false while it runs.
  bool reap(int options);
  // What the destructor does, also for a constructor that fails once the program runs.
  void stop();

  pid_t pid_ = -1;
  bool reaped_ = false;
  int status_ = -1;
  mutable std::mutex mutex_;
  std::condition_variable grew_;
  std::string out_;
  std::string err_;
  bool err_ended_ = false;
  std::thread out_reader_;
  std::thread err_reader_;
  std::thread in_writer_;
};

struct RunResult {
  int status = -1;
  std::string out;
  std::string err;
};

// Runs a program to its end (see ChildProcess for the environment).
[[nodiscard]] RunResult run_program(const std::vector<std::string>& argv,
                                    const std::vector<std::string>& environment = {}, const std::string& input = {});

// The built pagemd and pagemdd (compiled in by CMake).
[[nodiscard]] std::string pagemd_binary();
[[nodiscard]] std::string pagemdd_binary();

}  // namespace pagemd::testing
