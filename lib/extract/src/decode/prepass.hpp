#pragma once

// A single linear scan over the UTF-8 HTML, before gumbo sees it, that follows the HTML
// tokenizer's rules for where tags, comments and raw-text elements begin and end. It
//  - drops what can never be Markdown: comments, <script>, <style>, <noscript> (unless it holds a
//    page's worth of text, which is then kept as markup), <template>,
//    <iframe>, <noembed>, <noframes>, <object>, <svg> and <math> subtrees (most of a page's bytes);
//  - keeps each formula (a <math> subtree, a MathJax script) as an attribute of an empty <span>;
//  - keeps the bodies of <script type="application/ld+json"> aside for the metadata reader;
//  - bounds how deep elements nest, as browsers do, so that gumbo (quadratic on deep trees and
//    recursive when freeing) only ever sees a shallow document;
//  - bounds how many attributes an element keeps, since gumbo checks each new attribute against all
//    the earlier ones (one element with 300,000 attributes took minutes).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pagemd::extract {

// The attribute of the empty <span> the prepass leaves where a React streaming placeholder
// (<template id="B:1">) stood, the template itself being dropped.
inline constexpr std::string_view kReactSlotAttribute = "data-pagemd-react-slot";

// The attributes of the empty <span> the prepass leaves where a formula stood, the formula being
// cut out with the rest of the foreign content and the scripts: the markup of a <math> element
// (math/ reads it), or the TeX of a MathJax <script type="math/tex"> (with the display attribute
// when its mode is display).
inline constexpr std::string_view kMathMarkupAttribute = "data-pagemd-mathml";
inline constexpr std::string_view kTexScriptAttribute = "data-pagemd-tex";
inline constexpr std::string_view kTexDisplayAttribute = "data-pagemd-display";

// React's streaming server rendering names the parts of a page by a letter, a colon and hexadecimal
// digits: <template id="B:1"> (a Suspense boundary) or <template id="P:1"> (a placeholder) where
// content streamed later in the page belongs, and <div hidden id="S:1"> that content. Whether `id`
// is such a name with one of `letters`.
[[nodiscard]] bool is_react_stream_id(std::string_view id, std::string_view letters);

// Browsers stop nesting near 512 open elements; deeper start tags are dropped (their text stays).
inline constexpr std::size_t kMaxOpenElements = 400;
// Attributes an element keeps; the rest of its start tag is dropped. No real page comes near.
inline constexpr std::size_t kMaxAttributes = 256;

struct PrepassResult {
  std::string html;                  // the document with the dropped parts cut out
  std::vector<std::string> json_ld;  // raw bodies of ld+json scripts, in document order
  // Signs of a page that builds itself with scripts (see looks_like_app_shell):
  std::size_t script_bytes = 0;  // in the bodies of scripts that run (not data such as ld+json)
  bool noscript_pleads = false;  // a dropped <noscript> names JavaScript ("please enable JavaScript")
  // What walls/ recognises vendors' challenge scripts and client-side templates by, from elements
  // the prepass drops: each script's (and iframe's) attributes and the start of its body, each
  // <template>'s attributes, a line each, up to kMaxScriptSigns and kMaxTemplateSigns bytes.
  std::string script_signs;
  std::string template_signs;
};

inline constexpr std::size_t kMaxScriptSigns = std::size_t{32} << 10;
inline constexpr std::size_t kScriptSignBodyBytes = 1536;
inline constexpr std::size_t kMaxTemplateSigns = std::size_t{4} << 10;

[[nodiscard]] PrepassResult prepass(std::string_view utf8_html, std::size_t max_open_elements = kMaxOpenElements);

}  // namespace pagemd::extract
