#pragma once

// Positioned text as the layout stages see it: glyphs with their boxes and font, grouped into the
// pieces of a line that stand apart (a column's line, a table cell), page by page.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace pagemd::pdf {

// Page space in points, y growing downwards (poppler's GLib binding uses the page's top-left).
struct Box {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  [[nodiscard]] double width() const { return x1 - x0; }
  [[nodiscard]] double height() const { return y1 - y0; }
  void extend(const Box& other);
};

// What a font's name says of its face; PDFs name fonts "ABCDEF+DejaVuSans-BoldOblique" and the like.
enum FontFlag : std::uint8_t { kBold = 1, kItalic = 2, kMonospace = 4 };

struct Glyph {
  char32_t code = 0;
  Box box;
  double size = 0;  // the font size in points
  std::uint8_t flags = 0;
  int link = -1;  // index into Document::links, or -1
};

// Glyphs of one line that belong together: a gap wider than a word space ends a segment.
struct Segment {
  std::vector<Glyph> glyphs;  // spaces included, as ' '
  Box box;
  double size = 0;  // the size most of its letters have
  std::size_t page = 0;
};

struct PageText {
  double width = 0, height = 0;
  std::vector<Segment> segments;  // in poppler's order
};

struct DocumentText {
  std::vector<PageText> pages;
  std::vector<std::string> links;  // link targets, as the annotations give them
};

// The segment's text, with runs of spaces as one.
[[nodiscard]] std::string text_of(const Segment& segment);

}  // namespace pagemd::pdf
