#pragma once

// The letters and words of a document, as the block stage judges them: character classes, and the
// document's vocabulary, which decides what a hyphen at a line's end is.

#include <string>
#include <unordered_map>
#include <unordered_set>

#include "layout.hpp"

namespace pagemd::pdf {

inline bool is_space(char32_t c) { return c == U' '; }
inline bool is_letter(char32_t c) {
  return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || (c >= 0xC0 && c != 0xD7 && c != 0xF7 && c < 0x2000);
}
inline bool is_lower(char32_t c) { return (c >= U'a' && c <= U'z') || (c >= 0xDF && c <= 0xFF && c != 0xF7); }
inline bool is_digit(char32_t c) { return c >= U'0' && c <= U'9'; }

// glyphs[from, to) lowercased, as a key (non-ASCII letters by their code point).
[[nodiscard]] std::string lower_word(const GlyphLine& glyphs, std::size_t from, std::size_t to);

// Every word of the document, lowercased, with how often it occurs: what decides whether a hyphen at
// a line's end is part of the word (a compound such as "well-made") or only breaks it ("after-noons").
class Vocabulary {
 public:
  void add(const GlyphLine& line);

  // Whether "left-" at a line's end and "right" at the next line's start are one word without the
  // hyphen: yes when the joined word occurs elsewhere and the hyphenated one does not; else yes unless
  // "right" is a word the document uses on its own (then the hyphen joins two words).
  [[nodiscard]] bool hyphen_breaks_word(const std::string& left, const std::string& right) const;

 private:
  [[nodiscard]] int count(const std::string& word) const;

  std::unordered_map<std::string, int> words_;
  std::unordered_set<std::string> hyphenated_;
};

}  // namespace pagemd::pdf
