#include "tree/table_kind.hpp"

#include <algorithm>
#include <cstdlib>

#include "text/text_util.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract {

namespace {

bool is_cell_paragraph(const Document& doc, NodeId paragraph) {
  const NodeId cell = doc.node(paragraph).parent;
  if (cell == kNoNode || !(doc.is_element(cell, HtmlTag::td) || doc.is_element(cell, HtmlTag::th))) return false;
  for (NodeId c = doc.node(cell).first_child(); c != kNoNode; c = doc.node(c).next_sibling) {
    if (c != paragraph && doc.node(c).kind == NodeKind::element) return false;
  }
  return true;
}

}  // namespace

TableKind classify_table(const Document& doc, NodeId table) {
  if (has_role(doc, table, {"presentation", "none"})) return TableKind::layout;
  if (const std::string_view* datatable = doc.attribute(table, "datatable"); datatable && trim(*datatable) == "0") {
    return TableKind::layout;
  }
  if (doc.attribute(table, "summary")) return TableKind::data;
  std::size_t rows = 0;
  std::size_t max_columns = 0;
  std::size_t min_columns = SIZE_MAX;
  std::size_t columns = 0;  // of the row being walked
  bool header_cells = false;
  bool nested_table = false;
  bool block_content = false;
  // One walk: a row's cells come right after it (the tree builder puts every cell in a row).
  auto end_row = [&] {
    if (rows == 0) return;
    max_columns = std::max(max_columns, columns);
    min_columns = std::min(min_columns, columns);
  };
  doc.walk(table, [&](NodeId id) {
    if (id == table) return true;
    const Node& n = doc.node(id);
    if (n.kind != NodeKind::element) return false;
    switch (n.tag) {
      case HtmlTag::table: nested_table = true; return false;
      case HtmlTag::caption:
      case HtmlTag::thead:
      case HtmlTag::tfoot:
      case HtmlTag::colgroup:
      case HtmlTag::col: header_cells = true; return true;
      case HtmlTag::tr:
        end_row();
        ++rows;
        columns = 0;
        return true;
      case HtmlTag::th:
      case HtmlTag::td: {
        header_cells = header_cells || n.tag == HtmlTag::th;
        const std::string_view* span = doc.attribute(id, "colspan");
        columns += span ? std::clamp<std::size_t>(leading_number(*span), 1, 100) : 1;
        return true;
      }
      case HtmlTag::p:
        // A cell that wraps its text in one paragraph (as editors write every cell) holds text.
        if (is_cell_paragraph(doc, id)) return true;
        block_content = true;
        return true;
      case HtmlTag::div:
      case HtmlTag::ul:
      case HtmlTag::ol:
      case HtmlTag::h1:
      case HtmlTag::h2:
      case HtmlTag::h3:
      case HtmlTag::blockquote:
      case HtmlTag::pre: block_content = true; return true;
      default: return true;
    }
  });
  end_row();
  if (nested_table) return TableKind::layout;
  if (rows <= 1 || max_columns <= 1) return TableKind::layout;
  if (header_cells) return block_content && rows < 3 ? TableKind::layout : TableKind::data;
  if (block_content) return TableKind::layout;
  if (rows >= 10 || max_columns > 4) return TableKind::data;
  // A grid whose every row has the same number of plain-text cells is data, however small.
  if (rows >= 3 && min_columns == max_columns) return TableKind::data;
  return rows * max_columns > 10 ? TableKind::data : TableKind::layout;
}

}  // namespace pagemd::extract
