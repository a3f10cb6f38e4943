#include "markdown/code/code_blocks.hpp"

#include <algorithm>
#include <string_view>

#include "text/text_util.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract {

using namespace std::string_view_literals;
namespace {

// A language label is one short word.
constexpr std::size_t kLongestLabel = 20;
// How many levels above the <pre> a docs site's wrapper may name the language.
constexpr int kWrapperLevels = 2;

// The language of a code block, from the class conventions of highlighters and Markdown renderers
// (`language-x`, `lang-x`, `highlight-x`, `highlight-source-x`, `brush: x`) or a data attribute.
std::string code_language(const Document& doc, NodeId id) {
  if (const std::string_view* cls = doc.attribute(id, "class")) {
    std::string_view rest = *cls;
    std::string_view previous;
    while (!rest.empty()) {
      const std::size_t start = rest.find_first_not_of(" \t\n\r\f");
      if (start == std::string_view::npos) break;
      rest.remove_prefix(start);
      const std::size_t end = std::min(rest.find_first_of(" \t\n\r\f"), rest.size());
      const std::string_view token = rest.substr(0, end);
      rest.remove_prefix(end);
      for (std::string_view prefix : {"language-", "lang-", "highlight-source-", "highlight-", "sourcecode-"}) {
        if (token.size() > prefix.size() && equals_ignore_case(token.substr(0, prefix.size()), prefix)) {
          return ascii_lower_copy(token.substr(prefix.size()));
        }
      }
      if (previous == "brush:") return ascii_lower_copy(token.substr(0, token.find(';')));
      previous = token;
    }
  }
  for (std::string_view attr : {"data-lang"sv, "data-language"sv, "lang"sv}) {
    if (const std::string_view* value = doc.attribute(id, attr); value && !trim(*value).empty()) {
      if (std::string_view(attr) == "lang" && !doc.is_element(id, HtmlTag::code)) continue;
      return ascii_lower_copy(trim(*value));
    }
  }
  return {};
}

NodeId next_element(const Document& doc, NodeId id) {
  do {
    id = doc.node(id).next_sibling;
  } while (id != kNoNode && doc.node(id).kind != NodeKind::element);
  return id;
}

NodeId first_child_element(const Document& doc, NodeId id, HtmlTag tag) {
  for (NodeId c = doc.node(id).first_child(); c != kNoNode; c = doc.node(c).next_sibling) {
    if (doc.is_element(c, tag)) return c;
  }
  return kNoNode;
}

// A class saying "this is the language label" (lang, code-lang, language-id), not one naming a
// language itself (language-ts, lang-js).
bool names_a_language(const Document& doc, NodeId id) {
  const std::string_view* classes = doc.attribute(id, "class");
  return classes != nullptr && any_token(*classes, [](std::string_view token) {
           const std::string lower = ascii_lower_copy(token);
           if (lower.find("lang") == std::string::npos) return false;
           const bool names_one = lower.starts_with("language-") || lower.starts_with("lang-");
           return !names_one || lower.ends_with("-id") || lower.ends_with("-label") || lower.ends_with("-name");
         });
}

// The label's word, when `id` looks like one: a single short word.
std::string label_text(const Document& doc, NodeId id) {
  std::string text = collapse_whitespace(doc.text_content(id));
  if (text.empty() || text.size() > kLongestLabel || text.find(' ') != std::string::npos) return {};
  return text;
}

// The <pre> that `id` is inside of (up to a few levels), else kNoNode.
NodeId enclosing_pre(const Document& doc, NodeId id) {
  constexpr int kLevels = 6;
  return ancestor_within(doc, id, HtmlTag::pre, kLevels);
}

bool inside_code(const Document& doc, NodeId id, NodeId pre) {
  for (NodeId at = id; at != kNoNode && at != pre; at = doc.node(at).parent) {
    if (doc.is_element(at, HtmlTag::code)) return true;
  }
  return false;
}

bool holds_code(const Document& doc, NodeId pre) {
  const NodeId code = doc.find_first(HtmlTag::code, pre);
  return code != kNoNode && doc.contains(pre, code);
}

// The <pre> a label or a button before it belongs to: one of the next two elements beside it.
NodeId pre_after(const Document& doc, NodeId id) {
  NodeId at = id;
  for (int hop = 0; hop < 2; ++hop) {
    at = next_element(doc, at);
    if (at == kNoNode) return kNoNode;
    if (doc.is_element(at, HtmlTag::pre)) return at;
  }
  return kNoNode;
}

std::string language_of_classes(const Document& doc, NodeId pre) {
  std::string language = code_language(doc, pre);
  if (!language.empty()) return language;
  // The usual shape is <pre><code class="language-x">; look one level down.
  if (const NodeId code = first_child_element(doc, pre, HtmlTag::code); code != kNoNode) {
    language = code_language(doc, code);
    if (!language.empty()) return language;
  }
  NodeId wrapper = doc.node(pre).parent;
  for (int level = 0; level < kWrapperLevels && wrapper != kNoNode; ++level, wrapper = doc.node(wrapper).parent) {
    if (doc.node(wrapper).kind != NodeKind::element || doc.node(wrapper).tag == HtmlTag::body) break;
    language = code_language(doc, wrapper);
    if (!language.empty()) return language;
  }
  return {};
}

}  // namespace

std::string pre_language(const Document& doc, NodeId pre) {
  std::string language = language_of_classes(doc, pre);
  if (!language.empty()) return language;
  // A label that says it is one, inside the block before its code or just before the block.
  for (NodeId c = doc.node(pre).first_child(); c != kNoNode; c = doc.node(c).next_sibling) {
    if (doc.node(c).kind != NodeKind::element) continue;
    if (doc.is_element(c, HtmlTag::code)) break;
    if (names_a_language(doc, c)) return ascii_lower_copy(label_text(doc, c));
  }
  const NodeId parent = doc.node(pre).parent;
  if (parent == kNoNode) return {};
  for (NodeId c = doc.node(parent).first_child(); c != kNoNode && c != pre; c = doc.node(c).next_sibling) {
    if (doc.node(c).kind == NodeKind::element && names_a_language(doc, c) && pre_after(doc, c) == pre) {
      return ascii_lower_copy(label_text(doc, c));
    }
  }
  return {};
}

bool is_code_block_control(const Document& doc, NodeId id) {
  const Node& n = doc.node(id);
  if (n.kind != NodeKind::element || n.tag == HtmlTag::pre || n.tag == HtmlTag::code) return false;
  NodeId pre = enclosing_pre(doc, id);
  const bool inside = pre != kNoNode;
  if (inside && inside_code(doc, id, pre)) return false;
  if (!inside) pre = pre_after(doc, id);
  if (pre == kNoNode) return false;
  if (n.tag == HtmlTag::button) return true;
  // A link inside the block but outside its code: the "Try" of a playground.
  if (inside && n.tag == HtmlTag::a && holds_code(doc, pre)) return true;
  // A paragraph or a heading saying "Python" over the block is the author's, not the site's label.
  if (n.tag == HtmlTag::p || n.tag == HtmlTag::h1 || n.tag == HtmlTag::h2 || n.tag == HtmlTag::h3 ||
      n.tag == HtmlTag::h4 || n.tag == HtmlTag::h5 || n.tag == HtmlTag::h6) {
    return false;
  }
  const std::string label = label_text(doc, id);
  if (label.empty()) return false;
  return names_a_language(doc, id) || equals_ignore_case(label, pre_language(doc, pre));
}

bool is_code_annotation(const Document& doc, NodeId id) {
  if (doc.node(id).kind != NodeKind::element) return false;
  const std::string_view* names = doc.attribute(id, "class");
  if (names == nullptr) return false;
  // A highlighter's "error" token is a leaf of text; an error message set under the line holds the
  // message and its number in elements of their own.
  const bool holds_elements = [&] {
    for (NodeId child = doc.node(id).first_child(); child != kNoNode; child = doc.node(child).next_sibling) {
      if (doc.node(child).kind == NodeKind::element) return true;
    }
    return false;
  }();
  return any_token(*names, [&](std::string_view name) {
    const std::string lower = ascii_lower_copy(name);
    // The code a tooltip opens from ("tooltip-trigger") is code.
    const bool popup = (lower.find("tooltip") != std::string::npos || lower.find("popover") != std::string::npos ||
                        lower.find("popup") != std::string::npos) &&
                       lower.find("trigger") == std::string::npos;
    return popup || lower == "error-behind" || lower.starts_with("twoslash-meta") ||
           lower.find("error-line") != std::string::npos ||
           (holds_elements && (lower == "error" || lower.ends_with("-error")));
  });
}

}  // namespace pagemd::extract
