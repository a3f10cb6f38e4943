#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "parse/tree_construction.hpp"
#include "text/text_util.hpp"

// What the tree construction does beyond the standard: the bounds that keep a hostile page's
// tree small, and for a page's tree (Document::build_page) the parts left out of it, with what the
// readers need of them kept in PageRecords. The tree builder reads every byte once, by the
// standard's rules: where a script, a comment or an SVG icon ends is decided where the tree is
// built, so that text around them lands where a browser puts it.

namespace pagemd::extract {
namespace {

// Each reopening of formatting elements (after a block closed them) copies the whole list, so a
// page of thousands of distinct unclosed <b id=…> would build a tree quadratic in its size.
constexpr std::size_t kMaxActiveFormatting = 32;

// A formula's markup beyond this size is left out with the rest: no page writes one formula that long.
constexpr std::size_t kMaxFormulaBytes = std::size_t{256} * 1024;

bool is_ld_json(std::string_view type) {
  type = type.substr(0, type.find(';'));
  return equals_ignore_case(trim(type), "application/ld+json");
}

// A script type a browser runs (module, text/javascript and its aliases), rather than data.
bool is_script_type(std::string_view type) {
  const std::string lower = ascii_lower_copy(trim(type.substr(0, type.find(';'))));
  const std::string_view name = lower;
  return name.empty() || name == "module" || name.ends_with("javascript") || name.ends_with("ecmascript");
}

// MathJax's scripts: "math/tex", "math/tex; mode=display", "math/mml".
enum class MathScript : std::uint8_t { none, tex, tex_display, mathml };
MathScript math_script_of(std::string_view type) {
  const std::string lower = ascii_lower_copy(trim(type));
  const std::string_view name = trim(std::string_view(lower).substr(0, lower.find(';')));
  if (name == "math/mml") return MathScript::mathml;
  if (name != "math/tex" && name != "math/latex") return MathScript::none;
  return lower.find("mode=display") != std::string::npos ? MathScript::tex_display : MathScript::tex;
}

// Whether the markup of a <noscript> holds text worth reading: Discourse and other script-built
// sites serve the page itself there, while most hold a tracking pixel, a lazy image's fallback or an
// "enable JavaScript" line.
bool holds_a_page(std::string_view markup) {
  constexpr std::size_t kPageChars = 200;
  std::size_t chars = 0;
  bool in_tag = false;
  for (const char c : markup) {
    if (c == '<') {
      in_tag = true;
    } else if (c == '>') {
      in_tag = false;
    } else if (!in_tag && !is_ascii_space(c) && ++chars >= kPageChars) {
      return true;
    }
  }
  return false;
}

// The source of the first image in `markup`, character references decoded; empty without one.
std::string first_image_source(std::string_view markup) {
  html::Tokenizer tokenizer(markup);
  for (const html::Token* token = &tokenizer.next(); token->kind != html::TokenKind::end_of_file;
       token = &tokenizer.next()) {
    if (token->kind != html::TokenKind::start_tag || token->tag != HtmlTag::img) continue;
    const auto source = std::find_if(token->attributes.begin(), token->attributes.end(),
                                     [](const Attribute& attribute) { return attribute.name == "src"; });
    return source == token->attributes.end() ? std::string() : std::string(source->value);
  }
  return {};
}

void append_escaped(std::string& out, std::string_view text, bool in_attribute) {
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '"':
        if (in_attribute) {
          out += "&quot;";
          break;
        }
        [[fallthrough]];
      default: out.push_back(c);
    }
  }
}

// An element's attributes as a line of walls/'s signs: name="value", space-separated.
void append_attributes(std::string& out, const Document& doc, NodeId id) {
  bool first = true;
  for (const Attribute& attribute : doc.attributes(id)) {
    if (!first) out.push_back(' ');
    first = false;
    out.append(attribute.name).append("=\"");
    append_escaped(out, attribute.value, true);
    out.push_back('"');
  }
}

// The markup of a <math> element as the tree builder built it, for math/ to convert; empty when
// it grows past kMaxFormulaBytes.
std::string formula_markup(const Document& doc, NodeId math) {
  std::string out;
  NodeId at = math;
  while (out.size() <= kMaxFormulaBytes) {
    const Node& node = doc.node(at);
    if (node.kind == NodeKind::text) {
      append_escaped(out, doc.text(at), false);
    } else if (node.kind == NodeKind::element) {
      out.append("<").append(doc.name(at));
      for (const Attribute& attribute : doc.attributes(at)) {
        out.append(" ").append(attribute.name).append("=\"");
        append_escaped(out, attribute.value, true);
        out.push_back('"');
      }
      out.push_back('>');
      if (node.first_child() != kNoNode) {
        at = node.first_child();
        continue;
      }
    }
    // Out of the node, and of each ancestor it ends, up to the next sibling.
    while (true) {
      if (doc.node(at).kind == NodeKind::element) out.append("</").append(doc.name(at)).append(">");
      if (at == math) return out.size() > kMaxFormulaBytes ? std::string() : out;
      if (doc.node(at).next_sibling != kNoNode) {
        at = doc.node(at).next_sibling;
        break;
      }
      at = doc.node(at).parent;
    }
  }
  return {};
}

bool is_table_structure(HtmlTag tag) {
  switch (tag) {
    case HtmlTag::caption:
    case HtmlTag::colgroup:
    case HtmlTag::col:
    case HtmlTag::tbody:
    case HtmlTag::thead:
    case HtmlTag::tfoot:
    case HtmlTag::tr:
    case HtmlTag::td:
    case HtmlTag::th: return true;
    default: return false;
  }
}

// Elements that add no level that can hold more elements: void elements, and those whose content
// is only text.
bool holds_no_elements(HtmlTag tag) {
  switch (tag) {
    case HtmlTag::area:
    case HtmlTag::base:
    case HtmlTag::basefont:
    case HtmlTag::bgsound:
    case HtmlTag::br:
    case HtmlTag::embed:
    case HtmlTag::frame:
    case HtmlTag::hr:
    case HtmlTag::image:
    case HtmlTag::img:
    case HtmlTag::input:
    case HtmlTag::keygen:
    case HtmlTag::link:
    case HtmlTag::meta:
    case HtmlTag::param:
    case HtmlTag::source:
    case HtmlTag::track:
    case HtmlTag::wbr:
    case HtmlTag::script:
    case HtmlTag::style:
    case HtmlTag::title:
    case HtmlTag::textarea:
    case HtmlTag::xmp:
    case HtmlTag::iframe:
    case HtmlTag::noembed:
    case HtmlTag::noframes:
    case HtmlTag::plaintext: return true;
    default: return false;
  }
}

}  // namespace

bool PageRecords::is_contents_target(std::string_view id) const {
  return std::binary_search(contents_targets.begin(), contents_targets.end(), id);
}

namespace {

std::vector<std::string> contents_targets(const Document& doc, const std::vector<NodeId>& in_page_links) {
  // A list of contents is a list (or nav) of three or more links into the page; a lone link to
  // "#comments" under a post's title is not one.
  constexpr std::size_t kContentsLinks = 3;
  constexpr int kListLevels = 3;  // <ul><li><a>, or <nav><ol><li><p><a>
  const auto list_of = [&](NodeId link) {
    NodeId at = doc.node(link).parent;
    for (int level = 0; level < kListLevels && at != kNoNode; ++level, at = doc.node(at).parent) {
      const HtmlTag tag = doc.node(at).tag;
      if (tag == HtmlTag::ul || tag == HtmlTag::ol || tag == HtmlTag::nav) return at;
    }
    return kNoNode;
  };
  std::unordered_map<NodeId, std::size_t> links_in_list;
  std::vector<NodeId> listed(in_page_links.size(), kNoNode);
  for (std::size_t k = 0; k < in_page_links.size(); ++k) {
    listed[k] = list_of(in_page_links[k]);
    if (listed[k] != kNoNode) ++links_in_list[listed[k]];
  }
  std::vector<std::string> targets;
  for (std::size_t k = 0; k < in_page_links.size(); ++k) {
    if (listed[k] == kNoNode || links_in_list[listed[k]] < kContentsLinks) continue;
    targets.emplace_back(doc.attribute(in_page_links[k], "href")->substr(1));
  }
  std::sort(targets.begin(), targets.end());
  targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
  return targets;
}

}  // namespace

bool is_react_stream_id(std::string_view id, std::string_view letters) {
  return id.size() > 2 && letters.find(id[0]) != std::string_view::npos && id[1] == ':' &&
         std::all_of(id.begin() + 2, id.end(), [](char c) { return hex_digit_value(c) >= 0; });
}

namespace html {

bool TreeBuilder::beyond_bounds(const Token& token) const {
  if (is_formatting(token.tag)) {
    std::size_t entries = 0;
    std::size_t alike = 0;
    for (std::size_t i = active_.size(); i-- > 0 && active_[i] != kMarker; ++entries) {
      const auto attributes = doc_.attributes(active_[i]);
      alike += name_of(active_[i]) == token.name && attributes.size() == token.attributes.size() &&
               std::all_of(attributes.begin(), attributes.end(), [&](const Attribute& attribute) {
                 return std::any_of(token.attributes.begin(), token.attributes.end(), [&](const Attribute& other) {
                   return other.name == attribute.name && other.value == attribute.value;
                 });
               });
    }
    // With three alike already, the new one takes the place of the earliest: the list stays as long.
    if (entries >= kMaxActiveFormatting && alike < 3) return true;
  }
  // A table cell may bring its section and row with it.
  const bool table_structure = is_table_structure(token.tag);
  if (open_.depth() + (table_structure ? 2 : 0) < max_depth_) return false;
  if (table_structure) return true;
  // What a page's tree leaves out whole, or reads as a formula, stays so at the bound: ignoring
  // the start tag would show its content. It goes one level past the bound, its own content not.
  const bool left_out_root = token.tag == HtmlTag::template_ || token.tag == HtmlTag::object ||
                             token.tag == HtmlTag::svg || token.tag == HtmlTag::math || token.tag == HtmlTag::noscript;
  if (left_out_root && open_.depth() == max_depth_) return false;
  const bool foreign_leaf = token.self_closing && (token.tag == HtmlTag::svg || token.tag == HtmlTag::math ||
                                                   (!open_.empty() && is_foreign(current())));
  return !holds_no_elements(token.tag) && !foreign_leaf;
}

bool TreeBuilder::reads_noscript_as_markup() const {
  if (!is_page()) return true;
  if (open_.holds_left_out()) return false;
  const std::string_view markup = tokenizer_.raw_text_ahead("noscript");
  if (holds_a_page(markup)) return true;
  // The real image of a lazy loader's placeholder right before it (only whitespace between): an
  // image without a source of its own (none, or a data: URL), which names the <noscript>'s image
  // in no attribute (as data-src would: then the <noscript> is a copy). A <noscript> with an image
  // and no placeholder is a tracking pixel, or the copy of a placeholder that follows it.
  NodeId placeholder = open_.empty() ? kNoNode : doc_.last_child(current());
  if (placeholder != kNoNode && doc_.node(placeholder).kind == NodeKind::text &&
      std::all_of(doc_.text(placeholder).begin(), doc_.text(placeholder).end(), is_ascii_space)) {
    placeholder = doc_.prev_sibling(placeholder);
  }
  if (placeholder == kNoNode || !doc_.is_element(placeholder, HtmlTag::img)) return false;
  const std::string_view* own_source = doc_.attribute(placeholder, "src");
  if (own_source != nullptr && !own_source->empty() && !own_source->starts_with("data:")) return false;
  const std::string url = first_image_source(markup);
  if (url.empty() || url.starts_with("data:")) return false;
  const auto attributes = doc_.attributes(placeholder);
  return std::none_of(attributes.begin(), attributes.end(),
                      [&](const Attribute& attribute) { return attribute.value.find(url) != std::string_view::npos; });
}

bool TreeBuilder::leaves_out_text(HtmlTag tag) const {
  if (!is_page()) return false;
  switch (tag) {
    case HtmlTag::script:
    case HtmlTag::style:
    case HtmlTag::iframe:
    case HtmlTag::noembed:
    case HtmlTag::noframes:
    case HtmlTag::noscript: return true;
    default: return false;
  }
}

void TreeBuilder::keep_left_out_text(std::string_view text) {
  if (left_out_text_.empty()) {
    left_out_text_ = text;
    return;
  }
  if (left_out_joined_.empty()) left_out_joined_.assign(left_out_text_);
  left_out_joined_.append(text);
  left_out_text_ = left_out_joined_;
}

void TreeBuilder::close_text_element() {
  const NodeId element = current();
  open_.pop_back();
  mode_ = original_mode_;
  if (!leaving_out_text_) return;
  leaving_out_text_ = false;
  // What lies inside a part left out whole (a script in a <template>) says nothing of the page.
  if (!open_.holds_left_out()) record_left_out(element, left_out_text_);
  doc_.detach(element);
}

void TreeBuilder::record_left_out(NodeId element, std::string_view body) {
  PageRecords& records = *records_;
  const HtmlTag tag = tag_of(element);
  if (tag == HtmlTag::noscript) {
    if (contains_ignore_case(body, "javascript")) records.noscript_pleads = true;
    return;
  }
  if ((tag == HtmlTag::script || tag == HtmlTag::iframe) && records.script_signs.size() < kMaxScriptSigns) {
    append_attributes(records.script_signs, doc_, element);
    records.script_signs.append(" ").append(body.substr(0, kScriptSignBodyBytes)) += '\n';
  }
  if (tag != HtmlTag::script) return;
  const std::string_view* type = doc_.attribute(element, "type");
  const MathScript math = type != nullptr ? math_script_of(*type) : MathScript::none;
  if (type != nullptr && is_ld_json(*type)) {
    records.json_ld.emplace_back(body);
  } else if (math != MathScript::none && body.size() <= kMaxFormulaBytes) {
    // The formula stays where the script stood, as an empty span math/ reads.
    std::vector<Attribute> formula{{math == MathScript::mathml ? kMathMarkupAttribute : kTexScriptAttribute, body}};
    if (math == MathScript::tex_display) formula.push_back({kTexDisplayAttribute, {}});
    const NodeId span = doc_.create_element(HtmlTag::span, "span", formula);
    doc_.insert(span, doc_.node(element).parent, element);
  } else if (type == nullptr || is_script_type(*type)) {
    records.script_bytes += body.size();
  }
}

}  // namespace html

void Document::leave_out_page_parts() {
  std::vector<NodeId> left_out;
  std::vector<NodeId> formulas;
  std::vector<NodeId> noscripts;
  std::unordered_map<std::string_view, NodeId> react_slots;
  std::vector<NodeId> streamed;
  std::vector<NodeId> in_page_links;
  walk(root(), [&](NodeId id) {
    const Node& n = nodes_[id];
    if (n.kind != NodeKind::element) return WalkStep::descend;
    const Namespace space = element_namespace(id);
    const bool foreign_root = space != Namespace::html && element_namespace(n.parent) != space;
    if (n.tag == HtmlTag::template_) {
      if (!attributes(id).empty() && records_.template_signs.size() < kMaxTemplateSigns) {
        append_attributes(records_.template_signs, *this, id);
        records_.template_signs += '\n';
      }
      if (const std::string_view* name = attribute(id, "id"); name != nullptr && is_react_stream_id(*name, "BP")) {
        react_slots.emplace(*name, id);
      }
      left_out.push_back(id);
      return WalkStep::skip;
    }
    if (n.tag == HtmlTag::object || (foreign_root && space == Namespace::svg)) {
      left_out.push_back(id);
      return WalkStep::skip;
    }
    if (foreign_root && space == Namespace::mathml) {
      formulas.push_back(id);
      return WalkStep::skip;
    }
    if (n.tag == HtmlTag::noscript) noscripts.push_back(id);
    if (n.tag == HtmlTag::a && in_page_links.size() < kMaxInPageLinks) {
      if (const std::string_view* href = attribute(id, "href");
          href != nullptr && href->size() > 1 && href->front() == '#') {
        in_page_links.push_back(id);
      }
    }
    if (const std::string_view* name = attribute(id, "id");
        name != nullptr && is_react_stream_id(*name, "S") && attribute(id, "hidden") != nullptr) {
      streamed.push_back(id);
    }
    return WalkStep::descend;
  });
  records_.contents_targets = contents_targets(*this, in_page_links);
  if (!react_slots.empty()) place_streamed_segments(react_slots, streamed);
  for (const NodeId math : formulas) {
    const std::string markup = formula_markup(*this, math);
    if (!markup.empty()) {
      const Attribute formula{kMathMarkupAttribute, markup};
      insert(create_element(HtmlTag::span, "span", {&formula, 1}), nodes_[math].parent, math);
    }
    detach(math);
  }
  // A <noscript> kept for what it shows is read as what it holds.
  for (const NodeId noscript : noscripts) {
    while (nodes_[noscript].first_child() != kNoNode) {
      const NodeId child = nodes_[noscript].first_child();
      detach(child);
      insert(child, nodes_[noscript].parent, noscript);
    }
    detach_joining_text(noscript);
  }
  for (const NodeId id : left_out) detach_joining_text(id);
}

void Document::detach_joining_text(NodeId id) {
  const NodeId before = prev_sibling(id);
  const NodeId after = nodes_[id].next_sibling;
  detach(id);
  if (before == kNoNode || after == kNoNode || nodes_[before].kind != NodeKind::text ||
      nodes_[after].kind != NodeKind::text) {
    return;
  }
  append_text(before, text(after));
  detach(after);
}

}  // namespace pagemd::extract
