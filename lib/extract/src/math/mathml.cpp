#include "math/mathml.hpp"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "math/tex_environments.hpp"
#include "math/tex_symbols.hpp"
#include "parse/tokenizer/html_tokenizer.hpp"
#include "text/text_util.hpp"

namespace pagemd::extract {
namespace {

// Deeper MathML than this is written flat: a hostile page cannot make the conversion recurse
// without bound.
constexpr int kMaxDepth = 64;
constexpr std::size_t kMaxNodes = 20'000;

// An element, or a run of text (named kTextNode) between elements.
constexpr std::string_view kTextNode = "#text";

struct MathNode {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::string text;                   // a text node's text
  std::vector<std::size_t> children;  // elements only: elements and text nodes, in order

  [[nodiscard]] std::string_view attribute(std::string_view wanted) const {
    for (const auto& [attribute_name, value] : attributes) {
      if (attribute_name == wanted) return value;
    }
    return {};
  }
};

// The elements of the markup as a tree; node 0 is a root above the <math> element.
std::vector<MathNode> parse_markup(std::string_view markup) {
  std::vector<MathNode> nodes(1);
  std::vector<std::size_t> open{0};
  html::Tokenizer tokenizer(markup);
  for (const html::Token* token = &tokenizer.next(); token->kind != html::TokenKind::end_of_file;
       token = &tokenizer.next()) {
    if (token->kind == html::TokenKind::characters) {
      MathNode& parent = nodes[open.back()];
      if (!parent.children.empty() && nodes[parent.children.back()].name == kTextNode) {
        nodes[parent.children.back()].text.append(token->text);
      } else if (nodes.size() < kMaxNodes && !trim(token->text).empty()) {
        parent.children.push_back(nodes.size());
        nodes.push_back(MathNode{std::string(kTextNode), {}, std::string(token->text), {}});
      }
      continue;
    }
    if (token->kind == html::TokenKind::start_tag) {
      if (nodes.size() >= kMaxNodes) break;
      MathNode node;
      node.name = std::string(token->name);
      for (const auto& attribute : token->attributes) {
        node.attributes.emplace_back(std::string(attribute.name), std::string(attribute.value));
      }
      const std::size_t index = nodes.size();
      nodes[open.back()].children.push_back(index);
      nodes.push_back(std::move(node));
      // MathML elements honour "/>" (<mspace/>, <none/>, <mprescripts/>). Past the depth bound
      // the elements are flat, and their text goes to the deepest one kept.
      if (!token->self_closing && open.size() <= kMaxDepth) open.push_back(index);
      continue;
    }
    if (token->kind == html::TokenKind::end_tag) {
      const auto match = std::find_if(open.rbegin(), open.rend() - 1,
                                      [&](std::size_t index) { return nodes[index].name == token->name; });
      if (match != open.rend() - 1) open.erase(std::next(match).base(), open.end());
    }
  }
  return nodes;
}

bool is_tex_encoding(std::string_view encoding) {
  const std::string lower = ascii_lower_copy(trim(encoding));
  return lower == "application/x-tex" || lower == "application/x-latex" || lower == "text/x-tex" || lower == "tex" ||
         lower == "latex" || lower == "text/tex";
}

bool is_letter_start(std::string_view piece) { return !piece.empty() && is_ascii_alpha(piece.front()); }

// Whether `out` ends in a control word ("\alpha"), which a letter after it would lengthen.
bool ends_in_control_word(std::string_view out) {
  std::size_t i = out.size();
  while (i > 0 && is_ascii_alpha(out[i - 1])) --i;
  return i < out.size() && i > 0 && out[i - 1] == '\\';
}

// Whether `out` ends in a one-character script without braces ("^n"), which takes only that
// character: "^n" then "k" is right TeX but reads as "^nk", so a space goes between.
bool ends_in_bare_script(std::string_view out) {
  return out.size() >= 2 && is_ascii_alnum(out.back()) && (out[out.size() - 2] == '^' || out[out.size() - 2] == '_');
}

void append_piece(std::string& out, std::string_view piece) {
  if (piece.empty()) return;
  if ((ends_in_control_word(out) && is_letter_start(piece)) ||
      (ends_in_bare_script(out) && is_ascii_alnum(piece.front()))) {
    out.push_back(' ');
  }
  out.append(piece);
}

// The text directly inside an element (an <mi>'s letters).
std::string own_text(const std::vector<MathNode>& nodes, const MathNode& node) {
  std::string text;
  for (const std::size_t child : node.children) {
    if (nodes[child].name == kTextNode) text += nodes[child].text;
  }
  return collapse_whitespace(text);
}

class Converter {
 public:
  explicit Converter(const std::vector<MathNode>& nodes) : nodes_(nodes) {}

  std::string convert(std::size_t index, int depth = 0) {
    const MathNode& node = nodes_[index];
    const std::string_view name = node.name;
    if (name == kTextNode) return escape_text(collapse_whitespace(node.text));
    if (depth > kMaxDepth) return own_text(nodes_, node);
    if (name == "mi") return identifier(node);
    if (name == "mn") return escape_text(own_text(nodes_, node));
    if (name == "mo") return operator_of(own_text(nodes_, node));
    if (name == "mtext" || name == "ms") return text_of(node);
    if (name == "mspace" || name == "mphantom" || name == "none" || name == "mprescripts" || name == "annotation" ||
        name == "annotation-xml" || name == "malignmark" || name == "maligngroup") {
      return {};
    }
    if (name == "semantics") return semantics(node, depth);
    if (name == "mfrac") return two_arguments(node, depth, fraction_command(node));
    if (name == "msqrt") return "\\sqrt{" + row(node.children, depth) + "}";
    if (name == "mroot") return root(node, depth);
    if (name == "msup" || name == "msub" || name == "msubsup") return scripts(node, depth);
    if (name == "munder" || name == "mover" || name == "munderover") return under_over(node, depth);
    if (name == "mfenced") return fenced(node, depth);
    if (name == "mtable") return table(node, depth, "matrix");
    if (name == "menclose") return enclosed(node, depth);
    if (name == "mmultiscripts") return multiscripts(node, depth);
    return row(node.children, depth);
  }

 private:
  // The element children: the arguments of a fraction or a script, by position.
  [[nodiscard]] std::vector<std::size_t> elements_of(const MathNode& node) const {
    std::vector<std::size_t> elements;
    for (const std::size_t child : node.children) {
      if (nodes_[child].name != kTextNode) elements.push_back(child);
    }
    return elements;
  }

  [[nodiscard]] std::string_view first_child_name(const MathNode& node) const {
    const std::vector<std::size_t> elements = elements_of(node);
    return elements.empty() ? std::string_view{} : std::string_view(nodes_[elements.front()].name);
  }

  std::string argument(const MathNode& node, std::size_t at, int depth) {
    const std::vector<std::size_t> elements = elements_of(node);
    return at < elements.size() ? convert(elements[at], depth + 1) : std::string{};
  }

  // A script or a fraction's part: one letter, digit or control word stands alone, else braces.
  static std::string group(const std::string& latex) {
    if (latex.size() == 1 && latex != " ") return latex;
    const bool control_word = latex.size() > 1 && latex.front() == '\\' &&
                              std::all_of(latex.begin() + 1, latex.end(), [](char c) { return is_ascii_alpha(c); });
    if (control_word) return latex;
    return "{" + latex + "}";
  }

  // A base that is itself scripted takes braces: x^2 raised again is {x^2}^3.
  std::string base_of(const MathNode& node, int depth) {
    std::string base = argument(node, 0, depth);
    const std::string_view name = first_child_name(node);
    if (name == "msup" || name == "msub" || name == "msubsup") return "{" + base + "}";
    return base.empty() ? "{}" : base;
  }

  std::string row(const std::vector<std::size_t>& children, int depth) {
    std::string out;
    for (std::size_t i = 0; i < children.size(); ++i) {
      // A matrix between two fences: ( <mtable> ) is one environment.
      if (i + 2 < children.size() && nodes_[children[i + 1]].name == "mtable" && nodes_[children[i]].name == "mo" &&
          nodes_[children[i + 2]].name == "mo") {
        const std::string_view environment = matrix_environment(own_text(nodes_, nodes_[children[i]]));
        if (!environment.empty()) {
          append_piece(out, table(nodes_[children[i + 1]], depth + 1, environment));
          i += 2;
          continue;
        }
      }
      append_piece(out, convert(children[i], depth + 1));
    }
    return out;
  }

  static std::string_view matrix_environment(std::string_view open) {
    if (open == "(") return "pmatrix";
    if (open == "[") return "bmatrix";
    if (open == "{") return "Bmatrix";
    if (open == "|") return "vmatrix";
    if (open == "\u2016") return "Vmatrix";
    return {};
  }

  std::string semantics(const MathNode& node, int depth) {
    for (std::size_t child : node.children) {
      const MathNode& annotation = nodes_[child];
      if (annotation.name == "annotation" && is_tex_encoding(annotation.attribute("encoding"))) {
        return tidy_tex(own_text(nodes_, annotation));
      }
    }
    return node.children.empty() ? std::string{} : convert(node.children.front(), depth + 1);
  }

  std::string identifier(const MathNode& node) {
    const std::string text = own_text(nodes_, node);
    if (const std::string_view symbol = tex_symbol(text); !symbol.empty()) return std::string(symbol);
    if (utf8_length(text) <= 1) {
      const std::string_view variant = node.attribute("mathvariant");
      if (variant == "normal" && is_letter_start(text)) return "\\mathrm{" + text + "}";
      if (variant == "bold") return "\\mathbf{" + escape_text(text) + "}";
      if (variant == "double-struck") return "\\mathbb{" + text + "}";
      return escape_text(text);
    }
    if (is_function_name(text)) return "\\" + text;
    return "\\mathrm{" + escape_text(text) + "}";
  }

  static std::size_t utf8_length(std::string_view text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
  }

  static std::string operator_of(const std::string& text) {
    if (const std::string_view symbol = tex_symbol(text); !symbol.empty()) {
      return symbol == kInvisibleSymbol ? std::string{} : std::string(symbol);
    }
    if (is_function_name(text)) return "\\" + text;
    return escape_text(text);
  }

  std::string text_of(const MathNode& node) {
    // An mtext holding markup (an HTML integration point) is read as its text.
    std::string text;
    for (const std::size_t child : node.children) {
      text += nodes_[child].name == kTextNode ? nodes_[child].text : own_text(nodes_, nodes_[child]);
    }
    const std::string collapsed = collapse_whitespace(text);
    if (collapsed.empty()) return text.empty() ? std::string{} : std::string("\\ ");
    std::string quoted = node.name == "ms" ? "\"" + collapsed + "\"" : collapsed;
    // Words beside a formula keep their spaces ("x \\text{ for all } y"): TeX drops spaces only
    // outside \\text.
    if (is_ascii_space(text.front())) quoted.insert(quoted.begin(), ' ');
    if (is_ascii_space(text.back())) quoted.push_back(' ');
    return "\\text{" + escape_text(quoted) + "}";
  }

  static std::string fraction_command(const MathNode& node) {
    const std::string_view thickness = trim(node.attribute("linethickness"));
    return thickness == "0" || thickness == "0px" || thickness == "0em" ? "\\binom" : "\\frac";
  }

  std::string two_arguments(const MathNode& node, int depth, const std::string& command) {
    return command + "{" + argument(node, 0, depth) + "}{" + argument(node, 1, depth) + "}";
  }

  std::string root(const MathNode& node, int depth) {
    return "\\sqrt[" + argument(node, 1, depth) + "]{" + argument(node, 0, depth) + "}";
  }

  std::string scripts(const MathNode& node, int depth) {
    std::string out = base_of(node, depth);
    if (node.name == "msub" || node.name == "msubsup") out.append("_").append(group(argument(node, 1, depth)));
    if (node.name == "msup") out.append("^").append(group(argument(node, 1, depth)));
    if (node.name == "msubsup") out.append("^").append(group(argument(node, 2, depth)));
    return out;
  }

  // A big operator or a limit takes its under- and overscripts as limits; an accent goes over
  // its base; anything else is set over or under.
  std::string under_over(const MathNode& node, int depth) {
    const std::string base = argument(node, 0, depth);
    const std::string first = argument(node, 1, depth);
    const std::string second = node.name == "munderover" ? argument(node, 2, depth) : std::string{};
    const bool over_only = node.name == "mover";
    if (is_big_operator(base)) {
      std::string out = base;
      if (over_only) return out.append("^").append(group(first));
      out.append("_").append(group(first));
      if (node.name == "munderover") out.append("^").append(group(second));
      return out;
    }
    if (const std::vector<std::size_t> elements = elements_of(node); elements.size() >= 2) {
      const std::string mark = own_text(nodes_, nodes_[elements[1]]);
      if (const std::string_view accent = accent_command(mark, over_only); !accent.empty()) {
        return std::string(accent) + "{" + base + "}";
      }
    }
    if (over_only) return "\\overset{" + first + "}{" + base + "}";
    if (node.name == "munder") return "\\underset{" + first + "}{" + base + "}";
    return "\\overset{" + second + "}{\\underset{" + first + "}{" + base + "}}";
  }

  std::string fenced(const MathNode& node, int depth) {
    std::string open = "(";
    std::string close = ")";
    std::string separators = ",";
    for (const auto& [name, value] : node.attributes) {
      if (name == "open") open = value;
      if (name == "close") close = value;
      if (name == "separators") separators = collapse_whitespace(value);
    }
    if (const std::vector<std::size_t> elements = elements_of(node);
        elements.size() == 1 && nodes_[elements.front()].name == "mtable") {
      const std::string_view environment = matrix_environment(open);
      if (!environment.empty()) return table(nodes_[elements.front()], depth + 1, environment);
    }
    std::string out = operator_of(open);
    for (std::size_t i = 0; i < node.children.size(); ++i) {
      if (i > 0 && !separators.empty()) out += separators[std::min(i - 1, separators.size() - 1)];
      append_piece(out, convert(node.children[i], depth + 1));
    }
    return out + operator_of(close);
  }

  std::string table(const MathNode& node, int depth, std::string_view environment) {
    std::string out = "\\begin{" + std::string(environment) + "}";
    bool first_row = true;
    for (std::size_t row_index : node.children) {
      const MathNode& table_row = nodes_[row_index];
      if (table_row.name != "mtr" && table_row.name != "mlabeledtr") continue;
      if (!first_row) out += " \\\\";
      first_row = false;
      bool first_cell = true;
      // A labelled row's first cell is its equation number, not a column.
      const std::size_t skip = table_row.name == "mlabeledtr" ? 1 : 0;
      for (std::size_t c = skip; c < table_row.children.size(); ++c) {
        out += first_cell ? " " : " & ";
        first_cell = false;
        out += convert(table_row.children[c], depth + 1);
      }
    }
    return out + " \\end{" + std::string(environment) + "}";
  }

  std::string enclosed(const MathNode& node, int depth) {
    const std::string inner = row(node.children, depth);
    const std::string_view notation = node.attribute("notation");
    if (notation.find("updiagonalstrike") != std::string_view::npos) return "\\cancel{" + inner + "}";
    if (notation.find("box") != std::string_view::npos || notation.empty()) return "\\boxed{" + inner + "}";
    return inner;
  }

  // Scripts after the base, then those before it (after <mprescripts/>), in pairs.
  std::string multiscripts(const MathNode& node, int depth) {
    std::string post;
    std::string pre;
    bool before = false;
    const std::vector<std::size_t> elements = elements_of(node);
    std::size_t i = 1;
    while (i < elements.size()) {
      if (nodes_[elements[i]].name == "mprescripts") {
        before = true;
        ++i;
        continue;
      }
      const std::string sub = argument(node, i, depth);
      const std::string sup = argument(node, i + 1, depth);
      std::string& out = before ? pre : post;
      if (!sub.empty()) out.append("_").append(group(sub));
      if (!sup.empty()) out.append("^").append(group(sup));
      i += 2;
    }
    return (pre.empty() ? "" : "{}" + pre) + base_of(node, depth) + post;
  }

  const std::vector<MathNode>& nodes_;
};

}  // namespace

namespace {

// "\begin{align*} a&=b \end{align*}" -> "\begin{aligned} a&=b \end{aligned}"; other TeX as it is.
std::string without_display_environment(std::string tex) {
  constexpr std::string_view kBegin = "\\begin{";
  if (!tex.starts_with(kBegin)) return tex;
  const std::size_t name_end = tex.find('}', kBegin.size());
  if (name_end == std::string::npos) return tex;
  const std::string_view full_name = std::string_view(tex).substr(kBegin.size(), name_end - kBegin.size());
  const TexEnvironment* found = find_tex_environment(full_name);
  const std::string end = std::string("\\end{").append(full_name) += '}';
  if (found == nullptr || found->inside_display_math == full_name || !tex.ends_with(end)) return tex;
  const std::string_view body =
      trim(std::string_view(tex).substr(name_end + 1, tex.size() - end.size() - name_end - 1));
  if (found->inside_display_math.empty()) return std::string(body);
  std::string out("\\begin{");
  out.append(found->inside_display_math) += '}';
  // An argument ("{2}" of alignat) stays against the name it belongs to.
  if (!body.starts_with('{')) out += ' ';
  out.append(body).append(" \\end{").append(found->inside_display_math) += '}';
  return out;
}

}  // namespace

std::string tidy_tex(std::string_view tex) {
  std::string out = without_display_environment(collapse_whitespace(tex));
  for (std::string_view style : {"{\\displaystyle ", "{\\textstyle "}) {
    if (out.starts_with(style) && out.ends_with('}')) {
      // Only when the opening brace closes at the very end: "{\displaystyle a}+{b}" keeps it.
      int level = 0;
      std::size_t closes_at = std::string::npos;
      for (std::size_t i = 0; i < out.size(); ++i) {
        if (out[i] == '\\') {
          ++i;
          continue;
        }
        if (out[i] == '{') ++level;
        if (out[i] == '}' && --level == 0) {
          closes_at = i;
          break;
        }
      }
      if (closes_at == out.size() - 1) out = collapse_whitespace(out.substr(style.size(), closes_at - style.size()));
    }
  }
  return out;
}

std::optional<Formula> formula_from_mathml(std::string_view markup) {
  const std::vector<MathNode> nodes = parse_markup(markup);
  if (nodes.front().children.empty()) return std::nullopt;
  const std::size_t math = nodes.front().children.front();
  const MathNode& element = nodes[math];
  Formula formula;
  formula.display = ascii_lower_copy(trim(element.attribute("display"))) == "block" ||
                    ascii_lower_copy(trim(element.attribute("mode"))) == "display";
  formula.latex = Converter(nodes).convert(math);
  // MediaWiki writes the TeX source in alttext too; conversion is the last resort.
  const bool has_tex_annotation = std::any_of(nodes.begin(), nodes.end(), [](const MathNode& node) {
    return node.name == "annotation" && is_tex_encoding(node.attribute("encoding"));
  });
  // Only an alttext written in TeX: some pages describe the formula there in words.
  const std::string_view alttext = trim(element.attribute("alttext"));
  if (!has_tex_annotation && alttext.find_first_of("\\{^_") != std::string_view::npos) {
    formula.latex = tidy_tex(element.attribute("alttext"));
  }
  formula.latex = collapse_whitespace(formula.latex);
  if (formula.latex.empty()) return std::nullopt;
  return formula;
}

}  // namespace pagemd::extract
