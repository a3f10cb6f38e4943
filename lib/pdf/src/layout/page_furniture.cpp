#include <algorithm>
#include <cmath>
#include <map>
#include <regex>
#include <set>

#include "layout.hpp"

namespace pagemd::pdf {
namespace {

// Running headers and footers live in the top and bottom margins; this much of the page height
// on either side is searched for them.
constexpr double kMarginShare = 0.12;

// A running line's text with its numbers masked: "Page 3 of 9" and "Page 4 of 9" are the same line.
std::string masked(const Segment& segment) {
  std::string out;
  for (const char c : text_of(segment)) {
    if (c >= '0' && c <= '9') {
      if (out.empty() || out.back() != '#') out += '#';
    } else {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  return out;
}

bool in_margin(const Segment& segment, const PageText& page) {
  return segment.box.y1 <= page.height * kMarginShare || segment.box.y0 >= page.height * (1 - kMarginShare);
}

bool is_page_number(const std::string& text) {
  static const std::regex number(
      R"(^[\s\-–—\[\(]*(page\s*)?(\d{1,4}|[ivxlc]{1,6})(\s*(of|/)\s*\d{1,4})?[\s\-–—\]\)]*$)", std::regex::icase);
  return std::regex_match(text, number);
}

}  // namespace

double body_size(const DocumentText& text) {
  std::map<double, std::size_t> letters_by_size;
  for (const PageText& page : text.pages) {
    for (const Segment& segment : page.segments) {
      for (const Glyph& glyph : segment.glyphs) {
        if (glyph.code != U' ') ++letters_by_size[std::round(glyph.size * 2) / 2];
      }
    }
  }
  if (letters_by_size.empty()) return 10;
  return std::max_element(letters_by_size.begin(), letters_by_size.end(),
                          [](const auto& a, const auto& b) { return a.second < b.second; })
      ->first;
}

std::vector<std::vector<bool>> page_furniture(const DocumentText& text, double body) {
  std::vector<std::vector<bool>> furniture(text.pages.size());
  // Where a margin line sits (to the nearest 2% of the page) and what it says, numbers masked.
  using Key = std::tuple<long, long, std::string>;
  std::map<Key, std::set<std::size_t>> pages_with;
  std::size_t pages_with_text = 0;
  for (std::size_t p = 0; p < text.pages.size(); ++p) {
    const PageText& page = text.pages[p];
    furniture[p].assign(page.segments.size(), false);
    if (!page.segments.empty()) ++pages_with_text;
    for (const Segment& segment : page.segments) {
      if (!in_margin(segment, page)) continue;
      const double band = page.height * 0.02;
      pages_with[{std::lround(segment.box.y0 / band), std::lround(segment.box.x0 / band), masked(segment)}].insert(p);
    }
  }
  // Repeated on most pages: on at least half of those with text, and on two pages at least.
  const std::size_t needed = std::max<std::size_t>(2, (pages_with_text + 1) / 2);
  for (std::size_t p = 0; p < text.pages.size(); ++p) {
    const PageText& page = text.pages[p];
    // The lowest and highest line of body text: a small line beyond them, at the page's very edge,
    // is a running line even on a one-page document (a browser's date, title, address, "1/1").
    for (std::size_t s = 0; s < page.segments.size(); ++s) {
      const Segment& segment = page.segments[s];
      if (!in_margin(segment, page)) continue;
      const double band = page.height * 0.02;
      const auto& seen =
          pages_with[{std::lround(segment.box.y0 / band), std::lround(segment.box.x0 / band), masked(segment)}];
      const bool repeated = seen.size() >= needed;
      const bool small_at_edge =
          segment.size < body * 0.9 && (segment.box.y1 <= page.height * 0.045 || segment.box.y0 >= page.height * 0.955);
      furniture[p][s] = repeated || small_at_edge || is_page_number(text_of(segment));
    }
  }
  return furniture;
}

}  // namespace pagemd::pdf
