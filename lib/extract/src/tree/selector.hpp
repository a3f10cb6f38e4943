#pragma once

// The simple CSS selectors of DESIGN.md: type (`div`), universal (`*`), `.class`, `#id`,
// `[attr]`, `[attr=value]` (value bare or quoted), compounds of those (`div.note[data-x]`),
// the descendant (` `) and child (`>`) combinators, and comma-separated lists.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "parse/dom.hpp"
#include "pagemd/core/result.hpp"

namespace pagemd::extract {

class SelectorList {
 public:
  // Fails with invalid_request and a message naming the offending selector text (pseudo-classes,
  // attribute operators other than `=`, sibling combinators and syntax errors are refused).
  [[nodiscard]] static core::Result<SelectorList> parse(std::string_view text);
  // Parses and joins several selector texts; an empty vector gives an empty list.
  [[nodiscard]] static core::Result<SelectorList> parse_all(const std::vector<std::string>& texts);

  [[nodiscard]] bool empty() const noexcept { return selectors_.empty(); }
  // Whether the element `id` matches any selector of the list (class names and ids are
  // case-sensitive, tag and attribute names are not).
  [[nodiscard]] bool matches(const Document& doc, NodeId id) const;
  // matches() for every node of the document at once (1: an element that matches), in
  // O(elements x compounds) for the whole page: asking matches() of each element costs up to its
  // depth x compounds, which a hostile page of deep nesting and long selectors turns into minutes.
  [[nodiscard]] std::vector<std::uint8_t> match_all(const Document& doc) const;

  struct AttributeTest {
    std::string name;
    std::string value;
    bool has_value = false;
  };
  struct Compound {
    std::string tag;  // lower-case; empty = any
    std::vector<std::string> ids;
    std::vector<std::string> classes;
    std::vector<AttributeTest> attributes;
  };
  enum class Combinator { descendant, child };
  struct Complex {
    std::vector<Compound> compounds;      // left to right
    std::vector<Combinator> combinators;  // combinators[i] joins compounds[i] and compounds[i+1]
  };

 private:
  std::vector<Complex> selectors_;
};

}  // namespace pagemd::extract
