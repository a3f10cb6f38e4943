#include "pagemd/core/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace pagemd::core {

namespace fs = std::filesystem;

Result<void> write_file_atomically(const fs::path& target, std::string_view content) {
  // The rename below would replace a link rather than write through it, so nothing outside is at risk;
  // but a link where an output belongs was planted or made by mistake, and either way deserves a
  // clear refusal rather than a silent replacement.
  if (struct stat link{}; ::lstat(target.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
    return unexpected(ErrorCode::internal, "cannot write " + target.string() +
                                               ": it is a symbolic link, which pagemd does not follow or replace");
  }
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string temporary = (dir / (std::string(kTemporaryFilePrefix) + "XXXXXX")).string();
  const int fd = ::mkostemp(temporary.data(), O_CLOEXEC);
  if (fd < 0) {
    return unexpected(ErrorCode::internal, "cannot create a file in " + dir.string() + ": " + std::strerror(errno));
  }
  std::size_t written = 0;
  int error = 0;
  while (written < content.size()) {
    const ssize_t wrote = ::write(fd, content.data() + written, content.size() - written);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) {
      error = wrote < 0 ? errno : EIO;
      break;
    }
    written += static_cast<std::size_t>(wrote);
  }
  // mkostemp makes the file 0600; the outputs are ordinary files, readable like any other.
  if (error == 0 && ::fchmod(fd, 0644) != 0) error = errno;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error == 0 && ::rename(temporary.c_str(), target.c_str()) != 0) error = errno;
  if (error != 0) {
    ::unlink(temporary.c_str());
    return unexpected(ErrorCode::internal, "cannot write " + target.string() + ": " + std::strerror(error));
  }
  return {};
}

void remove_temporary_files(const fs::path& dir) noexcept {
  std::error_code ignored;
  for (fs::directory_iterator it(dir, ignored), end; !ignored && it != end; it.increment(ignored)) {
    if (it->path().filename().string().starts_with(kTemporaryFilePrefix)) fs::remove(it->path(), ignored);
  }
}

}  // namespace pagemd::core
