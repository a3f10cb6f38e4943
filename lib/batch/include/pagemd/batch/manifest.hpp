#pragma once

#include <cstddef>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "pagemd/core/result.hpp"

namespace pagemd::batch {

inline constexpr std::string_view kManifestName = "manifest.jsonl";

enum class EntryStatus { ok, error };

// One line of DIR/manifest.jsonl: {"url", "file", "status", "title", "word_count", "page_type", "rendered",
// "content_type", "code", "error"} and, for a wall, "vendor" or "reason"; `file`, `title`, `word_count`,
// `page_type`, `rendered` and `content_type` are null for failures, `code` and `error` null for successes.
struct ManifestEntry {
  std::string url;  // as written in the list
  EntryStatus status = EntryStatus::ok;
  std::string file;  // relative to DIR; ok only
  std::string title;
  std::size_t word_count = 0;
  std::string page_type;     // metadata.page_type: "article", "forum", ...
  bool rendered = false;     // metadata.rendered: run in a browser before conversion
  std::string content_type;  // metadata.content_type: "text/html", "text/plain" or "application/pdf"
  std::string code;          // error only: a code of the error table (core/error_codes.def)
  std::string error;
  std::string vendor;  // error only, page_blocked: who blocked (Error::vendor); left out when empty
  std::string reason;  // error only, page_unusable: why (Error::reason); left out when empty
};

// The entry as one JSON line, '\n' included.
[[nodiscard]] std::string to_json_line(const ManifestEntry& entry);

// The latest entry of each URL in the manifest at `path` (a later line wins). A missing file is an
// empty manifest; lines that are not such JSON objects (a line cut short by a crash) are skipped.
// Fails with internal when the file exists but cannot be read.
[[nodiscard]] core::Result<std::unordered_map<std::string, ManifestEntry>> read_manifest(
    const std::filesystem::path& path);

// Appends lines to a manifest, each with one write(2) on an O_APPEND descriptor, so a crash leaves
// whole lines behind. Thread-safe.
class ManifestWriter {
 public:
  // Opens (creating) `path` for appending. Fails with internal, naming the file and the reason.
  [[nodiscard]] static core::Result<std::unique_ptr<ManifestWriter>> open(const std::filesystem::path& path);
  ~ManifestWriter();
  ManifestWriter(const ManifestWriter&) = delete;
  ManifestWriter& operator=(const ManifestWriter&) = delete;

  // Fails with internal when the line cannot be written whole.
  [[nodiscard]] core::Result<void> append(const ManifestEntry& entry);

 private:
  explicit ManifestWriter(int fd) : fd_(fd) {}
  std::mutex mutex_;
  int fd_;
};

}  // namespace pagemd::batch
