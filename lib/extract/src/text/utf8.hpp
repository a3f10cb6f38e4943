#pragma once

// Encoding one code point as UTF-8, for the decoders, character references and CSS escapes. The
// callers have already replaced what is not a scalar value (surrogates, beyond U+10FFFF).

#include <array>
#include <cstdint>
#include <string>

namespace pagemd::extract {

struct Utf8Bytes {
  std::array<char, 4> bytes{};
  std::uint8_t size = 0;
};

// constexpr, so that the single-byte decoders can build their tables at compile time.
[[nodiscard]] constexpr Utf8Bytes encode_utf8(char32_t cp) {
  Utf8Bytes out;
  const auto byte = [](char32_t v) { return static_cast<char>(static_cast<unsigned char>(v)); };
  if (cp < 0x80) {
    out.bytes[0] = byte(cp);
    out.size = 1;
  } else if (cp < 0x800) {
    out.bytes[0] = byte(0xC0 | (cp >> 6));
    out.bytes[1] = byte(0x80 | (cp & 0x3F));
    out.size = 2;
  } else if (cp < 0x10000) {
    out.bytes[0] = byte(0xE0 | (cp >> 12));
    out.bytes[1] = byte(0x80 | ((cp >> 6) & 0x3F));
    out.bytes[2] = byte(0x80 | (cp & 0x3F));
    out.size = 3;
  } else {
    out.bytes[0] = byte(0xF0 | (cp >> 18));
    out.bytes[1] = byte(0x80 | ((cp >> 12) & 0x3F));
    out.bytes[2] = byte(0x80 | ((cp >> 6) & 0x3F));
    out.bytes[3] = byte(0x80 | (cp & 0x3F));
    out.size = 4;
  }
  return out;
}

inline void append_utf8(std::string& out, char32_t cp) {
  const Utf8Bytes encoded = encode_utf8(cp);
  out.append(encoded.bytes.data(), encoded.size);
}

}  // namespace pagemd::extract
