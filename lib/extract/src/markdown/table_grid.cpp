#include "markdown/table_grid.hpp"

namespace pagemd::extract {

void TableGrid::add_cell(std::string_view text) {
  if (row_starts_.empty()) start_row();
  text_.append(text);
  cell_ends_.push_back(static_cast<std::uint32_t>(text_.size()));
}

std::size_t TableGrid::cells_in_row(std::size_t row) const noexcept {
  const std::size_t end = row + 1 < row_starts_.size() ? row_starts_[row + 1] : cell_ends_.size();
  return end - row_starts_[row];
}

std::string_view TableGrid::cell(std::size_t row, std::size_t column) const noexcept {
  if (column >= cells_in_row(row)) return {};
  const std::size_t index = row_starts_[row] + column;
  const std::size_t begin = index == 0 ? 0 : cell_ends_[index - 1];
  return std::string_view(text_).substr(begin, cell_ends_[index] - begin);
}

}  // namespace pagemd::extract
