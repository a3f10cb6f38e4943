#pragma once

#include <filesystem>
#include <string_view>

#include "pagemd/core/result.hpp"

namespace pagemd::core {

// Temporary files of write_file_atomically start with this; a run that was killed may leave some,
// which the next run in the same directory may delete.
inline constexpr std::string_view kTemporaryFilePrefix = ".pagemd-tmp-";

// Writes `content` to `target` so that a reader sees the old file or the whole new one, never a part:
// into a temporary file of a unique name in the same directory, then renamed over `target`. Two
// writers at once never share a temporary; the last rename wins. The file is made mode 0644.
// Fails with internal (the message names the file and the reason); no temporary is left behind.
// A symbolic link at `target` is refused, neither followed nor replaced.
[[nodiscard]] Result<void> write_file_atomically(const std::filesystem::path& target, std::string_view content);

// Deletes the temporaries that killed writers left in `dir`. Never fails.
void remove_temporary_files(const std::filesystem::path& dir) noexcept;

}  // namespace pagemd::core
