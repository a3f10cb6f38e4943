// Runs a program the way the packaged unit (systemd/pagemdd.service.in) confines the daemon: as a
// user that is not root (DynamicUser=; as root this drops to nobody), under no_new_privs, with the
// seccomp rules systemd installs for these of its options:
//   MemoryDenyWriteExecute=yes         no mapping both writable and executable, none made executable later
//   RestrictNamespaces=user pid net    no other new namespace (unshare, clone with CLONE_NEW*), no setns;
//                                      clone3 is ENOSYS, so that libc falls back to clone
//   RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6
//   SystemCallFilter=~@privileged      of it the change of user, mounting and the like, but not chroot
//   SystemCallFilter=chroot capset     and capset, which Chromium's sandbox needs
// ctest runs the browser tests through it (render.under_the_unit): the browser must run there with
// its own sandbox and its jail, so render_sandbox = "auto" renders under the unit.
//
//     unit_exec PROGRAM [ARGUMENT...]
#include <grp.h>
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

constexpr uid_t kNobody = 65534;

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
            always(EPERM, SCMP_SYS(setns));
  for (const int privileged :
       {SCMP_SYS(mount), SCMP_SYS(umount2), SCMP_SYS(pivot_root), SCMP_SYS(setuid), SCMP_SYS(setgid),
        SCMP_SYS(setreuid), SCMP_SYS(setregid), SCMP_SYS(setresuid), SCMP_SYS(setresgid), SCMP_SYS(setgroups),
        SCMP_SYS(setfsuid), SCMP_SYS(setfsgid), SCMP_SYS(open_by_handle_at), SCMP_SYS(bpf), SCMP_SYS(acct)}) {
    ok = ok && always(EPERM, privileged);
  }
  for (const scmp_datum_t flag :
       std::initializer_list<scmp_datum_t>{CLONE_NEWNS, CLONE_NEWCGROUP, CLONE_NEWUTS, CLONE_NEWIPC}) {
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
  if (argc < 2) {
    std::fputs("usage: unit_exec PROGRAM [ARGUMENT...]\n", stderr);
    return 2;
  }
  if (geteuid() == 0 && (setgroups(0, nullptr) != 0 || setgid(kNobody) != 0 || setuid(kNobody) != 0)) {
    std::perror("unit_exec: cannot become nobody");
    return 121;
  }
  scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
  if (filter == nullptr || !add_rules(filter) || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
      seccomp_load(filter) != 0) {
    std::perror("unit_exec: cannot install the filter");
    return 121;
  }
  seccomp_release(filter);
  execv(argv[1], argv + 1);
  std::perror("unit_exec: exec");
  return 127;
}
