#include "text/words.hpp"

#include <memory>

#include <unicode/brkiter.h>
#include <unicode/utext.h>

namespace pagemd::extract {
namespace words_detail {
namespace {

// UAX #29's word-break classes of the ASCII characters.
enum class WordClass { letter, digit, connector, mid_number, mid_either, other };

constexpr WordClass word_class(char c) noexcept {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return WordClass::letter;  // ALetter
  if (c >= '0' && c <= '9') return WordClass::digit;                               // Numeric
  switch (c) {
    case '_': return WordClass::connector;  // ExtendNumLet
    case ',':
    case ';': return WordClass::mid_number;  // MidNum
    case '.':
    case '\'': return WordClass::mid_either;  // MidNumLet, Single_Quote
    default: return WordClass::other;
  }
}

constexpr bool is_word_part(WordClass c) noexcept {
  return c == WordClass::letter || c == WordClass::digit || c == WordClass::connector;
}

// Whether `mid` between `before` and `after` keeps them in one word: "don't", "e.g", "3.5", "1,000".
constexpr bool joins(WordClass before, WordClass mid, WordClass after) noexcept {
  if (before == WordClass::letter && after == WordClass::letter) {  // WB6, WB7
    // UAX #29 also joins over a colon (MidLetter), which ICU's root rules leave out since CLDR 42.
    return mid == WordClass::mid_either;
  }
  if (before == WordClass::digit && after == WordClass::digit) {  // WB11, WB12
    return mid == WordClass::mid_number || mid == WordClass::mid_either;
  }
  return false;
}

std::unique_ptr<icu::BreakIterator> make_word_iterator() {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::BreakIterator> iterator(icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), status));
  if (U_FAILURE(status)) return nullptr;
  return iterator;
}

}  // namespace

std::size_t count_ascii_words(std::string_view run) noexcept {
  std::size_t words = 0;
  std::size_t i = 0;
  while (i < run.size()) {
    WordClass previous = word_class(run[i]);
    if (!is_word_part(previous)) {
      ++i;
      continue;
    }
    // A word: letters, digits and connectors (WB5, WB8-WB10, WB13a-b), with single joiners inside.
    // ICU counts any such run as a word except a lone connector ("_"), which no rule of its gives a
    // word status to.
    std::size_t j = i + 1;
    while (j < run.size()) {
      const WordClass current = word_class(run[j]);
      if (is_word_part(current)) {
        previous = current;
        ++j;
      } else if (j + 1 < run.size() && joins(previous, current, word_class(run[j + 1]))) {
        previous = word_class(run[j + 1]);
        j += 2;
      } else {
        break;
      }
    }
    if (j - i > 1 || previous != WordClass::connector) ++words;
    i = j;
  }
  return words;
}

std::size_t count_unicode_words(std::string_view text) {
  if (text.empty()) return 0;
  // Making an iterator loads its rules; each thread keeps one.
  thread_local const std::unique_ptr<icu::BreakIterator> iterator = make_word_iterator();
  if (!iterator) return 0;
  UErrorCode status = U_ZERO_ERROR;
  UText utf8 = UTEXT_INITIALIZER;
  utext_openUTF8(&utf8, text.data(), static_cast<int64_t>(text.size()), &status);
  iterator->setText(&utf8, status);
  std::size_t words = 0;
  if (U_SUCCESS(status)) {
    for (std::int32_t end = iterator->next(); end != icu::BreakIterator::DONE; end = iterator->next()) {
      // Segments of letters, numbers, kana and ideographs have a rule status from UBRK_WORD_NUMBER up.
      if (iterator->getRuleStatus() >= UBRK_WORD_NUMBER) ++words;
    }
  }
  utext_close(&utf8);
  return words;
}

}  // namespace words_detail

namespace {
// ICU is given the non-ASCII runs in batches of about this size: fewer calls, bounded memory.
constexpr std::size_t kUnicodeBatchBytes = std::size_t{64} * 1024;
}  // namespace

void WordCounter::feed(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\xC2' && i + 1 < text.size() && text[i + 1] == '\xA0') {
      end_run();
      ++i;
    } else {
      feed(text[i]);
    }
  }
}

void WordCounter::end_run() {
  if (run_.empty()) return;
  if (run_is_ascii_) {
    count_ += words_detail::count_ascii_words(run_);
  } else {
    unicode_runs_ += run_;
    unicode_runs_ += ' ';
    if (unicode_runs_.size() >= kUnicodeBatchBytes) {
      count_ += words_detail::count_unicode_words(unicode_runs_);
      unicode_runs_.clear();
    }
  }
  run_.clear();
  run_is_ascii_ = true;
}

std::size_t WordCounter::count() const {
  std::size_t total = count_;
  if (run_is_ascii_) {
    total += words_detail::count_ascii_words(run_) + words_detail::count_unicode_words(unicode_runs_);
  } else {
    total += words_detail::count_unicode_words(unicode_runs_ + run_);
  }
  return total;
}

std::size_t count_words(std::string_view text) {
  WordCounter counter;
  counter.feed(text);
  return counter.count();
}

}  // namespace pagemd::extract
