#include "markdown/code/line_numbers.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "pagemd/core/ascii.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract {
namespace {

constexpr std::size_t kMostDigits = 6;

// The numbers of a text that is nothing but whitespace-separated numbers; nullopt otherwise.
std::optional<std::vector<std::uint32_t>> numbers_of(std::string_view text) {
  std::vector<std::uint32_t> numbers;
  std::size_t i = 0;
  while (i < text.size()) {
    if (core::is_ascii_space(text[i])) {
      ++i;
      continue;
    }
    std::uint32_t value = 0;
    std::size_t digits = 0;
    for (; i < text.size() && core::is_ascii_digit(text[i]); ++i, ++digits) {
      if (digits == kMostDigits) return std::nullopt;
      value = value * 10 + static_cast<std::uint32_t>(text[i] - '0');
    }
    if (digits == 0 || (i < text.size() && !core::is_ascii_space(text[i]))) return std::nullopt;
    numbers.push_back(value);
  }
  return numbers;
}

bool count_up_by_one(const std::vector<std::uint32_t>& numbers) {
  for (std::size_t i = 1; i < numbers.size(); ++i) {
    if (numbers[i] != numbers[i - 1] + 1) return false;
  }
  return true;
}

// The number an element holds and nothing else ("12", " 7 "); a few nodes at most (a number in a
// link inside a span).
std::optional<std::uint32_t> number_in(const Document& doc, NodeId element) {
  constexpr int kMostNodes = 4;
  std::string text;
  int nodes = 0;
  bool small = true;
  doc.walk(element, [&](NodeId id) {
    if (++nodes > kMostNodes) {
      small = false;
      return WalkStep::stop;
    }
    text += doc.text(id);
    return WalkStep::descend;
  });
  if (!small) return std::nullopt;
  const auto numbers = numbers_of(text);
  if (!numbers || numbers->size() != 1) return std::nullopt;
  return numbers->front();
}

NodeId enclosing_cell(const Document& doc, NodeId id) {
  constexpr int kMostLevels = 4;  // Pygments: td > div.linenodiv > pre
  NodeId at = doc.node(id).parent;
  for (int level = 0; level < kMostLevels && at != kNoNode; ++level, at = doc.node(at).parent) {
    if (doc.is_element(at, HtmlTag::td) || doc.is_element(at, HtmlTag::th)) return at;
  }
  return kNoNode;
}

// Follows the lines of a <pre> as a browser breaks them (newlines, <br>, the edges of blocks)
// and notes each number element: where it stands and whether code follows it on its line.
class LineScan {
 public:
  struct Numbered {
    NodeId element;
    std::uint32_t value;
    bool starts_line;
    bool code_after = false;
  };

  LineScan(const Document& doc, NodeId pre) : doc_(doc), pre_(pre) {}

  void run() {
    // Enter and leave events without recursion: the edges of blocks break lines.
    std::vector<std::pair<NodeId, NodeId>> stack;  // element, its next child to visit
    stack.emplace_back(pre_, doc_.node(pre_).first_child());
    while (!stack.empty()) {
      auto& [element, next] = stack.back();
      if (next == kNoNode) {
        if (element != pre_ && is_block_tag(doc_.node(element).tag)) break_line();
        stack.pop_back();
        continue;
      }
      const NodeId id = next;
      next = doc_.node(id).next_sibling;
      if (enter(id)) stack.emplace_back(id, doc_.node(id).first_child());
    }
  }

  [[nodiscard]] const std::vector<Numbered>& numbered() const noexcept { return numbered_; }
  [[nodiscard]] std::size_t unnumbered_lines() const noexcept { return unnumbered_lines_; }

 private:
  // Whether to descend.
  bool enter(NodeId id) {
    const Node& n = doc_.node(id);
    if (n.kind == NodeKind::text) {
      for (char c : doc_.text(id)) {
        if (c == '\n') {
          break_line();
        } else if (!core::is_ascii_space(c)) {
          if (at_line_start_) ++unnumbered_lines_;
          at_line_start_ = false;
          if (awaiting_code_) numbered_.back().code_after = true;
          awaiting_code_ = false;
        }
      }
      return false;
    }
    if (n.kind != NodeKind::element) return false;
    if (n.tag == HtmlTag::br) {
      break_line();
      return false;
    }
    // A number's line goes on into the block after it: a row of a gutter cell and a code cell,
    // side by side (CSS flex) where the browser shows them.
    if (is_block_tag(n.tag) && !awaiting_code_) break_line();
    if (const auto value = number_in(doc_, id)) {
      numbered_.push_back({id, *value, at_line_start_});
      at_line_start_ = false;
      awaiting_code_ = true;
      return false;
    }
    return true;
  }

  void break_line() {
    at_line_start_ = true;
    awaiting_code_ = false;
  }

  const Document& doc_;
  const NodeId pre_;
  std::vector<Numbered> numbered_;
  std::size_t unnumbered_lines_ = 0;
  bool at_line_start_ = true;
  bool awaiting_code_ = false;
};

}  // namespace

bool is_line_number_gutter(const Document& doc, NodeId pre) {
  const NodeId cell = enclosing_cell(doc, pre);
  if (cell == kNoNode) return false;
  const auto numbers = numbers_of(doc.text_content(pre));
  if (!numbers || numbers->empty() || !count_up_by_one(*numbers)) return false;
  for (NodeId next = doc.node(cell).next_sibling; next != kNoNode; next = doc.node(next).next_sibling) {
    if (doc.node(next).kind != NodeKind::element) continue;
    if (doc.any_element(next, [&](NodeId id) { return doc.node(id).tag == HtmlTag::pre; })) return true;
  }
  return false;
}

std::vector<NodeId> line_number_elements(const Document& doc, NodeId pre) {
  LineScan scan(doc, pre);
  scan.run();
  const auto& numbered = scan.numbered();
  // Every line starts with its number, and some hold code after it: a listing of numbers alone
  // ("1\n2\n3" highlighted) is the code itself.
  if (numbered.size() < 2 || scan.unnumbered_lines() > 0) return {};
  std::vector<std::uint32_t> values;
  bool any_code = false;
  for (const auto& line : numbered) {
    if (!line.starts_line) return {};
    values.push_back(line.value);
    any_code = any_code || line.code_after;
  }
  if (!any_code || !count_up_by_one(values)) return {};
  std::vector<NodeId> elements;
  elements.reserve(numbered.size());
  for (const auto& line : numbered) elements.push_back(line.element);
  return elements;
}

}  // namespace pagemd::extract
