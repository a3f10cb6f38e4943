#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "pagemd/core/ascii.hpp"

namespace pagemd::extract {

// Words as every figure of pagemd counts them (metadata.word_count, the thin-content warning, the
// batch manifest): the segments between Unicode word boundaries (UAX #29, by ICU's BreakIterator,
// whose dictionaries split Chinese, Japanese, Thai, Lao, Khmer and Burmese text that has no spaces)
// that hold a letter, a digit, kana or an ideograph. Punctuation and spaces are not words; "don't"
// and "3.5" are one word each, "e-mail" two. So 1,200 characters of Japanese count as the few
// hundred words they are, not as one "word" per space.
//
// Text comes in pieces (a byte, a run), and a word may span pieces ("<b>foo</b>bar" is one word)
// but never a boundary(). Runs of plain ASCII are counted here by the same rules without ICU, which
// is most of the text of most pages; the rest goes to ICU in batches.
class WordCounter {
 public:
  // One byte of UTF-8 text; ASCII whitespace separates words.
  void feed(char c) {
    if (core::is_ascii_space(c)) {
      end_run();
      return;
    }
    run_.push_back(c);
    if (static_cast<unsigned char>(c) >= 0x80) run_is_ascii_ = false;
  }

  // A run of UTF-8 text, where a no-break space separates words like a space.
  void feed(std::string_view text);
  // Bytes that go on the word being read: no whitespace and no no-break space among them.
  void feed_within_word(std::string_view bytes) {
    run_.append(bytes);
    if (run_is_ascii_ &&
        std::any_of(bytes.begin(), bytes.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
      run_is_ascii_ = false;
    }
  }

  // Where two runs of text meet without joining (a block ends, a cell ends).
  void boundary() { end_run(); }

  [[nodiscard]] std::size_t count() const;

 private:
  void end_run();

  std::size_t count_ = 0;
  std::string run_;  // the text since the last separator
  bool run_is_ascii_ = true;
  std::string unicode_runs_;  // runs with non-ASCII text, space-separated, waiting for ICU
};

[[nodiscard]] std::size_t count_words(std::string_view text);

namespace words_detail {
// The words of text without whitespace, all ASCII, by UAX #29's rules restricted to ASCII.
[[nodiscard]] std::size_t count_ascii_words(std::string_view run) noexcept;
// The words of any UTF-8 text, by ICU.
[[nodiscard]] std::size_t count_unicode_words(std::string_view text);
}  // namespace words_detail

}  // namespace pagemd::extract
