#include "child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

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

// An owned descriptor, so that no way out of the constructor leaves a pipe end open.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  Fd(Fd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  Fd& operator=(Fd&&) = delete;
  ~Fd() { close(); }

  [[nodiscard]] int get() const { return fd_; }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

struct Pipe {
  Fd read;
  Fd write;
};

// Close-on-exec, so that a program another thread starts meanwhile does not inherit the ends.
Pipe make_pipe() {
  int ends[2];
  if (::pipe2(ends, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
  return Pipe{Fd(ends[0]), Fd(ends[1])};
}

}  // namespace

std::string pagemd_binary() { return PAGEMD_BINARY; }

std::string pagemdd_binary() { return PAGEMDD_BINARY; }

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const std::vector<std::string>& environment,
                           const std::string& input) {
  std::vector<std::string> env;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    if (!pagemd_reads(*entry)) env.emplace_back(*entry);
  }
  env.insert(env.end(), environment.begin(), environment.end());
  std::vector<std::string> args = argv;
  auto arg_pointers = pointers(args);
  auto env_pointers = pointers(env);
  Pipe in = make_pipe();
  Pipe out = make_pipe();
  Pipe err = make_pipe();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in.read.get(), STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out.write.get(), STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err.write.get(), STDERR_FILENO);
  const int failed = posix_spawn(&pid_, args[0].c_str(), &actions, nullptr, arg_pointers.data(), env_pointers.data());
  posix_spawn_file_actions_destroy(&actions);
  if (failed != 0) throw std::runtime_error("cannot start " + argv[0] + ": " + std::strerror(failed));
  // Only the program may hold its ends: the readers see the end of its output when it exits.
  in.read.close();
  out.write.close();
  err.write.close();
  const auto reader = [this](Fd fd, std::string& sink, bool* ended) {
    return std::thread([this, fd = std::move(fd), &sink, ended] {
      char buffer[16384];
      for (;;) {
        const ssize_t got = ::read(fd.get(), buffer, sizeof buffer);
        {
          const std::lock_guard lock(mutex_);
          if (got > 0) sink.append(buffer, static_cast<std::size_t>(got));
          if (got <= 0 && ended != nullptr) *ended = true;
        }
        grew_.notify_all();
        if (got <= 0) break;
      }
    });
  };
  try {
    out_reader_ = reader(std::move(out.read), out_, nullptr);
    err_reader_ = reader(std::move(err.read), err_, &err_ended_);
    // With no input, stdin closes with `in` when the constructor returns.
    if (!input.empty()) {
      in_writer_ = std::thread([fd = std::move(in.write), input]() mutable {
        // A program that exits without reading all its input must not kill the test with SIGPIPE,
        // which goes to the writing thread: blocked here, the write fails with EPIPE instead.
        sigset_t pipe_signal;
        sigemptyset(&pipe_signal);
        sigaddset(&pipe_signal, SIGPIPE);
        pthread_sigmask(SIG_BLOCK, &pipe_signal, nullptr);
        std::size_t written = 0;
        while (written < input.size()) {
          const ssize_t wrote = ::write(fd.get(), input.data() + written, input.size() - written);
          if (wrote <= 0) break;
          written += static_cast<std::size_t>(wrote);
        }
        fd.close();  // the program's end of input
      });
    }
  } catch (...) {
    stop();
    throw;
  }
}

ChildProcess::~ChildProcess() { stop(); }

void ChildProcess::stop() {
  // Once reaped, the pid may already be another process's.
  if (!reaped_) {
    ::kill(pid_, SIGKILL);
    reap(0);
  }
  if (in_writer_.joinable()) in_writer_.join();
}

bool ChildProcess::reap(int options) {
  if (reaped_) return true;
  int status = 0;
  pid_t done = -1;
  do {
    done = ::waitpid(pid_, &status, options);
  } while (done < 0 && errno == EINTR);
  if (done == 0) return false;
  reaped_ = true;
  status_ = (done == pid_ && WIFEXITED(status)) ? WEXITSTATUS(status) : -1;
  // The output is complete only once the readers have met its end.
  if (out_reader_.joinable()) out_reader_.join();
  if (err_reader_.joinable()) err_reader_.join();
  return true;
}

void ChildProcess::send_signal(int signal) const {
  if (!reaped_) ::kill(pid_, signal);
}

int ChildProcess::wait() {
  reap(0);
  return status_;
}

int ChildProcess::wait_for_exit(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!reap(WNOHANG)) {
    if (std::chrono::steady_clock::now() >= deadline) return -2;
    std::this_thread::sleep_for(std::chrono::milliseconds{20});
  }
  return status_;
}

bool ChildProcess::wait_for_stderr(const std::string& text, std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  grew_.wait_for(lock, timeout, [&] { return err_ended_ || err_.find(text) != std::string::npos; });
  return err_.find(text) != std::string::npos;
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
