#include "decode/charset_detector.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <memory>

#include <uchardet/uchardet.h>
#include <unicode/ucsdet.h>

#include "decode/encoding.hpp"

namespace pagemd::extract {
namespace {

// Enough text to tell any encoding apart; a longer page costs the detector time and changes nothing.
constexpr std::size_t kDetectorBytes = std::size_t{256} * 1024;

// uchardet's names that are not labels of the Encoding Standard, for the encodings it does have.
constexpr std::pair<std::string_view, std::string_view> kDetectorAliases[] = {
    {"UHC", "EUC-KR"},  // Unified Hangul Code (CP949), the superset the standard's EUC-KR decodes
    {"MAC-CYRILLIC", "x-mac-cyrillic"},
};

using Detector = std::unique_ptr<std::remove_pointer_t<uchardet_t>, decltype(&uchardet_delete)>;
using IcuDetector = std::unique_ptr<UCharsetDetector, decltype(&ucsdet_close)>;

// The encodings of Latin-script languages, which uchardet tells apart poorly: it reads Italian as
// Baltic (ISO-8859-13) and a short Spanish text as Nordic (ISO-8859-10).
bool is_latin_script_encoding(std::string_view encoding) {
  static constexpr std::string_view kLatin[] = {
      "windows-1252", "windows-1250", "windows-1254", "windows-1257", "ISO-8859-2",  "ISO-8859-3",
      "ISO-8859-4",   "ISO-8859-10",  "ISO-8859-13",  "ISO-8859-14",  "ISO-8859-15", "ISO-8859-16",
  };
  return std::find(std::begin(kLatin), std::end(kLatin), encoding) != std::end(kLatin);
}

// The Latin-script encodings ICU's detector knows, by the languages they serve: Western, Central
// European, Turkish.
int latin_family(std::string_view encoding) {
  if (encoding == "windows-1252" || encoding == "ISO-8859-15") return 1;
  if (encoding == "windows-1250" || encoding == "ISO-8859-2") return 2;
  if (encoding == "windows-1254") return 3;  // the standard's name for ISO-8859-9 too
  return 0;
}

// ICU's detector knows the letter statistics of the Western, Central European and Turkish languages,
// and so picks the family; within it uchardet's finer answer stands (ICU calls Polish in
// windows-1250 ISO-8859-2 unless it sees a byte only windows-1250 has). windows-1252 when ICU cannot
// tell either, as the Encoding Standard falls back.
std::string choose_latin_encoding(std::string_view bytes, const std::string& detected) {
  // Below this confidence ICU's answers are guesses from a handful of letters.
  constexpr std::int32_t kMinConfidence = 15;
  UErrorCode status = U_ZERO_ERROR;
  const IcuDetector detector(ucsdet_open(&status), &ucsdet_close);
  if (U_FAILURE(status)) return "windows-1252";
  ucsdet_enableInputFilter(detector.get(), 1);  // markup is not text
  ucsdet_setText(detector.get(), bytes.data(), static_cast<std::int32_t>(bytes.size()), &status);
  std::int32_t found = 0;
  const UCharsetMatch** matches = ucsdet_detectAll(detector.get(), &found, &status);
  for (std::int32_t i = 0; U_SUCCESS(status) && i < found; ++i) {
    const std::string encoding = canonical_encoding(ucsdet_getName(matches[i], &status));
    if (latin_family(encoding) == 0) continue;
    if (ucsdet_getConfidence(matches[i], &status) < kMinConfidence) return "windows-1252";
    return latin_family(encoding) == latin_family(detected) ? detected : encoding;
  }
  return "windows-1252";
}

// Greek text in windows-1253 reads as ISO-8859-7 to uchardet, but uses bytes 0x80-0x9F (curly
// quotes, dashes, the euro) that ISO-8859-7 leaves to control characters no text has.
std::string refine(std::string encoding, std::string_view bytes) {
  if (encoding == "ISO-8859-7" &&
      std::any_of(bytes.begin(), bytes.end(), [](char c) { return static_cast<unsigned char>(c) - 0x80U < 0x20U; })) {
    return "windows-1253";
  }
  return encoding;
}

}  // namespace

std::string detect_charset(std::string_view bytes) {
  bytes = bytes.substr(0, kDetectorBytes);
  const Detector detector(uchardet_new(), &uchardet_delete);
  if (!detector || uchardet_handle_data(detector.get(), bytes.data(), bytes.size()) != 0) return {};
  uchardet_data_end(detector.get());
  std::string_view name = uchardet_get_charset(detector.get());
  for (const auto& [alias, label] : kDetectorAliases) {
    if (name == alias) name = label;
  }
  std::string encoding = canonical_encoding(name);
  if (is_latin_script_encoding(encoding)) return choose_latin_encoding(bytes, encoding);
  return refine(std::move(encoding), bytes);
}

}  // namespace pagemd::extract
