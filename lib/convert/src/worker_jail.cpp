#include "worker_jail.hpp"

#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <sched.h>
#include <seccomp.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

namespace pagemd::convert {
namespace {

using core::ErrorCode;

using Filter = std::unique_ptr<void, decltype(&seccomp_release)>;

struct Rule {
  const char* name;
  // At most one condition: the system call is allowed only when it holds.
  std::optional<scmp_arg_cmp> condition;
};

// What converting a page needs once the worker runs. Everything that reaches outside the process
// (open, socket, connect, execve, ptrace, kill of another process, new descriptors by any route) is
// missing on purpose; so is mapping executable memory, which only an exploit would want.
// libseccomp's SCMP_A* macros are C compound literals; these are the same conditions in C++.
constexpr scmp_arg_cmp argument_equals(unsigned int argument, scmp_datum_t value) {
  return {argument, SCMP_CMP_EQ, value, 0};
}
constexpr scmp_arg_cmp argument_lacks(unsigned int argument, scmp_datum_t bits) {
  return {argument, SCMP_CMP_MASKED_EQ, bits, 0};
}

std::vector<Rule> allowed_calls() {
  const auto no_exec = argument_lacks(2, PROT_EXEC);
  std::vector<Rule> rules{
      // The socket to the daemon (recv would also carry descriptors, so it is read() only) and stderr.
      {"read", {}},
      {"write", {}},
      {"writev", {}},
      {"sendto", argument_equals(4, 0)},  // send(): no destination address
      {"close", {}},
      // isatty(), which stdio and the sanitizers' reports ask of stderr; no other terminal request.
      {"ioctl", argument_equals(1, TCGETS)},
      // Memory, for the C library's allocator, jemalloc and the sanitizers' allocators.
      {"brk", {}},
      {"mmap", no_exec},
      {"mprotect", no_exec},
      {"munmap", {}},
      {"mremap", {}},
      {"madvise", {}},
      {"futex", {}},
      // Clocks and the per-page CPU limit on itself (setrlimit is prlimit64 on pid 0).
      {"clock_gettime", {}},
      {"clock_getres", {}},
      {"gettimeofday", {}},
      {"nanosleep", {}},
      {"clock_nanosleep", {}},
      {"sched_yield", {}},
      {"getrusage", {}},
      {"prlimit64", argument_equals(0, 0)},
      {"getrandom", {}},
      // Signals and exit, including abort(), which signals this process only.
      {"rt_sigreturn", {}},
      {"rt_sigprocmask", {}},
      {"rt_sigaction", {}},
      {"sigaltstack", {}},
      {"restart_syscall", {}},
      {"getpid", {}},
      {"gettid", {}},
      {"tgkill", argument_equals(0, static_cast<scmp_datum_t>(::getpid()))},
      {"exit", {}},
      {"exit_group", {}},
  };
#if defined(__SANITIZE_ADDRESS__)
  // The sanitizers' runtime asks whether memory is readable by writing it into a pipe of its own
  // (internal_pipe: pipe2 with no flags), which converting a PDF under the sanitizers does. Release
  // builds never make one.
  rules.push_back({"pipe2", argument_equals(1, 0)});
#endif
  return rules;
}

core::Unexpected jail_error(const std::string& what, int code) {
  return core::unexpected(ErrorCode::internal, "converter jail: " + what + ": " + std::strerror(code));
}

// Root (or CAP_SYS_ADMIN) can unshare the network directly; anyone else needs a user namespace of
// their own first, where the kernel allows unprivileged ones.
bool enter_empty_network_namespace(std::string& error) {
  if (::unshare(CLONE_NEWNET) == 0) return true;
  if (::unshare(CLONE_NEWUSER | CLONE_NEWNET) == 0) return true;
  error = std::strerror(errno);
  return false;
}

core::Result<void> install_filter() {
  const Filter filter(seccomp_init(SCMP_ACT_KILL_PROCESS), &seccomp_release);
  if (!filter) return jail_error("seccomp_init", ENOMEM);
  // libseccomp sets no_new_privs before loading (SCMP_FLTATR_CTL_NNP defaults to on); said here so
  // that nobody turns it off: without it an unprivileged process may not install a filter.
  if (const int failed = seccomp_attr_set(filter.get(), SCMP_FLTATR_CTL_NNP, 1); failed < 0) {
    return jail_error("no_new_privs", -failed);
  }
  for (const Rule& rule : allowed_calls()) {
    const int number = seccomp_syscall_resolve_name(rule.name);
    if (number == __NR_SCMP_ERROR) return jail_error(std::string("unknown system call ") + rule.name, EINVAL);
    const int failed = rule.condition ? seccomp_rule_add(filter.get(), SCMP_ACT_ALLOW, number, 1, *rule.condition)
                                      : seccomp_rule_add(filter.get(), SCMP_ACT_ALLOW, number, 0);
    if (failed < 0) return jail_error(std::string("rule for ") + rule.name, -failed);
  }
  if (const int failed = seccomp_load(filter.get()); failed < 0) return jail_error("seccomp_load", -failed);
  return {};
}

}  // namespace

core::Result<JailReport> enter_worker_jail() {
  JailReport report;
  report.network_namespace = enter_empty_network_namespace(report.network_namespace_error);
  if (auto installed = install_filter(); !installed) return core::unexpected(installed.error());
  return report;
}

}  // namespace pagemd::convert
