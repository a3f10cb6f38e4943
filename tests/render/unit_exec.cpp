// Runs the browser the way the packaged unit (systemd/pagemdd.service.in) confines the daemon's
// children, with the seccomp rules systemd installs for these of its options:
//   MemoryDenyWriteExecute=yes       no mapping both writable and executable, none made executable later
//   RestrictNamespaces=yes           no new namespaces (unshare, clone with CLONE_NEW*, setns); clone3 is
//                                    ENOSYS, so that libc falls back to clone
//   RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6
//   SystemCallFilter=~@privileged    of it, mounting and chroot, which a browser's own sandbox needs
// all under no_new_privs. tests/render runs the pool's browser through it to learn which browser
// flags the unit needs.
//
//     unit_exec BROWSER-ARGUMENTS...   (execs PAGEMD_TEST_BROWSER with them)
#include <sched.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <initializer_list>

namespace {

bool add_rules(scmp_filter_ctx filter) {
  const auto masked = [&](int error, int syscall, unsigned arg, scmp_datum_t mask, scmp_datum_t value) {
    return seccomp_rule_add(filter, SCMP_ACT_ERRNO(error), syscall, 1,
                            SCMP_CMP(arg, SCMP_CMP_MASKED_EQ, mask, value)) == 0;
  };
  const auto always = [&](int error, int syscall) {
    return seccomp_rule_add(filter, SCMP_ACT_ERRNO(error), syscall, 0) == 0;
  };
  bool ok = masked(EPERM, SCMP_SYS(mmap), 2, PROT_EXEC | PROT_WRITE, PROT_EXEC | PROT_WRITE) &&
            masked(EPERM, SCMP_SYS(mprotect), 2, PROT_EXEC, PROT_EXEC) &&
            masked(EPERM, SCMP_SYS(pkey_mprotect), 2, PROT_EXEC, PROT_EXEC) &&
            masked(EPERM, SCMP_SYS(shmat), 2, SHM_EXEC, SHM_EXEC) && always(ENOSYS, SCMP_SYS(clone3)) &&
            always(EPERM, SCMP_SYS(setns)) && always(EPERM, SCMP_SYS(chroot)) && always(EPERM, SCMP_SYS(mount)) &&
            always(EPERM, SCMP_SYS(pivot_root)) && always(EPERM, SCMP_SYS(umount2));
  for (const scmp_datum_t flag : std::initializer_list<scmp_datum_t>{
           CLONE_NEWNS, CLONE_NEWCGROUP, CLONE_NEWUTS, CLONE_NEWIPC, CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET}) {
    ok = ok && masked(EPERM, SCMP_SYS(clone), 0, flag, flag) && masked(EPERM, SCMP_SYS(unshare), 0, flag, flag);
  }
  // Every family but AF_UNIX (1), AF_INET (2) and AF_INET6 (10).
  ok = ok && seccomp_rule_add(filter, SCMP_ACT_ERRNO(EAFNOSUPPORT), SCMP_SYS(socket), 1,
                              SCMP_CMP(0, SCMP_CMP_GE, AF_INET6 + 1)) == 0;
  for (const scmp_datum_t family : std::initializer_list<scmp_datum_t>{0, 3, 4, 5, 6, 7, 8, 9}) {
    ok = ok && seccomp_rule_add(filter, SCMP_ACT_ERRNO(EAFNOSUPPORT), SCMP_SYS(socket), 1,
                                SCMP_CMP(0, SCMP_CMP_EQ, family)) == 0;
  }
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  static_cast<void>(argc);
  scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
  if (filter == nullptr || !add_rules(filter) || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
      seccomp_load(filter) != 0) {
    std::perror("unit_exec: cannot install the filter");
    return 121;
  }
  seccomp_release(filter);
  argv[0] = const_cast<char*>(PAGEMD_TEST_BROWSER);
  execv(argv[0], argv);
  std::perror("unit_exec: exec");
  return 127;
}
