#include "worker_jail.hpp"

#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fcntl.h>
#include <linux/landlock.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
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

// Opening a file for reading only: none of the flags that write, create or truncate.
constexpr scmp_datum_t kWritingOpenFlags = O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_TMPFILE;

std::vector<Rule> allowed_calls(bool files_readable) {
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
  if (files_readable) {
    // poppler's fopen of a CMap, its reads (read, above), its usecmap's second file, and fclose. stdio's
    // fstat for a buffer size is refused with an error (see install_filter): newfstatat takes any
    // path, which landlock does not confine, and stdio does without it.
    rules.push_back({"openat", argument_lacks(2, kWritingOpenFlags)});
    rules.push_back({"lseek", {}});
  }
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

// Landlock's file-system rights known to these headers: all of them are handled, so that everything
// not granted below is refused; a newer kernel's further rights (truncate, device ioctl) act on
// descriptors, which only an open for writing would give.
constexpr __u64 handled_file_rights(long abi) {
  __u64 rights = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE |
                 LANDLOCK_ACCESS_FS_READ_DIR | LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE |
                 LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
                 LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK |
                 LANDLOCK_ACCESS_FS_MAKE_SYM;
#ifdef LANDLOCK_ACCESS_FS_REFER
  if (abi >= 2) rights |= LANDLOCK_ACCESS_FS_REFER;
#endif
  static_cast<void>(abi);
  return rights;
}

class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

// Confines this process (and its later children) to reading files under `directories`: no other
// file may be opened, written, made or removed anywhere. False, with the reason, where landlock is
// missing (Linux before 5.13, not among the kernel's security modules) or a system-call filter of
// the service refuses it.
bool confine_files_to_reading(const std::vector<std::string>& directories, std::string& error) {
  const long abi = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  if (abi < 1) {
    error = std::string("landlock: ") + std::strerror(errno);
    return false;
  }
  landlock_ruleset_attr attributes{};
  attributes.handled_access_fs = handled_file_rights(abi);
  const Descriptor ruleset(static_cast<int>(::syscall(SYS_landlock_create_ruleset, &attributes, sizeof attributes, 0)));
  if (ruleset.get() < 0) {
    error = std::string("landlock_create_ruleset: ") + std::strerror(errno);
    return false;
  }
  for (const std::string& directory : directories) {
    const Descriptor beneath(::open(directory.c_str(), O_PATH | O_CLOEXEC | O_DIRECTORY));
    if (beneath.get() < 0) continue;  // not installed: nothing there to read
    landlock_path_beneath_attr rule{};
    rule.allowed_access = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;
    rule.parent_fd = beneath.get();
    if (::syscall(SYS_landlock_add_rule, ruleset.get(), LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0) {
      error = "landlock_add_rule " + directory + ": " + std::strerror(errno);
      return false;
    }
  }
  // Unprivileged processes may restrict themselves only under no_new_privs.
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || ::syscall(SYS_landlock_restrict_self, ruleset.get(), 0) != 0) {
    error = std::string("landlock_restrict_self: ") + std::strerror(errno);
    return false;
  }
  return true;
}

core::Result<void> install_filter(bool files_readable) {
  const Filter filter(seccomp_init(SCMP_ACT_KILL_PROCESS), &seccomp_release);
  if (!filter) return jail_error("seccomp_init", ENOMEM);
  // libseccomp sets no_new_privs before loading (SCMP_FLTATR_CTL_NNP defaults to on); said here so
  // that nobody turns it off: without it an unprivileged process may not install a filter.
  if (const int failed = seccomp_attr_set(filter.get(), SCMP_FLTATR_CTL_NNP, 1); failed < 0) {
    return jail_error("no_new_privs", -failed);
  }
  if (files_readable) {
    const int failed = seccomp_rule_add(filter.get(), SCMP_ACT_ERRNO(EACCES), SCMP_SYS(newfstatat), 0);
    if (failed < 0) return jail_error("rule for newfstatat", -failed);
  }
  for (const Rule& rule : allowed_calls(files_readable)) {
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

core::Result<JailReport> enter_worker_jail(const std::vector<std::string>& readable_directories) {
  JailReport report;
  report.network_namespace = enter_empty_network_namespace(report.network_namespace_error);
  report.files_readable = confine_files_to_reading(readable_directories, report.files_error);
  if (auto installed = install_filter(report.files_readable); !installed) return core::unexpected(installed.error());
  return report;
}

}  // namespace pagemd::convert
