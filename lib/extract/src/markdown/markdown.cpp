#include "markdown/markdown.hpp"

#include <algorithm>
#include <optional>
#include <string_view>
#include <unordered_set>

#include "tree/element_kinds.hpp"
#include "tree/formula_elements.hpp"
#include "tree/table_kind.hpp"
#include "markdown/code/code_blocks.hpp"
#include "markdown/code/line_numbers.hpp"
#include "markdown/image_source.hpp"
#include "markdown/markdown_writer.hpp"
#include "math/formula.hpp"
#include "text/text_util.hpp"

namespace pagemd::extract {

using namespace std::string_view_literals;
namespace {

enum class Frame : std::uint8_t {
  transparent,  // renders its children in place (span, font, unknown inline elements)
  block,        // a paragraph-like block: breaks before and after
  heading,
  blockquote,
  list,
  list_item,
  pre,
  preformatted_line,  // a block inside <pre>: a line of its own
  code,
  emphasis,
  strong,
  strikethrough,
  link,
  table,
  equation_table,  // a table numbering equations: a block whose formulas are displayed
  table_row,
  table_cell,
  definition_term,
};

// Beyond this many nested quotes or lists, deeper ones render flat: each level re-indents its whole
// content, so unbounded nesting would cost quadratic time on hostile pages.
constexpr int kMaxContainerDepth = 12;

std::size_t span_attribute(const Document& doc, NodeId id, const char* name) {
  const std::string_view* value = doc.attribute(id, name);
  if (!value) return 1;
  const std::size_t parsed = leading_number(*value);
  return std::clamp<std::size_t>(parsed, 1, 64);
}

TableAlignment cell_alignment(const Document& doc, NodeId id) {
  std::string align;
  if (const std::string_view* a = doc.attribute(id, "align")) align = ascii_lower_copy(trim(*a));
  if (const std::string_view* style = doc.attribute(id, "style")) {
    const std::string lower = ascii_lower_copy(*style);
    const std::size_t at = lower.find("text-align");
    if (at != std::string::npos) {
      const std::string_view rest = std::string_view(lower).substr(at + 10);
      for (std::string_view value : {"center"sv, "right"sv, "left"sv}) {
        const std::size_t pos = rest.find(value);
        if (pos < 4) align = value;
      }
    }
  }
  if (align == "center") return TableAlignment::center;
  if (align == "right") return TableAlignment::right;
  if (align == "left") return TableAlignment::left;
  return TableAlignment::none;
}

class Renderer {
 public:
  Renderer(const Document& doc, const ContentSelection& selection, const UrlResolver& resolver,
           const TexDelimiters& typeset_tex)
      : doc_(doc), dropped_(selection.dropped), resolver_(resolver), typeset_tex_(typeset_tex) {
    // Markdown is rarely longer than the HTML it comes from. Reserving that much keeps a big page
    // from holding its text twice while the buffer doubles; the pages it does not fill stay
    // untouched and cost nothing.
    writer_.reserve(doc.source().size());
  }

  RenderedMarkdown render(const std::vector<NodeId>& roots) {
    for (NodeId root : roots) render_subtree(root);
    RenderedMarkdown result;
    result.markdown = writer_.finish();
    result.links = std::move(links_);
    result.word_count = writer_.word_count();
    result.text_sample = writer_.take_text_sample();
    return result;
  }

 private:
  // An element being rendered and where its children stand: the stack is as deep as the tree,
  // however many children an element has.
  struct StackEntry {
    NodeId id;
    NodeId next_child;
    Frame frame;
  };

  void render_subtree(NodeId root) {
    std::vector<StackEntry> stack;
    open(root, stack);
    while (!stack.empty()) {
      StackEntry& top = stack.back();
      NodeId child = top.next_child;
      while (child != kNoNode && dropped_[child]) child = doc_.node(child).next_sibling;
      if (child == kNoNode) {
        const StackEntry done = top;
        stack.pop_back();
        leave(done.id, done.frame);
        continue;
      }
      top.next_child = doc_.node(child).next_sibling;
      open(child, stack);
    }
  }

  // Writes a text node, or enters an element and stacks it to render its children.
  void open(NodeId id, std::vector<StackEntry>& stack) {
    const Node& n = doc_.node(id);
    if (n.kind == NodeKind::text) {
      text(id);
      return;
    }
    bool descend = true;
    const Frame frame = enter(id, descend);
    if (descend) stack.push_back({id, n.first_child(), frame});
  }

  // Returns the frame to close when the element is left; sets `descend` false for leaves.
  Frame enter(NodeId id, bool& descend) {
    const Node& n = doc_.node(id);
    if (n.kind == NodeKind::document) return Frame::transparent;
    if (dropped_[id]) {
      descend = false;
      return Frame::transparent;
    }
    if (writer_.in_preformatted()) {
      // Highlighters wrap tokens in spans; inside <pre> only the text and line breaks matter.
      if (std::binary_search(line_numbers_.begin(), line_numbers_.end(), id)) {
        descend = false;
        return Frame::transparent;
      }
      if (is_code_block_control(doc_, id) || is_code_annotation(doc_, id)) {
        descend = false;
        return Frame::transparent;
      }
      if (n.tag == HtmlTag::br) writer_.raw_text("\n");
      if (is_block_tag(n.tag) || is_highlighted_line(id)) {
        writer_.preformatted_line();
        return Frame::preformatted_line;
      }
      return Frame::transparent;
    }
    if (is_beside_previous_item(id)) writer_.separate_words();
    if (formula(id) || draws_script_formula(doc_, id) || is_code_block_control(doc_, id)) {
      descend = false;
      return Frame::transparent;
    }
    if (heading_level(doc_, id) > 0) {
      writer_.open_heading();
      return Frame::heading;
    }
    switch (n.tag) {
      case HtmlTag::br:
        writer_.hard_break();
        descend = false;
        return Frame::transparent;
      case HtmlTag::hr:
        writer_.thematic_break();
        descend = false;
        return Frame::transparent;
      case HtmlTag::img:
        image(id);
        descend = false;
        return Frame::transparent;
      case HtmlTag::pre:
        if (is_line_number_gutter(doc_, id)) {
          descend = false;
          return Frame::transparent;
        }
        line_numbers_ = line_number_elements(doc_, id);
        writer_.open_preformatted(pre_language(doc_, id));
        return Frame::pre;
      case HtmlTag::code:
      case HtmlTag::kbd:
      case HtmlTag::samp:
      case HtmlTag::tt: writer_.open_inline(InlineKind::code); return Frame::code;
      case HtmlTag::em:
      case HtmlTag::i:
      case HtmlTag::cite:
      case HtmlTag::dfn:
      case HtmlTag::var: writer_.open_inline(InlineKind::emphasis); return Frame::emphasis;
      case HtmlTag::strong:
      case HtmlTag::b: writer_.open_inline(InlineKind::strong); return Frame::strong;
      case HtmlTag::del:
      case HtmlTag::s:
      case HtmlTag::strike: writer_.open_inline(InlineKind::strikethrough); return Frame::strikethrough;
      case HtmlTag::a:
        if (is_anchor_decoration(id)) {
          descend = false;
          return Frame::transparent;
        }
        return open_link(id);
      case HtmlTag::blockquote:
        if (writer_.container_depth() >= kMaxContainerDepth) break;
        writer_.open_blockquote();
        return Frame::blockquote;
      case HtmlTag::ul:
      case HtmlTag::ol:
      case HtmlTag::menu:
        if (writer_.container_depth() >= kMaxContainerDepth) break;
        writer_.open_list(n.tag == HtmlTag::ol, list_start(id));
        return Frame::list;
      case HtmlTag::li: writer_.open_list_item(item_value(id)); return Frame::list_item;
      case HtmlTag::dt: writer_.open_inline(InlineKind::strong); return Frame::definition_term;
      case HtmlTag::table:
        // A table numbering displayed equations lays them out: each is a block of its own.
        if (numbers_equations(doc_, id)) {
          writer_.block_break();
          ++equation_tables_;
          return Frame::equation_table;
        }
        if (classify_table(doc_, id) == TableKind::data && !writer_.in_table() && !holds_display_formula(doc_, id)) {
          writer_.open_table();
          return Frame::table;
        }
        writer_.block_break();
        return Frame::block;
      case HtmlTag::tr:
        if (writer_.in_table()) {
          writer_.open_table_row();
          return Frame::table_row;
        }
        break;
      case HtmlTag::td:
      case HtmlTag::th:
        if (writer_.in_table()) {
          writer_.open_table_cell(span_attribute(doc_, id, "colspan"), span_attribute(doc_, id, "rowspan"),
                                  cell_alignment(doc_, id), n.tag == HtmlTag::th);
          return Frame::table_cell;
        }
        break;
      case HtmlTag::caption:
        if (writer_.in_table()) {
          // A caption would break the table apart; its text is rarely more than a label.
          descend = false;
          return Frame::transparent;
        }
        break;
      default:
        if (is_image(doc_, id)) {  // <amp-img>
          image(id);
          descend = false;
          return Frame::transparent;
        }
        break;
    }
    if (is_block_tag(n.tag)) {
      writer_.block_break();
      return Frame::block;
    }
    return Frame::transparent;
  }

  void leave(NodeId id, Frame frame) {
    switch (frame) {
      case Frame::transparent: return;
      case Frame::block: writer_.block_break(); return;
      case Frame::heading: writer_.close_heading(heading_level(doc_, id)); return;
      case Frame::blockquote: writer_.close_blockquote(); return;
      case Frame::list: writer_.close_list(); return;
      case Frame::list_item: writer_.close_list_item(); return;
      case Frame::pre:
        writer_.close_preformatted();
        line_numbers_.clear();
        return;
      case Frame::preformatted_line: writer_.preformatted_line(); return;
      case Frame::code: writer_.close_inline(InlineKind::code, {}); return;
      case Frame::emphasis: writer_.close_inline(InlineKind::emphasis, {}); return;
      case Frame::strong: writer_.close_inline(InlineKind::strong, {}); return;
      case Frame::strikethrough: writer_.close_inline(InlineKind::strikethrough, {}); return;
      case Frame::link:
        writer_.close_inline(InlineKind::link, link_targets_.back());
        link_targets_.pop_back();
        return;
      case Frame::table: writer_.close_table(); return;
      case Frame::equation_table:
        --equation_tables_;
        writer_.block_break();
        return;
      case Frame::table_row: writer_.close_table_row(); return;
      case Frame::table_cell: writer_.close_table_cell(); return;
      case Frame::definition_term:
        writer_.close_inline(InlineKind::strong, {});
        writer_.block_break();
        return;
    }
  }

  // Whether an inline element follows another with nothing between them, and the two are items
  // of their own: two links to different places, or two elements styled by different classes (a
  // product card's brand and model, an API field's name and type). Plain formatting stays in its
  // word ("<b>un</b>true"), and so do runs of one text that an editor split under one class or
  // one link ("<span class=run>Le</span><span class=run>arn more</span>").
  bool is_beside_previous_item(NodeId id) const {
    const NodeId previous = doc_.prev_sibling(id);
    if (previous == kNoNode || doc_.node(previous).kind != NodeKind::element || dropped_[previous]) return false;
    const HtmlTag tag = doc_.node(id).tag;
    const HtmlTag previous_tag = doc_.node(previous).tag;
    const auto differ = [&](std::string_view attribute) {
      const std::string_view* mine = doc_.attribute(id, attribute);
      const std::string_view* theirs = doc_.attribute(previous, attribute);
      return mine != nullptr && theirs != nullptr && !trim(*mine).empty() && !trim(*theirs).empty() &&
             trim(*mine) != trim(*theirs);
    };
    return (tag == HtmlTag::a && previous_tag == HtmlTag::a && differ("href")) || differ("class");
  }

  // A highlighter's line (Shiki's and rehype-pretty-code's <span class="line">, or one with a
  // data-line attribute): drawn as a block by the site's CSS, so a page minified without the
  // newlines between them still shows one line each.
  bool is_highlighted_line(NodeId id) const {
    if (doc_.attribute(id, "data-line") != nullptr) return true;
    const std::string_view* classes = doc_.attribute(id, "class");
    return classes != nullptr && any_token(*classes, [](std::string_view token) { return token == "line"; });
  }

  int list_start(NodeId id) const {
    if (const std::string_view* start = doc_.attribute(id, "start")) {
      return static_cast<int>(std::min<std::size_t>(leading_number(*start), 999'999'999));
    }
    return 1;
  }

  int item_value(NodeId id) const {
    if (const std::string_view* value = doc_.attribute(id, "value")) {
      return static_cast<int>(std::min<std::size_t>(leading_number(*value), 999'999'999));
    }
    return -1;
  }

  // Permalink marks next to headings ("#", "¶", "🔗") point into the page and say nothing.
  bool is_anchor_decoration(NodeId id) const {
    const std::string_view* href = doc_.attribute(id, "href");
    if (!href || trim(*href).empty() || trim(*href).front() != '#') return false;
    const std::string content = doc_.text_content(id);
    const std::string_view text = trim(content);
    // At most one symbol (up to four UTF-8 bytes) and no letters or digits.
    return text.size() <= 4 && std::none_of(text.begin(), text.end(), [](char c) { return is_ascii_alnum(c); });
  }

  Frame open_link(NodeId id) {
    std::string target;
    if (const std::string_view* href = doc_.attribute(id, "href")) {
      const std::string_view raw = trim(*href);
      // Same-page anchors (permalinks, footnote jumps) carry no target worth keeping.
      if (!raw.empty() && raw.front() != '#') {
        if (auto resolved = resolver_.resolve(raw)) target = std::move(*resolved);
      }
    }
    if (!target.empty()) {
      const std::string_view lower_scheme = std::string_view(target).substr(0, target.find(':'));
      if (equals_ignore_case(lower_scheme, "javascript") || equals_ignore_case(lower_scheme, "data") ||
          equals_ignore_case(lower_scheme, "vbscript")) {
        target.clear();
      }
    }
    if (is_http_url(target) && !is_same_page(target)) record_link(target);
    link_targets_.push_back(target);
    writer_.open_inline(InlineKind::link);
    return Frame::link;
  }

  bool is_same_page(std::string_view url) const {
    const std::size_t hash = url.find('#');
    if (hash == std::string_view::npos || !resolver_.has_base()) return false;
    const std::string& base = resolver_.base();
    return url.substr(0, hash) == std::string_view(base).substr(0, base.find('#'));
  }

  void record_link(const std::string& url) {
    if (seen_links_.insert(url).second) links_.push_back(url);
  }

  // Writes the formula `id` stands for; whether it is one. An image of a formula beside the
  // formula's MathML (MediaWiki's fallback) is written once: by the MathML when that is shown,
  // from the MathML when it is hidden.
  bool formula(NodeId id) {
    std::optional<Formula> found = formula_of(doc_, id);
    if (!found) return false;
    if (doc_.node(id).tag == HtmlTag::img) {
      if (const NodeId math = math_beside_image(doc_, id); math != kNoNode) {
        if (is_shown(math)) return true;
        if (std::optional<Formula> from_math = formula_of(doc_, math)) found = std::move(from_math);
      }
    }
    writer_.formula(found->latex, found->display || equation_tables_ > 0);
    return true;
  }

  // A text node, with the formulas a TeX typesetter of the page would find in it written as
  // formulas (not in code, which typesetters leave alone).
  void text(NodeId id) {
    const std::string_view text = doc_.text(id);
    if (writer_.in_code()) {
      writer_.text(text);
      return;
    }
    TexDelimiters delimiters = typeset_tex_;
    if (const NodeId parent = doc_.node(id).parent; parent != kNoNode && holds_delimited_tex(doc_, parent)) {
      delimiters = {true, true};
    }
    if (!delimiters.typeset) {
      writer_.text(text);
      return;
    }
    std::size_t at = 0;
    for (const TexSpan& span : tex_spans(text, delimiters)) {
      writer_.text(text.substr(at, span.begin - at));
      writer_.formula(tidy_tex(span.latex), span.display);
      at = span.end;
    }
    writer_.text(text.substr(at));
  }

  // Whether `id` is rendered: neither it nor an ancestor is dropped.
  bool is_shown(NodeId id) const {
    for (NodeId at = id; at != kNoNode; at = doc_.node(at).parent) {
      if (dropped_[at]) return false;
    }
    return true;
  }

  void image(NodeId id) {
    const std::string source = image_source(doc_, id);
    if (source.empty()) return;
    const auto resolved = resolver_.resolve(source);
    if (!resolved) return;
    std::string alt;
    if (const std::string_view* a = doc_.attribute(id, "alt")) alt = collapse_whitespace(*a);
    writer_.image(alt, *resolved);
  }

  const Document& doc_;
  const std::vector<std::uint8_t>& dropped_;
  const UrlResolver& resolver_;
  TexDelimiters typeset_tex_;
  int equation_tables_ = 0;  // open tables that number equations
  MarkdownWriter writer_;
  std::vector<std::string> link_targets_;
  std::vector<NodeId> line_numbers_;  // of the code block being written, which it leaves out
  std::vector<std::string> links_;
  std::unordered_set<std::string> seen_links_;
};

}  // namespace

RenderedMarkdown render_markdown(const Document& doc, const ContentSelection& selection, const UrlResolver& resolver,
                                 const TexDelimiters& typeset_tex) {
  return Renderer(doc, selection, resolver, typeset_tex).render(selection.roots);
}

}  // namespace pagemd::extract
