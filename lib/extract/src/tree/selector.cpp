#include "tree/selector.hpp"
#include "text/text_util.hpp"
#include "text/utf8.hpp"

#include <cstddef>
#include <cstdint>
#include <utility>

// Parsing is deliberately narrower than CSS: anything outside the subset of DESIGN.md is refused
// with a message rather than skipped, so a user who writes `li:first-child` learns that it is
// unsupported instead of silently matching every `li`. Two leniencies are kept because real
// class names and data attributes need them: class, id and bare attribute-value names may start
// with a digit (`.2col`, `[data-level=2]`), and CSS escapes (`.md\:flex`) are decoded.

namespace pagemd::extract {
namespace {

using Compound = SelectorList::Compound;
using Complex = SelectorList::Complex;
using Combinator = SelectorList::Combinator;
using AttributeTest = SelectorList::AttributeTest;

[[nodiscard]] bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
[[nodiscard]] bool is_non_ascii(char c) noexcept { return static_cast<unsigned char>(c) >= 0x80; }
[[nodiscard]] bool is_name_char(char c) noexcept {
  return is_ascii_alpha(c) || is_ascii_digit(c) || c == '-' || c == '_' || is_non_ascii(c);
}

void lower_in_place(std::string& text) {
  for (char& c : text) c = ascii_lower(c);
}

std::string describe(char c) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  const auto byte = static_cast<unsigned char>(c);
  if (byte > 0x20 && byte < 0x7F) return std::string{'"', c, '"'};
  return std::string("byte 0x") + kHex[byte >> 4U] + kHex[byte & 0x0FU];
}

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  [[nodiscard]] bool parse_list(std::vector<Complex>& out) {
    for (;;) {
      skip_spaces();
      if (at_end() || peek() == ',') {
        const bool in_list = text_.find(',') != std::string_view::npos;
        return fail(in_list ? "empty selector in the list" : "empty selector");
      }
      Complex complex;
      if (!parse_complex(complex)) return false;
      out.push_back(std::move(complex));
      if (at_end()) return true;
      ++pos_;  // parse_complex stops only at the end or at ','
    }
  }

  [[nodiscard]] const std::string& error() const noexcept { return error_; }

 private:
  [[nodiscard]] bool at_end() const noexcept { return pos_ >= text_.size(); }
  [[nodiscard]] char peek() const noexcept { return text_[pos_]; }
  [[nodiscard]] char peek_next() const noexcept { return pos_ + 1 < text_.size() ? text_[pos_ + 1] : '\0'; }

  bool skip_spaces() noexcept {
    const std::size_t start = pos_;
    while (!at_end() && is_space(peek())) ++pos_;
    return pos_ != start;
  }

  bool fail(std::string message) {
    error_ = std::move(message);
    return false;
  }
  bool fail_unexpected() { return fail("unexpected " + describe(peek())); }

  [[nodiscard]] bool parse_complex(Complex& complex) {
    for (;;) {
      Compound compound;
      if (!parse_compound(compound)) return false;
      complex.compounds.push_back(std::move(compound));

      const bool spaced = skip_spaces();
      if (at_end() || peek() == ',') return true;
      Combinator combinator = Combinator::descendant;
      if (peek() == '>') {
        combinator = Combinator::child;
        ++pos_;
        skip_spaces();
      } else if (peek() == '+' || peek() == '~') {
        return fail("sibling combinators (+ and ~) are not supported");
      } else if (!spaced) {
        return fail_unexpected();
      }
      if (at_end() || peek() == ',') return fail("combinator without a selector after it");
      complex.combinators.push_back(combinator);
    }
  }

  [[nodiscard]] bool parse_compound(Compound& compound) {
    bool any = false;
    if (!at_end() && peek() == '*') {
      ++pos_;
      any = true;
    } else if (!at_end() &&
               (is_ascii_alpha(peek()) || peek() == '_' || peek() == '-' || peek() == '\\' || is_non_ascii(peek()))) {
      if (!read_name(compound.tag)) return false;
      lower_in_place(compound.tag);
      any = true;
    }
    while (!at_end()) {
      const char c = peek();
      if (c == '.' || c == '#') {
        ++pos_;
        std::string name;
        if (!read_name(name)) return false;
        if (name.empty()) {
          return fail(c == '.' ? "expected a class name after \".\"" : "expected an id after \"#\"");
        }
        (c == '.' ? compound.classes : compound.ids).push_back(std::move(name));
      } else if (c == '[') {
        if (!parse_attribute(compound)) return false;
      } else if (c == ':') {
        return fail("pseudo-classes and pseudo-elements are not supported");
      } else if (c == ']') {
        return fail("unbalanced \"]\"");
      } else {
        break;
      }
      any = true;
    }
    if (any) return true;
    if (at_end()) return fail("combinator without a selector after it");
    if (peek() == '>') return fail("combinator without a selector before it");
    if (peek() == '+' || peek() == '~') return fail("sibling combinators (+ and ~) are not supported");
    return fail_unexpected();
  }

  // After '['. Only `[name]` and `[name=value]`.
  [[nodiscard]] bool parse_attribute(Compound& compound) {
    ++pos_;
    skip_spaces();
    AttributeTest test;
    if (!read_name(test.name)) return false;
    if (test.name.empty()) {
      if (at_end()) return fail("unbalanced \"[\"");
      return fail("expected an attribute name after \"[\", not " + describe(peek()));
    }
    lower_in_place(test.name);
    skip_spaces();
    if (at_end()) return fail("unbalanced \"[\"");
    const char c = peek();
    if (c == '=') {
      ++pos_;
      skip_spaces();
      if (at_end()) return fail("unbalanced \"[\"");
      if (peek() == '"' || peek() == '\'') {
        if (!read_string(test.value)) return false;
      } else {
        if (!read_name(test.value)) return false;
        if (test.value.empty()) return fail("expected a value after \"=\", not " + describe(peek()));
      }
      test.has_value = true;
      skip_spaces();
      if (at_end()) return fail("unbalanced \"[\"");
    } else if ((c == '~' || c == '|' || c == '^' || c == '$' || c == '*') && peek_next() == '=') {
      return fail(std::string{"attribute operator \""} + c + "=\" is not supported; only [attr] and [attr=value] are");
    }
    if (peek() != ']') return fail_unexpected();
    ++pos_;
    compound.attributes.push_back(std::move(test));
    return true;
  }

  // Name characters and escapes; leaves `out` empty (and succeeds) when none are there.
  [[nodiscard]] bool read_name(std::string& out) {
    while (!at_end()) {
      const char c = peek();
      if (c == '\\') {
        if (!read_escape(out)) return false;
      } else if (is_name_char(c)) {
        out.push_back(c);
        ++pos_;
      } else {
        break;
      }
    }
    return true;
  }

  // After the opening quote; backslash escapes and escaped newlines as in CSS strings.
  [[nodiscard]] bool read_string(std::string& out) {
    const char quote = peek();
    ++pos_;
    for (;;) {
      if (at_end()) return fail("unbalanced quote");
      const char c = peek();
      if (c == quote) {
        ++pos_;
        return true;
      }
      if (c == '\n' || c == '\r' || c == '\f') return fail("unbalanced quote (a newline ends the string)");
      if (c == '\\') {
        if (pos_ + 1 >= text_.size()) return fail("unbalanced quote");
        const char next = text_[pos_ + 1];
        if (next == '\n' || next == '\f') {
          pos_ += 2;
          continue;
        }
        if (next == '\r') {
          pos_ += text_.substr(pos_ + 2, 1) == "\n" ? std::size_t{3} : std::size_t{2};
          continue;
        }
        if (!read_escape(out)) return false;
        continue;
      }
      out.push_back(c);
      ++pos_;
    }
  }

  // At a backslash: up to six hex digits (and one following space) name a code point; any other
  // character stands for itself.
  [[nodiscard]] bool read_escape(std::string& out) {
    ++pos_;
    if (at_end()) return fail("escape at the end of the selector");
    if (hex_digit_value(peek()) < 0) {
      if (peek() == '\n' || peek() == '\r' || peek() == '\f') return fail("escaped newline outside a string");
      out.push_back(peek());
      ++pos_;
      return true;
    }
    std::uint32_t code_point = 0;
    for (int digits = 0; digits < 6 && !at_end() && hex_digit_value(peek()) >= 0; ++digits) {
      code_point = code_point * 16 + static_cast<std::uint32_t>(hex_digit_value(peek()));
      ++pos_;
    }
    if (!at_end() && is_space(peek())) {
      pos_ += peek() == '\r' && peek_next() == '\n' ? std::size_t{2} : std::size_t{1};
    }
    if (code_point == 0 || (code_point >= 0xD800 && code_point <= 0xDFFF) || code_point > 0x10FFFF) {
      code_point = 0xFFFD;
    }
    append_utf8(out, static_cast<char32_t>(code_point));
    return true;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::string error_;
};

[[nodiscard]] const std::string_view* find_attribute(const Document& doc, NodeId id, std::string_view name) {
  // Case-insensitive: the tree keeps the camelCase the standard gives some SVG attributes (viewBox).
  for (const Attribute& attribute : doc.attributes(id)) {
    if (equals_ignore_case(attribute.name, name)) return &attribute.value;
  }
  return nullptr;
}

[[nodiscard]] bool has_class(std::string_view classes, std::string_view wanted) {
  std::size_t i = 0;
  while (i < classes.size()) {
    while (i < classes.size() && is_space(classes[i])) ++i;
    const std::size_t start = i;
    while (i < classes.size() && !is_space(classes[i])) ++i;
    if (i > start && classes.substr(start, i - start) == wanted) return true;
  }
  return false;
}

[[nodiscard]] bool matches_compound(const Document& doc, NodeId id, const Compound& compound) {
  const Node& node = doc.node(id);
  if (node.kind != NodeKind::element) return false;
  if (!compound.tag.empty() && !equals_ignore_case(doc.name(id), compound.tag)) return false;
  if (!compound.ids.empty()) {
    const std::string_view* value = find_attribute(doc, id, "id");
    if (value == nullptr) return false;
    for (const std::string& wanted : compound.ids) {
      if (*value != wanted) return false;
    }
  }
  if (!compound.classes.empty()) {
    const std::string_view* value = find_attribute(doc, id, "class");
    if (value == nullptr) return false;
    for (const std::string& wanted : compound.classes) {
      if (!has_class(*value, wanted)) return false;
    }
  }
  for (const AttributeTest& test : compound.attributes) {
    const std::string_view* value = find_attribute(doc, id, test.name);
    if (value == nullptr || (test.has_value && *value != test.value)) return false;
  }
  return true;
}

// Right to left. The selector is split at its descendant combinators into runs joined by `>`;
// the rightmost run must end at `id`, each run further left may end at any ancestor above the
// previous run. Placing every run as low as possible is never worse than placing it higher
// (a lower run leaves a superset of ancestors for the runs to its left), so the only
// backtracking needed is moving the current run up one ancestor at a time: no recursion, and
// O(depth * compounds) per selector.
[[nodiscard]] bool matches_complex(const Document& doc, NodeId id, const Complex& complex) {
  std::size_t end = complex.compounds.size();  // the current run is [begin, end)
  NodeId candidate = id;
  bool anchored = true;
  while (end > 0) {
    std::size_t begin = end - 1;
    while (begin > 0 && complex.combinators[begin - 1] == Combinator::child) --begin;

    NodeId run_top = kNoNode;
    for (; candidate != kNoNode; candidate = doc.node(candidate).parent) {
      NodeId element = candidate;
      std::size_t index = end;
      while (index > begin && element != kNoNode && matches_compound(doc, element, complex.compounds[index - 1])) {
        --index;
        if (index > begin) element = doc.node(element).parent;
      }
      if (index == begin) {
        run_top = element;
        break;
      }
      if (anchored) break;
    }
    if (run_top == kNoNode) return false;
    candidate = doc.node(run_top).parent;
    anchored = false;
    end = begin;
  }
  return true;
}

}  // namespace

core::Result<SelectorList> SelectorList::parse(std::string_view text) {
  Parser parser(text);
  SelectorList list;
  if (!parser.parse_list(list.selectors_)) {
    return core::unexpected(core::ErrorCode::invalid_request,
                            "invalid selector \"" + std::string(text) + "\": " + parser.error());
  }
  return list;
}

core::Result<SelectorList> SelectorList::parse_all(const std::vector<std::string>& texts) {
  SelectorList joined;
  for (const std::string& text : texts) {
    core::Result<SelectorList> parsed = parse(text);
    if (!parsed) return core::unexpected(parsed.error());
    for (Complex& complex : parsed->selectors_) joined.selectors_.push_back(std::move(complex));
  }
  return joined;
}

std::vector<std::uint8_t> SelectorList::match_all(const Document& doc) const {
  std::vector<std::uint8_t> matched(doc.size(), 0);
  // For one selector of n compounds, an element's state says, for each k in 1..n, whether the
  // first k compounds match with the k-th at this element (`at`) or at it or an ancestor (`within`).
  // It follows from the parent's state alone, so a walk in document order, with the states of the
  // current ancestors on a stack, decides every element in n steps. One walk serves every selector
  // of the list: an element's row holds each selector's at[0..n], then within[0..n], side by side.
  std::vector<std::size_t> offsets;  // where each selector's states start in a row
  std::size_t width = 0;
  for (const Complex& complex : selectors_) {
    offsets.push_back(width);
    width += 2 * (complex.compounds.size() + 1);
  }
  std::vector<NodeId> ancestors;
  std::vector<std::uint8_t> rows;
  doc.walk(doc.root(), [&](NodeId id) {
    const Node& node = doc.node(id);
    if (node.kind != NodeKind::element) return node.kind == NodeKind::document;
    while (!ancestors.empty() && ancestors.back() != node.parent) {
      ancestors.pop_back();
      rows.resize(rows.size() - width);
    }
    const bool has_parent = !ancestors.empty();
    rows.resize(rows.size() + width, 0);
    const std::size_t row = rows.size() - width;
    const std::size_t parent_row = has_parent ? row - width : row;
    for (std::size_t s = 0; s < selectors_.size(); ++s) {
      const Complex& complex = selectors_[s];
      const std::size_t n = complex.compounds.size();
      const std::size_t at = row + offsets[s];
      const std::size_t parent_at = parent_row + offsets[s];
      for (std::size_t k = 1; k <= n; ++k) {
        bool here = matches_compound(doc, id, complex.compounds[k - 1]);
        if (here && k > 1) {
          const bool child = complex.combinators[k - 2] == Combinator::child;
          here = has_parent && rows[parent_at + (child ? 0 : n + 1) + k - 1] != 0;
        }
        rows[at + k] = here ? 1 : 0;
        rows[at + n + 1 + k] = here || (has_parent && rows[parent_at + n + 1 + k] != 0) ? 1 : 0;
      }
      if (rows[at + n] != 0) matched[id] = 1;
    }
    ancestors.push_back(id);
    return true;
  });
  return matched;
}

bool SelectorList::matches(const Document& doc, NodeId id) const {
  if (doc.node(id).kind != NodeKind::element) return false;
  for (const Complex& complex : selectors_) {
    if (matches_complex(doc, id, complex)) return true;
  }
  return false;
}

}  // namespace pagemd::extract
