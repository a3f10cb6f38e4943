#include "loopback_only.hpp"

#include <net/if.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace pagemd::testing {
namespace {

bool enter_new_network_namespace() {
  if (unshare(CLONE_NEWNET) == 0) {
    return true;
  }
  // Unprivileged: a new user namespace grants CAP_SYS_ADMIN and CAP_NET_ADMIN inside it.
  return unshare(CLONE_NEWUSER | CLONE_NEWNET) == 0;
}

bool bring_loopback_up() {
  const int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    return false;
  }
  ifreq request{};
  std::strncpy(request.ifr_name, "lo", IFNAMSIZ - 1);
  bool ok = ioctl(fd, SIOCGIFFLAGS, &request) == 0;
  request.ifr_flags = static_cast<short>(request.ifr_flags | IFF_UP);
  ok = ok && ioctl(fd, SIOCSIFFLAGS, &request) == 0;
  close(fd);
  return ok;
}

bool only_loopback_exists() {
  struct if_nameindex* interfaces = if_nameindex();
  if (interfaces == nullptr) {
    return false;
  }
  bool only_lo = true;
  for (const struct if_nameindex* entry = interfaces; entry->if_index != 0; ++entry) {
    only_lo = only_lo && std::strcmp(entry->if_name, "lo") == 0;
  }
  if_freenameindex(interfaces);
  return only_lo;
}

}  // namespace

std::string enter_loopback_only_namespace() {
  if (!enter_new_network_namespace()) {
    return std::string("cannot create a network namespace: ") + std::strerror(errno);
  }
  if (!bring_loopback_up() || !only_loopback_exists()) return "the new network namespace is not loopback-only";
  return {};
}

}  // namespace pagemd::testing
