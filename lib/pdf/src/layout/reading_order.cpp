// An XY-cut over a page's segments: a page splits into horizontal bands where nothing spans the gap
// between them; consecutive bands that share a vertical gutter, and whose both sides read like
// columns of text, are cut at the gutter and read left side first. A table's rows share gutters
// too, but its cells are short next to their column's width, so a table stays a run of rows.

#include <algorithm>
#include <numeric>
#include <optional>

#include "layout.hpp"

namespace pagemd::pdf {
namespace {

using Segments = std::vector<const Segment*>;

// Two columns are this many body sizes apart at least (CSS's column-gap: normal is 1em).
constexpr double kGutter = 0.8;

Box bounds(const Segments& segments) {
  Box box = segments.front()->box;
  for (const Segment* s : segments) box.extend(s->box);
  return box;
}

// Lines overlap enough vertically to be one line (boxes of consecutive lines may touch).
bool same_line(const Box& band, const Box& box) {
  const double overlap = std::min(band.y1, box.y1) - std::max(band.y0, box.y0);
  return overlap > 0.4 * std::min(band.height(), box.height());
}

std::vector<Segments> bands_of(Segments segments) {
  std::sort(segments.begin(), segments.end(), [](const Segment* a, const Segment* b) { return a->box.y0 < b->box.y0; });
  std::vector<Segments> bands;
  Box band;
  for (const Segment* s : segments) {
    if (!bands.empty() && (same_line(band, s->box) || s->box.y0 < band.y1 - 0.4 * s->box.height())) {
      bands.back().push_back(s);
      band.extend(s->box);
    } else {
      bands.push_back({s});
      band = s->box;
    }
  }
  return bands;
}

struct Gutter {
  double x0, x1;
};

// The widest vertical gap no segment crosses, if one is wide enough.
std::optional<Gutter> widest_gutter(Segments segments, double body) {
  std::sort(segments.begin(), segments.end(), [](const Segment* a, const Segment* b) { return a->box.x0 < b->box.x0; });
  std::optional<Gutter> best;
  double reach = segments.front()->box.x1;
  for (const Segment* s : segments) {
    if (s->box.x0 - reach >= kGutter * body && (!best || s->box.x0 - reach > best->x1 - best->x0)) {
      best = Gutter{reach, s->box.x0};
    }
    reach = std::max(reach, s->box.x1);
  }
  return best;
}

// Columns of text: each side is a good part of the width, and lines of running text fill it (a few
// at least, a fair share of its lines: a column may also hold a table or code, whose lines are short).
// The cells of a table's columns seldom fill them.
bool reads_as_columns(const Segments& left, const Segments& right, const Box& whole) {
  const auto side_reads_as_text = [&](const Segments& side) {
    if (side.size() < 3) return false;
    const Box box = bounds(side);
    if (box.width() < 0.3 * whole.width()) return false;
    const auto full =
        std::count_if(side.begin(), side.end(), [&](const Segment* s) { return s->box.width() >= 0.75 * box.width(); });
    return full >= 3 && full * 5 >= static_cast<long>(side.size());
  };
  return side_reads_as_text(left) && side_reads_as_text(right);
}

// A band's segments as cells: segments overlapping horizontally are one cell, read top to bottom.
Row row_of(Segments band) {
  std::sort(band.begin(), band.end(), [](const Segment* a, const Segment* b) { return a->box.x0 < b->box.x0; });
  Row row;
  row.box = bounds(band);
  double reach = 0;
  for (const Segment* s : band) {
    if (!row.cells.empty() && s->box.x0 < reach) {
      row.cells.back().push_back(s);
    } else {
      row.cells.push_back({s});
    }
    reach = row.cells.back().size() == 1 ? s->box.x1 : std::max(reach, s->box.x1);
  }
  for (Cell& cell : row.cells) {
    std::stable_sort(cell.begin(), cell.end(),
                     [](const Segment* a, const Segment* b) { return a->box.y0 < b->box.y0; });
  }
  return row;
}

void cut(const Segments& segments, std::size_t page, double body, std::vector<Region>& out);

void emit_rows(const std::vector<Segments>& bands, std::size_t page, std::vector<Region>& out) {
  Region region;
  region.page = page;
  for (const Segments& band : bands) {
    Row row = row_of(band);
    if (region.rows.empty()) region.box = row.box;
    region.box.extend(row.box);
    region.rows.push_back(std::move(row));
  }
  if (!region.rows.empty()) out.push_back(std::move(region));
}

void cut(const Segments& segments, std::size_t page, double body, std::vector<Region>& out) {
  if (segments.empty()) return;
  const std::vector<Segments> bands = bands_of(segments);
  std::vector<Segments> pending;  // bands read in order, as one region
  std::size_t i = 0;
  while (i < bands.size()) {
    // The longest run of bands from i that shares a gutter. The first band need not have one: a
    // column's first line may stand higher than the other column's (its paragraph has no top margin).
    Segments run = bands[i];
    std::optional<Gutter> gutter = widest_gutter(run, body);
    std::size_t end = i + 1;
    while (end < bands.size()) {
      Segments wider = run;
      wider.insert(wider.end(), bands[end].begin(), bands[end].end());
      auto shared = widest_gutter(wider, body);
      if (!shared) break;
      run = std::move(wider);
      gutter = shared;
      ++end;
    }
    if (gutter && end > i + 1) {
      Segments left, right;
      for (const Segment* s : run) (s->box.x1 <= gutter->x0 ? left : right).push_back(s);
      if (reads_as_columns(left, right, bounds(run))) {
        emit_rows(pending, page, out);
        pending.clear();
        cut(left, page, body, out);
        cut(right, page, body, out);
        i = end;
        continue;
      }
    }
    pending.push_back(bands[i]);
    ++i;
  }
  emit_rows(pending, page, out);
}

bool mostly_monospace(const Segment& segment) {
  const auto mono = std::count_if(segment.glyphs.begin(), segment.glyphs.end(),
                                  [](const Glyph& g) { return g.code != U' ' && (g.flags & kMonospace) != 0; });
  return mono * 2 > static_cast<long>(segment.glyphs.size());
}

// The right edge of the region's lines of body text (one cell wide, body-sized, not code): the edge
// a fifth of them reach, so that one line set wider than the rest (a producer's overshoot, a long
// word) does not make every other line look short.
double measure_of(const Region& region, double body) {
  std::vector<double> ends;
  for (const Row& row : region.rows) {
    if (row.cells.size() != 1) continue;
    for (const Segment* s : row.cells.front()) {
      if (s->size < 0.9 * body || s->size > 1.12 * body || mostly_monospace(*s)) continue;
      ends.push_back(s->box.x1);
    }
  }
  if (ends.empty()) return region.box.x1;
  const auto fifth = ends.begin() + static_cast<long>(ends.size() / 5);
  std::nth_element(ends.begin(), fifth, ends.end(), std::greater<>());
  return *fifth;
}

}  // namespace

std::vector<Region> reading_order(const PageText& page, const std::vector<bool>& furniture, double body) {
  Segments segments;
  for (std::size_t s = 0; s < page.segments.size(); ++s) {
    if (!furniture[s]) segments.push_back(&page.segments[s]);
  }
  std::vector<Region> regions;
  if (!segments.empty()) cut(segments, segments.front()->page, body, regions);
  for (Region& region : regions) {
    region.page_height = page.height;
    region.measure = measure_of(region, body);
  }
  return regions;
}

}  // namespace pagemd::pdf
