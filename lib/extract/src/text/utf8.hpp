#pragma once

// Encoding one code point as UTF-8, for the decoders, character references and CSS escapes. The
// callers have already replaced what is not a scalar value (surrogates, beyond U+10FFFF).
// And windows-1252's reading of the bytes Latin-1 leaves to the C1 controls.

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

// What windows-1252 reads for the bytes 0x80..0x9F (the decoders and the mojibake repair need it). The five bytes
// Windows leaves undefined map to the C1 control of the same value, as the WHATWG index says.
inline constexpr std::array<char16_t, 32> kWindows1252C1{
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
};

inline void append_utf8(std::string& out, char32_t cp) {
  const Utf8Bytes encoded = encode_utf8(cp);
  out.append(encoded.bytes.data(), encoded.size);
}

}  // namespace pagemd::extract
