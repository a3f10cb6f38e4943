#include "content/content_scoring.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

#include "text/metadata_text.hpp"
#include "text/text_util.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract::content_detail {
namespace {

class CandidateScoring {
 public:
  CandidateScoring(const PageStats& page, const Strictness& strictness, Scores& scores)
      : page_(page), doc_(page.doc()), strictness_(strictness), scores_(scores) {}

  std::vector<NodeId> choose_roots(NodeId body, std::string_view page_title) {
    scores_.score.clear();
    candidates_.clear();

    doc_.walk(body, [&](NodeId id) {
      if (page_.dropped(id)) return false;
      const Node& n = doc_.node(id);
      if (n.kind != NodeKind::element) return false;
      if (!is_paragraph_like(id)) {
        // Text written straight into a container between its blocks (with <br> for paragraph
        // breaks, as older sites do) is a paragraph of that container.
        const TextStats own = inline_stats(id);
        if (own.chars >= 25) score_paragraph(own, id, body);
        return true;
      }
      if (page_.chars(id) >= 25) score_paragraph(page_.stats(id), n.parent, body);
      return false;  // a paragraph's inner blocks (if any) would count its text twice
    });

    NodeId top = kNoNode;
    double top_score = 0;
    for (NodeId c : candidates_) {
      double& score = scores_.score.at(c);
      score *= 1.0 - page_.link_density(c);
      if (top == kNoNode || score > top_score) {
        top = c;
        top_score = score;
      }
    }
    if (top == kNoNode) return {body};

    top = promote_shared_ancestor(top, top_score, body);
    top = climb_while_better(top, body);
    if (!page_title.empty()) top = the_titled_story(top, page_title);

    return with_siblings(top, body);
  }

 private:
  // A block by its tag, or a custom element (<story-text>, <promo-card>): a web component's part,
  // which its styles lay out as a block. Counted as inline text of its parent, a component would
  // make the parent of a page's components read as one long paragraph of everything in them.
  bool acts_as_block(NodeId id) const {
    const Node& n = doc_.node(id);
    return n.kind == NodeKind::element && (is_block_tag(n.tag) || is_custom_element(doc_, id));
  }

  bool has_block_child(NodeId id) const {
    for (NodeId c = doc_.node(id).first_child(); c != kNoNode; c = doc_.node(c).next_sibling) {
      if (!page_.dropped(c) && acts_as_block(c)) return true;
    }
    return false;
  }

  bool is_paragraph_like(NodeId id) const {
    const Node& n = doc_.node(id);
    switch (n.tag) {
      case HtmlTag::p:
      case HtmlTag::pre: return true;
      case HtmlTag::td:
      case HtmlTag::blockquote:
      case HtmlTag::li:
      case HtmlTag::dd:
      case HtmlTag::div:
      case HtmlTag::section:
      case HtmlTag::article:
      case HtmlTag::span:
      case HtmlTag::font:
      case HtmlTag::center:
      case HtmlTag::unknown:
        // A container of inline content only is a paragraph in all but name.
        return !has_block_child(id);
      default: return false;
    }
  }

  double initial_score(NodeId id) const {
    double score = class_weight(doc_, id, strictness_);
    switch (doc_.node(id).tag) {
      case HtmlTag::div:
      case HtmlTag::article:
      case HtmlTag::main: score += 5; break;
      case HtmlTag::section:
      case HtmlTag::pre:
      case HtmlTag::td:
      case HtmlTag::blockquote: score += 3; break;
      case HtmlTag::address:
      case HtmlTag::ol:
      case HtmlTag::ul:
      case HtmlTag::dl:
      case HtmlTag::dd:
      case HtmlTag::dt:
      case HtmlTag::li:
      case HtmlTag::form: score -= 3; break;
      case HtmlTag::h1:
      case HtmlTag::h2:
      case HtmlTag::h3:
      case HtmlTag::h4:
      case HtmlTag::h5:
      case HtmlTag::h6:
      case HtmlTag::th: score -= 5; break;
      default: break;
    }
    if (doc_.node(id).tag == HtmlTag::article || doc_.node(id).tag == HtmlTag::main) score += 10;
    return score;
  }

  void credit(NodeId id, double amount) {
    const auto [entry, first] = scores_.score.try_emplace(id, 0.0);
    if (first) {
      entry->second = initial_score(id);
      candidates_.push_back(id);
    }
    entry->second += amount;
  }

  // Credits a paragraph's worth to its container and, less and less, to their ancestors.
  void score_paragraph(const TextStats& s, NodeId container, NodeId body) {
    const double amount = 1.0 + s.commas + std::min(3.0, std::floor(s.chars / 100.0));
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
    for (NodeId c = doc_.node(id).first_child(); c != kNoNode; c = doc_.node(c).next_sibling) {
      if (page_.dropped(c)) continue;
      if (acts_as_block(c)) continue;
      const TextStats inline_child = page_.stats(c);
      own.chars += inline_child.chars;
      own.link_chars += inline_child.link_chars;
      own.commas += inline_child.commas;
    }
    return own;
  }

  // When several near-best candidates sit under one ancestor, the article is that ancestor (its
  // text was split into several scored blocks).
  NodeId promote_shared_ancestor(NodeId top, double top_score, NodeId body) const {
    // Like Readability, only the few best candidates are compared (bounding the work on pages
    // with thousands of equal blocks).
    std::vector<NodeId> best = candidates_;
    const std::size_t keep = std::min<std::size_t>(best.size(), 6);
    std::partial_sort(best.begin(), best.begin() + static_cast<std::ptrdiff_t>(keep), best.end(),
                      [&](NodeId a, NodeId b) { return scores_.of(a) > scores_.of(b); });
    best.resize(keep);
    std::vector<NodeId> close;
    for (NodeId c : best) {
      if (c != top && scores_.of(c) >= 0.75 * top_score && !doc_.contains(c, top) && !doc_.contains(top, c)) {
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
    double last_score = scores_.of(top);
    const double give_up_below = last_score / 3;
    for (NodeId parent = doc_.node(top).parent; parent != kNoNode && parent != body;
         parent = doc_.node(parent).parent) {
      if (!scores_.scored(parent)) continue;
      if (scores_.of(parent) < give_up_below) break;
      if (scores_.of(parent) > last_score) {
        top = parent;
        break;
      }
      last_score = scores_.of(parent);
    }
    // An only child says nothing on its own: its parent holds the same content.
    while (top != body) {
      const NodeId parent = doc_.node(top).parent;
      if (parent == kNoNode || parent == body || doc_.node(parent).kind != NodeKind::element) break;
      int element_children = 0;
      for (NodeId c = doc_.node(parent).first_child(); c != kNoNode; c = doc_.node(c).next_sibling) {
        if (!page_.dropped(c) && doc_.node(c).kind == NodeKind::element) ++element_children;
      }
      if (element_children != 1) break;
      top = parent;
    }
    return top;
  }

  static constexpr std::uint32_t kTemplatedPartChars = 200;

  std::vector<NodeId> with_siblings(NodeId top, NodeId body) const {
    if (top == body) return {top};
    const NodeId parent = doc_.node(top).parent;
    const double threshold = std::max(10.0, scores_.of(top) * 0.2);
    const std::vector<std::string> top_classes = [&] {
      std::vector<std::string> v;
      if (const std::string_view* c = doc_.attribute(top, "class")) v.emplace_back(*c);
      return v;
    }();
    std::vector<NodeId> roots;
    const bool top_is_story = is_story(top);
    for (NodeId s = doc_.node(parent).first_child(); s != kNoNode; s = doc_.node(s).next_sibling) {
      if (page_.dropped(s)) continue;
      if (s == top) {
        roots.push_back(s);
        continue;
      }
      const Node& n = doc_.node(s);
      if (n.kind != NodeKind::element) continue;
      double bonus = 0;
      if (const std::string_view* c = doc_.attribute(s, "class");
          c && !c->empty() && !top_classes.empty() && *c == top_classes.front()) {
        bonus = scores_.of(top) * 0.2;
      }
      bool keep = scores_.scored(s) && scores_.of(s) + bonus >= threshold;
      if (!keep && (n.tag == HtmlTag::p || is_paragraph_like(s))) {
        const TextStats& st = page_.stats(s);
        const double density = page_.link_density(s);
        if (st.chars > 80 && density < 0.25) keep = true;
        if (st.chars > 0 && st.chars <= 80 && density == 0 && ends_sentence(page_.small_text(s))) keep = true;
      }
      // A page builder's rows (a row, a column, a module, a text block: deeper than a paragraph's
      // credit reaches) are the story's parts: a sibling of the pick's template holding prose is one.
      if (!keep && (n.tag == HtmlTag::div || n.tag == HtmlTag::section) && same_tag_and_first_class(doc_, s, top)) {
        keep = page_.chars(s) >= kTemplatedPartChars && page_.link_density(s) < 0.25 && !teases_or_asks(s);
      }
      // Beside a story (an <article>) with its headline, an <article> with a headline of its own is
      // another story (the next one, loaded below as the reader scrolls), however alike the two are.
      if (keep && top_is_story && is_story(s)) keep = false;
      if (keep) roots.push_back(s);
    }
    return roots;
  }

  // Whether a block holds a title that links elsewhere (a heading with a link, or a link that is
  // its line's whole text: a teaser of another page, as related posts' rows are) or a form (a
  // contact row): such a row of a page builder is not the story's.
  bool teases_or_asks(NodeId id) const {
    constexpr std::uint32_t kShortestTitle = 15;
    bool found = false;
    doc_.walk(id, [&](NodeId d) {
      if (page_.dropped(d)) return WalkStep::skip;
      const HtmlTag tag = doc_.node(d).tag;
      if (tag == HtmlTag::a) {
        const std::uint32_t chars = page_.chars(d);
        found = chars >= kShortestTitle && page_.chars(doc_.node(d).parent) == chars;
        return found ? WalkStep::stop : WalkStep::skip;
      }
      found = tag == HtmlTag::form || (heading_level(tag) > 0 && doc_.find_first(HtmlTag::a, d) != kNoNode);
      return found ? WalkStep::stop : WalkStep::descend;
    });
    return found;
  }

  // An <article> under an <h1>: a story that stands on its own.
  bool is_story(NodeId id) const {
    return doc_.is_element(id, HtmlTag::article) && headline_after(page_, id) != kNoNode;
  }

  // `top`, or the sibling story headed by the page's title when `top` is a story headed otherwise
  // (the next story, loaded below and longer than a short one).
  NodeId the_titled_story(NodeId top, std::string_view page_title) const {
    if (!doc_.is_element(top, HtmlTag::article) || doc_.node(top).parent == kNoNode) return top;
    const NodeId headline = headline_after(page_, top);
    if (headline == kNoNode) return top;
    const std::string wanted = normalized_title(page_title);
    if (normalized_title(doc_.text_content(headline)) == wanted) return top;
    for (NodeId s = doc_.node(doc_.node(top).parent).first_child(); s != kNoNode; s = doc_.node(s).next_sibling) {
      if (s == top || page_.dropped(s) || !doc_.is_element(s, HtmlTag::article)) continue;
      if (const NodeId other = headline_after(page_, s);
          other != kNoNode && normalized_title(doc_.text_content(other)) == wanted) {
        return s;
      }
    }
    return top;
  }

  static bool ends_sentence(std::string_view text) {
    text = trim(text);
    return !text.empty() && (text.back() == '.' || text.back() == '!' || text.back() == '?');
  }

  const PageStats& page_;
  const Document& doc_;
  const Strictness strictness_;
  Scores& scores_;
  std::vector<NodeId> candidates_;
};

}  // namespace

std::vector<NodeId> choose_roots(const PageStats& page, NodeId body, const Strictness& strictness, Scores& scores,
                                 std::string_view page_title) {
  return CandidateScoring(page, strictness, scores).choose_roots(body, page_title);
}

}  // namespace pagemd::extract::content_detail
