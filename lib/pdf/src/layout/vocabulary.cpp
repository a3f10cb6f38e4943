#include "vocabulary.hpp"

#include <cctype>

namespace pagemd::pdf {

std::string lower_word(const GlyphLine& glyphs, std::size_t from, std::size_t to) {
  std::string word;
  for (std::size_t i = from; i < to; ++i) {
    const char32_t c = glyphs[i].code;
    if (c < 0x80) {
      word += static_cast<char>(std::tolower(static_cast<int>(c)));
    } else {
      word += '\x01';
      word += std::to_string(static_cast<unsigned>(c));
    }
  }
  return word;
}

void Vocabulary::add(const GlyphLine& line) {
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && !is_letter(line[i].code)) ++i;
    const std::size_t start = i;
    while (i < line.size() &&
           (is_letter(line[i].code) || (line[i].code == U'-' && i + 1 < line.size() && is_letter(line[i + 1].code)))) {
      ++i;
    }
    if (i == start) continue;
    const std::string word = lower_word(line, start, i);
    if (word.find('-') != std::string::npos) hyphenated_.insert(word);
    // The parts of a hyphenated word count as words too.
    std::size_t part = start;
    for (std::size_t j = start; j <= i; ++j) {
      if (j == i || line[j].code == U'-') {
        if (j > part) ++words_[lower_word(line, part, j)];
        part = j + 1;
      }
    }
  }
}

int Vocabulary::count(const std::string& word) const {
  const auto found = words_.find(word);
  return found == words_.end() ? 0 : found->second;
}

bool Vocabulary::hyphen_breaks_word(const std::string& left, const std::string& right) const {
  if (hyphenated_.count(left + "-" + right) > 0) return false;
  if (count(left + right) > 0) return true;
  return count(right) < 2;
}

}  // namespace pagemd::pdf
