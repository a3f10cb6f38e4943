#pragma once

// The layout stages between poppler's segments and Markdown: which segments are page furniture
// (running headers and footers, page numbers), the order in which the rest reads (an XY-cut), and
// the blocks they form (headings, paragraphs, list items, code, tables, quotes, footnotes).

#include <cstddef>
#include <string>
#include <vector>

#include "page_text.hpp"

namespace pagemd::pdf {

// The font size most of the document's letters have: what headings and footnotes are measured by.
[[nodiscard]] double body_size(const DocumentText& text);

// Per page, per segment: true for a running header or footer (text repeated at the same place on
// most pages, numbers aside) or a page number in the top or bottom margin.
[[nodiscard]] std::vector<std::vector<bool>> page_furniture(const DocumentText& text, double body);

// One table cell or one line's worth of text: segments stacked at the same x, top to bottom.
using Cell = std::vector<const Segment*>;

// Segments on the same line (a row of a table has several cells, a line of text one).
struct Row {
  std::vector<Cell> cells;
  Box box;
};

// A part of a page that reads top to bottom: a column, a full-width band.
struct Region {
  std::vector<Row> rows;
  Box box;
  std::size_t page = 0;
  double page_height = 0;
  // Where the region's running text ends on the right: its column's measure, which a line that the
  // column's edge broke reaches (a table or code wider than the text sets none).
  double measure = 0;
};

// The page's text, furniture left out, as regions in reading order: columns left to right, bands
// top to bottom.
[[nodiscard]] std::vector<Region> reading_order(const PageText& page, const std::vector<bool>& furniture, double body);

enum class BlockKind { heading, paragraph, list_item, code, table, quote, footnote };

// A line of a block: its glyphs, spaces between words included.
using GlyphLine = std::vector<Glyph>;

struct Block {
  BlockKind kind = BlockKind::paragraph;
  int level = 0;         // heading level, 1-6
  bool ordered = false;  // list item of a numbered list
  int depth = 0;         // list nesting, 0 for the outermost
  // The text: for code one entry per line (leading spaces kept), else the joined text in one entry.
  std::vector<GlyphLine> lines;
  std::vector<std::vector<GlyphLine>> table;  // rows of cells, for a table
};

// A table whose columns show by alignment alone (no ruling, gaps no wider than a word space) that
// starts at the region's row `first` and ends before `end`: the number of rows it takes, 0 if none.
[[nodiscard]] std::size_t aligned_grid(const Region& region, std::size_t first, std::size_t end, double body,
                                       Block& table);

// A table of rows of two cells or more (segments apart) that starts at the region's row `first`,
// with the lines of its wrapped cells: the number of rows it takes, 0 if none. Its columns are where
// the gaps that no row's letters cover line up with the cells beside them (cells as close as words
// part), else where the cells of the row with the most cells stand.
[[nodiscard]] std::size_t spaced_table(const Region& region, std::size_t first, std::size_t end, double body,
                                       Block& table);

// The document's blocks in reading order, footnotes at the end.
[[nodiscard]] std::vector<Block> blocks_of(const std::vector<Region>& regions, double body);

// HTML for the extractor to write as Markdown: headings, paragraphs, lists, pre, tables,
// blockquotes, links and emphasis.
[[nodiscard]] std::string blocks_as_html(const std::vector<Block>& blocks, const std::vector<std::string>& links);

}  // namespace pagemd::pdf
