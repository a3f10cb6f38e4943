#include <algorithm>
#include <array>
#include <string>
#include <span>
#include <utility>
#include <vector>

#include "parse/tree_construction.hpp"
#include "text/text_util.hpp"

// Foreign content: <svg> and <math> subtrees, their integration points, the start tags that
// break out of them, and the names the standard adjusts ("13.2.6.5 The rules for parsing tokens
// in foreign content").

namespace pagemd::extract::html {
namespace {

using Rename = std::pair<std::string_view, std::string_view>;

// SVG's camelCase element names, which the tokenizer has lower-cased.
constexpr auto kSvgElementNames = std::to_array<Rename>({
    {"altglyph", "altGlyph"},
    {"altglyphdef", "altGlyphDef"},
    {"altglyphitem", "altGlyphItem"},
    {"animatecolor", "animateColor"},
    {"animatemotion", "animateMotion"},
    {"animatetransform", "animateTransform"},
    {"clippath", "clipPath"},
    {"feblend", "feBlend"},
    {"fecolormatrix", "feColorMatrix"},
    {"fecomponenttransfer", "feComponentTransfer"},
    {"fecomposite", "feComposite"},
    {"feconvolvematrix", "feConvolveMatrix"},
    {"fediffuselighting", "feDiffuseLighting"},
    {"fedisplacementmap", "feDisplacementMap"},
    {"fedistantlight", "feDistantLight"},
    {"fedropshadow", "feDropShadow"},
    {"feflood", "feFlood"},
    {"fefunca", "feFuncA"},
    {"fefuncb", "feFuncB"},
    {"fefuncg", "feFuncG"},
    {"fefuncr", "feFuncR"},
    {"fegaussianblur", "feGaussianBlur"},
    {"feimage", "feImage"},
    {"femerge", "feMerge"},
    {"femergenode", "feMergeNode"},
    {"femorphology", "feMorphology"},
    {"feoffset", "feOffset"},
    {"fepointlight", "fePointLight"},
    {"fespecularlighting", "feSpecularLighting"},
    {"fespotlight", "feSpotLight"},
    {"fetile", "feTile"},
    {"feturbulence", "feTurbulence"},
    {"foreignobject", "foreignObject"},
    {"glyphref", "glyphRef"},
    {"lineargradient", "linearGradient"},
    {"radialgradient", "radialGradient"},
    {"textpath", "textPath"},
});

// SVG's camelCase attribute names.
constexpr auto kSvgAttributeNames = std::to_array<Rename>({
    {"attributename", "attributeName"},
    {"attributetype", "attributeType"},
    {"basefrequency", "baseFrequency"},
    {"baseprofile", "baseProfile"},
    {"calcmode", "calcMode"},
    {"clippathunits", "clipPathUnits"},
    {"diffuseconstant", "diffuseConstant"},
    {"edgemode", "edgeMode"},
    {"filterunits", "filterUnits"},
    {"glyphref", "glyphRef"},
    {"gradienttransform", "gradientTransform"},
    {"gradientunits", "gradientUnits"},
    {"kernelmatrix", "kernelMatrix"},
    {"kernelunitlength", "kernelUnitLength"},
    {"keypoints", "keyPoints"},
    {"keysplines", "keySplines"},
    {"keytimes", "keyTimes"},
    {"lengthadjust", "lengthAdjust"},
    {"limitingconeangle", "limitingConeAngle"},
    {"markerheight", "markerHeight"},
    {"markerunits", "markerUnits"},
    {"markerwidth", "markerWidth"},
    {"maskcontentunits", "maskContentUnits"},
    {"maskunits", "maskUnits"},
    {"numoctaves", "numOctaves"},
    {"pathlength", "pathLength"},
    {"patterncontentunits", "patternContentUnits"},
    {"patterntransform", "patternTransform"},
    {"patternunits", "patternUnits"},
    {"pointsatx", "pointsAtX"},
    {"pointsaty", "pointsAtY"},
    {"pointsatz", "pointsAtZ"},
    {"preservealpha", "preserveAlpha"},
    {"preserveaspectratio", "preserveAspectRatio"},
    {"primitiveunits", "primitiveUnits"},
    {"refx", "refX"},
    {"refy", "refY"},
    {"repeatcount", "repeatCount"},
    {"repeatdur", "repeatDur"},
    {"requiredextensions", "requiredExtensions"},
    {"requiredfeatures", "requiredFeatures"},
    {"specularconstant", "specularConstant"},
    {"specularexponent", "specularExponent"},
    {"spreadmethod", "spreadMethod"},
    {"startoffset", "startOffset"},
    {"stddeviation", "stdDeviation"},
    {"stitchtiles", "stitchTiles"},
    {"surfacescale", "surfaceScale"},
    {"systemlanguage", "systemLanguage"},
    {"tablevalues", "tableValues"},
    {"targetx", "targetX"},
    {"targety", "targetY"},
    {"textlength", "textLength"},
    {"viewbox", "viewBox"},
    {"viewtarget", "viewTarget"},
    {"xchannelselector", "xChannelSelector"},
    {"ychannelselector", "yChannelSelector"},
    {"zoomandpan", "zoomAndPan"},
});

std::string_view renamed(std::string_view name, std::span<const Rename> table) {
  const auto found = std::find_if(table.begin(), table.end(), [&](const Rename& r) { return r.first == name; });
  return found == table.end() ? name : found->second;
}

// The start tags that end foreign content (<font> only with color, face or size).
bool breaks_out(const Token& token) {
  if (is_heading(token.tag)) return true;
  switch (token.tag) {
    case HtmlTag::b:
    case HtmlTag::big:
    case HtmlTag::blockquote:
    case HtmlTag::body:
    case HtmlTag::br:
    case HtmlTag::center:
    case HtmlTag::code:
    case HtmlTag::dd:
    case HtmlTag::div:
    case HtmlTag::dl:
    case HtmlTag::dt:
    case HtmlTag::em:
    case HtmlTag::embed:
    case HtmlTag::head:
    case HtmlTag::hr:
    case HtmlTag::i:
    case HtmlTag::img:
    case HtmlTag::li:
    case HtmlTag::listing:
    case HtmlTag::menu:
    case HtmlTag::meta:
    case HtmlTag::nobr:
    case HtmlTag::ol:
    case HtmlTag::p:
    case HtmlTag::pre:
    case HtmlTag::ruby:
    case HtmlTag::s:
    case HtmlTag::small:
    case HtmlTag::span:
    case HtmlTag::strong:
    case HtmlTag::strike:
    case HtmlTag::sub:
    case HtmlTag::sup:
    case HtmlTag::table:
    case HtmlTag::tt:
    case HtmlTag::u:
    case HtmlTag::ul:
    case HtmlTag::var: return true;
    case HtmlTag::font:
      return std::any_of(token.attributes.begin(), token.attributes.end(),
                         [](const Attribute& a) { return a.name == "color" || a.name == "face" || a.name == "size"; });
    default: return false;
  }
}

}  // namespace

bool TreeBuilder::is_mathml_text_integration_point(NodeId id) const {
  if (doc_.element_namespace(id) != Namespace::mathml) return false;
  const std::string_view name = name_of(id);
  return name == "mi" || name == "mo" || name == "mn" || name == "ms" || name == "mtext";
}

bool TreeBuilder::is_html_integration_point(NodeId id) const {
  const Namespace space = doc_.element_namespace(id);
  if (space == Namespace::html) return false;
  const std::string_view name = name_of(id);
  if (space == Namespace::svg) return name == "foreignObject" || name == "desc" || name == "title";
  if (space != Namespace::mathml || name != "annotation-xml") return false;
  const std::string_view* encoding = doc_.attribute(id, "encoding");
  return encoding != nullptr && (core::equals_ignore_case(*encoding, "text/html") ||
                                 core::equals_ignore_case(*encoding, "application/xhtml+xml"));
}

bool TreeBuilder::is_foreign_boundary(NodeId id) const {
  if (!is_foreign(id)) return false;
  return is_mathml_text_integration_point(id) ||
         (doc_.element_namespace(id) == Namespace::mathml && name_of(id) == "annotation-xml") ||
         (doc_.element_namespace(id) == Namespace::svg && is_html_integration_point(id));
}

void TreeBuilder::foreign_characters(std::string_view text) {
  // NUL, which the tokenizer left in, stands as U+FFFD, and unlike other text does not rule out a
  // frameset page.
  if (std::any_of(text.begin(), text.end(), [](char c) { return c != '\0' && !is_ascii_space(c); })) {
    frameset_ok_ = false;
  }
  if (text.find('\0') == std::string_view::npos) {
    insert_text(text);
    return;
  }
  std::string replaced;
  for (const char c : text) {
    if (c == '\0') {
      replaced.append("\xEF\xBF\xBD");
    } else {
      replaced.push_back(c);
    }
  }
  insert_text(replaced);
}

bool TreeBuilder::uses_foreign_rules(const Token& token) const {
  if (open_.empty() || !is_foreign(current())) return false;
  const NodeId node = current();
  const bool start = token.kind == TokenKind::start_tag;
  if (is_mathml_text_integration_point(node) &&
      ((start && token.name != "mglyph" && token.name != "malignmark") || token.kind == TokenKind::characters)) {
    return false;
  }
  if (start && token.tag == HtmlTag::svg && doc_.element_namespace(node) == Namespace::mathml &&
      name_of(node) == "annotation-xml") {
    return false;
  }
  return !(is_html_integration_point(node) && (start || token.kind == TokenKind::characters));
}

void TreeBuilder::insert_foreign(const Token& token, Namespace space) {
  std::vector<Attribute> attributes(token.attributes.begin(), token.attributes.end());
  for (Attribute& attribute : attributes) {
    if (space == Namespace::svg) attribute.name = renamed(attribute.name, kSvgAttributeNames);
    if (space == Namespace::mathml && attribute.name == "definitionurl") attribute.name = "definitionURL";
  }
  const std::string_view name = space == Namespace::svg ? renamed(token.name, kSvgElementNames) : token.name;
  insert_element(HtmlTag::unknown, name, attributes, space);
  if (token.self_closing) open_.pop_back();
}

void TreeBuilder::leave_foreign_content() {
  while (!open_.empty() && is_foreign(current()) && !is_mathml_text_integration_point(current()) &&
         !is_html_integration_point(current())) {
    open_.pop_back();
  }
}

bool TreeBuilder::foreign_start(const Token& token) {
  if (breaks_out(token)) {
    leave_foreign_content();
    return false;
  }
  insert_foreign(token, doc_.element_namespace(current()));
  return true;
}

void TreeBuilder::foreign_end(const Token& token) {
  // </p> and </br> are HTML's even inside an <svg> or <math>: they end it, as their start tags would.
  if (token.tag == HtmlTag::p || token.tag == HtmlTag::br) {
    leave_foreign_content();
    while (!end_tag_in_mode(token)) {
    }
    return;
  }
  for (std::size_t i = open_.size(); i-- > 1;) {
    const NodeId node = open_[i];
    if (!is_foreign(node)) {
      while (!end_tag_in_mode(token)) {
      }
      return;
    }
    if (core::equals_ignore_case(name_of(node), token.name)) {
      open_.resize(i);
      return;
    }
  }
}

}  // namespace pagemd::extract::html
