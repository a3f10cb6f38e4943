#include "markdown/table_grid.hpp"

namespace pagemd::extract {

std::string_view TableGrid::RowReader::next() {
  const std::size_t end = rest_.find('\n');
  if (end == std::string_view::npos) return {};
  const std::string_view cell = rest_.substr(0, end);
  rest_.remove_prefix(end + 1);
  return cell;
}

void TableGrid::add_cell(std::string_view text) {
  if (rows_.empty()) start_row();
  text_.append(text);
  text_.push_back('\n');
  ++rows_.back().cells;
}

TableGrid::RowReader TableGrid::row(std::size_t row) const noexcept {
  const std::size_t end = row + 1 < rows_.size() ? rows_[row + 1].start : text_.size();
  return RowReader(std::string_view(text_).substr(rows_[row].start, end - rows_[row].start));
}

}  // namespace pagemd::extract
