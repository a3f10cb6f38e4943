#include "daemon_process.hpp"

#include <signal.h>

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace pagemd::testing {
namespace {

std::vector<std::string> daemon_argv(const std::filesystem::path& data_dir, const std::vector<std::string>& args) {
  std::vector<std::string> argv{pagemdd_binary(), "--listen", "127.0.0.1:0", "--data-dir", data_dir.string()};
  // The machine's own /etc/pagemd/pagemdd.conf must not leak into a test.
  if (std::find(args.begin(), args.end(), "--config") == args.end()) argv.insert(argv.end(), {"--config", "/dev/null"});
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

}  // namespace

DaemonProcess::DaemonProcess(const std::filesystem::path& data_dir, const std::vector<std::string>& args,
                             const std::vector<std::string>& environment)
    : process_(daemon_argv(data_dir, args), environment) {
  const std::string marker = "listening on 127.0.0.1:";
  if (!wait_for_log(marker, std::chrono::seconds{30})) {
    // Reaped before the message is made, so that it carries the whole log.
    send_signal(SIGKILL);
    static_cast<void>(process_.wait());
    throw std::runtime_error("pagemdd did not start listening; its log:\n" + log());
  }
  const std::string text = log();
  port_ = static_cast<std::uint16_t>(std::stoi(text.substr(text.find(marker) + marker.size())));
}

DaemonProcess::~DaemonProcess() {
  send_signal(SIGTERM);
  static_cast<void>(process_.wait_for_exit(std::chrono::seconds{10}));
}

std::string DaemonProcess::url(const std::string& path) const {
  return "http://127.0.0.1:" + std::to_string(port_) + path;
}

TestAccount create_account(const std::filesystem::path& data_dir, const std::string& plan, bool test_key) {
  std::vector<std::string> argv{pagemdd_binary(),  "account", "create", "--data-dir",
                                data_dir.string(), "--plan",  plan,     "--json"};
  if (test_key) argv.emplace_back("--test");
  const RunResult result = run_program(argv);
  if (result.status != 0) throw std::runtime_error("account create failed: " + result.err);
  const auto created = nlohmann::json::parse(result.out);
  return {created.at("account_id"), created.at("key"), created.at("key_id")};
}

}  // namespace pagemd::testing
