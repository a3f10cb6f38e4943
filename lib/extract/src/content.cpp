#include "content.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>
#include <string_view>

#include "boilerplate.hpp"
#include "element_kinds.hpp"
#include "text_util.hpp"

// The main-content search follows the shape of Mozilla Readability's algorithm (score paragraphs,
// credit their ancestors, take the best ancestor and the siblings that belong with it, then prune
// boilerplate inside it), re-derived for an immutable tree plus a drop mask, with the class/id hint
// lists matched on whole name tokens instead of substrings.

namespace pagemd::extract {
namespace {

// Per-subtree sums, kept up to date as elements are dropped, so that judging an element never
// needs a walk of its subtree (deep pages would make that quadratic).
struct TextStats {
  std::uint32_t chars = 0;       // text length with whitespace runs counted once
  std::uint32_t link_chars = 0;  // of which inside <a>
  std::uint32_t commas = 0;
  std::uint32_t paragraphs = 0;
  std::uint32_t images = 0;      // not counting icons
  std::uint32_t list_items = 0;
  std::uint32_t inputs = 0;
  std::uint32_t embeds = 0;
  std::uint32_t heading_chars = 0;
  std::uint32_t code_or_tables = 0;  // <pre> and data <table> elements
  std::uint32_t elements = 0;

  void add(const TextStats& o) {
    chars += o.chars;
    link_chars += o.link_chars;
    commas += o.commas;
    paragraphs += o.paragraphs;
    images += o.images;
    list_items += o.list_items;
    inputs += o.inputs;
    embeds += o.embeds;
    heading_chars += o.heading_chars;
    code_or_tables += o.code_or_tables;
    elements += o.elements;
  }
  void subtract(const TextStats& o) {
    chars -= o.chars;
    link_chars -= o.link_chars;
    commas -= o.commas;
    paragraphs -= o.paragraphs;
    images -= o.images;
    list_items -= o.list_items;
    inputs -= o.inputs;
    embeds -= o.embeds;
    heading_chars -= o.heading_chars;
    code_or_tables -= o.code_or_tables;
    elements -= o.elements;
  }
};

class ContentFinder {
 public:
  ContentFinder(const Document& doc, const ContentRules& rules)
      : doc_(doc), rules_(rules), dropped_(doc.size(), 0), stats_(doc.size()), score_(doc.size(), 0.0),
        scored_(doc.size(), 0) {}

  ContentSelection run() {
    const NodeId body = body_or_root();
    compute_ancestry();
    table_kind_.assign(doc_.size(), -1);
    mark_always_dropped(body);
    if (rules_.include && !rules_.include->empty()) return select_included(body);
    if (rules_.scope == ContentScope::whole_body) return finish({body});

    // Like Readability: first with every filter on; if that leaves too little text, relax.
    const std::vector<std::uint8_t> baseline = dropped_;
    for (int attempt = 0; attempt < 3; ++attempt) {
      dropped_ = baseline;
      strip_unlikely_ = attempt < 1;
      weigh_classes_ = attempt < 2;
      clean_conditionally_ = attempt < 2;
      mark_furniture(body);
      compute_stats();
      std::vector<NodeId> roots = choose_roots(body);
      prune(roots);
      std::uint32_t chars = 0;
      for (NodeId r : roots) chars += stats_[r].chars;
      if (chars >= kEnoughChars || attempt == 2) {
        if (attempt > 0 && chars < best_chars_) return finish(std::move(best_roots_), std::move(best_dropped_));
        return finish(std::move(roots));
      }
      if (chars > best_chars_) {
        best_chars_ = chars;
        best_roots_ = roots;
        best_dropped_ = dropped_;
      }
    }
    return finish({body});
  }

 private:
  static constexpr std::uint32_t kEnoughChars = 500;

  NodeId body_or_root() const {
    const NodeId body = doc_.find_first(GUMBO_TAG_BODY);
    return body == kNoNode ? doc_.root() : body;
  }

  ContentSelection finish(std::vector<NodeId> roots) { return finish(std::move(roots), std::move(dropped_)); }
  static ContentSelection finish(std::vector<NodeId> roots, std::vector<std::uint8_t> dropped) {
    return ContentSelection{std::move(roots), std::move(dropped)};
  }

  bool is_dropped_element(NodeId id) const {
    const Node& n = doc_.node(id);
    if (n.kind != NodeKind::element) return false;
    // gumbo 0.10 predates <dialog> and <picture>: they arrive as unknown tags, known by name.
    if (is_never_content(n.tag) || is_hidden(doc_, id) || n.name == "dialog") return true;
    if (rules_.exclude && !rules_.exclude->empty() && rules_.exclude->matches(doc_, id)) return true;
    return false;
  }

  void mark_always_dropped(NodeId from) {
    doc_.walk(from, [&](NodeId id) {
      if (is_dropped_element(id)) {
        dropped_[id] = 1;
        return false;
      }
      return true;
    });
  }

  ContentSelection select_included(NodeId body) {
    std::vector<NodeId> roots;
    doc_.walk(body, [&](NodeId id) {
      if (dropped_[id]) return false;
      if (doc_.node(id).kind == NodeKind::element && rules_.include->matches(doc_, id)) {
        roots.push_back(id);
        return false;  // a match inside a match is already rendered
      }
      return true;
    });
    return finish(std::move(roots));
  }

  double class_weight(NodeId id) const {
    if (!weigh_classes_) return 0;
    switch (class_hint(doc_, id)) {
      case Hint::positive: return 25;
      case Hint::negative: return -25;
      case Hint::none: return 0;
    }
    return 0;
  }

  // Drops navigation, forms, headers, footers and blocks whose class/id says they are boilerplate.
  // Text characters of a subtree before anything is dropped (computed once: furniture checks
  // would otherwise walk nested candidates again and again).
  std::size_t visible_chars(NodeId from) const {
    if (raw_chars_.empty()) {
      raw_chars_.assign(doc_.size(), 0);
      for (NodeId id = static_cast<NodeId>(doc_.size()); id-- > 0;) {
        const Node& n = doc_.node(id);
        if (n.kind == NodeKind::text) {
          for (char c : n.text) raw_chars_[id] += is_ascii_space(c) ? 0u : 1u;
        }
        if (n.parent != kNoNode && !dropped_[id]) raw_chars_[n.parent] += raw_chars_[id];
      }
    }
    return raw_chars_[from];
  }

  void mark_furniture(NodeId from) {
    const std::size_t page_chars = visible_chars(from);
    doc_.walk(from, [&](NodeId id) {
      if (dropped_[id]) return false;
      const Node& n = doc_.node(id);
      if (n.kind != NodeKind::element || id == from) return true;
      const Unlikely unlikely = n.tag == GUMBO_TAG_BODY || n.tag == GUMBO_TAG_HTML ? Unlikely::no : unlikely_kind(doc_, id);
      bool drop = is_furniture(n.tag) || n.tag == GUMBO_TAG_HEADER || unlikely == Unlikely::always ||
                  (strip_unlikely_ && unlikely == Unlikely::by_hint);
      if (drop && in_code_[id]) drop = false;
      // Some sites wrap the whole page in a <form> or a "header-container": an element holding
      // most of the page's text is a wrapper, not furniture.
      if (drop && visible_chars(id) * 5 > page_chars * 2) drop = false;
      if (drop) {
        dropped_[id] = 1;
        return false;
      }
      return true;
    });
  }

  // Facts about each node's ancestors, in one forward pass (parents come before children).
  void compute_ancestry() {
    in_code_.assign(doc_.size(), 0);
    in_figure_.assign(doc_.size(), 0);
    nearest_table_.assign(doc_.size(), kNoNode);
    for (NodeId id = 1; id < doc_.size(); ++id) {
      const NodeId parent = doc_.node(id).parent;
      if (parent == kNoNode) continue;
      const bool parent_code = doc_.is_element(parent, GUMBO_TAG_PRE) || doc_.is_element(parent, GUMBO_TAG_CODE);
      in_code_[id] = static_cast<std::uint8_t>(in_code_[parent] || parent_code);
      in_figure_[id] = static_cast<std::uint8_t>(in_figure_[parent] || doc_.is_element(parent, GUMBO_TAG_FIGURE));
      nearest_table_[id] = doc_.is_element(parent, GUMBO_TAG_TABLE) ? parent : nearest_table_[parent];
    }
  }

  // Per-node text statistics over the nodes not dropped. Nodes are stored parents-first, so a
  // reverse sweep visits every child before its parent.
  void compute_stats() {
    std::fill(stats_.begin(), stats_.end(), TextStats{});
    for (NodeId id = static_cast<NodeId>(doc_.size()); id-- > 0;) {
      const Node& n = doc_.node(id);
      if (dropped_[id]) continue;
      TextStats& s = stats_[id];
      if (n.kind == NodeKind::text) {
        count_text(n.text, s);
      } else {
        ++s.elements;
        switch (n.tag) {
          case GUMBO_TAG_A: s.link_chars = s.chars; break;
          case GUMBO_TAG_P: ++s.paragraphs; break;
          case GUMBO_TAG_IMG: s.images += is_icon(id) ? 0u : 1u; break;
          case GUMBO_TAG_LI: ++s.list_items; break;
          case GUMBO_TAG_INPUT: ++s.inputs; break;
          case GUMBO_TAG_EMBED: case GUMBO_TAG_OBJECT: case GUMBO_TAG_IFRAME: case GUMBO_TAG_VIDEO: ++s.embeds; break;
          case GUMBO_TAG_PRE: ++s.code_or_tables; break;
          case GUMBO_TAG_TABLE: s.code_or_tables += is_data_table(id) ? 1u : 0u; break;
          case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3: case GUMBO_TAG_H4: case GUMBO_TAG_H5:
          case GUMBO_TAG_H6:
            s.heading_chars = s.chars;
            break;
          default: break;
        }
      }
      if (n.parent != kNoNode) stats_[n.parent].add(s);
    }
  }

  static void count_text(std::string_view text, TextStats& s) {
    bool in_space = true;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if (is_ascii_space(c)) {
        if (!in_space) ++s.chars;
        in_space = true;
        continue;
      }
      in_space = false;
      // Count code points, not bytes, so that non-Latin scripts are not over-weighted.
      if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++s.chars;
      if (c == ',') ++s.commas;
      // Full-width and ideographic commas (U+FF0C, U+3001) count as commas too.
      if (c == '\xEF' && i + 2 < text.size() && text[i + 1] == '\xBC' && text[i + 2] == '\x8C') ++s.commas;
      if (c == '\xE3' && i + 2 < text.size() && text[i + 1] == '\x80' && text[i + 2] == '\x81') ++s.commas;
    }
  }

  double link_density(NodeId id) const {
    const TextStats& s = stats_[id];
    return s.chars == 0 ? 0.0 : static_cast<double>(s.link_chars) / s.chars;
  }

  bool has_block_child(NodeId id) const {
    for (NodeId c = doc_.node(id).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
      if (!dropped_[c] && doc_.node(c).kind == NodeKind::element && is_block_tag(doc_.node(c).tag)) return true;
    }
    return false;
  }

  bool is_paragraph_like(NodeId id) const {
    const Node& n = doc_.node(id);
    switch (n.tag) {
      case GUMBO_TAG_P: case GUMBO_TAG_PRE:
        return true;
      case GUMBO_TAG_TD: case GUMBO_TAG_BLOCKQUOTE: case GUMBO_TAG_LI: case GUMBO_TAG_DD:
      case GUMBO_TAG_DIV: case GUMBO_TAG_SECTION: case GUMBO_TAG_ARTICLE: case GUMBO_TAG_SPAN:
      case GUMBO_TAG_FONT: case GUMBO_TAG_CENTER:
        // A container of inline content only is a paragraph in all but name.
        return !has_block_child(id);
      default:
        return false;
    }
  }

  double initial_score(NodeId id) const {
    double score = class_weight(id);
    switch (doc_.node(id).tag) {
      case GUMBO_TAG_DIV: case GUMBO_TAG_ARTICLE: case GUMBO_TAG_MAIN: score += 5; break;
      case GUMBO_TAG_SECTION: score += 3; break;
      case GUMBO_TAG_PRE: case GUMBO_TAG_TD: case GUMBO_TAG_BLOCKQUOTE: score += 3; break;
      case GUMBO_TAG_ADDRESS: case GUMBO_TAG_OL: case GUMBO_TAG_UL: case GUMBO_TAG_DL: case GUMBO_TAG_DD:
      case GUMBO_TAG_DT: case GUMBO_TAG_LI: case GUMBO_TAG_FORM: score -= 3; break;
      case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3: case GUMBO_TAG_H4: case GUMBO_TAG_H5:
      case GUMBO_TAG_H6: case GUMBO_TAG_TH: score -= 5; break;
      default: break;
    }
    if (doc_.node(id).tag == GUMBO_TAG_ARTICLE || doc_.node(id).tag == GUMBO_TAG_MAIN) score += 10;
    return score;
  }

  void credit(NodeId id, double amount) {
    if (!scored_[id]) {
      scored_[id] = 1;
      score_[id] = initial_score(id);
      candidates_.push_back(id);
    }
    score_[id] += amount;
  }

  // Credits a paragraph's worth to its container and, less and less, to their ancestors.
  void score_paragraph(const TextStats& s, NodeId container, NodeId body) {
    const double amount = 1.0 + s.commas + std::min(3.0, static_cast<double>(s.chars / 100));
    NodeId ancestor = container;
    for (int level = 0; level < 5 && ancestor != kNoNode; ++level, ancestor = doc_.node(ancestor).parent) {
      if (doc_.node(ancestor).kind != NodeKind::element) break;
      const double divider = level == 0 ? 1.0 : level == 1 ? 2.0 : level * 3.0;
      credit(ancestor, amount / divider);
      if (ancestor == body) break;
    }
  }

  // The text of a container's direct text and inline children (its block children excluded).
  TextStats inline_stats(NodeId id) const {
    TextStats own;
    for (NodeId c = doc_.node(id).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
      if (dropped_[c]) continue;
      const Node& child = doc_.node(c);
      if (child.kind == NodeKind::element && is_block_tag(child.tag)) continue;
      own.chars += stats_[c].chars;
      own.link_chars += stats_[c].link_chars;
      own.commas += stats_[c].commas;
    }
    return own;
  }

  std::vector<NodeId> choose_roots(NodeId body) {
    std::fill(score_.begin(), score_.end(), 0.0);
    std::fill(scored_.begin(), scored_.end(), 0);
    candidates_.clear();

    doc_.walk(body, [&](NodeId id) {
      if (dropped_[id]) return false;
      const Node& n = doc_.node(id);
      if (n.kind != NodeKind::element) return false;
      if (!is_paragraph_like(id)) {
        // Text written straight into a container between its blocks (with <br> for paragraph
        // breaks, as older sites do) is a paragraph of that container.
        const TextStats own = inline_stats(id);
        if (own.chars >= 25) score_paragraph(own, id, body);
        return true;
      }
      if (stats_[id].chars >= 25) score_paragraph(stats_[id], n.parent, body);
      return false;  // a paragraph's inner blocks (if any) would count its text twice
    });

    NodeId top = kNoNode;
    double top_score = 0;
    for (NodeId c : candidates_) {
      score_[c] *= 1.0 - link_density(c);
      if (top == kNoNode || score_[c] > top_score) {
        top = c;
        top_score = score_[c];
      }
    }
    if (top == kNoNode) return {body};

    top = promote_shared_ancestor(top, top_score, body);
    top = climb_while_better(top, body);

    return with_siblings(top, body);
  }

  // When several near-best candidates sit under one ancestor, the article is that ancestor (its
  // text was split into several scored blocks).
  NodeId promote_shared_ancestor(NodeId top, double top_score, NodeId body) const {
    // Like Readability, only the few best candidates are compared (bounding the work on pages
    // with thousands of equal blocks).
    std::vector<NodeId> best = candidates_;
    const std::size_t keep = std::min<std::size_t>(best.size(), 6);
    std::partial_sort(best.begin(), best.begin() + static_cast<std::ptrdiff_t>(keep), best.end(),
                      [&](NodeId a, NodeId b) { return score_[a] > score_[b]; });
    best.resize(keep);
    std::vector<NodeId> close;
    for (NodeId c : best) {
      if (c != top && score_[c] >= 0.75 * top_score && !doc_.contains(c, top) && !doc_.contains(top, c)) {
        close.push_back(c);
      }
    }
    if (close.size() < 2) return top;
    for (NodeId parent = doc_.node(top).parent; parent != kNoNode && parent != body;
         parent = doc_.node(parent).parent) {
      int containing = 0;
      for (NodeId c : close) containing += doc_.contains(parent, c) ? 1 : 0;
      if (containing >= 2) return parent;
    }
    return top;
  }

  NodeId climb_while_better(NodeId top, NodeId body) const {
    // Climb to an ancestor that scores better than the candidate (its content was split over
    // several children), giving up once ancestors score far less.
    double last_score = score_[top];
    const double give_up_below = last_score / 3;
    for (NodeId parent = doc_.node(top).parent; parent != kNoNode && parent != body;
         parent = doc_.node(parent).parent) {
      if (!scored_[parent]) continue;
      if (score_[parent] < give_up_below) break;
      if (score_[parent] > last_score) {
        top = parent;
        break;
      }
      last_score = score_[parent];
    }
    // An only child says nothing on its own: its parent holds the same content.
    while (top != body) {
      const NodeId parent = doc_.node(top).parent;
      if (parent == kNoNode || parent == body || doc_.node(parent).kind != NodeKind::element) break;
      int element_children = 0;
      for (NodeId c = doc_.node(parent).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
        if (!dropped_[c] && doc_.node(c).kind == NodeKind::element) ++element_children;
      }
      if (element_children != 1) break;
      top = parent;
    }
    return top;
  }

  std::vector<NodeId> with_siblings(NodeId top, NodeId body) const {
    if (top == body) return {top};
    const NodeId parent = doc_.node(top).parent;
    const double threshold = std::max(10.0, score_[top] * 0.2);
    const std::vector<std::string> top_classes = [&] {
      std::vector<std::string> v;
      if (const std::string* c = doc_.attribute(top, "class")) v.push_back(*c);
      return v;
    }();
    std::vector<NodeId> roots;
    for (NodeId s = doc_.node(parent).first_child; s != kNoNode; s = doc_.node(s).next_sibling) {
      if (dropped_[s]) continue;
      if (s == top) {
        roots.push_back(s);
        continue;
      }
      const Node& n = doc_.node(s);
      if (n.kind != NodeKind::element) continue;
      double bonus = 0;
      if (const std::string* c = doc_.attribute(s, "class"); c && !c->empty() && !top_classes.empty() &&
                                                              *c == top_classes.front()) {
        bonus = score_[top] * 0.2;
      }
      bool keep = scored_[s] && score_[s] + bonus >= threshold;
      if (!keep && (n.tag == GUMBO_TAG_P || is_paragraph_like(s))) {
        const TextStats& st = stats_[s];
        const double density = link_density(s);
        if (st.chars > 80 && density < 0.25) keep = true;
        if (st.chars > 0 && st.chars <= 80 && density == 0 && ends_sentence(small_text(s))) keep = true;
      }
      if (keep) roots.push_back(s);
    }
    return roots;
  }

  static bool ends_sentence(std::string_view text) {
    text = trim(text);
    return !text.empty() && (text.back() == '.' || text.back() == '!' || text.back() == '?');
  }

  // Share buttons, logos and spacers are pictures too, but say nothing about the block's kind.
  bool is_icon(NodeId img) const {
    for (const char* dimension : {"width", "height"}) {
      if (const std::string* v = doc_.attribute(img, dimension)) {
        const long pixels = std::strtol(v->c_str(), nullptr, 10);
        if (pixels > 0 && pixels <= 64) return true;
      }
    }
    if (const std::string* src = doc_.attribute(img, "src")) {
      const std::string lower = ascii_lower_copy(*src);
      for (const char* word : {"icon", "logo", "sprite", "button", "share", "avatar", "pixel", "badge"}) {
        if (lower.find(word) != std::string::npos) return true;
      }
    }
    return false;
  }

  void drop(NodeId id) {
    if (dropped_[id]) return;
    dropped_[id] = 1;
    const TextStats removed = stats_[id];
    for (NodeId p = doc_.node(id).parent; p != kNoNode; p = doc_.node(p).parent) stats_[p].subtract(removed);
  }

  bool is_data_table(NodeId table) const;

  // Removes boilerplate inside the chosen content, deepest elements first so that a container is
  // judged by what is left in it.
  void prune(const std::vector<NodeId>& roots) {
    current_roots_ = roots;
    text_prefix_.assign(doc_.size() + 1, 0);
    for (NodeId id = 0; id < doc_.size(); ++id) {
      const bool counted = doc_.node(id).kind == NodeKind::text && !dropped_[id];
      text_prefix_[id + 1] = text_prefix_[id] + (counted ? stats_[id].chars : 0u);
    }
    // Labelled sections first, outermost first: the label belongs to the section it introduces.
    for (NodeId root : roots) {
      doc_.walk(root, [&](NodeId id) {
        if (dropped_[id] || doc_.node(id).kind != NodeKind::element) return false;
        if (id != root && !in_code_[id] && is_labelled_section(id)) {
          drop(id);
          return false;
        }
        return doc_.node(id).tag != GUMBO_TAG_PRE;
      });
    }
    std::vector<NodeId> elements;
    for (NodeId root : roots) {
      doc_.walk(root, [&](NodeId id) {
        if (dropped_[id]) return false;
        if (doc_.node(id).kind != NodeKind::element) return false;
        if (id != root) elements.push_back(id);
        return doc_.node(id).tag != GUMBO_TAG_PRE;
      });
    }
    for (auto it = elements.rbegin(); it != elements.rend(); ++it) {
      const NodeId id = *it;
      if (dropped_[id]) continue;
      if (should_prune(id)) drop(id);
    }
  }

  // The text of a small element; empty for one with many elements (a few letters spread over
  // thousands of tags are not a phrase, and collecting them would cost a walk per ancestor).
  std::string small_text(NodeId id) const {
    std::string text;
    int budget = 256;
    bool too_big = false;
    doc_.walk(id, [&](NodeId d) {
      if (--budget < 0) {
        too_big = true;
        return WalkStep::stop;
      }
      if (dropped_[d]) return WalkStep::skip;
      if (doc_.node(d).kind == NodeKind::text) text += doc_.node(d).text;
      return WalkStep::descend;
    });
    return too_big ? std::string() : text;
  }

  bool is_phrase_only(NodeId id) const {
    if (stats_[id].chars > 40) return false;
    std::string text = ascii_lower_copy(collapse_whitespace(small_text(id)));
    while (!text.empty() && (text.back() == ':' || text.back() == '.' || text.back() == '!')) text.pop_back();
    return is_widget_phrase(text);
  }

  // The first words of an element, up to the first block boundary inside it: its label.
  std::string leading_text(NodeId id, std::size_t limit) const {
    std::string text;
    int budget = 256;  // a label is near the start; a long run of empty tags is no label
    doc_.walk(id, [&](NodeId d) {
      if (--budget < 0) return WalkStep::stop;
      if (dropped_[d]) return WalkStep::skip;
      const Node& n = doc_.node(d);
      if (n.kind == NodeKind::text) {
        text += n.text;
        if (text.size() >= limit) return WalkStep::stop;
      } else if (d != id && is_block_tag(n.tag) && !trim(text).empty()) {
        return WalkStep::stop;
      }
      return WalkStep::descend;
    });
    return text;
  }

  bool is_furniture_by_text(NodeId id) const {
    const Node& n = doc_.node(id);
    const std::uint32_t chars = stats_[id].chars;
    const bool block = is_block_tag(n.tag) && n.tag != GUMBO_TAG_TD && n.tag != GUMBO_TAG_TH &&
                       n.tag != GUMBO_TAG_LI && n.tag != GUMBO_TAG_P;
    if (chars == 0 || chars > 200) return false;
    // Short lines outside paragraphs: bylines, date lines, breadcrumbs.
    const NodeId parent = n.parent;
    const bool in_prose = parent != kNoNode && (doc_.is_element(parent, GUMBO_TAG_P) ||
                                                doc_.is_element(parent, GUMBO_TAG_LI) ||
                                                heading_level_of(doc_.node(parent).tag) > 0);
    if (in_prose || n.tag == GUMBO_TAG_A || heading_level_of(n.tag) > 0) return false;
    if (!block && stats_[parent].chars > chars + chars / 2 && !stands_alone(id)) {
      // An inline element among other text is part of a sentence unless it stands on its own line.
      return false;
    }
    const std::string text = collapse_whitespace(small_text(id));
    return looks_like_byline(text) || (link_density(id) > 0.1 && looks_like_breadcrumb(text));
  }

  // A section introduced by a widget label ("Related stories", "12 Comments", "Tags:"). Large
  // ones only after some article text, so that a wrapper opening with a share bar survives.
  bool is_labelled_section(NodeId id) const {
    const Node& n = doc_.node(id);
    if (n.kind != NodeKind::element || stats_[id].chars == 0) return false;
    const bool block = is_block_tag(n.tag) && n.tag != GUMBO_TAG_P;
    if (!block && !stands_alone(id)) return false;
    if (!is_boilerplate_label(leading_text(id, 80))) return false;
    return stats_[id].chars < 2000 || text_before(id) >= 200;
  }

  // Characters of kept text that come before `id` in the selected content.
  std::uint32_t text_before(NodeId id) const {
    // Node ids run in document order, so the text before `id` is a prefix sum, less what lies
    // before the first root.
    const NodeId first_root = current_roots_.empty() ? 0 : current_roots_.front();
    return text_prefix_[id] - text_prefix_[first_root];
  }

  // Whether an inline element is a line of its own: only blocks, line breaks, rules or
  // whitespace stand between it and its neighbours.
  bool stands_alone(NodeId id) const {
    auto separates = [&](NodeId sibling) {
      for (; sibling != kNoNode;) {
        const Node& n = doc_.node(sibling);
        if (dropped_[sibling] || (n.kind == NodeKind::text && trim(n.text).empty())) {
          sibling = kNoNode;
          continue;
        }
        return n.kind == NodeKind::element && (is_block_tag(n.tag) || n.tag == GUMBO_TAG_BR);
      }
      return true;
    };
    // Skipping is bounded: a run of many dropped siblings counts as a separation.
    auto skippable = [&](NodeId n) {
      return dropped_[n] || (doc_.node(n).kind == NodeKind::text && trim(doc_.node(n).text).empty());
    };
    NodeId before = doc_.node(id).prev_sibling;
    for (int step = 0; before != kNoNode && skippable(before); ++step) {
      before = step < 8 ? doc_.node(before).prev_sibling : kNoNode;
    }
    NodeId after = doc_.node(id).next_sibling;
    for (int step = 0; after != kNoNode && skippable(after); ++step) {
      after = step < 8 ? doc_.node(after).next_sibling : kNoNode;
    }
    return separates(before) && separates(after);
  }

  static int heading_level_of(GumboTag tag) {
    return tag >= GUMBO_TAG_H1 && tag <= GUMBO_TAG_H6 ? static_cast<int>(tag - GUMBO_TAG_H1) + 1 : 0;
  }

  bool should_prune(NodeId id) const {
    const Node& n = doc_.node(id);
    if (in_code_[id]) return false;
    if (stats_[id].chars == 0) {
      // Keep what renders without text: images, rules, line breaks and their containers.
      bool has_media = false;
      doc_.walk(id, [&](NodeId d) {
        if (dropped_[d]) return WalkStep::skip;
        if (doc_.is_element(d, GUMBO_TAG_IMG) || doc_.is_element(d, GUMBO_TAG_HR) ||
            doc_.is_element(d, GUMBO_TAG_BR) || doc_.node(d).name == "picture") {
          has_media = true;
          return WalkStep::stop;
        }
        return WalkStep::descend;
      });
      return !has_media && n.tag != GUMBO_TAG_TD && n.tag != GUMBO_TAG_TH;
    }
    if (is_phrase_only(id) && n.tag != GUMBO_TAG_TD && n.tag != GUMBO_TAG_TH) return true;
    if (is_furniture_by_text(id)) return true;
    const bool heading = n.tag >= GUMBO_TAG_H1 && n.tag <= GUMBO_TAG_H6;
    if (heading) return class_weight(id) < 0 || link_density(id) > 0.5;
    if (weigh_classes_ && class_hint(doc_, id) == Hint::negative && stats_[id].chars < 400 && !is_data_table_cell(id) &&
        !holds_code_or_data(id)) {
      return true;
    }
    if (!clean_conditionally_) return false;
    switch (n.tag) {
      case GUMBO_TAG_TABLE: case GUMBO_TAG_UL: case GUMBO_TAG_OL: case GUMBO_TAG_DIV: case GUMBO_TAG_SECTION:
      case GUMBO_TAG_FORM: case GUMBO_TAG_FIELDSET: case GUMBO_TAG_ASIDE: case GUMBO_TAG_DL:
        break;
      default:
        return false;
    }
    // Code and data tables are content whatever their wrappers' classes and links say.
    if (holds_code_or_data(id) || inside_data_table(id)) return false;

    const double weight = class_weight(id);
    // A list's own score starts below zero, so only a positive score offsets a negative class.
    if (weight + (scored_[id] ? std::max(score_[id], 0.0) : 0.0) < 0) return true;
    if (stats_[id].commas >= 10) return false;

    const TextStats& c = stats_[id];
    const bool is_list = n.tag == GUMBO_TAG_UL || n.tag == GUMBO_TAG_OL || n.tag == GUMBO_TAG_DL;
    const double density = link_density(id);
    const std::uint32_t chars = c.chars;
    const bool in_figure = in_figure_[id] != 0;
    const auto paragraphs = static_cast<long>(c.paragraphs);
    // A gallery or a strip of icons, unless there is real prose around the pictures.
    if (c.images > 1 && static_cast<double>(paragraphs) / c.images < 0.5 && !in_figure && chars < 1000) return true;
    if (!is_list && static_cast<long>(c.list_items) - 100 > paragraphs) return true;
    if (static_cast<long>(c.inputs) > paragraphs / 3) return true;
    const double heading_density = chars == 0 ? 0.0 : static_cast<double>(c.heading_chars) / chars;
    if (!is_list && heading_density < 0.9 && chars < 25 && (c.images == 0 || c.images > 2) && !in_figure) return true;
    if (weight < 25 && density > 0.2 + (is_list ? 0.2 : 0.0)) return true;
    if (weight >= 25 && density > 0.5) return true;
    if ((c.embeds == 1 && chars < 75) || c.embeds > 1) return true;
    return false;
  }

  // Code blocks and data tables are content whatever their wrapper's class says ("code-scroll").
  bool holds_code_or_data(NodeId id) const { return stats_[id].code_or_tables > 0; }

  bool inside_data_table(NodeId id) const {
    return nearest_table_[id] != kNoNode && is_data_table(nearest_table_[id]);
  }
  bool is_data_table_cell(NodeId id) const {
    return (doc_.is_element(id, GUMBO_TAG_TD) || doc_.is_element(id, GUMBO_TAG_TH)) && inside_data_table(id);
  }

  const Document& doc_;
  const ContentRules& rules_;
  std::vector<std::uint8_t> dropped_;
  std::vector<TextStats> stats_;
  std::vector<double> score_;
  std::vector<std::uint8_t> scored_;
  std::vector<NodeId> candidates_;
  std::vector<NodeId> current_roots_;
  std::vector<std::uint8_t> in_code_;    // inside <pre> or <code>
  std::vector<std::uint8_t> in_figure_;
  std::vector<NodeId> nearest_table_;    // the closest <table> ancestor
  mutable std::vector<std::int8_t> table_kind_;  // per table: -1 unknown, 0 layout, 1 data
  std::vector<std::uint32_t> text_prefix_;
  mutable std::vector<std::uint32_t> raw_chars_;  // per node id: kept text characters before it
  bool strip_unlikely_ = true;
  bool weigh_classes_ = true;
  bool clean_conditionally_ = true;
  std::uint32_t best_chars_ = 0;
  std::vector<NodeId> best_roots_;
  std::vector<std::uint8_t> best_dropped_;
};

// Classifying walks the table, so each table is classified once.
bool ContentFinder::is_data_table(NodeId table) const {
  std::int8_t& kind = table_kind_[table];
  if (kind < 0) kind = classify_table(doc_, table) == TableKind::data ? 1 : 0;
  return kind == 1;
}

}  // namespace

ContentSelection select_content(const Document& doc, const ContentRules& rules) {
  return ContentFinder(doc, rules).run();
}

}  // namespace pagemd::extract
