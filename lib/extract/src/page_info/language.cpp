#include "page_info/language.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace pagemd::extract {
namespace {

enum Lang : std::uint8_t { kEnglish, kGerman, kFrench, kSpanish, kItalian, kPortuguese, kDutch, kLangCount };

// The most frequent function words of each language. Only generic high-frequency words belong
// here: they make up a large, stable share of any running text in that language whatever its
// topic. Words shared between languages (English "in", Dutch "in") count for both, which is why
// the decision compares English against the strongest other language and not only a threshold.
constexpr std::string_view kEnglishWords[] = {
    "the",  "of",   "and",    "to",    "a",     "in",    "is",    "that",  "for",   "it",   "with",  "as",
    "was",  "on",   "are",    "be",    "this",  "by",    "at",    "or",    "from",  "an",   "not",   "have",
    "has",  "had",  "but",    "his",   "her",   "they",  "you",   "we",    "he",    "she",  "which", "their",
    "were", "been", "will",   "would", "can",   "there", "what",  "all",   "its",   "if",   "so",    "one",
    "our",  "your", "them",   "who",   "about", "than",  "into",  "these", "when",  "how",  "more",  "also",
    "i",    "my",   "should", "could", "do",    "does",  "then",  "some",  "other", "only", "out",   "up",
    "no",   "just", "any",    "each",  "most",  "may",   "those", "where", "while", "over", "after", "because"};

constexpr std::string_view kGermanWords[] = {
    "der",   "die",    "und",      "in",    "den",   "von",   "zu",   "das",   "mit",   "sich", "des",
    "auf",   "für",    "ist",      "im",    "dem",   "nicht", "ein",  "eine",  "als",   "auch", "es",
    "an",    "werden", "aus",      "er",    "hat",   "dass",  "sie",  "nach",  "wird",  "bei",  "einer",
    "um",    "am",     "sind",     "noch",  "wie",   "einem", "über", "einen", "so",    "zum",  "war",
    "haben", "nur",    "oder",     "aber",  "vor",   "zur",   "bis",  "mehr",  "durch", "man",  "sein",
    "wurde", "ich",    "wir",      "kann",  "diese", "wenn",  "doch", "gegen", "schon", "ihre", "ihr",
    "uns",   "keine",  "zwischen", "unter", "immer", "dann",  "weil", "sehr",  "hier",  "was",  "wo"};

constexpr std::string_view kFrenchWords[] = {
    "de",   "la",    "le",    "et",     "les",   "des",   "en",    "un",   "du",   "une",   "que",   "est",
    "pour", "qui",   "dans",  "a",      "par",   "plus",  "pas",   "au",   "sur",  "ne",    "se",    "ce",
    "il",   "sont",  "aux",   "avec",   "son",   "sa",    "ses",   "ou",   "mais", "nous",  "vous",  "je",
    "elle", "ils",   "on",    "été",    "être",  "cette", "comme", "tout", "leur", "y",     "à",     "où",
    "même", "aussi", "fait",  "très",   "sans",  "ces",   "entre", "peut", "deux", "leurs", "notre", "lui",
    "dont", "donc",  "après", "encore", "avait", "était", "quand", "tous", "bien", "sous",  "si",    "elles"};

constexpr std::string_view kSpanishWords[] = {
    "de",   "la",     "que",  "el",   "en",      "y",     "a",     "los",   "se",   "del",   "las",   "un",
    "por",  "con",    "no",   "una",  "su",      "para",  "es",    "al",    "lo",   "como",  "más",   "o",
    "pero", "sus",    "le",   "ha",   "me",      "si",    "sin",   "sobre", "este", "ya",    "entre", "cuando",
    "todo", "esta",   "ser",  "son",  "también", "fue",   "había", "era",   "muy",  "hasta", "desde", "está",
    "mi",   "porque", "qué",  "han",  "yo",      "hay",   "puede", "todos", "así",  "nos",   "ni",    "tiene",
    "él",   "donde",  "bien", "cada", "ella",    "estos", "sólo",  "solo",  "hace", "otros", "otra",  "les"};

constexpr std::string_view kItalianWords[] = {
    "di",     "e",      "il",     "la",   "che", "in",    "a",      "per",    "un",     "è",     "del",
    "non",    "una",    "della",  "i",    "le",  "si",    "con",    "da",     "al",     "sono",  "lo",
    "gli",    "ha",     "dei",    "alla", "più", "come",  "nel",    "anche",  "ma",     "delle", "nella",
    "questo", "ci",     "se",     "o",    "su",  "dal",   "essere", "mi",     "ti",     "suo",   "sua",
    "loro",   "questa", "era",    "tra",  "fra", "hanno", "molto",  "quando", "degli",  "già",   "dopo",
    "così",   "perché", "ancora", "nei",  "sul", "alle",  "ad",     "ed",     "quella", "quello"};

constexpr std::string_view kPortugueseWords[] = {
    "de",   "a",      "o",     "que",  "e",     "do",    "da",     "em",   "um",     "para", "é",
    "com",  "não",    "uma",   "os",   "no",    "se",    "na",     "por",  "mais",   "as",   "dos",
    "como", "mas",    "foi",   "ao",   "ele",   "das",   "tem",    "à",    "seu",    "sua",  "ou",
    "ser",  "quando", "muito", "há",   "nos",   "já",    "está",   "eu",   "também", "só",   "pelo",
    "pela", "até",    "isso",  "ela",  "entre", "era",   "depois", "sem",  "mesmo",  "aos",  "ter",
    "seus", "quem",   "nas",   "esse", "eles",  "estão", "você",   "essa", "num",    "nem",  "suas"};

constexpr std::string_view kDutchWords[] = {
    "de",  "en",  "van",   "ik",    "te",     "dat",  "die",   "in",     "een",    "hij",   "het",  "niet", "zijn",
    "is",  "was", "op",    "aan",   "met",    "als",  "voor",  "had",    "er",     "maar",  "om",   "hem",  "dan",
    "zou", "of",  "wat",   "mijn",  "men",    "dit",  "zo",    "door",   "over",   "ze",    "zich", "bij",  "ook",
    "tot", "je",  "uit",   "der",   "daar",   "haar", "naar",  "heeft",  "hebben", "deze",  "want", "nog",  "zal",
    "zij", "nu",  "geen",  "omdat", "worden", "toch", "al",    "waren",  "veel",   "meer",  "toen", "moet", "kan",
    "hun", "dus", "onder", "hier",  "wie",    "werd", "wordt", "kunnen", "ons",    "tegen", "wel",  "wij"};

// Longer words never match, so they skip the lookup (and the buffer they are lower-cased into).
constexpr std::size_t kMaxWordBytes = 16;

// Open addressing over a power-of-two table; built once, read-only afterwards.
class FunctionWordTable {
 public:
  FunctionWordTable() {
    add(kEnglish, kEnglishWords);
    add(kGerman, kGermanWords);
    add(kFrench, kFrenchWords);
    add(kSpanish, kSpanishWords);
    add(kItalian, kItalianWords);
    add(kPortuguese, kPortugueseWords);
    add(kDutch, kDutchWords);
  }

  // Bit i set when the word is a function word of language i; 0 for any other word.
  [[nodiscard]] std::uint8_t find(std::string_view word) const noexcept {
    for (std::size_t i = hash(word) & kMask;; i = (i + 1) & kMask) {
      const Slot& slot = slots_[i];
      if (slot.mask == 0) return 0;
      if (slot.word == word) return slot.mask;
    }
  }

 private:
  static constexpr std::size_t kSlots = 1024;  // well over twice the words, so probes stay short
  static constexpr std::size_t kMask = kSlots - 1;

  struct Slot {
    std::string_view word;
    std::uint8_t mask = 0;
  };

  static std::size_t hash(std::string_view word) noexcept {
    std::uint32_t h = 2166136261u;
    for (const char c : word) {
      h ^= static_cast<unsigned char>(c);
      h *= 16777619u;
    }
    return h;
  }

  template <std::size_t N>
  void add(Lang lang, const std::string_view (&words)[N]) {
    const auto bit = static_cast<std::uint8_t>(1u << lang);
    for (const std::string_view word : words) {
      for (std::size_t i = hash(word) & kMask;; i = (i + 1) & kMask) {
        Slot& slot = slots_[i];
        if (slot.mask == 0) {
          slot.word = word;
          slot.mask = bit;
          break;
        }
        if (slot.word == word) {
          slot.mask = static_cast<std::uint8_t>(slot.mask | bit);
          break;
        }
      }
    }
  }

  std::array<Slot, kSlots> slots_{};
};

const FunctionWordTable& function_words() {
  static const FunctionWordTable table;
  return table;
}

enum class CharClass { separator, latin_letter, other_letter, ideograph };

// Decodes one UTF-8 sequence at text[i]; returns its length (1 for an invalid byte, which the
// caller then treats as a separator through cp = 0xFFFD).
std::size_t decode_utf8(std::string_view text, std::size_t i, char32_t& cp) {
  const auto b0 = static_cast<unsigned char>(text[i]);
  std::size_t len = 0;
  char32_t value = 0;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    len = 2;
    value = b0 & 0x1Fu;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    len = 3;
    value = b0 & 0x0Fu;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    len = 4;
    value = b0 & 0x07u;
  } else {
    cp = 0xFFFD;
    return 1;
  }
  if (i + len > text.size()) {
    cp = 0xFFFD;
    return 1;
  }
  for (std::size_t k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(text[i + k]);
    if ((b & 0xC0u) != 0x80u) {
      cp = 0xFFFD;
      return 1;
    }
    value = (value << 6) | (b & 0x3Fu);
  }
  cp = value;
  return len;
}

CharClass classify(char32_t cp) {
  if (cp < 0xC0) return CharClass::separator;  // Latin-1 punctuation, NBSP, controls
  if (cp == 0xD7 || cp == 0xF7) return CharClass::separator;
  if (cp < 0x0370) return CharClass::latin_letter;                   // Latin-1, Extended-A/B, IPA, combining marks
  if (cp >= 0x1E00 && cp <= 0x1EFF) return CharClass::latin_letter;  // Latin Extended Additional
  if (cp >= 0x2000 && cp <= 0x2BFF) return CharClass::separator;     // punctuation, symbols, arrows
  if (cp >= 0x3000 && cp <= 0x303F) return CharClass::separator;     // CJK punctuation
  if ((cp >= 0x3040 && cp <= 0x30FF) || (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x4E00 && cp <= 0x9FFF) ||
      (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0x20000 && cp <= 0x3FFFF)) {
    return CharClass::ideograph;
  }
  if (cp >= 0xE000 && cp <= 0xF8FF) return CharClass::separator;  // private use (icon fonts)
  if (cp >= 0xFE30 && cp <= 0xFE4F) return CharClass::separator;
  if (cp >= 0xFF00 && cp <= 0xFF20) return CharClass::separator;  // full-width punctuation, digits
  if (cp >= 0xFFF0 && cp <= 0xFFFF) return CharClass::separator;
  if (cp >= 0x1F000 && cp <= 0x1FAFF) return CharClass::separator;  // emoji
  return CharClass::other_letter;
}

// Every function word with a non-ASCII letter uses Latin-1 only, so folding that block suffices.
char32_t fold_latin(char32_t cp) { return cp >= 0xC0 && cp <= 0xDE && cp != 0xD7 ? cp + 0x20 : cp; }

struct Counts {
  std::size_t words = 0;
  std::size_t latin_letters = 0;
  std::size_t other_letters = 0;
  std::array<std::size_t, kLangCount> hits{};
};

class WordCounter {
 public:
  explicit WordCounter(Counts& counts) : counts_(counts) {}

  void add_ascii(char lower) { put(lower); }

  void add_latin(char32_t cp) {
    const char32_t folded = fold_latin(cp);
    if (folded < 0x800) {
      put(static_cast<char>(0xC0u | (folded >> 6)));
      put(static_cast<char>(0x80u | (folded & 0x3Fu)));
    } else {
      // Beyond Latin-1 no function word can match; the word still counts.
      length_ = kMaxWordBytes + 1;
    }
  }

  void add_other() {
    non_latin_ = true;
    ++length_;
  }

  void end_word() {
    if (length_ == 0) return;
    ++counts_.words;
    if (!non_latin_ && length_ <= kMaxWordBytes) {
      const std::uint8_t mask = function_words().find(std::string_view(buffer_.data(), length_));
      if (mask != 0) {
        for (std::size_t lang = 0; lang < kLangCount; ++lang) {
          if ((mask >> lang) & 1u) ++counts_.hits[lang];
        }
      }
    }
    length_ = 0;
    non_latin_ = false;
  }

 private:
  void put(char c) {
    if (length_ < kMaxWordBytes) buffer_[length_] = c;
    ++length_;
  }

  Counts& counts_;
  std::array<char, kMaxWordBytes> buffer_{};
  std::size_t length_ = 0;
  bool non_latin_ = false;
};

Counts function_word_counts(std::string_view text) {
  Counts counts;
  WordCounter word(counts);
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (static_cast<unsigned char>(c) < 0x80) {
      ++i;
      if (c >= 'a' && c <= 'z') {
        word.add_ascii(c);
        ++counts.latin_letters;
      } else if (c >= 'A' && c <= 'Z') {
        word.add_ascii(static_cast<char>(c - 'A' + 'a'));
        ++counts.latin_letters;
      } else {
        word.end_word();
      }
      continue;
    }
    char32_t cp = 0;
    i += decode_utf8(text, i, cp);
    switch (classify(cp)) {
      case CharClass::separator: word.end_word(); break;
      case CharClass::latin_letter:
        word.add_latin(cp);
        ++counts.latin_letters;
        break;
      case CharClass::other_letter:
        word.add_other();
        ++counts.other_letters;
        break;
      case CharClass::ideograph:
        // Chinese and Japanese do not separate words; one character standing for one word keeps
        // such text from looking like a handful of long words next to any English in it.
        word.end_word();
        word.add_other();
        word.end_word();
        ++counts.other_letters;
        break;
    }
  }
  word.end_word();
  return counts;
}

// Below this many words there is too little evidence either way.
constexpr std::size_t kMinWords = 5;
// English running text has 35-50% function words from the list; other languages share only a
// few of them ("in", "a", "was"), staying well under 10%. Code and lists dilute English, so the
// bar sits low.
constexpr std::size_t kMinEnglishPercent = 12;
// A page with this much of its letters outside Latin script is not English, whatever the
// English words in its navigation say.
constexpr std::size_t kMaxOtherScriptPercent = 30;

}  // namespace

std::string detect_language(std::string_view text) {
  const Counts counts = function_word_counts(text);
  if (counts.words < kMinWords) return "unknown";
  const std::size_t letters = counts.latin_letters + counts.other_letters;
  if (counts.other_letters * 100 > letters * kMaxOtherScriptPercent) return "unknown";
  const std::size_t english = counts.hits[kEnglish];
  const std::size_t strongest_other = *std::max_element(counts.hits.begin() + 1, counts.hits.end());
  if (english * 100 < counts.words * kMinEnglishPercent) return "unknown";
  if (english <= strongest_other) return "unknown";
  return "en";
}

}  // namespace pagemd::extract
