#include "tree/formula_elements.hpp"

#include <string>
#include <string_view>

#include "text/text_util.hpp"

namespace pagemd::extract {

// Whether an image's address or class says it draws TeX: latex.php (WordPress), codecogs'
// svg.latex, mimetex and mathtex CGIs, MediaWiki's /math/render/, and classes naming math.
bool is_formula_image(const Document& doc, NodeId id) {
  if (!doc.is_element(id, HtmlTag::img) || doc.attribute(id, "alt") == nullptr) return false;
  if (const std::string_view* src = doc.attribute(id, "src")) {
    const std::string lower = ascii_lower_copy(*src);
    for (const std::string_view sign : {"latex", "/math/render/", "mimetex", "mathtex"}) {
      if (lower.find(sign) != std::string::npos) return true;
    }
  }
  const std::string_view* names = doc.attribute(id, "class");
  return names != nullptr && any_token(*names, [](std::string_view token) {
           const std::string lower = ascii_lower_copy(token);
           return lower == "latex" || lower == "tex" || lower == "math" || lower == "equation" ||
                  lower.find("math-fallback") != std::string::npos || lower.starts_with("mwe-math");
         });
}

bool holds_formula_source(const Document& doc, NodeId id) {
  if (doc.node(id).kind != NodeKind::element || doc.attributes(id).empty()) return false;
  return doc.attribute(id, kMathMarkupAttribute) != nullptr || doc.attribute(id, kTexScriptAttribute) != nullptr ||
         doc.attribute(id, "data-latex") != nullptr || doc.attribute(id, "data-tex") != nullptr;
}

bool holds_delimited_tex(const Document& doc, NodeId id) {
  // Asked of every text's parent: most are paragraphs, links and emphasis.
  const Node& n = doc.node(id);
  if (n.kind != NodeKind::element || (n.tag != HtmlTag::span && n.tag != HtmlTag::div && n.tag != HtmlTag::unknown)) {
    return false;
  }
  if (n.tag == HtmlTag::unknown) return doc.name(id) == "math-renderer";
  const std::string_view* names = doc.attribute(id, "class");
  if (names == nullptr) return false;
  bool math = false;
  bool placed = false;
  bool arithmatex = false;
  any_token(*names, [&](std::string_view token) {
    math = math || token == "math";
    placed = placed || token == "inline" || token == "display";
    arithmatex = arithmatex || token == "arithmatex";
    return false;
  });
  return (math && placed) || arithmatex;
}

}  // namespace pagemd::extract
