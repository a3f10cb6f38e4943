// Tables: where their columns are. Rows whose cells stand apart (wider gaps than a word space, ruled
// or not) have their columns where the gaps line up, or else under the cells of their widest row.
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
    for (const Segment* s : cell) {
      for (const Glyph& g : s->glyphs) {
        if (g.code != U' ') letters.push_back(&g);
      }
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
  std::vector<const Segment*> last_segment(cells.size(), nullptr);
  for (const Cell& cell : row.cells) {
    for (const Glyph& g : cell.front()->glyphs) {
      const double x = g.code == U' ' ? g.box.x0 : (g.box.x0 + g.box.x1) / 2;
      const auto column = static_cast<std::size_t>(std::count_if(
          gutters.begin(), gutters.end(), [&](const Interval& gutter) { return x >= (gutter.x0 + gutter.x1) / 2; }));
      GlyphLine& text = cells[column];
      if (g.code == U' ' && (text.empty() || text.back().code == U' ')) continue;
      // The next line of a wrapped cell is a word apart from the line before.
      if (last_segment[column] != cell.front() && !text.empty() && text.back().code != U' ') {
        text.push_back(Glyph{U' ', g.box, g.size, 0, -1});
      }
      last_segment[column] = cell.front();
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
  bool same_text = false;  // every cell says the same
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
  // The same word at the start of every line ("Keep the seeds dry", "Keep a notebook") lines up on
  // both sides, and so do the words after it: no column.
  const GlyphLine* seen = nullptr;
  bool all_same = true;
  for (std::size_t r = 1; r < rows.size() && all_same; ++r) {
    const GlyphLine& cell = rows[r][column];
    if (cell.empty()) continue;
    if (seen != nullptr) {
      all_same = std::equal(cell.begin(), cell.end(), seen->begin(), seen->end(),
                            [](const Glyph& a, const Glyph& b) { return a.code == b.code; });
    }
    seen = &cell;
  }
  if (all_same) return {false, false, false, true};
  return {left_max - left_min <= kSlack, right_max - right_min <= kSlack, mid_max - mid_min <= 1.5 * kSlack, false};
}

// A column shows itself when its cells line up on a side that is no edge of the rows' block: every
// line of a paragraph starts at its column's edge, and a justified one ends at the other, so the
// first column's left and the last column's right prove nothing. A gutter beside a column that
// shows is a gutter (between a left-aligned and a right-aligned column neither side lines up at it).
bool shows(const Alignment& a, std::size_t column, std::size_t columns) {
  const bool first = column == 0;
  const bool last = column + 1 == columns;
  return (a.left && !first) || (a.right && !last) || (a.centre && !(first && a.left) && !(last && a.right));
}

std::size_t first_hidden_gutter(const std::vector<std::vector<GlyphLine>>& rows) {
  const std::size_t columns = rows.front().size();
  std::vector<Alignment> alignments;
  for (std::size_t c = 0; c < columns; ++c) alignments.push_back(alignment_of(rows, c));
  for (std::size_t g = 0; g + 1 < columns; ++g) {
    if (alignments[g].same_text || alignments[g + 1].same_text) return g;
    if (!shows(alignments[g], g, columns) && !shows(alignments[g + 1], g + 1, columns)) return g;
  }
  return columns - 1;
}

GlyphLine cell_text(const Cell& cell) {
  GlyphLine out;
  for (const Segment* s : cell) {
    if (!out.empty()) out.push_back(Glyph{U' ', s->box, s->size, 0, -1});
    out.insert(out.end(), s->glyphs.begin(), s->glyphs.end());
  }
  return out;
}

// Cells go to the column whose anchor (a cell of the row with the most cells) they overlap most.
Block anchored_table(const std::vector<const Row*>& rows) {
  const Row* widest = *std::max_element(rows.begin(), rows.end(),
                                        [](const Row* a, const Row* b) { return a->cells.size() < b->cells.size(); });
  std::vector<Box> anchors;
  for (const Cell& cell : widest->cells) {
    Box box = cell.front()->box;
    for (const Segment* s : cell) box.extend(s->box);
    anchors.push_back(box);
  }
  Block table;
  table.kind = BlockKind::table;
  for (const Row* row : rows) {
    std::vector<GlyphLine> cells(anchors.size());
    for (const Cell& cell : row->cells) {
      Box box = cell.front()->box;
      for (const Segment* s : cell) box.extend(s->box);
      std::size_t best = 0;
      double best_score = -1e9;
      for (std::size_t a = 0; a < anchors.size(); ++a) {
        const double overlap = std::min(box.x1, anchors[a].x1) - std::max(box.x0, anchors[a].x0);
        const double score =
            overlap > 0 ? overlap : -std::abs((box.x0 + box.x1) / 2 - (anchors[a].x0 + anchors[a].x1) / 2);
        if (score > best_score) {
          best_score = score;
          best = a;
        }
      }
      GlyphLine text = cell_text(cell);
      if (!cells[best].empty()) cells[best].push_back(Glyph{U' ', box, 0, 0, -1});
      cells[best].insert(cells[best].end(), text.begin(), text.end());
    }
    table.table.push_back(std::move(cells));
  }
  return table;
}

// Rows of two cells or more as a table whose columns are the gaps that no letter of any row covers
// and that the cells beside them line up at: cells that stand as close as words part, a gap that a
// column's words leave by chance does not. The number of columns, 0 when too few rows show
// alignment.
std::size_t split_by_alignment(const std::vector<const Row*>& rows, Block& table) {
  // The gaps no letter of any row covers, within the rows' extent.
  std::vector<const Glyph*> letters;
  for (const Row* row : rows) {
    const std::vector<const Glyph*> own = letters_of(*row);
    letters.insert(letters.end(), own.begin(), own.end());
  }
  if (letters.empty()) return 0;
  std::sort(letters.begin(), letters.end(), [](const Glyph* a, const Glyph* b) { return a->box.x0 < b->box.x0; });
  std::vector<Interval> gaps;
  double reach = letters.front()->box.x1;
  for (const Glyph* g : letters) {
    if (g->box.x0 - reach >= 1.0) gaps.push_back({reach, g->box.x0});
    reach = std::max(reach, g->box.x1);
  }
  // A gap the text beside it does not line up at is one a column's words leave by chance: the
  // gaps are dropped one at a time, the first that fails first, until every one left shows.
  const auto cells = [&](const std::vector<Interval>& gutters) {
    std::vector<std::vector<GlyphLine>> out;
    for (const Row* row : rows) {
      // A cell's segments stacked (a wrapped cell) read top to bottom, then left to right.
      std::vector<const Segment*> segments;
      for (const Cell& cell : row->cells) segments.insert(segments.end(), cell.begin(), cell.end());
      std::stable_sort(segments.begin(), segments.end(), [](const Segment* a, const Segment* b) {
        return a->box.y0 < b->box.y0 - 0.5 * a->box.height();
      });
      Row flat;
      for (const Segment* s : segments) flat.cells.push_back({s});
      out.push_back(cells_of(flat, gutters));
    }
    return out;
  };
  while (!gaps.empty()) {
    const std::vector<std::vector<GlyphLine>> candidate = cells(gaps);
    const std::size_t failing = first_hidden_gutter(candidate);
    if (failing == gaps.size()) {
      table = Block{};
      table.kind = BlockKind::table;
      table.table = candidate;
      return gaps.size() + 1;
    }
    gaps.erase(gaps.begin() + static_cast<long>(failing));
  }
  return 0;
}

// A one-cell row right under a table's row, clear of the table's first column: the next line of a
// cell that wraps (the row's other cells stand on its first line).
bool wraps_a_cell(const Row& row, const Row& above, double table_left, double body) {
  return row.box.x0 > table_left + body && row.box.y0 - above.box.y1 < 0.5 * body;
}

// The wrapped line goes under the cell it continues, the one it overlaps most.
void continue_cell(Row& above, const Row& line) {
  Cell* best = &above.cells.back();
  double best_overlap = -1e9;
  for (Cell& cell : above.cells) {
    Box box = cell.front()->box;
    for (const Segment* s : cell) box.extend(s->box);
    const double overlap = std::min(box.x1, line.box.x1) - std::max(box.x0, line.box.x0);
    if (overlap > best_overlap) {
      best_overlap = overlap;
      best = &cell;
    }
  }
  best->insert(best->end(), line.cells.front().begin(), line.cells.front().end());
  above.box.extend(line.box);
}

// Rows of two cells or more (segments apart), two rows or more, as a table: its columns where the
// gaps that no row's letters cover line up with the cells beside them (cells as close as words
// part), else where the cells of the row with the most cells stand.
Block table_of(const std::vector<const Row*>& rows) {
  Block table = anchored_table(rows);
  Block aligned;
  if (split_by_alignment(rows, aligned) >= table.table.front().size()) return aligned;
  return table;
}

}  // namespace

std::size_t spaced_table(const Region& region, std::size_t first, std::size_t end, double body, Block& table) {
  std::size_t last = first;
  std::vector<Row> rows;
  while (last < end) {
    const Row& row = region.rows[last];
    if (row.cells.size() >= 2) {
      rows.push_back(row);
    } else if (rows.empty() || !wraps_a_cell(row, rows.back(), rows.front().box.x0, body)) {
      break;
    } else {
      continue_cell(rows.back(), row);
    }
    ++last;
  }
  if (rows.size() < 2) return 0;
  std::vector<const Row*> table_rows;
  for (const Row& row : rows) table_rows.push_back(&row);
  table = table_of(table_rows);
  return last - first;
}

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
  // Lines that the column's edge broke (the next line's first word would not have fitted after
  // them) are a paragraph's, however their words line up.
  std::size_t broken = 0;
  for (std::size_t r = first; r + 1 < last; ++r) {
    const std::vector<const Glyph*> next = letters_of(region.rows[r + 1]);
    double word = 0;
    for (std::size_t i = 0; i < next.size() && (i == 0 || next[i]->box.x0 - next[i - 1]->box.x1 < 1.0); ++i) {
      word = next[i]->box.x1 - next.front()->box.x0;
    }
    if (region.rows[r].box.x1 + word + 0.25 * body >= region.measure) ++broken;
  }
  if (broken * 2 >= last - first - 1) return 0;
  std::vector<std::vector<GlyphLine>> rows;
  for (std::size_t r = first; r < last; ++r) rows.push_back(cells_of(region.rows[r], gutters));
  if (list_markers(rows) || first_hidden_gutter(rows) < gutters.size()) return 0;
  table = Block{};
  table.kind = BlockKind::table;
  table.table = std::move(rows);
  return last - first;
}

}  // namespace pagemd::pdf
