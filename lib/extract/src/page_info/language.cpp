#include "page_info/language.hpp"

#include <cstdio>  // compact_lang_det.h uses FILE without including it
#include <utility>
#include <vector>  // and std::vector

#include <cld2/public/compact_lang_det.h>
#include <cld2/public/encodings.h>

#include "decode/decoders.hpp"
#include "pagemd/core/ascii.hpp"

namespace CLD2 {
// Declared in CLD2's internal lang_script.h, which is not meant to be included from outside.
const char* LanguageCode(Language lang);
}  // namespace CLD2

namespace pagemd::extract {
namespace {

constexpr std::string_view kUndetermined = "und";

// The text CLD2 reads: all of it up to this size, else this much in slices spread over the whole, so
// that a long page costs no more than a short one and its majority language still wins.
constexpr std::size_t kSampleBytes = std::size_t{2} * 1024;
constexpr std::size_t kSampleSlices = 4;

// Deprecated ISO 639 codes (CLD2 still answers with some) and the ones that replaced them.
constexpr std::pair<std::string_view, std::string_view> kReplaced[] = {
    {"iw", "he"}, {"jw", "jv"}, {"in", "id"}, {"ji", "yi"}, {"mo", "ro"}};

// Letters of text (CLD2's count) below which the text says nothing, and below which it does not
// decide against a declared language. DESIGN.md: the language is decided from the text, never from
// <html lang> alone.
constexpr int kMinTextBytes = 24;
constexpr int kMinDecidingTextBytes = 100;
// The share of the text a language CLD2 found alone must have to decide though "unreliable".
constexpr int kMinUncontestedPercent = 50;

bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

std::string sample_of(std::string_view text) {
  if (text.size() <= kSampleBytes) return std::string(text);
  const std::size_t slice = kSampleBytes / kSampleSlices;
  const std::size_t step = (text.size() - slice) / (kSampleSlices - 1);
  std::string sample;
  sample.reserve(kSampleBytes + kSampleSlices);
  for (std::size_t k = 0; k < kSampleSlices; ++k) {
    std::size_t begin = k * step;
    std::size_t end = begin + slice;
    while (begin < end && is_continuation_byte(text[begin])) ++begin;  // whole characters only
    while (end > begin && end < text.size() && is_continuation_byte(text[end])) --end;
    sample.append(text.substr(begin, end - begin));
    sample.push_back('\n');
  }
  return sample;
}

// CLD2 may read past a broken sequence; the page's text is always valid UTF-8, but a caller's may not be.
std::string valid_utf8(std::string text) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  std::size_t valid = encoding_detail::valid_utf8_prefix(bytes, text.size());
  while (valid < text.size()) {
    text[valid] = ' ';
    valid += 1 + encoding_detail::valid_utf8_prefix(bytes + valid + 1, text.size() - valid - 1);
  }
  return text;
}

// CLD2's codes as BCP 47 tags: deprecated codes replaced, placeholders dropped.
std::string bcp47_of(CLD2::Language language) {
  if (language == CLD2::UNKNOWN_LANGUAGE) return std::string(kUndetermined);
  const std::string_view code = CLD2::LanguageCode(language);
  for (const auto& [old_code, tag] : kReplaced) {
    if (code == old_code) return std::string(tag);
  }
  // "un", "xxx" and the blank names of unused slots are no language.
  if (code.size() < 2 || code == "un" || code == "xxx" || code.find(' ') != std::string_view::npos) {
    return std::string(kUndetermined);
  }
  return std::string(code);
}

// A declared language reduced to what detection would say: "en-GB" -> "en", "zh-TW" -> "zh-Hant";
// "" for what is not a language tag.
std::string tag_of_declared(std::string_view declared) {
  declared = core::trim(declared);
  declared = declared.substr(0, declared.find(','));  // Content-Language may list several
  const std::string lowered = core::ascii_lower_copy(declared);
  const std::string_view primary = std::string_view(lowered).substr(0, lowered.find_first_of("-_"));
  if (primary.size() < 2 || primary.size() > 3 || primary == "und") return {};
  for (const char c : primary) {
    if (c < 'a' || c > 'z') return {};
  }
  if (primary == "zh") {
    for (const std::string_view traditional : {"hant", "-tw", "-hk", "-mo", "_tw", "_hk", "_mo"}) {
      if (lowered.find(traditional) != std::string::npos) return "zh-Hant";
    }
    return "zh";
  }
  for (const auto& [old_code, tag] : kReplaced) {
    if (primary == old_code) return std::string(tag);
  }
  return std::string(primary);
}

}  // namespace

std::string detect_language_tag(std::string_view text, std::string_view declared) {
  const std::string sample = valid_utf8(sample_of(text));
  CLD2::Language top3[3];
  int percent3[3];
  double scores3[3];
  int text_bytes = 0;
  bool reliable = false;
  const CLD2::CLDHints no_hints{nullptr, nullptr, CLD2::UNKNOWN_ENCODING, CLD2::UNKNOWN_LANGUAGE};
  CLD2::ExtDetectLanguageSummary(sample.data(), static_cast<int>(sample.size()), true, &no_hints, 0, top3, percent3,
                                 scores3, nullptr, &text_bytes, &reliable);
  // Too little text to go on says nothing, whatever the page declares.
  if (text_bytes < kMinTextBytes) return std::string(kUndetermined);
  std::string declared_tag = tag_of_declared(declared);
  // In a short text CLD2 is sure of too much (a list of Japanese city names reads as Danish): a
  // declaration, when there is one, knows better.
  if (text_bytes < kMinDecidingTextBytes && !declared_tag.empty()) return declared_tag;
  // CLD2 calls a text unreliable also when chunks of it matched no language well (Russian news can
  // look half Bulgarian); a language that is the only one found in enough text still decides.
  const bool uncontested =
      top3[1] == CLD2::UNKNOWN_LANGUAGE && percent3[0] >= kMinUncontestedPercent && text_bytes >= kMinDecidingTextBytes;
  if (reliable || uncontested) {
    // Not CLD2's summary language, which prefers a second language over a first English (the usual
    // language of boilerplate): this text is the content, so the language of most of it wins.
    std::string tag = bcp47_of(top3[0]);
    if (tag != kUndetermined) return tag;
  }
  return declared_tag.empty() ? std::string(kUndetermined) : declared_tag;
}

std::string spec_language(std::string_view tag) { return tag == "en" ? "en" : "unknown"; }

std::string detect_language(std::string_view text) { return spec_language(detect_language_tag(text)); }

}  // namespace pagemd::extract
