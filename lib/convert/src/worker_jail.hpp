#pragma once

// The converter worker's jail: what a memory-safety bug in the HTML parser or the extractor could do
// with the worker is reduced to what converting needs. Like a browser's renderer, the worker keeps
// its socket to the daemon, memory and clocks, and loses everything else.

#include <string>
#include <vector>

#include "pagemd/core/result.hpp"

namespace pagemd::convert {

struct JailReport {
  // An empty network namespace was entered (not possible where user namespaces are off and the
  // process lacks CAP_SYS_ADMIN, or under systemd's RestrictNamespaces=).
  bool network_namespace = false;
  // Why the namespace could not be entered, when it could not.
  std::string network_namespace_error;
  // Landlock confines the file system to reading the directories asked for, so the filter lets the
  // worker open files for reading (a kernel before 5.13, or landlock turned off or filtered away,
  // leaves the worker no open at all).
  bool files_readable = false;
  // Why landlock could not be used, when it could not.
  std::string files_error;
};

// Enters an empty network namespace if it can; confines the file system with landlock to reading
// the files under `readable_directories` if it can; then sets no_new_privs and installs a seccomp
// filter that kills the process on any system call outside reading and writing its open
// descriptors, opening files for reading where landlock confines it, memory, clocks, its own
// resource limits, signals to itself, and exit. The process must be single-threaded (the filter
// covers this thread and its later children only), and must have made by now every preparation that
// needs other calls (sockets, files elsewhere). Returns what was done; fails with internal when the
// filter cannot be installed, since a worker must not convert unjailed.
[[nodiscard]] core::Result<JailReport> enter_worker_jail(const std::vector<std::string>& readable_directories);

}  // namespace pagemd::convert
