#include "pagemd/batch/manifest.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace pagemd::batch {
namespace {

nlohmann::ordered_json text_or_null(const std::string& text, bool present) {
  return present ? nlohmann::ordered_json(text) : nlohmann::ordered_json(nullptr);
}

std::optional<ManifestEntry> entry_of(const std::string& line) {
  const auto json = nlohmann::json::parse(line, nullptr, false);
  if (!json.is_object()) return std::nullopt;
  const auto url = json.find("url");
  const auto status = json.find("status");
  if (url == json.end() || !url->is_string() || status == json.end() || !status->is_string()) return std::nullopt;
  ManifestEntry entry;
  entry.url = url->get<std::string>();
  if (*status == "ok") {
    entry.status = EntryStatus::ok;
    const auto file = json.find("file");
    if (file == json.end() || !file->is_string()) return std::nullopt;
    entry.file = file->get<std::string>();
  } else if (*status == "error") {
    entry.status = EntryStatus::error;
  } else {
    return std::nullopt;
  }
  const auto string_field = [&](const char* name) {
    const auto found = json.find(name);
    return found != json.end() && found->is_string() ? found->get<std::string>() : std::string{};
  };
  entry.title = string_field("title");
  entry.page_type = string_field("page_type");
  entry.content_type = string_field("content_type");
  entry.code = string_field("code");
  entry.error = string_field("error");
  entry.vendor = string_field("vendor");
  entry.reason = string_field("reason");
  if (const auto rendered = json.find("rendered"); rendered != json.end() && rendered->is_boolean()) {
    entry.rendered = rendered->get<bool>();
  }
  if (const auto words = json.find("word_count"); words != json.end() && words->is_number_unsigned()) {
    entry.word_count = words->get<std::size_t>();
  }
  return entry;
}

}  // namespace

std::string to_json_line(const ManifestEntry& entry) {
  const bool ok = entry.status == EntryStatus::ok;
  // In DESIGN.md's order, for people reading the file.
  nlohmann::ordered_json line{
      {"url", entry.url},
      {"file", text_or_null(entry.file, ok)},
      {"status", ok ? "ok" : "error"},
      {"title", text_or_null(entry.title, ok)},
      {"word_count", ok ? nlohmann::ordered_json(entry.word_count) : nlohmann::ordered_json(nullptr)},
      {"page_type", text_or_null(entry.page_type, ok)},
      {"rendered", ok ? nlohmann::ordered_json(entry.rendered) : nlohmann::ordered_json(nullptr)},
      {"content_type", text_or_null(entry.content_type, ok)},
      {"code", text_or_null(entry.code, !ok)},
      {"error", text_or_null(entry.error, !ok)},
  };
  // What the wall was: only on a page_blocked or page_unusable line.
  if (!ok && !entry.vendor.empty()) line["vendor"] = entry.vendor;
  if (!ok && !entry.reason.empty()) line["reason"] = entry.reason;
  // Invalid UTF-8 in a URL or an error text is replaced rather than thrown over.
  return line.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

namespace {

core::Error open_error(const std::filesystem::path& path, int error) {
  // O_NOFOLLOW answers ELOOP for a symbolic link: someone planted one to make batch write elsewhere.
  const std::string why = error == ELOOP ? "it is a symbolic link, which batch does not follow" : std::strerror(error);
  return {core::ErrorCode::internal, "cannot open " + path.string() + ": " + why};
}

}  // namespace

core::Result<std::unordered_map<std::string, ManifestEntry>> read_manifest(const std::filesystem::path& path) {
  std::unordered_map<std::string, ManifestEntry> entries;
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return entries;
    return core::unexpected(open_error(path, errno));
  }
  std::string text;
  char buffer[65536];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      const int error = errno;
      ::close(fd);
      return core::unexpected(core::ErrorCode::internal, "cannot read " + path.string() + ": " + std::strerror(error));
    }
    if (got == 0) break;
    text.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(fd);
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (auto entry = entry_of(line)) entries.insert_or_assign(entry->url, std::move(*entry));
  }
  return entries;
}

core::Result<std::unique_ptr<ManifestWriter>> ManifestWriter::open(const std::filesystem::path& path) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) return core::unexpected(open_error(path, errno));
  // A line cut short by a crash is ended, so the next line starts on a line of its own.
  const off_t size = ::lseek(fd, 0, SEEK_END);
  char last = '\n';
  if (size > 0 && ::pread(fd, &last, 1, size - 1) == 1 && last != '\n' && ::write(fd, "\n", 1) != 1) {
    ::close(fd);
    return core::unexpected(core::ErrorCode::internal, "cannot write to " + path.string());
  }
  return std::unique_ptr<ManifestWriter>(new ManifestWriter(fd));
}

ManifestWriter::~ManifestWriter() { ::close(fd_); }

core::Result<void> ManifestWriter::append(const ManifestEntry& entry) {
  const std::string line = to_json_line(entry);
  const std::lock_guard lock(mutex_);
  const ssize_t written = ::write(fd_, line.data(), line.size());
  if (written != static_cast<ssize_t>(line.size())) {
    return core::unexpected(core::ErrorCode::internal, std::string("cannot append to the manifest: ") +
                                                           (written < 0 ? std::strerror(errno) : "short write"));
  }
  return {};
}

}  // namespace pagemd::batch
