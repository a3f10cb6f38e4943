#pragma once

// The daemon and its converter workers talk over a Unix stream socket in frames: a u64 length, then
// that many bytes. A request frame holds the page, the options and the limits; a reply frame holds an
// outcome byte and then the typed result (the Extraction's fields) or the error (code name, message).
// Strings are a u64 length and their bytes; integers are in the host's byte order, since both ends are
// the same binary on the same machine. Each side decodes into the same types the in-process path
// uses, so nothing is turned into JSON and back on the way.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pagemd/convert/page_converter.hpp"

namespace pagemd::convert::protocol {

// A frame larger than this is a corrupted stream (pages are capped far below it).
inline constexpr std::uint64_t kMaxFrameBytes = std::uint64_t{1} << 30;

// The bounds a worker puts on itself before converting the page of a request.
struct WorkerLimits {
  std::chrono::seconds cpu{10};
  std::uint64_t memory_bytes = 0;  // 0: none
  std::uint64_t result_bytes = 0;  // the largest reply frame it may send; 0: none
};

struct WorkerRequest {
  Page page;
  ConvertOptions options;
  WorkerLimits limits;
};

[[nodiscard]] std::string encode_request(const Page& page, const ConvertOptions& options, const WorkerLimits& limits);
// The request's frame up to the page body's bytes, which come last: written with
// write_frame(fd, head, page.body), a body of 32 MiB is sent from where it is instead of being copied
// into a frame beside it.
[[nodiscard]] std::string encode_request_head(const Page& page, const ConvertOptions& options,
                                              const WorkerLimits& limits);
// Empty when the frame is not a well-formed request.
[[nodiscard]] std::optional<WorkerRequest> decode_request(std::string_view frame);

[[nodiscard]] std::string encode_reply(const core::Result<extract::Extraction>& reply);
// Empty when the frame is not a well-formed reply.
[[nodiscard]] std::optional<core::Result<extract::Extraction>> decode_reply(std::string_view frame);

// Writes the u64 length and the payload, retrying short writes and EINTR. False when the peer is gone.
// A payload may come in two parts (`rest` follows `payload`), to be read as one frame.
bool write_frame(int fd, std::string_view payload, std::string_view rest = {});

// Reads one frame no longer than `limit`, refusing a longer one before allocating. Empty on end of
// stream, error, a frame over the limit, or when the whole frame has not arrived by `deadline`.
std::optional<std::string> read_frame(int fd, std::uint64_t limit,
                                      std::optional<std::chrono::steady_clock::time_point> deadline = std::nullopt);

}  // namespace pagemd::convert::protocol
