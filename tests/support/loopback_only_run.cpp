// `loopback_only COMMAND [ARGS...]`: runs a command (a test in another language) inside a network
// namespace whose only interface is loopback (loopback_only.hpp); exits 1 when one cannot be made.
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include "loopback_only.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: loopback_only COMMAND [ARGS...]\n");
    return 2;
  }
  if (const std::string why = pagemd::testing::enter_loopback_only_namespace(); !why.empty()) {
    std::fprintf(stderr, "loopback_only: %s; not running %s outside one\n", why.c_str(), argv[1]);
    return 1;
  }
  execvp(argv[1], argv + 1);
  std::fprintf(stderr, "loopback_only: cannot run %s: %s\n", argv[1], std::strerror(errno));
  return 1;
}
