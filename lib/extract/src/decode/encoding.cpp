#include "decode/encoding.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "decode/charset_detector.hpp"
#include "decode/decoders.hpp"
#include "text/mojibake.hpp"
#include "text/text_util.hpp"

// Which encoding a page is in: the labels of the Encoding Standard and the sniffing of HTML. The
// decoders that turn the bytes into UTF-8 are in decoders.cpp.

namespace pagemd::extract {
namespace {

constexpr std::size_t kPrescanBytes = 1024;

// ---------------------------------------------------------------------------------------------
// Labels

// Every encoding of the Encoding Standard with its labels, space-separated. Grouped by encoding
// (rather than sorted by label) so the table can be checked against the standard at a glance;
// a lookup scans ~220 short strings, which is negligible next to decoding a page.
constexpr std::array<std::pair<std::string_view, std::string_view>, 40> kEncodingLabels{{
    {"UTF-8", "unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8"},
    {"IBM866", "866 cp866 csibm866 ibm866"},
    {"ISO-8859-2", "csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2"},
    {"ISO-8859-3", "csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3"},
    {"ISO-8859-4", "csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4"},
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

std::size_t find_ascii_case_insensitive(std::string_view haystack, std::string_view needle, std::size_t from) {
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
    while (i < content.size() && is_ascii_space(content[i])) {
      ++i;
    }
    if (i >= content.size() || content[i] != '=') {
      // "charsetfoo" or "charset;": keep looking after it.
      position = i;
      continue;
    }
    ++i;
    while (i < content.size() && is_ascii_space(content[i])) {
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
    return is_ascii_space(next) || next == '/';
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
    if (exhausted_ || need_pragma == NeedPragma::unset || (need_pragma == NeedPragma::yes && !got_pragma) || !charset ||
        charset->empty()) {
      return {};
    }
    if (*charset == "x-user-defined") {
      return "windows-1252";
    }
    return utf16_as_utf8(std::move(*charset));
  }

  // HTML "get an attribute". Returns nullopt at '>' (left in place) or at the end of input.
  std::optional<Attribute> next_attribute() {
    while (pos_ < in_.size() && (is_ascii_space(in_[pos_]) || in_[pos_] == '/')) {
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
      if (is_ascii_space(c)) {
        break;
      }
      if (c == '/' || c == '>') {
        return attribute;
      }
      attribute.name += ascii_lower(c);
    }
    if (!has_value) {
      while (pos_ < in_.size() && is_ascii_space(in_[pos_])) {
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
    while (pos_ < in_.size() && is_ascii_space(in_[pos_])) {
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
      if (is_ascii_space(c) || c == '>') {
        return attribute;
      }
      attribute.value += ascii_lower(c);
    }
  }

  std::string_view in_;
  std::size_t pos_ = 0;
  bool exhausted_ = false;
};

}  // namespace

std::string canonical_encoding(std::string_view label) {
  const std::string_view trimmed = trim(label);
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

namespace {

struct Sniffed {
  std::string encoding;
  // The sniffing read every byte and found them UTF-8 (or ASCII, which every default reads the
  // same): decoding is a copy, without reading them all a second time.
  bool read_as_is = false;
};

Sniffed sniff(std::string_view bytes, std::string_view declared_charset) {
  if (const Bom bom = detect_bom(bytes); bom.length != 0) {
    return {std::string(bom.encoding)};
  }
  if (std::string declared = canonical_encoding(declared_charset); !declared.empty()) {
    return {utf16_as_utf8(std::move(declared))};
  }
  if (std::string meta = Prescanner(bytes.substr(0, kPrescanBytes)).run(); !meta.empty()) {
    return {std::move(meta)};
  }
  // The standard lets a user agent autodetect before falling back to the default. Text that is
  // entirely valid UTF-8 and not plain ASCII is all but never a legacy encoding, and unlabelled
  // UTF-8 (saved pages, stripped headers) is common; any other non-ASCII bytes go to the detector.
  const unsigned char* data = encoding_detail::as_bytes(bytes);
  const std::size_t first_non_ascii = encoding_detail::skip_ascii(data, 0, bytes.size());
  if (first_non_ascii == bytes.size()) return {"windows-1252", true};  // ASCII reads the same in every default
  if (first_non_ascii + encoding_detail::valid_utf8_prefix(data + first_non_ascii, bytes.size() - first_non_ascii) ==
      bytes.size()) {
    return {"UTF-8", true};
  }
  if (std::string detected = detect_charset(bytes); !detected.empty()) return {std::move(detected)};
  return {"windows-1252"};
}

}  // namespace

std::string sniff_encoding(std::string_view bytes, std::string_view declared_charset) {
  return sniff(bytes, declared_charset).encoding;
}

std::string decode_to_utf8(std::string_view bytes, std::string_view declared_charset) {
  std::string text;
  if (const Bom bom = detect_bom(bytes); bom.length != 0) {
    text = encoding_detail::decode(bytes.substr(bom.length), bom.encoding);
  } else if (const Sniffed sniffed = sniff(bytes, declared_charset); sniffed.read_as_is) {
    text = bytes;
  } else {
    text = encoding_detail::decode(bytes, sniffed.encoding);
  }
  repair_mojibake(text);
  return text;
}

}  // namespace pagemd::extract
