#include "markdown/markdown_writer.hpp"

#include <algorithm>

#include "text/text_util.hpp"

// The blocks: each container (heading, quote, list, list item, code block, table, cell) collects
// its content in its own buffer and, when it closes, lays it out (prefixes, markers, fences, one
// line per cell) and appends it to the enclosing buffer with the right blank lines. The text and
// the inline spans written into these buffers are in markdown_inline.cpp.

namespace pagemd::extract {
namespace {

// A GFM table wider than this is unreadable, and padded out cell by cell a hostile one (thousands of
// cells spanning 64 columns each) would be megabytes per row: such a table is written as text.
constexpr std::size_t kMaxTableColumns = 64;

// Prefixes every line (after the first, for list items) of a block.
std::string prefix_lines(std::string_view block, std::string_view first, std::string_view rest,
                         std::string_view blank_line) {
  std::string out;
  out.reserve(block.size() + 16);
  bool first_line = true;
  while (true) {
    const std::size_t nl = block.find('\n');
    const std::string_view line = block.substr(0, nl);
    if (line.empty()) {
      out += blank_line;
    } else {
      out += first_line ? first : rest;
      out += line;
    }
    first_line = false;
    if (nl == std::string_view::npos) break;
    out.push_back('\n');
    block.remove_prefix(nl + 1);
  }
  return out;
}

}  // namespace

MarkdownWriter::MarkdownWriter() {
  buffers_.emplace_back();
  text_sample_.reserve(4096);
}

void MarkdownWriter::thematic_break() { append_block(top(), "---"); }

void MarkdownWriter::append_block(Buffer& parent, std::string_view block, int strength) {
  if (block.empty()) return;
  start_block(parent, strength);
  parent.out.append(block);
  end_block(parent);
}

void MarkdownWriter::start_block(Buffer& parent, int strength) {
  if (!parent.out.empty()) parent.pending_break = std::max(parent.pending_break, strength);
  parent.pending_hard_break = false;
  parent.pending_space = false;
  flush_pending(parent);
}

void MarkdownWriter::end_block(Buffer& parent) {
  parent.pending_break = 2;
  parent.has_block = true;
  parent.last_was_list = false;
  words_.boundary();
}

void MarkdownWriter::open_heading() {
  block_break();
  Buffer b;
  b.kind = BufferKind::heading;
  buffers_.push_back(std::move(b));
}

void MarkdownWriter::close_heading(int level) {
  words_.boundary();
  Buffer child = pop();
  // A heading is one line: block content and breaks inside it become spaces.
  std::string content;
  content.reserve(child.out.size());
  for (std::size_t i = 0; i < child.out.size(); ++i) {
    const char c = child.out[i];
    if (c == '\\' && i + 1 < child.out.size() && child.out[i + 1] == '\n') continue;
    if (c == '\n') {
      if (!content.empty() && content.back() != ' ') content.push_back(' ');
      continue;
    }
    content.push_back(c);
  }
  std::string_view trimmed = trim(content);
  if (trimmed.empty()) return;
  std::string line(static_cast<std::size_t>(std::clamp(level, 1, 6)), '#');
  line.push_back(' ');
  // A trailing run of '#' would be read as the optional closing sequence.
  if (trimmed.back() == '#') {
    const std::size_t run_start = trimmed.find_last_not_of('#') + 1;
    line.append(trimmed.substr(0, run_start));
    line.push_back('\\');
    line.append(trimmed.substr(run_start));
  } else {
    line.append(trimmed);
  }
  append_block(top(), line);
}

void MarkdownWriter::open_blockquote() {
  block_break();
  Buffer b;
  b.kind = BufferKind::blockquote;
  buffers_.push_back(std::move(b));
  ++container_depth_;
}

void MarkdownWriter::close_blockquote() {
  --container_depth_;
  Buffer child = pop();
  const std::string_view content = trim(child.out);
  if (content.empty()) return;
  append_block(top(), prefix_lines(content, "> ", "> ", ">"));
}

void MarkdownWriter::open_list(bool ordered, int start) {
  Buffer& parent = top();
  // Like block_break(), but a list keeps the parent's pending state for its marker choice.
  words_.boundary();
  if (parent.kind != BufferKind::list_item && !parent.out.empty())
    parent.pending_break = std::max(parent.pending_break, 2);
  Buffer b;
  b.kind = BufferKind::list;
  b.ordered = ordered;
  b.next_number = start;
  b.item_value = start;
  // Two lists in a row with the same marker would merge into one: alternate the marker.
  const char usual = ordered ? '.' : '-';
  const char other = ordered ? ')' : '*';
  b.marker = parent.last_was_list && parent.pending_break > 0 && parent.last_list_marker == usual ? other : usual;
  buffers_.push_back(std::move(b));
  ++container_depth_;
}

void MarkdownWriter::close_list() {
  --container_depth_;
  Buffer child = pop();
  const std::string_view content = trim(child.out);
  Buffer& parent = top();
  if (content.empty()) return;
  // Directly inside a list item, a nested list follows its text on the next line (a tight list),
  // except an ordered list not starting at 1, which cannot interrupt a paragraph.
  const bool can_interrupt = !child.ordered || child.item_value == 1;
  const int strength = parent.kind == BufferKind::list_item && can_interrupt ? 1 : 2;
  append_block(parent, content, strength);
  parent.last_was_list = true;
  parent.last_list_marker = child.marker;
}

void MarkdownWriter::open_list_item(int value) {
  words_.boundary();
  Buffer b;
  b.kind = BufferKind::list_item;
  b.item_value = value;
  buffers_.push_back(std::move(b));
}

void MarkdownWriter::close_list_item() {
  words_.boundary();
  Buffer child = pop();
  Buffer& parent = top();
  std::string marker;
  if (parent.kind == BufferKind::list && parent.ordered) {
    const int number = child.item_value >= 0 ? child.item_value : parent.next_number;
    parent.next_number = number + 1;
    marker = std::to_string(number);
    marker.push_back(parent.marker);
    marker.push_back(' ');
  } else {
    marker.push_back(parent.kind == BufferKind::list ? parent.marker : '-');
    marker.push_back(' ');
  }
  const std::string_view content = trim(child.out);
  if (content.empty()) return;
  const std::string item = prefix_lines(content, marker, std::string(marker.size(), ' '), "");
  if (parent.kind != BufferKind::list) {
    append_block(parent, item);
    return;
  }
  const bool loose = content.find("\n\n") != std::string_view::npos;
  if (!parent.out.empty()) parent.out += (loose || parent.loose) ? "\n\n" : "\n";
  parent.loose = parent.loose || loose;
  parent.out += item;
  words_.boundary();
}

void MarkdownWriter::open_preformatted(std::string language) {
  block_break();
  Buffer b;
  b.kind = BufferKind::preformatted;
  b.language = std::move(language);
  buffers_.push_back(std::move(b));
  ++preformatted_depth_;
}

void MarkdownWriter::close_preformatted() {
  --preformatted_depth_;
  Buffer child = pop();
  std::string_view code = child.out;
  // Leading blank lines and trailing whitespace are layout, not code.
  while (!code.empty() && (code.front() == '\n' || code.front() == '\r')) code.remove_prefix(1);
  while (!code.empty() && is_ascii_space(code.back())) code.remove_suffix(1);
  if (code.empty()) return;
  Buffer& parent = top();
  if (cell_depth_ > 0) {
    // A table cell holds one line: the block becomes a code span.
    Buffer span;
    span.kind = BufferKind::inline_span;
    std::string line;
    for (char c : code) line.push_back(c == '\n' ? ' ' : c);
    const std::string fence(longest_run(line, '`') + 1, '`');
    std::string escaped;
    for (char c : line) {
      if (c == '|') escaped.push_back('\\');
      escaped.push_back(c);
    }
    append_inline(parent, span, fence + " " + escaped + " " + fence);
    return;
  }
  const std::string fence(std::max<std::size_t>(3, longest_run(code, '`') + 1), '`');
  std::string block = fence;
  // An info string cannot contain backticks; anything else odd is simply dropped.
  for (char c : child.language) {
    if (c != '`' && !is_ascii_space(c)) block.push_back(c);
  }
  block.push_back('\n');
  block.append(code);
  block.push_back('\n');
  block += fence;
  append_block(parent, block);
}

void MarkdownWriter::open_table() {
  block_break();
  tables_.emplace_back();
  Buffer b;
  b.kind = BufferKind::table;
  buffers_.push_back(std::move(b));
}

void MarkdownWriter::place_pending_rowspans(TableState& table) {
  std::size_t column = table.cells.cells_in_last_row();
  while (column < table.rowspan_left.size() && table.rowspan_left[column] > 0) {
    --table.rowspan_left[column];
    table.cells.add_cell();
    ++column;
  }
}

void MarkdownWriter::open_table_row() {
  words_.boundary();
  tables_.back().cells.start_row();
  Buffer b;
  b.kind = BufferKind::table_row;
  buffers_.push_back(std::move(b));
}

void MarkdownWriter::close_table_row() {
  pop();
  TableState& table = tables_.back();
  place_pending_rowspans(table);
  table.cells.drop_last_row_if_empty();
}

void MarkdownWriter::open_table_cell(std::size_t colspan, std::size_t rowspan, TableAlignment alignment, bool header) {
  words_.boundary();
  sample_char(' ');
  TableState& table = tables_.back();
  if (table.cells.empty()) table.cells.start_row();  // a cell outside any row
  place_pending_rowspans(table);
  const std::size_t column = table.cells.cells_in_last_row();
  if (table.cells.row_count() == 1) {
    if (table.alignments.size() < column + colspan) table.alignments.resize(column + colspan);
    table.alignments[column] = alignment;
    if (header) table.header_in_first_row = true;
  }
  if (table.rowspan_left.size() < column + colspan) table.rowspan_left.resize(column + colspan, 0);
  for (std::size_t k = 0; k < colspan; ++k) table.rowspan_left[column + k] = rowspan - 1;
  // The spanned columns after the first are filled with empty cells when the cell closes.
  Buffer b;
  b.kind = BufferKind::table_cell;
  b.next_number = static_cast<int>(colspan);
  buffers_.push_back(std::move(b));
  ++cell_depth_;
}

void MarkdownWriter::close_table_cell() {
  words_.boundary();
  Buffer child = pop();
  std::string cell;
  const std::string_view content = trim(child.out);
  cell.reserve(content.size());
  for (std::size_t i = 0; i < content.size(); ++i) {
    if (content[i] == '\n') {
      // Cells are one line: blocks and breaks inside become <br>.
      if (!cell.empty() && cell.back() == '\\') cell.pop_back();
      while (i + 1 < content.size() && content[i + 1] == '\n') ++i;
      cell += "<br>";
      continue;
    }
    cell.push_back(content[i]);
  }
  --cell_depth_;
  TableGrid& cells = tables_.back().cells;
  cells.add_cell(cell);
  // Past the widest table written as one, the padding would only be dropped again.
  for (int k = 1; k < child.next_number && cells.cells_in_last_row() <= kMaxTableColumns; ++k) cells.add_cell();
}

void MarkdownWriter::close_table() {
  pop();
  TableState table = std::move(tables_.back());
  tables_.pop_back();
  const TableGrid& cells = table.cells;
  std::size_t columns = 0;
  for (std::size_t r = 0; r < cells.row_count(); ++r) columns = std::max(columns, cells.cells_in_row(r));
  if (columns == 0) return;
  // The rows go straight into the enclosing buffer: built apart first, a big table's text would be
  // held twice, and three times while its buffer grew.
  Buffer& parent = top();
  if (columns > kMaxTableColumns) {
    // A line per row of its non-empty cells, so the text is all there without the grid.
    bool started = false;
    for (std::size_t r = 0; r < cells.row_count(); ++r) {
      bool line_empty = true;
      TableGrid::RowReader row = cells.row(r);
      for (std::size_t c = 0; c < cells.cells_in_row(r); ++c) {
        const std::string_view cell = row.next();
        if (cell.empty()) continue;
        if (!line_empty) {
          parent.out += " \\| ";
        } else if (started) {
          parent.out += "\n\n";
        } else {
          start_block(parent);
          started = true;
        }
        line_empty = false;
        parent.out += cell;
      }
    }
    if (started) end_block(parent);
    return;
  }
  table.alignments.resize(columns, TableAlignment::none);

  std::string& out = parent.out;
  auto write_row = [&](std::size_t r) {
    TableGrid::RowReader row = cells.row(r);
    out += '|';
    for (std::size_t c = 0; c < columns; ++c) {
      out += ' ';
      out += row.next();
      out += " |";
    }
  };
  start_block(parent);
  write_row(0);
  out += "\n|";
  for (std::size_t c = 0; c < columns; ++c) {
    switch (table.alignments[c]) {
      case TableAlignment::none: out += " --- |"; break;
      case TableAlignment::left: out += " :--- |"; break;
      case TableAlignment::center: out += " :---: |"; break;
      case TableAlignment::right: out += " ---: |"; break;
    }
  }
  for (std::size_t r = 1; r < cells.row_count(); ++r) {
    out += '\n';
    write_row(r);
  }
  end_block(parent);
}

std::string MarkdownWriter::finish() {
  while (buffers_.size() > 1) {
    // Unbalanced events cannot come from a tree walk, but never lose text if they did.
    Buffer child = pop();
    append_block(top(), trim(child.out));
  }
  std::string out = std::move(buffers_.front().out);
  buffers_.front() = Buffer{};
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  if (!out.empty()) out.push_back('\n');
  return out;
}

}  // namespace pagemd::extract
