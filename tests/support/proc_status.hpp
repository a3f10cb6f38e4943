#pragma once

#include <sys/types.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace pagemd::testing {

// A field of /proc/<pid>/status ("Seccomp", "NoNewPrivs", "VmHWM"), its value without the padding;
// "" when the process or the field is not there.
inline std::string proc_status_field(pid_t pid, const std::string& field) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind(field + ":", 0) == 0) {
      const auto value = line.find_first_not_of(" \t", field.size() + 1);
      return value == std::string::npos ? "" : line.substr(value);
    }
  }
  return "";
}

// The children of `pid`, from every one of its threads' /proc/<pid>/task/<tid>/children.
inline std::vector<pid_t> proc_children(pid_t pid) {
  std::vector<pid_t> children;
  std::error_code error;
  for (const auto& task : std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/task", error)) {
    std::ifstream list(task.path() / "children");
    pid_t child = 0;
    while (list >> child) children.push_back(child);
  }
  return children;
}

// The network namespace `pid` is in ("net:[4026531840]").
inline std::string proc_network_namespace(pid_t pid) {
  std::error_code error;
  return std::filesystem::read_symlink("/proc/" + std::to_string(pid) + "/ns/net", error).string();
}

}  // namespace pagemd::testing
