#pragma once

// Builds GFM text from a stream of structural events (open/close block, inline text, breaks),
// knowing nothing of HTML. Each container (heading, quote, list item, emphasis, table cell...)
// writes into its own buffer; closing it wraps or indents that buffer and hands the result to the
// enclosing one. Whitespace collapsing, Markdown escaping, blank-line discipline and table layout
// all live here, so the HTML walker stays a plain mapping from tags to events: the text, escaping
// and inline spans in markdown_inline.cpp, the block containers and tables in markdown_writer.cpp.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "markdown/table_grid.hpp"
#include "text/words.hpp"

namespace pagemd::extract {

enum class InlineKind : std::uint8_t { emphasis, strong, strikethrough, code, link };
enum class TableAlignment : std::uint8_t { none, left, center, right };

class MarkdownWriter {
 public:
  MarkdownWriter();

  // Text as it appears in HTML: whitespace runs collapse, Markdown syntax characters are escaped
  // (inside <pre> and code spans the text is literal instead).
  void text(std::string_view text);
  // Text appended verbatim inside a preformatted block.
  void raw_text(std::string_view text);
  // Two items a page sets side by side with nothing between them (<span class=brand>Merrell
  // </span><span class=model>Moab</span>, two links of a menu) are two words: the next text gets a
  // space when letters or digits meet across the gap, unless it goes on with a number.
  void separate_words();
  // A block inside a preformatted block (a highlighter's <div> per line) starts and ends a line of
  // its own, as a browser shows it: the next text goes on a new line unless it brings one.
  void preformatted_line();

  void block_break();     // ends the current paragraph
  void hard_break();      // <br>: a line break within the paragraph; two in a row end it
  void thematic_break();  // <hr>
  void image(std::string_view alt, std::string_view url);
  // A formula as LaTeX: inline between single dollars, displayed between double dollars on lines
  // of their own (inline where a line cannot break: a table cell, a link, an emphasis).
  void formula(std::string_view latex, bool display);

  void open_heading();
  void close_heading(int level);
  void open_blockquote();
  void close_blockquote();
  void open_list(bool ordered, int start);
  void close_list();
  void open_list_item(int value);  // value < 0: the next number of the list
  void close_list_item();
  void open_preformatted(std::string language);
  void close_preformatted();
  void open_inline(InlineKind kind);
  // `target` is the link URL for InlineKind::link (empty: the text is written without a link).
  void close_inline(InlineKind kind, std::string_view target);

  void open_table();
  void close_table();
  void open_table_row();
  void close_table_row();
  void open_table_cell(std::size_t colspan, std::size_t rowspan, TableAlignment alignment, bool header);
  void close_table_cell();

  [[nodiscard]] bool in_preformatted() const noexcept { return preformatted_depth_ > 0; }
  // Inside a code block or a code span, where text is written as it is.
  [[nodiscard]] bool in_code() const noexcept { return preformatted_depth_ > 0 || code_depth_ > 0; }
  [[nodiscard]] bool in_table() const noexcept { return !tables_.empty(); }
  // Open quotes and lists, for callers that bound nesting.
  [[nodiscard]] int container_depth() const noexcept { return container_depth_; }

  // Room for this much Markdown in the document's buffer.
  void reserve(std::size_t size) { buffers_.front().out.reserve(size); }
  // The finished document: blocks separated by exactly one blank line, ending with a newline.
  [[nodiscard]] std::string finish();
  [[nodiscard]] std::size_t word_count() const noexcept { return words_.count(); }
  // Up to the first 64 KiB of the prose text (no code), for language detection.
  [[nodiscard]] std::string take_text_sample() { return std::move(text_sample_); }

 private:
  enum class BufferKind : std::uint8_t {
    root,
    heading,
    blockquote,
    list,
    list_item,
    preformatted,
    inline_span,
    table,
    table_row,
    table_cell
  };
  struct Buffer {
    BufferKind kind = BufferKind::root;
    std::string out;
    int pending_break = 0;  // 1: newline, 2: blank line, before the next content
    bool pending_space = false;
    bool pending_hard_break = false;
    bool leading_space = false;  // whitespace came before any content: the parent owes a space
    bool has_block = false;      // holds block content (so it cannot be wrapped inline)
    bool last_was_list = false;  // the last thing appended was a list block (adjacent lists must differ)
    char last_list_marker = 0;
    // lists
    bool ordered = false;
    bool loose = false;
    char marker = '-';
    int next_number = 1;
    int item_value = -1;
    // inline spans and code blocks
    InlineKind inline_kind = InlineKind::emphasis;
    bool wrap = true;  // false: a nested same-kind span or a span inside code renders bare
    std::string language;
    bool line_pending = false;  // preformatted: the next text starts a new line
  };
  struct TableState {
    TableGrid cells;
    std::vector<TableAlignment> alignments;
    std::vector<std::size_t> rowspan_left;  // per column: rows a cell above still covers
    bool header_in_first_row = false;
  };

  Buffer& top() { return buffers_.back(); }
  Buffer pop() {
    Buffer b = std::move(buffers_.back());
    buffers_.pop_back();
    return b;
  }
  void flush_pending(Buffer& b);
  void append_block(Buffer& parent, std::string_view block, int strength = 2);
  // append_block in two halves, for a block written straight into the parent's buffer between
  // them; the block must not be empty.
  void start_block(Buffer& parent, int strength = 2);
  void end_block(Buffer& parent);
  void append_inline(Buffer& parent, const Buffer& child, std::string_view rendered);
  void keep_delimiters_flanking(Buffer& parent, std::string_view content);
  void escape_into(Buffer& b, std::string_view text, std::size_t& i);
  // Writes bytes that need no escaping (kPlainBytes), as escape_into would one by one.
  void write_plain(Buffer& b, std::string_view run);
  void sample_char(char c);
  void space(Buffer& b, char c);  // whitespace in the text: one space before the next word
  [[nodiscard]] bool continues_number(std::string_view text) const;
  [[nodiscard]] bool literal_text() const noexcept { return code_depth_ > 0; }
  static void place_pending_rowspans(TableState& table);

  std::vector<Buffer> buffers_;
  std::vector<TableState> tables_;
  int preformatted_depth_ = 0;
  int code_depth_ = 0;
  int cell_depth_ = 0;
  int container_depth_ = 0;
  int inline_depth_[5] = {0, 0, 0, 0, 0};
  WordCounter words_;
  std::string text_sample_;
  char last_text_char_ = ' ';       // of the text written last, a space after a break
  bool word_gap_ = false;           // separate_words() was asked since the last text
  bool space_before_word_ = false;  // an emphasis just closed on punctuation: a word after it needs a space
};

}  // namespace pagemd::extract
