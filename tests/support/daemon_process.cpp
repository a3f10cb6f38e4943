#include "daemon_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>

#include <nlohmann/json.hpp>

extern char** environ;  // NOLINT: POSIX's environment, passed on to the programs started

namespace pagemd::testing {
namespace {

struct Pipe {
  int read = -1;
  int write = -1;
  Pipe() {
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
    read = ends[0];
    write = ends[1];
  }
};

std::vector<char*> c_strings(std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  for (auto& text : strings) pointers.push_back(text.data());
  pointers.push_back(nullptr);
  return pointers;
}

pid_t spawn(std::vector<std::string> argv, const std::vector<std::string>& extra_environment, int in, int out,
            int err) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (in >= 0) posix_spawn_file_actions_adddup2(&actions, in, STDIN_FILENO);
  if (out >= 0) posix_spawn_file_actions_adddup2(&actions, out, STDOUT_FILENO);
  if (err >= 0) posix_spawn_file_actions_adddup2(&actions, err, STDERR_FILENO);
  std::vector<std::string> environment;
  for (char** entry = environ; *entry != nullptr; ++entry) environment.emplace_back(*entry);
  environment.insert(environment.end(), extra_environment.begin(), extra_environment.end());
  auto args = c_strings(argv);
  auto env = c_strings(environment);
  pid_t pid = -1;
  const int failed = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), env.data());
  posix_spawn_file_actions_destroy(&actions);
  if (failed != 0) throw std::runtime_error("cannot start " + argv[0] + ": " + std::strerror(failed));
  return pid;
}

int exit_status_of(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : -1; }

}  // namespace

std::string pagemdd_binary() { return PAGEMDD_BINARY; }

CommandResult run_command(const std::vector<std::string>& argv, const std::string& input,
                          const std::vector<std::string>& extra_environment) {
  Pipe in;
  Pipe out;
  Pipe err;
  const pid_t pid = spawn(argv, extra_environment, in.read, out.write, err.write);
  ::close(in.read);
  ::close(out.write);
  ::close(err.write);
  // Feed stdin and drain both outputs together, so a chatty program never blocks on a full pipe.
  std::size_t written = 0;
  if (input.empty()) ::close(in.write);
  CommandResult result;
  std::array<pollfd, 3> fds{pollfd{out.read, POLLIN, 0}, pollfd{err.read, POLLIN, 0},
                            pollfd{input.empty() ? -1 : in.write, POLLOUT, 0}};
  while (fds[0].fd >= 0 || fds[1].fd >= 0) {
    if (::poll(fds.data(), fds.size(), -1) < 0) continue;
    for (int i = 0; i < 2; ++i) {
      if (fds[static_cast<std::size_t>(i)].fd < 0 || fds[static_cast<std::size_t>(i)].revents == 0) continue;
      char buffer[65536];
      const ssize_t got = ::read(fds[static_cast<std::size_t>(i)].fd, buffer, sizeof buffer);
      if (got <= 0) {
        ::close(fds[static_cast<std::size_t>(i)].fd);
        fds[static_cast<std::size_t>(i)].fd = -1;
      } else {
        (i == 0 ? result.out : result.err).append(buffer, static_cast<std::size_t>(got));
      }
    }
    if (fds[2].fd >= 0 && fds[2].revents != 0) {
      const ssize_t sent = ::write(in.write, input.data() + written, input.size() - written);
      if (sent > 0) written += static_cast<std::size_t>(sent);
      if (sent <= 0 || written == input.size()) {
        ::close(in.write);
        fds[2].fd = -1;
      }
    }
  }
  if (fds[2].fd >= 0) ::close(in.write);
  int status = 0;
  ::waitpid(pid, &status, 0);
  result.exit_status = exit_status_of(status);
  return result;
}

DaemonProcess::DaemonProcess(const std::filesystem::path& data_dir, const std::vector<std::string>& args) {
  std::vector<std::string> argv{pagemdd_binary(), "--listen", "127.0.0.1:0", "--data-dir", data_dir.string()};
  // The machine's own /etc/pagemd/pagemdd.conf must not leak into a test.
  if (std::find(args.begin(), args.end(), "--config") == args.end()) argv.insert(argv.end(), {"--config", "/dev/null"});
  argv.insert(argv.end(), args.begin(), args.end());
  Pipe err;
  pid_ = spawn(argv, {}, -1, -1, err.write);
  ::close(err.write);
  log_reader_ = std::thread([this, fd = err.read] {
    char buffer[8192];
    for (;;) {
      const ssize_t got = ::read(fd, buffer, sizeof buffer);
      if (got <= 0) break;
      {
        const std::lock_guard lock(log_mutex_);
        log_.append(buffer, static_cast<std::size_t>(got));
      }
      log_grew_.notify_all();
    }
    ::close(fd);
  });
  const std::string marker = "listening on 127.0.0.1:";
  if (!wait_for_log(marker, std::chrono::seconds{30})) {
    // The destructor does not run for a constructor that throws: clean up here.
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    exited_ = true;
    log_reader_.join();
    throw std::runtime_error("pagemdd did not start listening; its log:\n" + log());
  }
  const std::string text = log();
  port_ = static_cast<std::uint16_t>(std::stoi(text.substr(text.find(marker) + marker.size())));
}

DaemonProcess::~DaemonProcess() {
  if (!exited_) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  if (log_reader_.joinable()) log_reader_.join();
}

std::string DaemonProcess::url(const std::string& path) const {
  return "http://127.0.0.1:" + std::to_string(port_) + path;
}

void DaemonProcess::send_signal(int signal) const { ::kill(pid_, signal); }

int DaemonProcess::wait_for_exit(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    int status = 0;
    const pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
      exited_ = true;
      return exit_status_of(status);
    }
    if (std::chrono::steady_clock::now() >= deadline) return -2;
    std::this_thread::sleep_for(std::chrono::milliseconds{20});
  }
}

bool DaemonProcess::wait_for_log(const std::string& text, std::chrono::milliseconds timeout) {
  std::unique_lock lock(log_mutex_);
  return log_grew_.wait_for(lock, timeout, [&] { return log_.find(text) != std::string::npos; });
}

std::string DaemonProcess::log() const {
  const std::lock_guard lock(log_mutex_);
  return log_;
}

TestAccount create_account(const std::filesystem::path& data_dir, const std::string& plan, bool test_key) {
  std::vector<std::string> argv{pagemdd_binary(), "account", "create", "--data-dir", data_dir.string(), "--plan",
                                plan, "--json"};
  if (test_key) argv.emplace_back("--test");
  const CommandResult result = run_command(argv);
  if (result.exit_status != 0) throw std::runtime_error("account create failed: " + result.err);
  const auto created = nlohmann::json::parse(result.out);
  return {created.at("account_id"), created.at("key"), created.at("key_id")};
}

}  // namespace pagemd::testing
