#include "text/mojibake.hpp"

#include <unicode/utf8.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "text/utf8.hpp"

namespace pagemd::extract {
namespace {

constexpr int kNoByte = -1;

// The byte that windows-1252 (or Latin-1, for the C1 controls) reads as `cp`, or kNoByte.
int misread_byte(char32_t cp) {
  if (cp >= 0x80 && cp <= 0xFF) return static_cast<int>(cp);
  for (std::size_t i = 0; i < kWindows1252C1.size(); ++i) {
    if (kWindows1252C1[i] == cp) return static_cast<int>(0x80 + i);
  }
  return kNoByte;
}

// The code point of the UTF-8 sequence at `at`, and its length in `length`; U+FFFD for a cut end.
char32_t code_point_at(const std::string& text, std::size_t at, std::size_t& length) {
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data()) + at;
  const auto available = static_cast<std::int32_t>(std::min<std::size_t>(text.size() - at, 4));
  std::int32_t next = 0;
  UChar32 cp = 0;
  U8_NEXT(bytes, next, available, cp);
  length = static_cast<std::size_t>(next);
  return cp < 0 ? U'\uFFFD' : static_cast<char32_t>(cp);
}

struct Repair {
  std::array<unsigned char, 4> bytes{};
  std::size_t size = 0;      // of `bytes`; 0 when the text at the position is no misread sequence
  std::size_t consumed = 0;  // bytes of the text the sequence took
};

// Whether the characters at `at` are one UTF-8 sequence misread byte by byte, and what it was.
Repair misread_sequence_at(const std::string& text, std::size_t at) {
  Repair repair;
  std::size_t length = 0;
  const int lead = misread_byte(code_point_at(text, at, length));
  if (lead < 0xC2 || lead > 0xF4) return repair;
  const std::size_t size = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
  repair.bytes[0] = static_cast<unsigned char>(lead);
  std::size_t next = at + length;
  for (std::size_t k = 1; k < size; ++k) {
    if (next >= text.size()) return repair;
    const int byte = misread_byte(code_point_at(text, next, length));
    if (byte < 0x80 || byte > 0xBF) return repair;
    repair.bytes[k] = static_cast<unsigned char>(byte);
    next += length;
  }
  // Overlong forms, surrogates and what lies beyond U+10FFFF are no character.
  std::int32_t read = 0;
  UChar32 cp = 0;
  U8_NEXT(repair.bytes.data(), read, static_cast<std::int32_t>(size), cp);
  if (cp < 0) return repair;
  repair.size = size;
  repair.consumed = next - at;
  return repair;
}

// "Â", "Ã", "â", "Ð", "Ñ" (UTF-8 C3 82, C3 83, C3 A2, C3 90, C3 91) opening a misread sequence.
bool has_telltale(const std::string& text) {
  for (std::size_t at = text.find('\xC3'); at != std::string::npos && at + 1 < text.size();
       at = text.find('\xC3', at + 1)) {
    const auto second = static_cast<unsigned char>(text[at + 1]);
    if ((second == 0x82 || second == 0x83 || second == 0xA2 || second == 0x90 || second == 0x91) &&
        misread_sequence_at(text, at).size != 0) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool repair_mojibake(std::string& utf8) {
  if (!has_telltale(utf8)) return false;
  // Every misread character took at least two bytes and gives back one, so the repaired text
  // is written over the text it is read from.
  std::size_t out = 0;
  for (std::size_t in = 0; in < utf8.size();) {
    if (static_cast<unsigned char>(utf8[in]) >= 0xC2) {
      if (const Repair repair = misread_sequence_at(utf8, in); repair.size != 0) {
        std::memcpy(utf8.data() + out, repair.bytes.data(), repair.size);
        out += repair.size;
        in += repair.consumed;
        continue;
      }
    }
    utf8[out++] = utf8[in++];
  }
  utf8.resize(out);
  return true;
}

}  // namespace pagemd::extract
