#include "decode/decoders.hpp"

#include <iconv.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>

#include "text/utf8.hpp"

namespace pagemd::extract::encoding_detail {
namespace {

constexpr std::string_view kReplacementUtf8 = "\xEF\xBF\xBD";

// ---------------------------------------------------------------------------------------------
// UTF-8

struct Utf8Lead {
  std::uint8_t length = 0;  // 0: never starts a sequence
  std::uint8_t second_min = 0x80;
  std::uint8_t second_max = 0xBF;
};

// The narrowed second-byte ranges are what exclude overlongs (E0, F0), surrogates (ED) and code
// points above U+10FFFF (F4); C0, C1 and F5..FF can never start a valid sequence.
constexpr std::array<Utf8Lead, 256> kUtf8Leads = [] {
  std::array<Utf8Lead, 256> table{};
  for (std::size_t b = 0; b < 0x80; ++b) {
    table[b].length = 1;
  }
  for (std::size_t b = 0xC2; b <= 0xDF; ++b) {
    table[b].length = 2;
  }
  for (std::size_t b = 0xE0; b <= 0xEF; ++b) {
    table[b].length = 3;
  }
  for (std::size_t b = 0xF0; b <= 0xF4; ++b) {
    table[b].length = 4;
  }
  table[0xE0].second_min = 0xA0;
  table[0xED].second_max = 0x9F;
  table[0xF0].second_min = 0x90;
  table[0xF4].second_max = 0x8F;
  return table;
}();

constexpr bool is_continuation(unsigned char b) { return (b & 0xC0) == 0x80; }

}  // namespace

std::size_t valid_utf8_prefix(const unsigned char* p, std::size_t n) {
  std::size_t i = 0;
  while (i < n) {
    const unsigned char b = p[i];
    if (b < 0x80) {
      // Non-Latin text has single spaces between words; the word loop only pays off when at
      // least two ASCII bytes follow each other.
      ++i;
      if (i < n && p[i] < 0x80) {
        i = skip_ascii(p, i, n);
      }
      continue;
    }
    // Two-byte sequences (Latin, Greek, Cyrillic, Hebrew, Arabic) have no special second byte.
    if (b < 0xE0) {
      if (b < 0xC2 || n - i < 2 || !is_continuation(p[i + 1])) {
        return i;
      }
      i += 2;
      continue;
    }
    // The step is a constant per branch rather than a table value: with the branch predicted,
    // the next iteration need not wait for the table load.
    const Utf8Lead lead = kUtf8Leads[b];
    if (b < 0xF0) {
      if (n - i < 3 || p[i + 1] < lead.second_min || p[i + 1] > lead.second_max || !is_continuation(p[i + 2])) {
        return i;
      }
      i += 3;
      continue;
    }
    if (lead.length == 0 || n - i < 4 || p[i + 1] < lead.second_min || p[i + 1] > lead.second_max ||
        !is_continuation(p[i + 2]) || !is_continuation(p[i + 3])) {
      return i;
    }
    i += 4;
  }
  return n;
}

namespace {

// How many bytes one U+FFFD replaces at p, where a valid sequence does not start: the WHATWG
// decoder's "maximal subpart", i.e. a valid lead plus the continuation bytes that could still
// have completed it, or else a single byte.
std::size_t invalid_utf8_length(const unsigned char* p, std::size_t n) {
  const Utf8Lead lead = kUtf8Leads[p[0]];
  if (lead.length < 2 || n < 2 || p[1] < lead.second_min || p[1] > lead.second_max) {
    return 1;
  }
  std::size_t length = 2;
  while (length < lead.length && length < n && is_continuation(p[length])) {
    ++length;
  }
  return length;
}

void decode_utf8(std::string_view in, std::string& out) {
  const unsigned char* p = as_bytes(in);
  const std::size_t n = in.size();
  std::size_t valid_end = valid_utf8_prefix(p, n);
  if (valid_end == n) {
    out.append(in);
    return;
  }
  out.reserve(n + 16);
  std::size_t pos = 0;
  for (;;) {
    out.append(in.substr(pos, valid_end - pos));
    if (valid_end == n) {
      return;
    }
    out.append(kReplacementUtf8);
    pos = valid_end + invalid_utf8_length(p + valid_end, n - valid_end);
    valid_end = pos + valid_utf8_prefix(p + pos, n - pos);
  }
}

// ---------------------------------------------------------------------------------------------
// Single-byte encodings we decode ourselves

using HighHalf = std::array<Utf8Bytes, 128>;

// windows-1252 is the default for unlabelled pages, so it gets a table of its own instead of an
// iconv round trip (kWindows1252C1 in text/utf8.hpp for 0x80..0x9F; 0xA0..0xFF equal Latin-1).
constexpr HighHalf kWindows1252High = [] {
  HighHalf table{};
  for (std::size_t i = 0; i < 128; ++i) {
    table[i] = encode_utf8(i < 32 ? static_cast<char32_t>(kWindows1252C1[i]) : static_cast<char32_t>(0x80 + i));
  }
  return table;
}();

// x-user-defined puts each high byte in the Private Use Area so that binary data survives.
constexpr HighHalf kUserDefinedHigh = [] {
  HighHalf table{};
  for (std::size_t i = 0; i < 128; ++i) {
    table[i] = encode_utf8(static_cast<char32_t>(0xF780 + i));
  }
  return table;
}();

// One pass that copies ASCII eight bytes at a time, storing each word before looking at it: the
// bytes past the first high one are rewritten anyway, so the store costs nothing when it was
// premature. The output grows ahead of each input chunk by the worst case (three bytes per
// input byte) plus the eight-byte overshoot, and is trimmed at the end.
void decode_single_byte(std::string_view in, const HighHalf& high, std::string& out) {
  constexpr std::size_t kChunk = std::size_t{64} * 1024;
  const unsigned char* p = as_bytes(in);
  const std::size_t n = in.size();
  std::size_t written = out.size();
  std::size_t i = 0;
  while (i < n) {
    const std::size_t chunk_end = i + std::min(kChunk, n - i);
    const std::size_t needed = written + 3 * (chunk_end - i) + 8;
    if (out.size() < needed) {
      out.resize(std::max({needed, out.size() + out.size() / 2, written + n + n / 8 + 8}));
    }
    char* dst = out.data() + written;
    while (i < chunk_end) {
      if (p[i] >= 0x80) {
        const Utf8Bytes& encoded = high[p[i] - 0x80U];
        std::memcpy(dst, encoded.bytes.data(), encoded.bytes.size());
        dst += encoded.size;
        ++i;
      } else if (chunk_end - i >= 8) {
        std::uint64_t word = 0;
        std::memcpy(&word, p + i, sizeof word);
        std::memcpy(dst, &word, sizeof word);
        const std::uint64_t high_bits = word & kHighBits;
        const std::size_t ascii = high_bits == 0 ? 8 : first_high_byte(high_bits);
        i += ascii;
        dst += ascii;
      } else {
        *dst++ = static_cast<char>(p[i++]);
      }
    }
    written = static_cast<std::size_t>(dst - out.data());
  }
  out.resize(written);
}

// ---------------------------------------------------------------------------------------------
// UTF-16

enum class ByteOrder { big, little };

void decode_utf16(std::string_view in, ByteOrder order, std::string& out) {
  const unsigned char* p = as_bytes(in);
  const std::size_t n = in.size();
  out.reserve(out.size() + n + n / 2);
  char32_t lead_surrogate = 0;
  std::size_t i = 0;
  for (; n - i >= 2; i += 2) {
    const char32_t unit = order == ByteOrder::big ? static_cast<char32_t>((p[i] << 8) | p[i + 1])
                                                  : static_cast<char32_t>((p[i + 1] << 8) | p[i]);
    const bool is_lead = unit >= 0xD800 && unit <= 0xDBFF;
    const bool is_trail = unit >= 0xDC00 && unit <= 0xDFFF;
    if (lead_surrogate != 0) {
      if (is_trail) {
        append_utf8(out, 0x10000 + ((lead_surrogate - 0xD800) << 10) + (unit - 0xDC00));
        lead_surrogate = 0;
        continue;
      }
      out.append(kReplacementUtf8);
      lead_surrogate = 0;
    }
    if (is_lead) {
      lead_surrogate = unit;
    } else if (is_trail) {
      out.append(kReplacementUtf8);
    } else {
      append_utf8(out, unit);
    }
  }
  // A dangling lead surrogate and an odd final byte are one error between them.
  if (lead_surrogate != 0 || i < n) {
    out.append(kReplacementUtf8);
  }
}

// ---------------------------------------------------------------------------------------------
// Everything else, through glibc iconv

struct IconvCodec {
  std::string_view encoding;
  // glibc names, best match for the WHATWG index first; the second is tried when the first is
  // not installed.
  const char* name = nullptr;
  const char* fallback_name = nullptr;
  // WHATWG's gb18030 decoder reads a lone 0x80 as the euro sign (a GBK/CP936 extension); glibc's
  // GB18030 rejects it.
  bool euro_at_0x80 = false;
};

// Where glibc's plain name differs from the WHATWG index, the name picked is the Microsoft
// superset browsers actually decode: CP932 for Shift_JIS, CP949 (UHC) for EUC-KR, EUC-JP-MS for
// EUC-JP, BIG5-HKSCS for Big5, KOI8-RU for KOI8-U (which carries ў/Ў at 0xAE/0xBE).
constexpr std::array<IconvCodec, 34> kIconvCodecs{{
    {"IBM866", "IBM866", nullptr},
    {"ISO-8859-2", "ISO-8859-2", nullptr},
    {"ISO-8859-3", "ISO-8859-3", nullptr},
    {"ISO-8859-4", "ISO-8859-4", nullptr},
    {"ISO-8859-5", "ISO-8859-5", nullptr},
    {"ISO-8859-6", "ISO-8859-6", nullptr},
    {"ISO-8859-7", "ISO-8859-7", nullptr},
    {"ISO-8859-8", "ISO-8859-8", nullptr},
    {"ISO-8859-8-I", "ISO-8859-8", nullptr},
    {"ISO-8859-10", "ISO-8859-10", nullptr},
    {"ISO-8859-13", "ISO-8859-13", nullptr},
    {"ISO-8859-14", "ISO-8859-14", nullptr},
    {"ISO-8859-15", "ISO-8859-15", nullptr},
    {"ISO-8859-16", "ISO-8859-16", nullptr},
    {"KOI8-R", "KOI8-R", nullptr},
    {"KOI8-U", "KOI8-RU", "KOI8-U"},
    {"macintosh", "MACINTOSH", "MAC"},
    {"windows-874", "CP874", "WINDOWS-874"},
    {"windows-1250", "CP1250", "WINDOWS-1250"},
    {"windows-1251", "CP1251", "WINDOWS-1251"},
    {"windows-1253", "CP1253", "WINDOWS-1253"},
    {"windows-1254", "CP1254", "WINDOWS-1254"},
    {"windows-1255", "CP1255", "WINDOWS-1255"},
    {"windows-1256", "CP1256", "WINDOWS-1256"},
    {"windows-1257", "CP1257", "WINDOWS-1257"},
    {"windows-1258", "CP1258", "WINDOWS-1258"},
    {"x-mac-cyrillic", "MAC-CYRILLIC", "MACCYRILLIC"},
    {"GBK", "GB18030", "GBK", true},
    {"gb18030", "GB18030", "GBK", true},
    {"Big5", "BIG5-HKSCS", "BIG5"},
    {"EUC-JP", "EUC-JP-MS", "EUC-JP"},
    {"ISO-2022-JP", "ISO-2022-JP", nullptr},
    {"Shift_JIS", "CP932", "SHIFT_JIS"},
    {"EUC-KR", "CP949", "EUC-KR"},
}};

const IconvCodec* find_iconv_codec(std::string_view encoding) {
  for (const IconvCodec& codec : kIconvCodecs) {
    if (codec.encoding == encoding) {
      return &codec;
    }
  }
  return nullptr;
}

struct IconvCloser {
  void operator()(iconv_t cd) const noexcept { iconv_close(cd); }
};
using IconvHandle = std::unique_ptr<std::remove_pointer_t<iconv_t>, IconvCloser>;

IconvHandle open_iconv(const IconvCodec& codec) {
  // iconv_open's failure value is (iconv_t)-1 by its specification.
  const iconv_t failed =
      reinterpret_cast<iconv_t>(static_cast<std::intptr_t>(-1));  // NOLINT(performance-no-int-to-ptr)
  for (const char* name : {codec.name, codec.fallback_name}) {
    if (name == nullptr) {
      continue;
    }
    const iconv_t cd = iconv_open("UTF-8", name);
    if (cd != failed) {
      return IconvHandle(cd);
    }
  }
  return nullptr;
}

// Converts with iconv into out (appending). Returns false, leaving out untouched, when glibc
// cannot open the conversion.
bool decode_with_iconv(std::string_view in, const IconvCodec& codec, std::string& out) {
  const IconvHandle cd = open_iconv(codec);
  if (!cd) {
    return false;
  }
  const std::size_t start = out.size();
  std::size_t written = start;
  out.resize(start + in.size() * 2 + 16);
  const auto put = [&](std::string_view bytes) {
    if (out.size() - written < bytes.size()) {
      out.resize(out.size() * 2);
    }
    std::memcpy(out.data() + written, bytes.data(), bytes.size());
    written += bytes.size();
  };

  // POSIX declares the input as char** although iconv never writes through it.
  char* src = const_cast<char*>(in.data());
  std::size_t src_left = in.size();
  bool flushed = false;
  while (!flushed) {
    char* dst = out.data() + written;
    std::size_t dst_left = out.size() - written;
    const bool flushing = src_left == 0;
    // The final call without input emits what stateful decoders still hold (BIG5-HKSCS and
    // CP1258 buffer a base letter waiting for a combining mark).
    const std::size_t rc = flushing ? iconv(cd.get(), nullptr, nullptr, &dst, &dst_left)
                                    : iconv(cd.get(), &src, &src_left, &dst, &dst_left);
    const int error = errno;
    written = static_cast<std::size_t>(dst - out.data());
    if (rc != static_cast<std::size_t>(-1)) {
      flushed = flushing;
      continue;
    }
    if (error == E2BIG) {
      out.resize(out.size() * 2);
    } else if (flushing) {
      flushed = true;
    } else if (error == EILSEQ) {
      put(codec.euro_at_0x80 && static_cast<unsigned char>(*src) == 0x80 ? "\xE2\x82\xAC" : kReplacementUtf8);
      ++src;
      --src_left;
    } else {
      // EINVAL: the input ends inside a sequence. Anything else is unexpected; either way the
      // rest cannot be decoded.
      put(kReplacementUtf8);
      src_left = 0;
    }
  }
  out.resize(written);
  return true;
}

}  // namespace

std::string decode(std::string_view bytes, std::string_view encoding) {
  std::string out;
  if (encoding == "UTF-8") {
    decode_utf8(bytes, out);
  } else if (encoding == "windows-1252") {
    decode_single_byte(bytes, kWindows1252High, out);
  } else if (encoding == "UTF-16LE") {
    decode_utf16(bytes, ByteOrder::little, out);
  } else if (encoding == "UTF-16BE") {
    decode_utf16(bytes, ByteOrder::big, out);
  } else if (encoding == "x-user-defined") {
    decode_single_byte(bytes, kUserDefinedHigh, out);
  } else if (encoding == "replacement") {
    // These labels name encodings (ISO-2022-KR, HZ, ...) that can smuggle markup past filters;
    // the standard replaces the whole input rather than guess.
    if (!bytes.empty()) {
      out.append(kReplacementUtf8);
    }
  } else {
    const IconvCodec* codec = find_iconv_codec(encoding);
    if (codec == nullptr || !decode_with_iconv(bytes, *codec, out)) {
      decode_single_byte(bytes, kWindows1252High, out);
    }
  }
  return out;
}

}  // namespace pagemd::extract::encoding_detail
