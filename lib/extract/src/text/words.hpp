#pragma once

#include <cstddef>
#include <string_view>

#include "pagemd/core/ascii.hpp"

namespace pagemd::extract {

// Words as every figure of pagemd counts them (metadata.word_count, the thin-content warning, the
// batch manifest): runs of text between whitespace, where a no-break space separates like a space.
class WordCounter {
 public:
  // One byte of text: ASCII whitespace ends a word, any other byte is part of one.
  void feed(char c) noexcept {
    if (core::is_ascii_space(c)) {
      in_word_ = false;
    } else if (!in_word_) {
      in_word_ = true;
      ++count_;
    }
  }

  // A run of UTF-8 text.
  void feed(std::string_view text) noexcept {
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\xC2' && i + 1 < text.size() && text[i + 1] == '\xA0') {
        boundary();
        ++i;
      } else {
        feed(text[i]);
      }
    }
  }

  // Where two runs of text meet without joining (a block ends, a no-break space stands).
  void boundary() noexcept { in_word_ = false; }

  [[nodiscard]] std::size_t count() const noexcept { return count_; }

 private:
  std::size_t count_ = 0;
  bool in_word_ = false;
};

[[nodiscard]] inline std::size_t count_words(std::string_view text) noexcept {
  WordCounter counter;
  counter.feed(text);
  return counter.count();
}

}  // namespace pagemd::extract
