#include "compress.hpp"

#include <brotli/encode.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>

namespace pagemd::testing {
namespace {

constexpr std::size_t kZstdMaxBlock = 128 * 1024;

std::string zlib_stream(std::string_view chunk, std::size_t times, int window_bits) {
  z_stream stream{};
  if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, window_bits, 9, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::runtime_error("deflateInit2 failed");
  }
  const std::unique_ptr<z_stream, int (*)(z_stream*)> guard(&stream, deflateEnd);
  std::string out;
  std::array<unsigned char, 16384> buffer{};
  for (std::size_t i = 0; i <= times; ++i) {
    const bool last = i == times;
    // zlib's API is not const-correct; it does not write through next_in.
    stream.next_in = last ? nullptr : reinterpret_cast<Bytef*>(const_cast<char*>(chunk.data()));  // NOLINT
    stream.avail_in = last ? 0 : static_cast<uInt>(chunk.size());
    int rc = Z_OK;
    do {
      stream.next_out = buffer.data();
      stream.avail_out = static_cast<uInt>(buffer.size());
      rc = deflate(&stream, last ? Z_FINISH : Z_NO_FLUSH);
      out.append(reinterpret_cast<const char*>(buffer.data()), buffer.size() - stream.avail_out);  // NOLINT
    } while (stream.avail_out == 0 || (last && rc != Z_STREAM_END));
  }
  return out;
}

std::string brotli_stream(std::string_view chunk, std::size_t times) {
  const std::unique_ptr<BrotliEncoderState, void (*)(BrotliEncoderState*)> state(
      BrotliEncoderCreateInstance(nullptr, nullptr, nullptr), BrotliEncoderDestroyInstance);
  if (!state) {
    throw std::runtime_error("BrotliEncoderCreateInstance failed");
  }
  BrotliEncoderSetParameter(state.get(), BROTLI_PARAM_QUALITY, 9);
  BrotliEncoderSetParameter(state.get(), BROTLI_PARAM_LGWIN, 24);
  std::string out;
  std::array<std::uint8_t, 16384> buffer{};
  for (std::size_t i = 0; i <= times; ++i) {
    const bool last = i == times;
    std::size_t available_in = last ? 0 : chunk.size();
    const auto* next_in = reinterpret_cast<const std::uint8_t*>(chunk.data());  // NOLINT
    do {
      std::size_t available_out = buffer.size();
      std::uint8_t* next_out = buffer.data();
      if (!BrotliEncoderCompressStream(state.get(), last ? BROTLI_OPERATION_FINISH : BROTLI_OPERATION_PROCESS,
                                       &available_in, &next_in, &available_out, &next_out, nullptr)) {
        throw std::runtime_error("BrotliEncoderCompressStream failed");
      }
      out.append(reinterpret_cast<const char*>(buffer.data()), buffer.size() - available_out);  // NOLINT
    } while (available_in > 0 || BrotliEncoderHasMoreOutput(state.get()) ||
             (last && !BrotliEncoderIsFinished(state.get())));
  }
  return out;
}

void append_le(std::string& out, std::uint32_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) {
    out.push_back(static_cast<char>((value >> (8 * i)) & 0xFFu));
  }
}

// RFC 8878: magic, a frame header with a 128 KiB window and no content size, then blocks; each
// block header is 3 little-endian bytes: last-block bit, 2 bits of type (0 raw, 1 RLE), 21 bits size.
std::string zstd_frame(std::string_view chunk, std::size_t times) {
  constexpr std::uint32_t kMagic = 0xFD2FB528;
  constexpr std::uint32_t kRaw = 0;
  constexpr std::uint32_t kRle = 1;
  std::string out;
  append_le(out, kMagic, 4);
  out.push_back('\x00');  // frame header descriptor: no checksum, no dictionary, no size
  out.push_back('\x38');  // window descriptor: exponent 7 -> 2^(10+7) = 128 KiB
  const bool uniform = !chunk.empty() && std::all_of(chunk.begin(), chunk.end(), [&](char c) { return c == chunk[0]; });
  const std::size_t total = chunk.size() * times;
  std::size_t written = 0;
  std::size_t offset = 0;  // position inside the repeated chunk, for raw blocks
  do {
    const std::size_t size = std::min(kZstdMaxBlock, total - written);
    const bool last = written + size == total;
    const std::uint32_t header =
        static_cast<std::uint32_t>(size << 3) | ((uniform ? kRle : kRaw) << 1) | (last ? 1u : 0u);
    append_le(out, header, 3);
    if (uniform) {
      out.push_back(chunk[0]);
    } else {
      for (std::size_t left = size; left > 0;) {
        const std::size_t take = std::min(left, chunk.size() - offset);
        out.append(chunk.substr(offset, take));
        offset = (offset + take) % chunk.size();
        left -= take;
      }
    }
    written += size;
  } while (written < total);
  return out;
}

}  // namespace

std::string_view coding_name(Coding coding) {
  switch (coding) {
    case Coding::gzip: return "gzip";
    case Coding::deflate: return "deflate";
    case Coding::br: return "br";
    case Coding::zstd: return "zstd";
  }
  return "identity";
}

std::string compress(Coding coding, std::string_view chunk, std::size_t times) {
  switch (coding) {
    case Coding::gzip: return zlib_stream(chunk, times, 15 + 16);  // +16: gzip wrapper
    case Coding::deflate: return zlib_stream(chunk, times, 15);    // HTTP "deflate" is the zlib format
    case Coding::br: return brotli_stream(chunk, times);
    case Coding::zstd: return zstd_frame(chunk, times);
  }
  return std::string(chunk);
}

}  // namespace pagemd::testing
