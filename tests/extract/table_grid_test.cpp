#include "markdown/table_grid.hpp"

#include <gtest/gtest.h>

#include <string_view>

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
  TableGrid::RowReader first = grid.row(0);
  EXPECT_EQ(first.next(), "a");
  EXPECT_EQ(first.next(), "bb");
  TableGrid::RowReader second = grid.row(1);
  EXPECT_EQ(second.next(), "");
  EXPECT_EQ(second.next(), "ccc");
  EXPECT_EQ(second.next(), "d");
}

TEST(TableGrid, ACellPastTheRowsEndIsEmpty) {
  TableGrid grid;
  grid.start_row();
  grid.add_cell("a");
  grid.start_row();
  grid.add_cell("b");
  grid.add_cell("c");
  TableGrid::RowReader first = grid.row(0);
  EXPECT_EQ(first.next(), "a");
  for (int past = 0; past < 5; ++past) EXPECT_EQ(first.next(), "") << "cell " << past + 1;
  TableGrid::RowReader second = grid.row(1);
  EXPECT_EQ(second.next(), "b");
  EXPECT_EQ(second.next(), "c");
  EXPECT_EQ(second.next(), "");
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
  EXPECT_EQ(grid.row(1).next(), "b");
}

TEST(TableGrid, ACellBeforeAnyRowStartsOne) {
  TableGrid grid;
  EXPECT_TRUE(grid.empty());
  EXPECT_EQ(grid.cells_in_last_row(), 0U);
  grid.add_cell("stray");
  ASSERT_EQ(grid.row_count(), 1U);
  EXPECT_EQ(grid.row(0).next(), "stray");
}

TEST(TableGrid, ARowWithoutCellsReadsEmpty) {
  TableGrid grid;
  grid.start_row();
  grid.start_row();
  grid.add_cell("a");
  EXPECT_EQ(grid.cells_in_row(0), 0U);
  EXPECT_EQ(grid.row(0).next(), "");
  EXPECT_EQ(grid.row(1).next(), "a");
}

}  // namespace
}  // namespace pagemd::extract
