#include "child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>


extern char** environ;  // NOLINT: POSIX's environment, the base of the children's

namespace pagemd::testing {
namespace {

bool pagemd_reads(const std::string& entry) {
  for (const char* prefix : {"PAGEMD_", "HOME=", "XDG_CONFIG_HOME=", "NO_COLOR="}) {
    if (entry.starts_with(prefix)) return true;
  }
  return false;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> result;
  for (std::string& text : strings) result.push_back(text.data());
  result.push_back(nullptr);
  return result;
}

void make_pipe(int ends[2]) {
  if (::pipe2(ends, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
}

}  // namespace

std::string pagemd_binary() { return PAGEMD_BINARY; }

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const std::vector<std::string>& environment,
                           const std::string& input) {
  int in[2];
  int out[2];
  int err[2];
  make_pipe(in);
  make_pipe(out);
  make_pipe(err);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
  std::vector<std::string> env;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    if (!pagemd_reads(*entry)) env.emplace_back(*entry);
  }
  env.insert(env.end(), environment.begin(), environment.end());
  std::vector<std::string> args = argv;
  auto arg_pointers = pointers(args);
  auto env_pointers = pointers(env);
  const int failed = posix_spawn(&pid_, args[0].c_str(), &actions, nullptr, arg_pointers.data(), env_pointers.data());
  posix_spawn_file_actions_destroy(&actions);
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  if (failed != 0) {
    ::close(in[1]);
    ::close(out[0]);
    ::close(err[0]);
    throw std::runtime_error("cannot start " + argv[0] + ": " + std::strerror(failed));
  }
  const auto reader = [this](int fd, std::string& sink) {
    return std::thread([this, fd, &sink] {
      char buffer[16384];
      for (;;) {
        const ssize_t got = ::read(fd, buffer, sizeof buffer);
        if (got <= 0) break;
        {
          const std::lock_guard lock(mutex_);
          sink.append(buffer, static_cast<std::size_t>(got));
        }
        grew_.notify_all();
      }
      ::close(fd);
    });
  };
  out_reader_ = reader(out[0], out_);
  err_reader_ = reader(err[0], err_);
  in_writer_ = std::thread([fd = in[1], input] {
    std::size_t written = 0;
    while (written < input.size()) {
      const ssize_t wrote = ::write(fd, input.data() + written, input.size() - written);
      if (wrote <= 0) break;
      written += static_cast<std::size_t>(wrote);
    }
    ::close(fd);
  });
}

ChildProcess::~ChildProcess() {
  if (!reaped_) {
    ::kill(pid_, SIGKILL);
    static_cast<void>(wait());
  }
  if (out_reader_.joinable()) out_reader_.join();
  if (err_reader_.joinable()) err_reader_.join();
  if (in_writer_.joinable()) in_writer_.join();
}

void ChildProcess::send_signal(int signal) const { ::kill(pid_, signal); }

int ChildProcess::wait() {
  if (!reaped_) {
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    reaped_ = true;
    status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (out_reader_.joinable()) out_reader_.join();
    if (err_reader_.joinable()) err_reader_.join();
  }
  return status_;
}

bool ChildProcess::wait_for_stderr(const std::string& text, std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return grew_.wait_for(lock, timeout, [&] { return err_.find(text) != std::string::npos; });
}

std::string ChildProcess::out() const {
  const std::lock_guard lock(mutex_);
  return out_;
}

std::string ChildProcess::err() const {
  const std::lock_guard lock(mutex_);
  return err_;
}

RunResult run_program(const std::vector<std::string>& argv, const std::vector<std::string>& environment,
                      const std::string& input) {
  ChildProcess child(argv, environment, input);
  const int status = child.wait();
  return RunResult{status, child.out(), child.err()};
}

}  // namespace pagemd::testing
