#pragma once

// The framing between the daemon and its converter workers, over a Unix stream socket:
//   request:  u32 header length, header JSON (options, limits, timestamp), u64 body length, body bytes
//   response: u8 outcome (kOk or kError), u64 length, JSON (the result object, or {"code","message"})
// Integers are in the host's byte order: both ends are the same binary on the same machine.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pagemd::convert::protocol {

inline constexpr std::uint8_t kOk = 0;
inline constexpr std::uint8_t kError = 1;
// A header larger than this is a corrupted stream, not a request.
inline constexpr std::uint32_t kMaxHeaderBytes = 1U << 20;
inline constexpr std::uint64_t kMaxBodyBytes = std::uint64_t{1} << 32;

// Writes all of `data`, retrying short writes and EINTR. False when the peer is gone.
bool write_all(int fd, std::string_view data);

// Reads exactly `size` bytes. False on end of stream or error.
bool read_exact(int fd, void* out, std::size_t size);

// Reads a u64-length-prefixed blob no longer than `limit`.
std::optional<std::string> read_blob(int fd, std::uint64_t limit);

template <typename Integer>
void append_integer(std::string& out, Integer value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);  // NOLINT: raw bytes by design
}

}  // namespace pagemd::convert::protocol
