#include "browser_jail.hpp"

#include <fcntl.h>
#include <grp.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <initializer_list>
#include <memory>

namespace pagemd::render::detail {
namespace {

using Filter = std::unique_ptr<void, decltype(&seccomp_release)>;

core::Unexpected filter_error(const std::string& what, int code) {
  return core::unexpected(core::ErrorCode::internal, "browser filter: " + what + ": " + std::strerror(code));
}

// An allow-list of families, not a deny-list of AF_INET and AF_INET6: AF_PACKET, AF_VSOCK (the
// host of a virtual machine), AF_SMC and the like reach a network too, and a family compared as a
// 64-bit value cannot be slipped past an "is it 2" test with high bits the kernel ignores.
core::Result<void> refuse_network_sockets(scmp_filter_ctx filter) {
  const auto refuse = [&](scmp_compare op, scmp_datum_t family) {
    return seccomp_rule_add(filter, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socket), 1, scmp_arg_cmp{0, op, family, 0});
  };
  static_assert(AF_UNIX == 1 && AF_NETLINK == 16, "the families kept are 1 and 16");
  int failed = refuse(SCMP_CMP_EQ, AF_UNSPEC);
  for (scmp_datum_t family = AF_UNIX + 1; failed == 0 && family < AF_NETLINK; ++family) {
    failed = refuse(SCMP_CMP_EQ, family);
  }
  if (failed == 0) failed = refuse(SCMP_CMP_GT, AF_NETLINK);
  if (failed != 0) return filter_error("socket rules", -failed);
  return {};
}

core::Result<std::vector<sock_filter>> compile_filter() {
  const Filter filter(seccomp_init(SCMP_ACT_ALLOW), &seccomp_release);
  if (!filter) return filter_error("seccomp_init", ENOMEM);
  // A foreign architecture's calls (x32, i386 through int 0x80) are killed: libseccomp's default,
  // said here so that it stays so, since the rules above hold for the native numbers only.
  if (const int failed = seccomp_attr_set(filter.get(), SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS); failed != 0) {
    return filter_error("bad architecture action", -failed);
  }
  if (auto sockets = refuse_network_sockets(filter.get()); !sockets) return core::unexpected(sockets.error());
  // io_uring's requests are system calls the filter never sees (IORING_OP_SOCKET, _CONNECT).
  // ptrace and process_vm_*: without Chromium's sandbox a renderer runs as the daemon's user, and
  // must not reach into the daemon, whose own system calls are not filtered.
  for (const char* name :
       {"io_uring_setup", "io_uring_enter", "io_uring_register", "ptrace", "process_vm_readv", "process_vm_writev"}) {
    const int number = seccomp_syscall_resolve_name(name);
    if (number == __NR_SCMP_ERROR) return filter_error(std::string("unknown system call ") + name, EINVAL);
    if (const int failed = seccomp_rule_add(filter.get(), SCMP_ACT_ERRNO(EPERM), number, 0); failed != 0) {
      return filter_error(std::string("rule for ") + name, -failed);
    }
  }

  const int memory = ::memfd_create("pagemd-browser-filter", MFD_CLOEXEC);
  if (memory < 0) return filter_error("memfd_create", errno);
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{memory};
  if (const int failed = seccomp_export_bpf(filter.get(), memory); failed != 0) {
    return filter_error("seccomp_export_bpf", -failed);
  }
  const off_t size = ::lseek(memory, 0, SEEK_END);
  if (size <= 0 || size % static_cast<off_t>(sizeof(sock_filter)) != 0 || ::lseek(memory, 0, SEEK_SET) != 0) {
    return filter_error("exported program", EINVAL);
  }
  std::vector<sock_filter> program(static_cast<std::size_t>(size) / sizeof(sock_filter));
  auto* bytes = reinterpret_cast<char*>(program.data());
  std::size_t done = 0;
  while (done < static_cast<std::size_t>(size)) {
    const ssize_t got = ::read(memory, bytes + done, static_cast<std::size_t>(size) - done);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return filter_error("reading the exported program", got < 0 ? errno : EIO);
    done += static_cast<std::size_t>(got);
  }
  return program;
}

bool write_file(const char* path, const char* text, std::size_t length) noexcept {
  const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool written = ::write(fd, text, length) == static_cast<ssize_t>(length);
  ::close(fd);
  return written;
}

}  // namespace

core::Result<const std::vector<sock_filter>*> browser_filter() {
  static const core::Result<std::vector<sock_filter>> compiled = compile_filter();
  if (!compiled) return core::unexpected(compiled.error());
  return &*compiled;
}

JailPlan plan_jail(const std::vector<sock_filter>* filter, bool network_namespace) {
  JailPlan plan;
  plan.filter = filter;
  plan.network_namespace = network_namespace;
  plan.as_nobody = ::geteuid() == 0;
  plan.uid_map = std::to_string(::geteuid()) + " " + std::to_string(::geteuid()) + " 1\n";
  plan.gid_map = std::to_string(::getegid()) + " " + std::to_string(::getegid()) + " 1\n";
  return plan;
}

bool enter_jail(const JailPlan& plan) noexcept {
  if (plan.network_namespace) {
    if (plan.as_nobody) {
      // Root may; where it may not (a container without CAP_SYS_ADMIN) the filter holds alone.
      static_cast<void>(::unshare(CLONE_NEWNET));
    } else if (::unshare(CLONE_NEWUSER | CLONE_NEWNET) == 0) {
      // Unmapped, this user would be nobody in the new namespace and could make no namespace in
      // it, Chromium's sandbox's included; mapped to itself, it keeps no capability past execve.
      constexpr char kDeny[] = "deny";
      if (!write_file("/proc/self/setgroups", kDeny, sizeof kDeny - 1) ||
          !write_file("/proc/self/uid_map", plan.uid_map.data(), plan.uid_map.size()) ||
          !write_file("/proc/self/gid_map", plan.gid_map.data(), plan.gid_map.size())) {
        return false;
      }
    }
  }
  if (plan.as_nobody && (::setgroups(0, nullptr) != 0 || ::setgid(kNobody) != 0 || ::setuid(kNobody) != 0)) {
    return false;
  }
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return false;
  if (plan.filter != nullptr) {
    sock_fprog program{static_cast<unsigned short>(plan.filter->size()), const_cast<sock_filter*>(plan.filter->data())};
    if (::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0) return false;
  }
  return true;
}

bool in_other_network_namespace(pid_t pid) {
  struct stat own {};
  struct stat theirs {};
  const std::string path = "/proc/" + std::to_string(pid) + "/ns/net";
  if (::stat("/proc/self/ns/net", &own) != 0 || ::stat(path.c_str(), &theirs) != 0) return false;
  return own.st_ino != theirs.st_ino || own.st_dev != theirs.st_dev;
}

}  // namespace pagemd::render::detail
