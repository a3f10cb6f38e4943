#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "child_process.hpp"

namespace pagemd::testing {

// The real pagemdd binary, started on 127.0.0.1 with a free port and a data directory of the test's,
// its stderr (the log) collected. Stopped as systemd stops it (SIGTERM) when the object goes, and killed
// if it has not exited within seconds of that, so that a daemon's own clean-up runs after every test.
class DaemonProcess {
 public:
  // Starts `pagemdd --listen 127.0.0.1:0 --data-dir DIR [--config /dev/null] ARGS...` (the config only
  // when ARGS name none), with `environment` (NAME=value) added to this process's, and waits until it
  // listens. Throws std::runtime_error if it exits or stays silent instead.
  DaemonProcess(const std::filesystem::path& data_dir, const std::vector<std::string>& args = {},
                const std::vector<std::string>& environment = {});
  ~DaemonProcess();
  DaemonProcess(const DaemonProcess&) = delete;
  DaemonProcess& operator=(const DaemonProcess&) = delete;

  [[nodiscard]] std::uint16_t port() const { return port_; }
  // "http://127.0.0.1:PORT" + path
  [[nodiscard]] std::string url(const std::string& path) const;
  // url("/api/v1" + path)
  [[nodiscard]] std::string api(const std::string& path) const { return url("/api/v1" + path); }

  [[nodiscard]] pid_t pid() const { return process_.pid(); }
  void send_signal(int signal) const { process_.send_signal(signal); }
  // Waits for the process to exit; its exit status, -1 if killed by a signal, -2 on timeout.
  int wait_for_exit(std::chrono::milliseconds timeout) { return process_.wait_for_exit(timeout); }
  // Waits until the log contains `text`; false on timeout or when the log ends without it.
  bool wait_for_log(const std::string& text, std::chrono::milliseconds timeout) {
    return process_.wait_for_stderr(text, timeout);
  }
  [[nodiscard]] std::string log() const { return process_.err(); }

 private:
  ChildProcess process_;
  std::uint16_t port_ = 0;
};

// An account made with `pagemdd account create --json` on the data directory.
struct TestAccount {
  std::string account_id;
  std::string key;
  std::string key_id;
};
[[nodiscard]] TestAccount create_account(const std::filesystem::path& data_dir, const std::string& plan = "free",
                                         bool test_key = false);

}  // namespace pagemd::testing
