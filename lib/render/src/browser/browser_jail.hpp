#pragma once

// The browser's jail, which holds whether or not Chromium's own sandbox can run: every browser
// process (renderers and the network service included, since both are inherited across fork and
// execve) has no_new_privs and a seccomp filter that refuses every socket family but AF_UNIX and
// AF_NETLINK, io_uring (whose requests open sockets past seccomp) and ptrace, and where the kernel
// lets it, the browser starts in an empty network namespace as well. The browser needs nothing but
// its DevTools pipe: pagemd fetches every request for it.

#include <linux/filter.h>
#include <sys/types.h>

#include <string>
#include <vector>

#include "pagemd/core/result.hpp"

namespace pagemd::render::detail {

// Whom the browser runs as when pagemd runs as root.
constexpr uid_t kNobody = 65534;

// The filter as BPF, compiled once (libseccomp allocates, which a child of a threaded process may
// not do) and installed in each browser's child between fork and execve.
[[nodiscard]] core::Result<const std::vector<sock_filter>*> browser_filter();

// What a browser's child does before it becomes the browser, prepared in the parent so that the
// child makes only async-signal-safe calls.
struct JailPlan {
  const std::vector<sock_filter>* filter = nullptr;  // nullptr: none (tests of the namespace alone)
  bool network_namespace = true;                     // try for an empty one
  bool as_nobody = false;                            // root drops to nobody after unsharing
  std::string uid_map;                               // the user namespace's maps: this user, as itself
  std::string gid_map;
};

// The plan for this process's user (root: the network namespace directly, then nobody; anyone
// else: a user namespace of their own with a network namespace in it, where the kernel allows).
[[nodiscard]] JailPlan plan_jail(const std::vector<sock_filter>* filter, bool network_namespace);

// In the child, after fork: the namespaces, the change of user, then no_new_privs and the filter.
// A network namespace that cannot be made is left out (the filter still holds); false when the
// user cannot be changed or the filter cannot be installed, and the child must not go on.
[[nodiscard]] bool enter_jail(const JailPlan& plan) noexcept;

// Whether `pid` is in a network namespace other than this process's.
[[nodiscard]] bool in_other_network_namespace(pid_t pid);

}  // namespace pagemd::render::detail
