// Runs a program where no user namespace can be made, as in a container or a unit that forbids
// them: unshare and clone with CLONE_NEWUSER fail with EPERM (clone3 is ENOSYS, so that libc falls
// back to clone), under no_new_privs. ctest runs the browser tests through it: the browser must then
// run without its own sandbox rather than not at all.
//
//     without_user_namespaces PROGRAM [ARGUMENT...]
#include <sched.h>
#include <seccomp.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fputs("usage: without_user_namespaces PROGRAM [ARGUMENT...]\n", stderr);
    return 2;
  }
  scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
  const bool ok = filter != nullptr &&
                  seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(unshare), 1,
                                   SCMP_CMP(0, SCMP_CMP_MASKED_EQ, CLONE_NEWUSER, CLONE_NEWUSER)) == 0 &&
                  seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                                   SCMP_CMP(0, SCMP_CMP_MASKED_EQ, CLONE_NEWUSER, CLONE_NEWUSER)) == 0 &&
                  seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0) == 0 &&
                  prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 && seccomp_load(filter) == 0;
  if (!ok) {
    std::perror("without_user_namespaces: cannot install the filter");
    return 121;
  }
  seccomp_release(filter);
  execv(argv[1], argv + 1);
  std::perror("without_user_namespaces: exec");
  return 127;
}
