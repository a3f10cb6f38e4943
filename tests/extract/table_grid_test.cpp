#include "markdown/table_grid.hpp"

#include <gtest/gtest.h>

namespace pagemd::extract {
namespace {

TEST(TableGrid, KeepsEachCellOfEachRowInOrder) {
  TableGrid grid;
  grid.start_row();
  grid.add_cell("a");
  grid.add_cell("bb");
  grid.start_row();
  grid.add_cell();
  grid.add_cell("ccc");
  grid.add_cell("d");
  ASSERT_EQ(grid.row_count(), 2U);
  EXPECT_EQ(grid.cells_in_row(0), 2U);
  EXPECT_EQ(grid.cells_in_row(1), 3U);
  EXPECT_EQ(grid.cells_in_last_row(), 3U);
  EXPECT_EQ(grid.cell(0, 0), "a");
  EXPECT_EQ(grid.cell(0, 1), "bb");
  EXPECT_EQ(grid.cell(1, 0), "");
  EXPECT_EQ(grid.cell(1, 1), "ccc");
  EXPECT_EQ(grid.cell(1, 2), "d");
}

TEST(TableGrid, ACellPastTheRowsEndIsEmpty) {
  TableGrid grid;
  grid.start_row();
  grid.add_cell("a");
  grid.start_row();
  grid.add_cell("b");
  grid.add_cell("c");
  EXPECT_EQ(grid.cell(0, 1), "");
  EXPECT_EQ(grid.cell(0, 5), "");
  EXPECT_EQ(grid.cell(1, 1), "c");
}

TEST(TableGrid, OnlyAnEmptyLastRowIsDropped) {
  TableGrid grid;
  grid.start_row();
  grid.add_cell("a");
  grid.drop_last_row_if_empty();
  EXPECT_EQ(grid.row_count(), 1U);
  grid.start_row();
  grid.drop_last_row_if_empty();
  EXPECT_EQ(grid.row_count(), 1U);
  grid.start_row();
  grid.add_cell("b");
  EXPECT_EQ(grid.row_count(), 2U);
  EXPECT_EQ(grid.cell(1, 0), "b");
}

TEST(TableGrid, ACellBeforeAnyRowStartsOne) {
  TableGrid grid;
  EXPECT_TRUE(grid.empty());
  EXPECT_EQ(grid.cells_in_last_row(), 0U);
  grid.add_cell("stray");
  ASSERT_EQ(grid.row_count(), 1U);
  EXPECT_EQ(grid.cell(0, 0), "stray");
}

}  // namespace
}  // namespace pagemd::extract
