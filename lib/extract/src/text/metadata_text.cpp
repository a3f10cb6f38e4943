#include "text/metadata_text.hpp"

#include <cstddef>

#include "text/text_util.hpp"

namespace pagemd::extract::metadata_detail {
namespace {

// Length of a Unicode space (or zero-width character) at s[i] encoded in UTF-8, else 0. Titles
// and names are full of &nbsp; and thin spaces that should read as plain spaces.
std::size_t unicode_space_at(std::string_view s, std::size_t i) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xA0) return 2;
  if (i + 2 >= s.size()) return 0;
  const auto b1 = static_cast<unsigned char>(s[i + 1]);
  const auto b2 = static_cast<unsigned char>(s[i + 2]);
  if (b0 == 0xE2 && b1 == 0x80 && (b2 <= 0x8B || b2 == 0xAF)) return 3;  // U+2000..U+200B, U+202F
  if (b0 == 0xE2 && b1 == 0x81 && b2 == 0x9F) return 3;                  // U+205F
  if (b0 == 0xE3 && b1 == 0x80 && b2 == 0x80) return 3;                  // U+3000
  if (b0 == 0xEF && b1 == 0xBB && b2 == 0xBF) return 3;                  // U+FEFF
  return 0;
}

}  // namespace

std::string collapse_spaces(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool pending_space = false;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t space = is_ascii_space(s[i]) ? 1 : 0;
    if (space == 0 && static_cast<unsigned char>(s[i]) >= 0xC2) space = unicode_space_at(s, i);
    if (space > 0) {
      pending_space = true;
      i += space;
      continue;
    }
    if (pending_space && !out.empty()) out += ' ';
    pending_space = false;
    out += s[i++];
  }
  return out;
}

bool looks_like_url(std::string_view s) {
  return starts_with_ignore_case(s, "http://") || starts_with_ignore_case(s, "https://") ||
         starts_with_ignore_case(s, "//") || starts_with_ignore_case(s, "www.");
}

}  // namespace pagemd::extract::metadata_detail

namespace pagemd::extract {

std::string normalized_title(std::string_view text) {
  std::string out;
  bool space = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto byte = static_cast<unsigned char>(c);
    const std::string_view rest = text.substr(i);
    if (rest.starts_with("\u00AD") || rest.starts_with("\u200B") || rest.starts_with("\u2060") ||
        rest.starts_with("\uFEFF")) {
      i += rest.starts_with("\u00AD") ? 1U : 2U;
      continue;
    }
    if (is_ascii_alnum(c) || byte >= 0x80) {
      if (space && !out.empty()) out.push_back(' ');
      space = false;
      out.push_back(ascii_lower(c));
    } else {
      space = true;
    }
  }
  return out;
}

}  // namespace pagemd::extract
