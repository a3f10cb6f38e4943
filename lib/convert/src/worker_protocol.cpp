#include "worker_protocol.hpp"

#include <cerrno>

#include <sys/socket.h>
#include <unistd.h>

namespace pagemd::convert::protocol {

bool write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    // send() with MSG_NOSIGNAL: a dead peer must be an error to handle, not a SIGPIPE for the daemon.
    const ssize_t written = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

bool read_exact(int fd, void* out, std::size_t size) {
  auto* cursor = static_cast<char*>(out);
  while (size > 0) {
    const ssize_t got = ::read(fd, cursor, size);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    cursor += got;
    size -= static_cast<std::size_t>(got);
  }
  return true;
}

std::optional<std::string> read_blob(int fd, std::uint64_t limit) {
  std::uint64_t size = 0;
  if (!read_exact(fd, &size, sizeof size) || size > limit) return std::nullopt;
  std::string blob(static_cast<std::size_t>(size), '\0');
  if (!read_exact(fd, blob.data(), blob.size())) return std::nullopt;
  return blob;
}

}  // namespace pagemd::convert::protocol
