#include "markdown_writer.hpp"

#include <algorithm>

#include "text_util.hpp"

namespace pagemd::extract {
namespace {

constexpr std::size_t kTextSampleLimit = 64 * 1024;

bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }

std::size_t longest_run(std::string_view s, char c) {
  std::size_t best = 0;
  std::size_t run = 0;
  for (char x : s) {
    run = x == c ? run + 1 : 0;
    best = std::max(best, run);
  }
  return best;
}

// Trims spaces and newlines (not the backslash of a hard break, which is not whitespace).
std::string_view trim_block(std::string_view s) { return trim(s); }

// A link or image destination that cmark reads back unchanged.
std::string escape_destination(std::string_view url) {
  std::string out;
  out.reserve(url.size() + 8);
  for (char c : url) {
    switch (c) {
      case ' ': out += "%20"; break;
      case '<': out += "%3C"; break;
      case '>': out += "%3E"; break;
      case '(': out += "\\("; break;
      case ')': out += "\\)"; break;
      default: out.push_back(c);
    }
  }
  return out;
}

std::string escape_label(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '[' || c == ']' || c == '\\' || c == '*' || c == '_' || c == '`') out.push_back('\\');
    out.push_back(c);
  }
  return out;
}

// Whether the current line consists of one to nine digits only.
bool follows_line_start_digits(std::string_view out) {
  std::size_t digits = 0;
  while (digits < out.size() && is_ascii_digit(out[out.size() - 1 - digits])) ++digits;
  if (digits == 0 || digits > 9) return false;
  return digits == out.size() || out[out.size() - 1 - digits] == '\n';
}

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

// Whether link text (as escaped Markdown) spells out the target, so `<target>` says it all.
bool is_autolink(std::string_view escaped_text, std::string_view target) {
  if (target.find_first_of(" <>") != std::string_view::npos) return false;
  if (target.substr(0, 7) != "http://" && target.substr(0, 8) != "https://") return false;
  std::string text;
  for (std::size_t i = 0; i < escaped_text.size(); ++i) {
    if (escaped_text[i] == '\\' && i + 1 < escaped_text.size()) ++i;
    text.push_back(escaped_text[i]);
  }
  return text == target;
}

}  // namespace

MarkdownWriter::MarkdownWriter() {
  buffers_.emplace_back();
  text_sample_.reserve(4096);
}

MarkdownWriter::Buffer MarkdownWriter::pop() {
  Buffer b = std::move(buffers_.back());
  buffers_.pop_back();
  return b;
}

void MarkdownWriter::count_char(char c) {
  if (is_ascii_space(c)) {
    in_word_ = false;
  } else if (!in_word_) {
    in_word_ = true;
    ++word_count_;
  }
}

void MarkdownWriter::sample_char(char c) {
  if (code_depth_ > 0 || preformatted_depth_ > 0 || text_sample_.size() >= kTextSampleLimit) return;
  if (is_ascii_space(c)) {
    if (!text_sample_.empty() && text_sample_.back() != ' ') text_sample_.push_back(' ');
  } else {
    text_sample_.push_back(c);
  }
}

void MarkdownWriter::flush_pending(Buffer& b) {
  if (b.out.empty()) {
    b.pending_break = 0;
    b.pending_hard_break = false;
    b.pending_space = false;
    return;
  }
  if (b.pending_break > 0) {
    b.out += b.pending_break >= 2 ? "\n\n" : "\n";
    b.last_was_list = false;
  } else if (b.pending_hard_break) {
    b.out += cell_depth_ > 0 ? "<br>" : "\\\n";
  } else if (b.pending_space && b.out.back() != ' ' && b.out.back() != '\n') {
    b.out.push_back(' ');
  }
  b.pending_break = 0;
  b.pending_hard_break = false;
  b.pending_space = false;
}

void MarkdownWriter::text(std::string_view text) {
  Buffer& b = top();
  if (b.kind == BufferKind::table || b.kind == BufferKind::table_row) return;  // whitespace between cells
  if (b.kind == BufferKind::preformatted || preformatted_depth_ > 0) {
    raw_text(text);
    return;
  }
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    // A no-break space lays text out like any other space; in Markdown it only hides as a blank.
    const bool nbsp = c == '\xC2' && i + 1 < text.size() && text[i + 1] == '\xA0';
    if (nbsp) ++i;
    if (is_ascii_space(c) || nbsp) {
      if (b.out.empty() && b.pending_break == 0) b.leading_space = true;
      b.pending_space = true;
      count_char(c);
      sample_char(c);
      ++i;
      continue;
    }
    flush_pending(b);
    escape_into(b, text, i);
  }
}

// Writes text[i] (and advances i), escaped for where it stands.
void MarkdownWriter::escape_into(Buffer& b, std::string_view text, std::size_t& i) {
  const char c = text[i];
  count_char(c);
  sample_char(c);
  if (literal_text()) {
    b.out.push_back(c);
    ++i;
    return;
  }
  const bool line_start = b.out.empty() || b.out.back() == '\n';
  const char next = i + 1 < text.size() ? text[i + 1] : '\0';
  if (line_start) {
    // Characters that would open a block construct at the start of a line.
    if (c == '#' || c == '>' || c == '=' ||
        ((c == '-' || c == '+') && (next == '\0' || next == ' ' || next == c || next == '\t'))) {
      b.out.push_back('\\');
      b.out.push_back(c);
      ++i;
      return;
    }
  }
  if ((c == '.' || c == ')') && (next == '\0' || next == ' ' || next == '\t') && follows_line_start_digits(b.out)) {
    // "1. " and "1) " would start an ordered list, also when the digits came in an earlier chunk.
    b.out.push_back('\\');
    b.out.push_back(c);
    ++i;
    return;
  }
  switch (c) {
    case '\\': case '`': case '*': case '[': case ']': case '~':
      b.out.push_back('\\');
      break;
    case '_': {
      const bool inside_word = !b.out.empty() && is_ascii_alnum(b.out.back()) && is_ascii_alnum(next);
      if (!inside_word) b.out.push_back('\\');
      break;
    }
    case '<':
      if ((next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z') || next == '/' || next == '!' || next == '?') {
        b.out.push_back('\\');
      }
      break;
    case '&':
      if (is_ascii_alnum(next) || next == '#') b.out.push_back('\\');
      break;
    case '|':
      if (cell_depth_ > 0) b.out.push_back('\\');
      break;
    default:
      break;
  }
  b.out.push_back(c);
  ++i;
}

void MarkdownWriter::raw_text(std::string_view text) {
  Buffer& b = top();
  for (char c : text) count_char(c);
  b.out.append(text);
}

void MarkdownWriter::block_break() {
  Buffer& b = top();
  b.pending_break = std::max(b.pending_break, 2);
  b.pending_hard_break = false;
  in_word_ = false;
  sample_char(' ');
}

void MarkdownWriter::hard_break() {
  Buffer& b = top();
  if (b.kind == BufferKind::table || b.kind == BufferKind::table_row) return;
  in_word_ = false;
  sample_char(' ');
  if (b.out.empty()) return;
  if (b.pending_hard_break) {
    b.pending_hard_break = false;
    b.pending_break = std::max(b.pending_break, 2);
    return;
  }
  if (b.pending_break == 0) b.pending_hard_break = true;
}

void MarkdownWriter::thematic_break() { append_block(top(), "---"); }

void MarkdownWriter::image(std::string_view alt, std::string_view url) {
  Buffer& b = top();
  if (b.kind == BufferKind::table || b.kind == BufferKind::table_row) return;
  flush_pending(b);
  b.out += "![";
  b.out += escape_label(alt);
  b.out += "](";
  b.out += escape_destination(url);
  b.out += ')';
}

void MarkdownWriter::append_block(Buffer& parent, std::string_view block, int strength) {
  if (block.empty()) return;
  if (!parent.out.empty()) parent.pending_break = std::max(parent.pending_break, strength);
  parent.pending_hard_break = false;
  parent.pending_space = false;
  flush_pending(parent);
  parent.out.append(block);
  parent.pending_break = 2;
  parent.has_block = true;
  parent.last_was_list = false;
  in_word_ = false;
}

void MarkdownWriter::append_inline(Buffer& parent, const Buffer& child, std::string_view rendered) {
  if (child.leading_space && !parent.out.empty()) parent.pending_space = true;
  if (!rendered.empty()) {
    flush_pending(parent);
    parent.out.append(rendered);
  }
  if (child.pending_space) parent.pending_space = true;
  if (child.pending_hard_break && !parent.out.empty()) parent.pending_hard_break = true;
  if (child.pending_break > 0) parent.pending_break = std::max(parent.pending_break, child.pending_break);
  if (child.has_block) parent.has_block = true;
}

void MarkdownWriter::open_heading() {
  block_break();
  Buffer b;
  b.kind = BufferKind::heading;
  buffers_.push_back(std::move(b));
}

void MarkdownWriter::close_heading(int level) {
  in_word_ = false;
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
  const std::string_view content = trim_block(child.out);
  if (content.empty()) return;
  append_block(top(), prefix_lines(content, "> ", "> ", ">"));
}

void MarkdownWriter::open_list(bool ordered, int start) {
  Buffer& parent = top();
  // Like block_break(), but a list keeps the parent's pending state for its marker choice.
  in_word_ = false;
  if (parent.kind != BufferKind::list_item && !parent.out.empty()) parent.pending_break = std::max(parent.pending_break, 2);
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
  const std::string_view content = trim_block(child.out);
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
  in_word_ = false;
  Buffer b;
  b.kind = BufferKind::list_item;
  b.item_value = value;
  buffers_.push_back(std::move(b));
}

void MarkdownWriter::close_list_item() {
  in_word_ = false;
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
  const std::string_view content = trim_block(child.out);
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
  in_word_ = false;
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

void MarkdownWriter::open_inline(InlineKind kind) {
  Buffer b;
  b.kind = BufferKind::inline_span;
  b.inline_kind = kind;
  const auto index = static_cast<std::size_t>(kind);
  // Nested spans of one kind, and any span inside code, add no meaning and would break the syntax.
  b.wrap = inline_depth_[index] == 0 && code_depth_ == 0;
  ++inline_depth_[index];
  if (kind == InlineKind::code) ++code_depth_;
  buffers_.push_back(std::move(b));
}

void MarkdownWriter::close_inline(InlineKind kind, std::string_view target) {
  --inline_depth_[static_cast<std::size_t>(kind)];
  if (kind == InlineKind::code) --code_depth_;
  Buffer child = pop();
  Buffer& parent = top();
  const std::string_view content = child.out;
  const bool blocks_inside = child.has_block || content.find("\n\n") != std::string_view::npos;
  if (blocks_inside) {
    // Emphasis or a link around whole blocks cannot be written in Markdown: keep the blocks.
    append_block(parent, trim_block(content));
    return;
  }
  if (!child.wrap || content.empty()) {
    append_inline(parent, child, content);
    return;
  }
  std::string rendered;
  switch (kind) {
    case InlineKind::emphasis: rendered = "*" + child.out + "*"; break;
    case InlineKind::strong: rendered = "**" + child.out + "**"; break;
    case InlineKind::strikethrough: rendered = "~~" + child.out + "~~"; break;
    case InlineKind::code: {
      std::string code;
      for (char c : content) {
        if (c == '\n') {
          code.push_back(' ');
          continue;
        }
        if (c == '|' && cell_depth_ > 0) code.push_back('\\');
        code.push_back(c);
      }
      const std::string fence(longest_run(code, '`') + 1, '`');
      const bool pad = code.front() == '`' || code.back() == '`' || (code.front() == ' ' && code.back() == ' ');
      rendered = fence + (pad ? " " : "") + code + (pad ? " " : "") + fence;
      break;
    }
    case InlineKind::link:
      if (target.empty()) {
        rendered = child.out;
      } else if (is_autolink(child.out, target)) {
        // A link whose text is its own address reads best as an autolink.
        rendered = "<" + std::string(target) + ">";
      } else {
        rendered = "[" + child.out + "](" + escape_destination(target) + ")";
      }
      break;
  }
  append_inline(parent, child, rendered);
}

void MarkdownWriter::open_table() {
  block_break();
  tables_.emplace_back();
  Buffer b;
  b.kind = BufferKind::table;
  buffers_.push_back(std::move(b));
}

void MarkdownWriter::place_pending_rowspans(TableState& table, std::vector<std::string>& row) {
  while (row.size() < table.rowspan_left.size() && table.rowspan_left[row.size()] > 0) {
    --table.rowspan_left[row.size()];
    row.emplace_back();
  }
}

void MarkdownWriter::open_table_row() {
  in_word_ = false;
  tables_.back().rows.emplace_back();
  Buffer b;
  b.kind = BufferKind::table_row;
  buffers_.push_back(std::move(b));
}

void MarkdownWriter::close_table_row() {
  pop();
  TableState& table = tables_.back();
  place_pending_rowspans(table, table.rows.back());
  if (table.rows.back().empty()) table.rows.pop_back();
}

void MarkdownWriter::open_table_cell(std::size_t colspan, std::size_t rowspan, TableAlignment alignment,
                                     bool header) {
  in_word_ = false;
  sample_char(' ');
  TableState& table = tables_.back();
  if (table.rows.empty()) table.rows.emplace_back();  // a cell outside any row
  std::vector<std::string>& row = table.rows.back();
  place_pending_rowspans(table, row);
  const std::size_t column = row.size();
  if (table.rows.size() == 1) {
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
  in_word_ = false;
  Buffer child = pop();
  std::string cell;
  const std::string_view content = trim_block(child.out);
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
  std::vector<std::string>& row = tables_.back().rows.back();
  row.push_back(std::move(cell));
  for (int k = 1; k < child.next_number; ++k) row.emplace_back();
}

void MarkdownWriter::close_table() {
  pop();
  TableState table = std::move(tables_.back());
  tables_.pop_back();
  std::size_t columns = 0;
  for (const auto& row : table.rows) columns = std::max(columns, row.size());
  if (table.rows.empty() || columns == 0) return;
  table.alignments.resize(columns, TableAlignment::none);

  auto write_row = [&](std::string& out, const std::vector<std::string>& row) {
    out += '|';
    for (std::size_t c = 0; c < columns; ++c) {
      out += ' ';
      out += c < row.size() ? row[c] : std::string();
      out += " |";
    }
  };
  std::string block;
  write_row(block, table.rows.front());
  block += "\n|";
  for (std::size_t c = 0; c < columns; ++c) {
    switch (table.alignments[c]) {
      case TableAlignment::none: block += " --- |"; break;
      case TableAlignment::left: block += " :--- |"; break;
      case TableAlignment::center: block += " :---: |"; break;
      case TableAlignment::right: block += " ---: |"; break;
    }
  }
  for (std::size_t r = 1; r < table.rows.size(); ++r) {
    block += '\n';
    write_row(block, table.rows[r]);
  }
  append_block(top(), block);
}

std::string MarkdownWriter::finish() {
  while (buffers_.size() > 1) {
    // Unbalanced events cannot come from a tree walk, but never lose text if they did.
    Buffer child = pop();
    append_block(top(), trim_block(child.out));
  }
  std::string out = std::move(buffers_.front().out);
  buffers_.front() = Buffer{};
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  if (!out.empty()) out.push_back('\n');
  return out;
}

}  // namespace pagemd::extract
