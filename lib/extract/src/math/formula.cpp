#include "math/formula.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "text/text_util.hpp"
#include "tree/element_kinds.hpp"
#include "tree/formula_elements.hpp"

namespace pagemd::extract {
namespace {

using namespace std::string_view_literals;

// How far a look around a formula goes: a formula's wrapper is small.
constexpr int kMostVisits = 64;

bool class_token(const Document& doc, NodeId id, auto&& accept) {
  const std::string_view* names = doc.attribute(id, "class");
  return names != nullptr && any_token(*names, accept);
}

bool names_display(const Document& doc, NodeId id) {
  return class_token(doc, id, [](std::string_view token) { return contains_ignore_case(token, "display"); });
}

std::optional<Formula> tex_formula(std::string_view tex, bool display) {
  Formula formula{tidy_tex(tex), display};
  if (formula.latex.empty()) return std::nullopt;
  return formula;
}

}  // namespace

std::optional<Formula> formula_of(const Document& doc, NodeId id) {
  const Node& n = doc.node(id);
  if (n.kind != NodeKind::element || doc.attributes(id).empty()) return std::nullopt;
  if (const std::string_view* markup = doc.attribute(id, kMathMarkupAttribute)) return formula_from_mathml(*markup);
  if (const std::string_view* tex = doc.attribute(id, kTexScriptAttribute)) {
    return tex_formula(*tex, doc.attribute(id, kTexDisplayAttribute) != nullptr);
  }
  for (const std::string_view attribute : {"data-latex"sv, "data-tex"sv}) {
    if (const std::string_view* tex = doc.attribute(id, attribute)) {
      const std::string_view* mode = doc.attribute(id, "data-display");
      const bool display = names_display(doc, id) || doc.is_element(id, HtmlTag::div) ||
                           (mode != nullptr && (trim(*mode) == "true" || trim(*mode) == "block"));
      return tex_formula(*tex, display);
    }
  }
  if (n.tag == HtmlTag::img && is_formula_image(doc, id)) {
    const std::string_view* alt = doc.attribute(id, "alt");
    if (alt != nullptr) return tex_formula(*alt, names_display(doc, id));
  }
  return std::nullopt;
}

bool draws_script_formula(const Document& doc, NodeId id) {
  if (doc.node(id).kind != NodeKind::element || doc.attributes(id).empty()) return false;
  if (doc.attribute(id, kTexScriptAttribute) != nullptr) return false;
  const bool mathjax_named = class_token(doc, id, [](std::string_view token) {
    return starts_with_ignore_case(token, "mathjax") || starts_with_ignore_case(token, "mjx");
  });
  if (!mathjax_named) return false;
  // MathJax 2 writes the preview, then the frame, then the script: the script is at most two
  // elements on.
  NodeId at = id;
  for (int hop = 0; hop < 3; ++hop) {
    do {
      at = doc.node(at).next_sibling;
    } while (at != kNoNode && doc.node(at).kind != NodeKind::element);
    if (at == kNoNode) return false;
    if (doc.attribute(at, kTexScriptAttribute) != nullptr) return true;
  }
  return false;
}

NodeId math_beside_image(const Document& doc, NodeId image) {
  const NodeId parent = doc.node(image).parent;
  if (parent == kNoNode) return kNoNode;
  NodeId found = kNoNode;
  int visits = 0;
  doc.walk(parent, [&](NodeId at) {
    if (found != kNoNode || ++visits > kMostVisits) return WalkStep::stop;
    if (doc.node(at).kind == NodeKind::element && doc.attribute(at, kMathMarkupAttribute) != nullptr) {
      found = at;
      return WalkStep::stop;
    }
    return WalkStep::descend;
  });
  return found;
}

bool holds_display_formula(const Document& doc, NodeId id) {
  constexpr int kMostElements = 4000;
  bool found = false;
  int visits = 0;
  doc.walk(id, [&](NodeId at) {
    if (found || ++visits > kMostElements) return WalkStep::stop;
    if (doc.node(at).kind != NodeKind::element || doc.attributes(at).empty()) return WalkStep::descend;
    if (const std::optional<Formula> formula = formula_of(doc, at)) {
      found = formula->display;
      return found ? WalkStep::stop : WalkStep::skip;
    }
    return WalkStep::descend;
  });
  return found;
}

namespace {

// "(1)", "(2.3a)", "[4]": an equation's number as its cell shows it.
bool is_equation_number(std::string_view text) {
  text = trim(text);
  constexpr std::size_t kLongest = 10;
  if (text.size() < 3 || text.size() > kLongest) return false;
  const bool bracketed = (text.front() == '(' && text.back() == ')') || (text.front() == '[' && text.back() == ']');
  if (!bracketed) return false;
  const std::string_view inside = text.substr(1, text.size() - 2);
  return is_ascii_digit(inside.front()) &&
         std::all_of(inside.begin(), inside.end(), [](char c) { return is_ascii_alnum(c) || c == '.' || c == '-'; });
}

}  // namespace

bool numbers_equations(const Document& doc, NodeId table) {
  constexpr int kMostElements = 400;
  bool formula = false;
  bool number = false;
  bool headed = false;  // a table with header cells is data (a list of equations), laid out as such
  int visits = 0;
  doc.walk(table, [&](NodeId at) {
    if (headed || ++visits > kMostElements) return WalkStep::stop;
    if (doc.node(at).kind != NodeKind::element) return WalkStep::skip;
    if (at != table && doc.is_element(at, HtmlTag::table)) return WalkStep::skip;
    if (doc.is_element(at, HtmlTag::th)) {
      headed = true;
      return WalkStep::stop;
    }
    if (doc.is_element(at, HtmlTag::td)) {
      std::string text;
      bool holds_formula = false;
      doc.walk(at, [&](NodeId inner) {
        if (doc.node(inner).kind == NodeKind::text) {
          if (text.size() < 32) text.append(doc.text(inner));
          return WalkStep::descend;
        }
        if (formula_of(doc, inner)) {
          holds_formula = true;
          return WalkStep::skip;
        }
        return WalkStep::descend;
      });
      formula = formula || holds_formula;
      number = number || (!holds_formula && is_equation_number(text));
      return WalkStep::skip;
    }
    return WalkStep::descend;
  });
  return formula && number && !headed;
}

}  // namespace pagemd::extract
