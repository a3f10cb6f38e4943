// Tables without ruling lines whose columns stand as close as words do: a browser's default table
// leaves 3 pt between cells, no more than a word space, so poppler's segments run across the cells.
// What parts the columns is that the gaps line up: an interval of the line that no letter of any
// row covers, inside every row, with each column's text aligned on its left, its right or its centre
// in every row below the header. Lines of running text or list items share such an interval by
// chance at times (a river), but then the words after it do not line up.

#include <algorithm>
#include <cmath>

#include "layout.hpp"

namespace pagemd::pdf {
namespace {

struct Interval {
  double x0, x1;
};

// A row that is one line of text, as an aligned grid may hold: every cell one segment, no heading-
// sized letters, not a line of code (a cell may hold some).
bool one_line(const Row& row, double body) {
  std::size_t letters = 0, mono = 0;
  for (const Cell& cell : row.cells) {
    if (cell.size() != 1 || cell.front()->size >= 1.12 * body) return false;
    for (const Glyph& g : cell.front()->glyphs) {
      if (g.code == U' ') continue;
      ++letters;
      if ((g.flags & kMonospace) != 0) ++mono;
    }
  }
  return mono * 5 < letters * 4;
}

// A list's markers (a bullet, "3." or "b)") make a column of their own beside the items' text.
bool list_markers(const std::vector<std::vector<GlyphLine>>& rows) {
  return std::all_of(rows.begin(), rows.end(), [](const std::vector<GlyphLine>& row) {
    const GlyphLine& first = row.front();
    if (first.empty()) return true;
    const char32_t end = first.back().code;
    const bool letter_or_digit = (first.front().code >= U'0' && first.front().code <= U'9') ||
                                 (first.front().code >= U'a' && first.front().code <= U'z');
    return first.size() == 1 ? !letter_or_digit : first.size() <= 4 && (end == U'.' || end == U')');
  });
}

std::vector<const Glyph*> letters_of(const Row& row) {
  std::vector<const Glyph*> letters;
  for (const Cell& cell : row.cells) {
    for (const Glyph& g : cell.front()->glyphs) {
      if (g.code != U' ') letters.push_back(&g);
    }
  }
  std::sort(letters.begin(), letters.end(), [](const Glyph* a, const Glyph* b) { return a->box.x0 < b->box.x0; });
  return letters;
}

// Gaps between letters at least as wide as a thin space: the places a column may part the row.
std::vector<Interval> gaps_of(const Row& row) {
  std::vector<Interval> gaps;
  const std::vector<const Glyph*> letters = letters_of(row);
  double reach = letters.empty() ? 0 : letters.front()->box.x1;
  for (const Glyph* g : letters) {
    if (g->box.x0 - reach >= 1.0) gaps.push_back({reach, g->box.x0});
    reach = std::max(reach, g->box.x1);
  }
  return gaps;
}

std::vector<Interval> shared(const std::vector<Interval>& a, const std::vector<Interval>& b) {
  std::vector<Interval> out;
  for (const Interval& x : a) {
    for (const Interval& y : b) {
      const Interval both{std::max(x.x0, y.x0), std::min(x.x1, y.x1)};
      if (both.x1 - both.x0 >= 1.0) out.push_back(both);
    }
  }
  return out;
}

// The row's letters cut at the gutters, spaces at a cell's ends dropped.
std::vector<GlyphLine> cells_of(const Row& row, const std::vector<Interval>& gutters) {
  std::vector<GlyphLine> cells(gutters.size() + 1);
  for (const Cell& cell : row.cells) {
    for (const Glyph& g : cell.front()->glyphs) {
      const double x = g.code == U' ' ? g.box.x0 : (g.box.x0 + g.box.x1) / 2;
      const auto column = static_cast<std::size_t>(std::count_if(
          gutters.begin(), gutters.end(), [&](const Interval& gutter) { return x >= (gutter.x0 + gutter.x1) / 2; }));
      GlyphLine& text = cells[column];
      if (g.code == U' ' && (text.empty() || text.back().code == U' ')) continue;
      text.push_back(g);
    }
  }
  for (GlyphLine& text : cells) {
    while (!text.empty() && text.back().code == U' ') text.pop_back();
  }
  return cells;
}

Interval extent(const GlyphLine& cell) {
  Interval out{1e9, -1e9};
  for (const Glyph& g : cell) {
    if (g.code == U' ') continue;
    out.x0 = std::min(out.x0, g.box.x0);
    out.x1 = std::max(out.x1, g.box.x1);
  }
  return out;
}

// How the cells of a column line up in the rows below the header (browsers centre a header cell
// whatever its column is).
struct Alignment {
  bool left = false, right = false, centre = false;
};

Alignment alignment_of(const std::vector<std::vector<GlyphLine>>& rows, std::size_t column) {
  constexpr double kSlack = 1.0;
  double left_min = 1e9, left_max = -1e9, right_min = 1e9, right_max = -1e9, mid_min = 1e9, mid_max = -1e9;
  std::size_t filled = 0;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    if (rows[r][column].empty()) continue;
    const Interval e = extent(rows[r][column]);
    ++filled;
    left_min = std::min(left_min, e.x0);
    left_max = std::max(left_max, e.x0);
    right_min = std::min(right_min, e.x1);
    right_max = std::max(right_max, e.x1);
    mid_min = std::min(mid_min, (e.x0 + e.x1) / 2);
    mid_max = std::max(mid_max, (e.x0 + e.x1) / 2);
  }
  if (filled < 2) return {};
  return {left_max - left_min <= kSlack, right_max - right_min <= kSlack, mid_max - mid_min <= 1.5 * kSlack};
}

// Each gutter shows in the text beside it: the column before it ends aligned (or is centred), or
// the one after it starts aligned (or is centred). The row's outer edges prove nothing: every line
// of a paragraph starts at its column's edge, and a justified one ends at the other.
bool gutters_show(const std::vector<std::vector<GlyphLine>>& rows) {
  const std::size_t columns = rows.front().size();
  std::vector<Alignment> alignments;
  for (std::size_t c = 0; c < columns; ++c) alignments.push_back(alignment_of(rows, c));
  for (std::size_t g = 0; g + 1 < columns; ++g) {
    const Alignment& before = alignments[g];
    const Alignment& after = alignments[g + 1];
    const bool before_centred = before.centre && !(g == 0 && before.left);
    const bool after_centred = after.centre && !(g + 2 == columns && after.right);
    if (!before.right && !after.left && !before_centred && !after_centred) return false;
  }
  return true;
}

}  // namespace

std::size_t aligned_grid(const Region& region, std::size_t first, std::size_t end, double body, Block& table) {
  // Four rows at least: a header and three rows, so that words of running text that line up by
  // chance (two lines in ten or so, a point apart) are not taken for a column.
  constexpr std::size_t kMinRows = 4;
  std::size_t last = first;
  std::vector<Interval> gutters;
  while (last < end && one_line(region.rows[last], body)) {
    std::vector<Interval> gaps = gaps_of(region.rows[last]);
    if (last > first) {
      // Rows of one table follow each other closely: a paragraph's gap ends it.
      if (region.rows[last].box.y0 - region.rows[last - 1].box.y1 > body) break;
      gaps = shared(gutters, gaps);
      if (last - first >= kMinRows && gaps.size() < gutters.size()) break;  // a row that crosses a column
    }
    if (gaps.empty()) break;
    gutters = std::move(gaps);
    ++last;
  }
  if (last - first < kMinRows) return 0;
  // Lines that reach their column's measure, all but the last, are a paragraph's.
  const auto full = std::count_if(region.rows.begin() + static_cast<long>(first),
                                  region.rows.begin() + static_cast<long>(last) - 1,
                                  [&](const Row& row) { return row.box.x1 >= region.measure - 0.25 * body; });
  if (full * 2 >= static_cast<long>(last - first - 1)) return 0;
  std::vector<std::vector<GlyphLine>> rows;
  for (std::size_t r = first; r < last; ++r) rows.push_back(cells_of(region.rows[r], gutters));
  if (list_markers(rows) || !gutters_show(rows)) return 0;
  table = Block{};
  table.kind = BlockKind::table;
  table.table = std::move(rows);
  return last - first;
}

}  // namespace pagemd::pdf
