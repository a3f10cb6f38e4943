#include "encoding.hpp"

#include <iconv.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace pagemd::extract {
namespace {

constexpr std::string_view kReplacementUtf8 = "\xEF\xBF\xBD";
constexpr std::size_t kPrescanBytes = 1024;

// ---------------------------------------------------------------------------------------------
// Labels

// Every encoding of the Encoding Standard with its labels, space-separated. Grouped by encoding
// (rather than sorted by label) so the table can be checked against the standard at a glance;
// a lookup scans ~220 short strings, which is negligible next to decoding a page.
constexpr std::array<std::pair<std::string_view, std::string_view>, 40> kEncodingLabels{{
    {"UTF-8", "unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8"},
    {"IBM866", "866 cp866 csibm866 ibm866"},
    {"ISO-8859-2",
     "csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2"},
    {"ISO-8859-3",
     "csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3"},
    {"ISO-8859-4",
     "csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4"},
    {"ISO-8859-5",
     "csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 "
     "iso_8859-5:1988"},
    {"ISO-8859-6",
     "arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 iso-8859-6-e "
     "iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987"},
    {"ISO-8859-7",
     "csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 iso88597 "
     "iso_8859-7 iso_8859-7:1987 sun_eu_greek"},
    {"ISO-8859-8",
     "csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 iso88598 "
     "iso_8859-8 iso_8859-8:1988 visual"},
    {"ISO-8859-8-I", "csiso88598i iso-8859-8-i logical"},
    {"ISO-8859-10", "csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6"},
    {"ISO-8859-13", "iso-8859-13 iso8859-13 iso885913"},
    {"ISO-8859-14", "iso-8859-14 iso8859-14 iso885914"},
    {"ISO-8859-15", "csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9"},
    {"ISO-8859-16", "iso-8859-16"},
    {"KOI8-R", "cskoi8r koi koi8 koi8-r koi8_r"},
    {"KOI8-U", "koi8-ru koi8-u"},
    {"macintosh", "csmacintosh mac macintosh x-mac-roman"},
    {"windows-874", "dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874"},
    {"windows-1250", "cp1250 windows-1250 x-cp1250"},
    {"windows-1251", "cp1251 windows-1251 x-cp1251"},
    {"windows-1252",
     "ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 "
     "iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252"},
    {"windows-1253", "cp1253 windows-1253 x-cp1253"},
    {"windows-1254",
     "cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 "
     "latin5 windows-1254 x-cp1254"},
    {"windows-1255", "cp1255 windows-1255 x-cp1255"},
    {"windows-1256", "cp1256 windows-1256 x-cp1256"},
    {"windows-1257", "cp1257 windows-1257 x-cp1257"},
    {"windows-1258", "cp1258 windows-1258 x-cp1258"},
    {"x-mac-cyrillic", "x-mac-cyrillic x-mac-ukrainian"},
    {"GBK", "chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk"},
    {"gb18030", "gb18030"},
    {"Big5", "big5 big5-hkscs cn-big5 csbig5 x-x-big5"},
    {"EUC-JP", "cseucpkdfmtjapanese euc-jp x-euc-jp"},
    {"ISO-2022-JP", "csiso2022jp iso-2022-jp"},
    {"Shift_JIS", "csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis"},
    {"EUC-KR",
     "cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 "
     "ksc_5601 windows-949"},
    {"replacement", "csiso2022kr hz-gb-2312 iso-2022-cn iso-2022-cn-ext iso-2022-kr replacement"},
    {"UTF-16BE", "unicodefffe utf-16be"},
    {"UTF-16LE", "csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le"},
    {"x-user-defined", "x-user-defined"},
}};

// Longer than any label, so a longer input can be rejected before it is copied.
constexpr std::size_t kMaxLabelLength = 24;

// The Encoding Standard's ASCII whitespace; note it excludes vertical tab.
constexpr bool is_ascii_whitespace(char c) {
  return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
}

constexpr char ascii_lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

constexpr bool is_ascii_alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

std::string_view trim_ascii_whitespace(std::string_view s) {
  while (!s.empty() && is_ascii_whitespace(s.front())) {
    s.remove_prefix(1);
  }
  while (!s.empty() && is_ascii_whitespace(s.back())) {
    s.remove_suffix(1);
  }
  return s;
}

bool label_list_contains(std::string_view labels, std::string_view label) {
  while (!labels.empty()) {
    const std::size_t space = labels.find(' ');
    if (labels.substr(0, space) == label) {
      return true;
    }
    if (space == std::string_view::npos) {
      break;
    }
    labels.remove_prefix(space + 1);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Sniffing

struct Bom {
  std::string_view encoding;  // empty when there is no byte order mark
  std::size_t length = 0;
};

Bom detect_bom(std::string_view bytes) {
  if (bytes.starts_with("\xEF\xBB\xBF")) {
    return {"UTF-8", 3};
  }
  if (bytes.starts_with("\xFE\xFF")) {
    return {"UTF-16BE", 2};
  }
  if (bytes.starts_with("\xFF\xFE")) {
    return {"UTF-16LE", 2};
  }
  return {};
}

// A <meta> that could be read as ASCII cannot really be in UTF-16, so HTML takes a UTF-16 meta as
// UTF-8. encoding.hpp extends that to the declared charset: real UTF-16 pages carry a BOM, which
// is looked at first.
std::string utf16_as_utf8(std::string encoding) {
  if (encoding == "UTF-16BE" || encoding == "UTF-16LE") {
    return "UTF-8";
  }
  return encoding;
}

std::size_t find_ascii_case_insensitive(std::string_view haystack, std::string_view needle,
                                        std::size_t from) {
  if (needle.size() > haystack.size()) {
    return std::string_view::npos;
  }
  for (std::size_t i = from; i + needle.size() <= haystack.size(); ++i) {
    bool match = true;
    for (std::size_t j = 0; j < needle.size(); ++j) {
      if (ascii_lower(haystack[i + j]) != ascii_lower(needle[j])) {
        match = false;
        break;
      }
    }
    if (match) {
      return i;
    }
  }
  return std::string_view::npos;
}

// HTML "extracting a character encoding from a meta element", applied to a content attribute
// such as "text/html; charset=Shift_JIS". Returns "" when there is no usable charset.
std::string encoding_from_content(std::string_view content) {
  std::size_t position = 0;
  for (;;) {
    const std::size_t found = find_ascii_case_insensitive(content, "charset", position);
    if (found == std::string_view::npos) {
      return {};
    }
    std::size_t i = found + 7;
    while (i < content.size() && is_ascii_whitespace(content[i])) {
      ++i;
    }
    if (i >= content.size() || content[i] != '=') {
      // "charsetfoo" or "charset;": keep looking after it.
      position = i;
      continue;
    }
    ++i;
    while (i < content.size() && is_ascii_whitespace(content[i])) {
      ++i;
    }
    if (i >= content.size()) {
      return {};
    }
    const char first = content[i];
    if (first == '"' || first == '\'') {
      const std::size_t close = content.find(first, i + 1);
      if (close == std::string_view::npos) {
        return {};
      }
      return canonical_encoding(content.substr(i + 1, close - i - 1));
    }
    const std::size_t end = content.find_first_of("\t\n\f\r ;", i);
    return canonical_encoding(content.substr(i, end == std::string_view::npos ? end : end - i));
  }
}

// HTML "prescan a byte stream to determine its encoding". Running out of input anywhere means
// failure: a tag cut off by the 1024-byte window is not trusted.
class Prescanner {
 public:
  explicit Prescanner(std::string_view bytes) : in_(bytes) {}

  // The encoding a <meta> declares, or "" when none does.
  std::string run() {
    while (pos_ < in_.size() && !exhausted_) {
      if (at("<!--")) {
        // The "--" of "<!--" may end the comment too, so "<!-->" is a whole comment.
        const std::size_t end = in_.find("-->", pos_ + 2);
        if (end == std::string_view::npos) {
          return {};
        }
        pos_ = end + 2;
      } else if (at_meta()) {
        pos_ += 5;
        if (std::string encoding = read_meta(); !encoding.empty()) {
          return encoding;
        }
      } else if (at_tag_start()) {
        pos_ = in_.find_first_of("\t\n\f\r >", pos_);
        if (pos_ == std::string_view::npos) {
          return {};
        }
        while (next_attribute()) {
        }
      } else if (at("<!") || at("</") || at("<?")) {
        pos_ = in_.find('>', pos_ + 1);
        if (pos_ == std::string_view::npos) {
          return {};
        }
      }
      ++pos_;
    }
    return {};
  }

 private:
  struct Attribute {
    std::string name;
    std::string value;
  };

  enum class NeedPragma { unset, yes, no };

  bool at(std::string_view s) const { return in_.substr(pos_).starts_with(s); }

  char byte_at(std::size_t i) const { return i < in_.size() ? in_[i] : '\0'; }

  bool at_meta() const {
    if (find_ascii_case_insensitive(in_.substr(pos_, 5), "<meta", 0) != 0) {
      return false;
    }
    const char next = byte_at(pos_ + 5);
    return is_ascii_whitespace(next) || next == '/';
  }

  bool at_tag_start() const {
    if (in_[pos_] != '<') {
      return false;
    }
    if (is_ascii_alpha(byte_at(pos_ + 1))) {
      return true;
    }
    return byte_at(pos_ + 1) == '/' && is_ascii_alpha(byte_at(pos_ + 2));
  }

  // Reads the attributes of a <meta> and returns the encoding it declares, or "".
  std::string read_meta() {
    std::vector<std::string> seen;
    bool got_pragma = false;
    NeedPragma need_pragma = NeedPragma::unset;
    std::optional<std::string> charset;  // "" once a charset attribute failed to parse
    while (std::optional<Attribute> attribute = next_attribute()) {
      if (std::find(seen.begin(), seen.end(), attribute->name) != seen.end()) {
        continue;
      }
      seen.push_back(attribute->name);
      if (attribute->name == "http-equiv") {
        got_pragma = got_pragma || attribute->value == "content-type";
      } else if (attribute->name == "content") {
        std::string encoding = encoding_from_content(attribute->value);
        if (!encoding.empty() && !charset) {
          charset = std::move(encoding);
          need_pragma = NeedPragma::yes;
        }
      } else if (attribute->name == "charset") {
        charset = canonical_encoding(attribute->value);
        need_pragma = NeedPragma::no;
      }
    }
    if (exhausted_ || need_pragma == NeedPragma::unset ||
        (need_pragma == NeedPragma::yes && !got_pragma) || !charset || charset->empty()) {
      return {};
    }
    if (*charset == "x-user-defined") {
      return "windows-1252";
    }
    return utf16_as_utf8(std::move(*charset));
  }

  // HTML "get an attribute". Returns nullopt at '>' (left in place) or at the end of input.
  std::optional<Attribute> next_attribute() {
    while (pos_ < in_.size() && (is_ascii_whitespace(in_[pos_]) || in_[pos_] == '/')) {
      ++pos_;
    }
    if (pos_ >= in_.size()) {
      exhausted_ = true;
      return std::nullopt;
    }
    if (in_[pos_] == '>') {
      return std::nullopt;
    }
    Attribute attribute;
    bool has_value = false;
    for (;; ++pos_) {
      if (pos_ >= in_.size()) {
        exhausted_ = true;
        return std::nullopt;
      }
      const char c = in_[pos_];
      // A leading '=' belongs to the name, as in the tokenizer.
      if (c == '=' && !attribute.name.empty()) {
        ++pos_;
        has_value = true;
        break;
      }
      if (is_ascii_whitespace(c)) {
        break;
      }
      if (c == '/' || c == '>') {
        return attribute;
      }
      attribute.name += ascii_lower(c);
    }
    if (!has_value) {
      while (pos_ < in_.size() && is_ascii_whitespace(in_[pos_])) {
        ++pos_;
      }
      if (pos_ >= in_.size()) {
        exhausted_ = true;
        return std::nullopt;
      }
      if (in_[pos_] != '=') {
        return attribute;
      }
      ++pos_;
    }
    while (pos_ < in_.size() && is_ascii_whitespace(in_[pos_])) {
      ++pos_;
    }
    if (pos_ >= in_.size()) {
      exhausted_ = true;
      return std::nullopt;
    }
    const char first = in_[pos_];
    if (first == '"' || first == '\'') {
      const std::size_t close = in_.find(first, pos_ + 1);
      if (close == std::string_view::npos) {
        exhausted_ = true;
        return std::nullopt;
      }
      for (std::size_t i = pos_ + 1; i < close; ++i) {
        attribute.value += ascii_lower(in_[i]);
      }
      pos_ = close + 1;
      return attribute;
    }
    if (first == '>') {
      return attribute;
    }
    for (;; ++pos_) {
      if (pos_ >= in_.size()) {
        exhausted_ = true;
        return std::nullopt;
      }
      const char c = in_[pos_];
      if (is_ascii_whitespace(c) || c == '>') {
        return attribute;
      }
      attribute.value += ascii_lower(c);
    }
  }

  std::string_view in_;
  std::size_t pos_ = 0;
  bool exhausted_ = false;
};

// ---------------------------------------------------------------------------------------------
// Shared decoding helpers

struct Utf8Bytes {
  std::array<char, 4> bytes{};
  std::uint8_t size = 0;
};

constexpr Utf8Bytes encode_utf8(char32_t cp) {
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

void append_code_point(std::string& out, char32_t cp) {
  const Utf8Bytes encoded = encode_utf8(cp);
  out.append(encoded.bytes.data(), encoded.size);
}

const unsigned char* as_bytes(std::string_view s) {
  return reinterpret_cast<const unsigned char*>(s.data());
}

constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;

// Which of eight bytes loaded into a word is the first with its high bit set; high is the word
// masked with kHighBits and not zero.
std::size_t first_high_byte(std::uint64_t high) {
  const int bit = std::endian::native == std::endian::little ? std::countr_zero(high)
                                                             : std::countl_zero(high);
  return static_cast<std::size_t>(bit / 8);
}

// Index of the first byte >= 0x80 at or after i, or n. Tests eight bytes per step, which is
// what makes markup-heavy pages (mostly ASCII whatever their language) cheap to decode.
std::size_t skip_ascii(const unsigned char* p, std::size_t i, std::size_t n) {
  while (n - i >= 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, p + i, sizeof word);
    if (const std::uint64_t high = word & kHighBits; high != 0) {
      return i + first_high_byte(high);
    }
    i += 8;
  }
  while (i < n && p[i] < 0x80) {
    ++i;
  }
  return i;
}

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

// Length of the longest valid UTF-8 prefix of p[0, n).
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
      if (n - i < 3 || p[i + 1] < lead.second_min || p[i + 1] > lead.second_max ||
          !is_continuation(p[i + 2])) {
        return i;
      }
      i += 3;
      continue;
    }
    if (lead.length == 0 || n - i < 4 || p[i + 1] < lead.second_min ||
        p[i + 1] > lead.second_max || !is_continuation(p[i + 2]) || !is_continuation(p[i + 3])) {
      return i;
    }
    i += 4;
  }
  return n;
}

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
// iconv round trip. 0xA0..0xFF equal Latin-1; the five bytes Windows leaves undefined map to the
// C1 control of the same value, as the WHATWG index says.
constexpr std::array<char16_t, 32> kWindows1252C1{
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
};

constexpr HighHalf kWindows1252High = [] {
  HighHalf table{};
  for (std::size_t i = 0; i < 128; ++i) {
    table[i] = encode_utf8(i < 32 ? static_cast<char32_t>(kWindows1252C1[i])
                                  : static_cast<char32_t>(0x80 + i));
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
    const char32_t unit = order == ByteOrder::big
                              ? static_cast<char32_t>((p[i] << 8) | p[i + 1])
                              : static_cast<char32_t>((p[i + 1] << 8) | p[i]);
    const bool is_lead = unit >= 0xD800 && unit <= 0xDBFF;
    const bool is_trail = unit >= 0xDC00 && unit <= 0xDFFF;
    if (lead_surrogate != 0) {
      if (is_trail) {
        append_code_point(out, 0x10000 + ((lead_surrogate - 0xD800) << 10) + (unit - 0xDC00));
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
      append_code_point(out, unit);
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
  const iconv_t failed = reinterpret_cast<iconv_t>(static_cast<std::intptr_t>(-1));
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
      put(codec.euro_at_0x80 && static_cast<unsigned char>(*src) == 0x80 ? "\xE2\x82\xAC"
                                                                        : kReplacementUtf8);
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

std::string canonical_encoding(std::string_view label) {
  const std::string_view trimmed = trim_ascii_whitespace(label);
  if (trimmed.empty() || trimmed.size() > kMaxLabelLength) {
    return {};
  }
  std::array<char, kMaxLabelLength> buffer{};
  for (std::size_t i = 0; i < trimmed.size(); ++i) {
    buffer[i] = ascii_lower(trimmed[i]);
  }
  const std::string_view lowered(buffer.data(), trimmed.size());
  for (const auto& [name, labels] : kEncodingLabels) {
    if (label_list_contains(labels, lowered)) {
      return std::string(name);
    }
  }
  return {};
}

std::string sniff_encoding(std::string_view bytes, std::string_view declared_charset) {
  if (const Bom bom = detect_bom(bytes); bom.length != 0) {
    return std::string(bom.encoding);
  }
  if (std::string declared = canonical_encoding(declared_charset); !declared.empty()) {
    return utf16_as_utf8(std::move(declared));
  }
  if (std::string meta = Prescanner(bytes.substr(0, kPrescanBytes)).run(); !meta.empty()) {
    return meta;
  }
  // The standard lets a user agent autodetect before falling back to the default. Text that is
  // entirely valid UTF-8 and not plain ASCII is all but never a legacy encoding, and unlabelled
  // UTF-8 (saved pages, stripped headers) is common.
  const unsigned char* data = as_bytes(bytes);
  if (skip_ascii(data, 0, bytes.size()) < bytes.size() && valid_utf8_prefix(data, bytes.size()) == bytes.size()) {
    return "UTF-8";
  }
  return "windows-1252";
}

std::string decode_to_utf8(std::string_view bytes, std::string_view declared_charset) {
  std::string encoding;
  if (const Bom bom = detect_bom(bytes); bom.length != 0) {
    encoding = bom.encoding;
    bytes.remove_prefix(bom.length);
  } else {
    encoding = sniff_encoding(bytes, declared_charset);
  }

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

}  // namespace pagemd::extract
