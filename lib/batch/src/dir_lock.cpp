#include "pagemd/batch/dir_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace pagemd::batch {

core::Result<std::unique_ptr<DirLock>> DirLock::acquire(const std::filesystem::path& dir) {
  const std::filesystem::path path = dir / ".pagemd-batch.lock";
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) {
    const int error = errno;
    const std::string why =
        error == ELOOP ? "it is a symbolic link, which batch does not follow" : std::strerror(error);
    return core::unexpected(core::ErrorCode::internal, "cannot open " + path.string() + ": " + why);
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    ::close(fd);
    if (error == EWOULDBLOCK) {
      return core::unexpected(core::ErrorCode::busy, "another pagemd batch is working on " + dir.string());
    }
    return core::unexpected(core::ErrorCode::internal, "cannot lock " + path.string() + ": " + std::strerror(error));
  }
  return std::unique_ptr<DirLock>(new DirLock(fd));
}

DirLock::~DirLock() { ::close(fd_); }

}  // namespace pagemd::batch
