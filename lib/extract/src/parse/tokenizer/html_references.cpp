// Character references (&amp;, &#8212;, &notit;) as the standard's tokenizer reads them: the named
// ones from the standard's table, the numeric ones with its repairs.

#include "parse/tokenizer/html_tokenizer.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <iterator>

#include "text/text_util.hpp"
#include "text/utf8.hpp"

namespace pagemd::extract::html {
namespace {

struct NamedReference {
  std::string_view name;
  std::string_view text;
};

constexpr NamedReference kNamedReferences[] = {
#include "parse/tokenizer/html_entities.inc"
};
static_assert(std::is_sorted(std::begin(kNamedReferences), std::end(kNamedReferences),
                             [](const NamedReference& a, const NamedReference& b) { return a.name < b.name; }));

// The longest name that may stand without ';' ("frac34", "middot"), and the longest of all.
constexpr std::size_t kLongestLegacyName = 6;
constexpr std::size_t kLongestName = 32;

const NamedReference* find_reference(std::string_view name) {
  const auto* end = std::end(kNamedReferences);
  const auto* it = std::lower_bound(std::begin(kNamedReferences), end, name,
                                    [](const NamedReference& r, std::string_view n) { return r.name < n; });
  return it != end && it->name == name ? it : nullptr;
}

// What a numeric reference to 0x80-0x9F means: the windows-1252 character pages meant.
constexpr std::array<char32_t, 32> kC1Replacements = {0x20AC, 0x81,   0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
                                                      0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,   0x017D, 0x8F,
                                                      0x90,   0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                                                      0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D,   0x017E, 0x0178};

}  // namespace

void Tokenizer::reference(std::string& out, bool in_attribute) {
  const std::size_t n = in_.size();
  const std::size_t amp = pos_;
  std::size_t i = amp + 1;
  if (at(i, '#')) {
    std::size_t j = i + 1;
    const bool hex = j < n && (in_[j] == 'x' || in_[j] == 'X');
    if (hex) ++j;
    const std::size_t digits = j;
    char32_t value = 0;
    while (j < n) {
      const int digit = hex ? hex_digit_value(in_[j]) : (is_ascii_digit(in_[j]) ? in_[j] - '0' : -1);
      if (digit < 0) break;
      value = std::min<char32_t>(value * (hex ? 16 : 10) + static_cast<char32_t>(digit), 0x110000);
      ++j;
    }
    if (j == digits) {  // "&#" or "&#x" without digits stays as written
      out.append(in_.substr(amp, j - amp));
      pos_ = j;
      return;
    }
    if (at(j, ';')) ++j;
    if (value == 0 || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) {
      value = 0xFFFD;
    } else if (value >= 0x80 && value <= 0x9F) {
      value = kC1Replacements[value - 0x80];
    }
    append_utf8(out, value);
    pos_ = j;
    return;
  }
  std::size_t j = i;
  while (j < n && is_ascii_alnum(in_[j])) ++j;
  const std::string_view run = in_.substr(i, j - i);
  if (at(j, ';') && run.size() < kLongestName) {
    std::array<char, kLongestName + 1> name{};
    std::memcpy(name.data(), run.data(), run.size());
    name[run.size()] = ';';
    if (const NamedReference* found = find_reference({name.data(), run.size() + 1})) {
      out.append(found->text);
      pos_ = j + 1;
      return;
    }
  }
  // The names kept from before ';' was required match as the longest prefix, "&notit;" as "¬it;";
  // in an attribute value not when a letter, digit or '=' follows (a URL's "&copy=1").
  for (std::size_t k = std::min(run.size(), kLongestLegacyName); k >= 2; --k) {
    const NamedReference* found = find_reference(run.substr(0, k));
    if (found == nullptr) continue;
    const std::size_t after = i + k;
    if (in_attribute && after < n && (in_[after] == '=' || is_ascii_alnum(in_[after]))) break;
    out.append(found->text);
    pos_ = after;
    return;
  }
  out.append(in_.substr(amp, j - amp));
  pos_ = j;
}

}  // namespace pagemd::extract::html
