#include "decode/charset_detector.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <memory>

#include <uchardet/uchardet.h>
#include <unicode/ucsdet.h>
#include <unicode/uvernum.h>

#include "decode/encoding.hpp"
#include "pagemd/core/runtime/shared_library.hpp"

// ICU's C functions are named with its version (ucsdet_open is ucsdet_open_72): the name to look up
// is the macro's expansion.
#define PAGEMD_ICU_NAME(function) PAGEMD_ICU_NAME_EXPANDED(function)
#define PAGEMD_ICU_NAME_EXPANDED(function) #function

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
// ICU's charset detector, from libicui18n opened when a page first needs it: only pages that declare
// no encoding do, and the library is a sixth of the start of every `pagemd` run (the package depends
// on it through libicuuc's package, which holds both).
struct IcuCharsetDetector {
  decltype(&ucsdet_open) open;
  decltype(&ucsdet_close) close;
  decltype(&ucsdet_enableInputFilter) enable_input_filter;
  decltype(&ucsdet_setText) set_text;
  decltype(&ucsdet_detectAll) detect_all;
  decltype(&ucsdet_getName) get_name;
  decltype(&ucsdet_getConfidence) get_confidence;
};

const IcuCharsetDetector& icu_charset_detector() {
  static const IcuCharsetDetector kDetector = [] {
    const core::SharedLibrary library("libicui18n.so." U_ICU_VERSION_SHORT);
    IcuCharsetDetector icu{};
    library.find(PAGEMD_ICU_NAME(ucsdet_open), icu.open);
    library.find(PAGEMD_ICU_NAME(ucsdet_close), icu.close);
    library.find(PAGEMD_ICU_NAME(ucsdet_enableInputFilter), icu.enable_input_filter);
    library.find(PAGEMD_ICU_NAME(ucsdet_setText), icu.set_text);
    library.find(PAGEMD_ICU_NAME(ucsdet_detectAll), icu.detect_all);
    library.find(PAGEMD_ICU_NAME(ucsdet_getName), icu.get_name);
    library.find(PAGEMD_ICU_NAME(ucsdet_getConfidence), icu.get_confidence);
    return icu;
  }();
  return kDetector;
}

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
  const IcuCharsetDetector& icu = icu_charset_detector();
  const IcuDetector detector(icu.open(&status), icu.close);
  if (U_FAILURE(status)) return "windows-1252";
  icu.enable_input_filter(detector.get(), 1);  // markup is not text
  icu.set_text(detector.get(), bytes.data(), static_cast<std::int32_t>(bytes.size()), &status);
  std::int32_t found = 0;
  const UCharsetMatch** matches = icu.detect_all(detector.get(), &found, &status);
  for (std::int32_t i = 0; U_SUCCESS(status) && i < found; ++i) {
    const std::string encoding = canonical_encoding(icu.get_name(matches[i], &status));
    if (latin_family(encoding) == 0) continue;
    if (icu.get_confidence(matches[i], &status) < kMinConfidence) return "windows-1252";
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

void open_charset_detectors() { static_cast<void>(icu_charset_detector()); }

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
