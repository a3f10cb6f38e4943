#pragma once

// The cells of a table while it is being written, before its column count is known. One text
// buffer and the offsets where each cell and each row ends, not a string per cell: a wide table
// has a cell every dozen bytes of HTML, and a std::string per cell cost five times the page
// (issue 21).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pagemd::extract {

class TableGrid {
 public:
  void start_row() { row_starts_.push_back(static_cast<std::uint32_t>(cell_ends_.size())); }
  // Removes the last row when it has no cells (a row of only spanned-over columns, or none).
  void drop_last_row_if_empty() {
    if (!row_starts_.empty() && row_starts_.back() == cell_ends_.size()) row_starts_.pop_back();
  }
  // Appends a cell to the last row, starting one when there is none (a cell outside any row).
  void add_cell(std::string_view text = {});

  [[nodiscard]] bool empty() const noexcept { return row_starts_.empty(); }
  [[nodiscard]] std::size_t row_count() const noexcept { return row_starts_.size(); }
  [[nodiscard]] std::size_t cells_in_row(std::size_t row) const noexcept;
  [[nodiscard]] std::size_t cells_in_last_row() const noexcept {
    return row_starts_.empty() ? 0 : cells_in_row(row_starts_.size() - 1);
  }
  [[nodiscard]] std::string_view cell(std::size_t row, std::size_t column) const noexcept;

 private:
  std::string text_;
  std::vector<std::uint32_t> cell_ends_;   // offset into text_ just past each cell
  std::vector<std::uint32_t> row_starts_;  // index into cell_ends_ of each row's first cell
};

}  // namespace pagemd::extract
