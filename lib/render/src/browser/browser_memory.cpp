#include "browser_memory.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <filesystem>
#include <string>
#include <string_view>

#include "browser_process.hpp"

namespace pagemd::render::detail {
namespace {

// A fresh look at every process on the machine costs a read of each /proc/<pid>/status; in between,
// only the processes already known are read. A helper started since is found at the next look.
constexpr unsigned kSamplesPerLook = 5;

// The number after `name` in /proc/<pid>/status ("RssAnon:\t  1234 kB"), 0 when absent.
std::size_t status_number(std::string_view status, std::string_view name) {
  const std::size_t at = status.find(name);
  if (at == std::string_view::npos) return 0;
  std::string_view rest = status.substr(at + name.size());
  rest.remove_prefix(std::min(rest.find_first_not_of(" \t"), rest.size()));
  std::size_t value = 0;
  std::from_chars(rest.data(), rest.data() + rest.size(), value);
  return value;
}

struct StatusFields {
  pid_t group = 0;
  GroupMember memory;
};

std::optional<StatusFields> read_status(pid_t pid) {
  const std::string path = "/proc/" + std::to_string(pid) + "/status";
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::array<char, 4096> buffer{};
  std::size_t length = 0;
  while (length < buffer.size()) {
    const ssize_t got = ::read(fd, buffer.data() + length, buffer.size() - length);
    if (got <= 0) break;
    length += static_cast<std::size_t>(got);
  }
  ::close(fd);
  const std::string_view status(buffer.data(), length);
  // NSpgid's first number is the group as this process's PID namespace sees it, also for a
  // helper in a namespace of Chromium's sandbox.
  if (status.find("\nNSpgid:") == std::string_view::npos) return std::nullopt;
  StatusFields fields;
  fields.group = static_cast<pid_t>(status_number(status, "\nNSpgid:"));
  fields.memory.pid = pid;
  fields.memory.resident_bytes = status_number(status, "\nVmRSS:") * 1024;
  return fields;
}

}  // namespace

std::vector<GroupMember> group_members(pid_t group) {
  std::vector<GroupMember> members;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    const std::string name = entry.path().filename().string();
    pid_t pid = 0;
    if (std::from_chars(name.data(), name.data() + name.size(), pid).ptr != name.data() + name.size()) continue;
    const auto fields = read_status(pid);
    if (fields && fields->group == group) members.push_back(fields->memory);
  }
  return members;
}

std::optional<GroupMember> group_member(pid_t pid, pid_t group) {
  const auto fields = read_status(pid);
  if (!fields || fields->group != group) return std::nullopt;
  return fields->memory;
}

std::size_t resident_bytes(const std::vector<GroupMember>& members) {
  std::size_t total = 0;
  for (const GroupMember& member : members) total += member.resident_bytes;
  return total;
}

MemoryWatchdog::MemoryWatchdog(const BrowserProcess& browser, std::size_t max_bytes)
    : browser_(browser), max_bytes_(max_bytes), thread_([this](const std::stop_token& stop) { watch(stop); }) {}

MemoryWatchdog::~MemoryWatchdog() { stop(); }

void MemoryWatchdog::stop() {
  thread_.request_stop();
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void MemoryWatchdog::watch(const std::stop_token& stop) {
  std::vector<GroupMember> members;
  for (unsigned sample = 0; !stop.stop_requested(); ++sample) {
    if (sample % kSamplesPerLook == 0) {
      members = group_members(browser_.pid());
    } else {
      for (GroupMember& member : members) member = group_member(member.pid, browser_.pid()).value_or(GroupMember{});
    }
    const std::size_t total = resident_bytes(members);
    if (total > peak_bytes_) peak_bytes_ = total;
    if (total > max_bytes_) {
      tripped_ = true;
      browser_.kill();
      return;
    }
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, stop, kInterval, [] { return false; });
  }
}

}  // namespace pagemd::render::detail
