#pragma once

// The cells of a table while it is being written, before its column count is known. One text
// buffer, each cell a line of it, and where each row starts, not a string per cell: a wide table
// has a cell every dozen bytes of HTML (every five, without end tags), and a std::string per cell
// cost five times the page (issue 21), an offset per cell still most of the page (issue 40).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pagemd::extract {

class TableGrid {
 public:
  // A row's cells in order, one a call to next(); past the row's end, empty ones.
  class RowReader {
   public:
    explicit RowReader(std::string_view lines) : rest_(lines) {}
    std::string_view next();

   private:
    std::string_view rest_;
  };

  void start_row() { rows_.push_back({static_cast<std::uint32_t>(text_.size()), 0}); }
  // Removes the last row when it has no cells (a row of only spanned-over columns, or none).
  void drop_last_row_if_empty() {
    if (!rows_.empty() && rows_.back().cells == 0) rows_.pop_back();
  }
  // Appends a cell to the last row, starting one when there is none (a cell outside any row). A
  // cell is one line: `text` holds no '\n'.
  void add_cell(std::string_view text = {});

  [[nodiscard]] bool empty() const noexcept { return rows_.empty(); }
  [[nodiscard]] std::size_t row_count() const noexcept { return rows_.size(); }
  [[nodiscard]] std::size_t cells_in_row(std::size_t row) const noexcept { return rows_[row].cells; }
  [[nodiscard]] std::size_t cells_in_last_row() const noexcept { return rows_.empty() ? 0 : rows_.back().cells; }
  [[nodiscard]] RowReader row(std::size_t row) const noexcept;

 private:
  struct Row {
    std::uint32_t start;  // offset into text_
    std::uint32_t cells;
  };
  std::string text_;  // each cell's text and a '\n'
  std::vector<Row> rows_;
};

}  // namespace pagemd::extract
