#include "content/content_pruning.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>
#include <string>

#include "content/boilerplate.hpp"
#include "tree/element_kinds.hpp"
#include "text/text_util.hpp"
#include "text/words.hpp"

namespace pagemd::extract::content_detail {

using namespace std::string_view_literals;
namespace {

enum class Side : std::uint8_t { before, after };

// The nearest sibling on one side that is neither dropped nor whitespace; kNoNode when there is
// none. Skipping is bounded: a run of many such siblings counts as a separation.
NodeId neighbour(const PageStats& page, NodeId id, Side side) {
  const Document& doc = page.doc();
  const auto skippable = [&](NodeId n) {
    return page.dropped(n) || (doc.node(n).kind == NodeKind::text && trim(doc.text(n)).empty());
  };
  const auto step = [&](NodeId n) { return side == Side::before ? doc.prev_sibling(n) : doc.node(n).next_sibling; };
  NodeId at = step(id);
  for (int skipped = 0; at != kNoNode && skippable(at); ++skipped) {
    at = skipped < 8 ? step(at) : kNoNode;
  }
  return at;
}

bool separates_lines(const PageStats& page, NodeId sibling) {
  if (sibling == kNoNode) return true;
  const Node& n = page.doc().node(sibling);
  return n.kind == NodeKind::element && (is_block_tag(n.tag) || n.tag == HtmlTag::br);
}

// Whether an inline element begins its line ("Read more:" before a link), not a word in a sentence.
bool starts_a_line(const PageStats& page, NodeId id) {
  return separates_lines(page, neighbour(page, id, Side::before));
}

// Whether an inline element is a line of its own: only blocks, line breaks, rules or whitespace
// stand between it and its neighbours.
bool stands_alone(const PageStats& page, NodeId id) {
  return starts_a_line(page, id) && separates_lines(page, neighbour(page, id, Side::after));
}

// Whether block `id` is a teaser's line: a widget's label ending in a colon ("Read more:", "See
// also:") and then links and little else. The label alone would go as a widget phrase and leave
// the link behind as if it were text of the page.
bool is_teaser_line(const PageStats& page, NodeId id, std::uint32_t chars) {
  constexpr std::uint32_t kLongestLine = 200;
  const Document& doc = page.doc();
  const HtmlTag tag = doc.node(id).tag;
  if (chars > kLongestLine || (tag != HtmlTag::p && tag != HtmlTag::div && tag != HtmlTag::li)) return false;
  // Mostly links, whatever the label (at most a few words) takes: most lines are asked no more.
  constexpr std::uint32_t kLongestLabel = 40;
  const TextStats line = page.stats(id);
  if (line.link_chars == 0 || line.link_chars * 5 < (line.chars - std::min(line.chars, kLongestLabel)) * 4) {
    return false;
  }
  NodeId label = doc.node(id).first_child();
  while (label != kNoNode && doc.node(label).kind == NodeKind::text && trim(doc.text(label)).empty()) {
    label = doc.node(label).next_sibling;
  }
  if (label == kNoNode || doc.node(label).kind != NodeKind::element || is_block_tag(doc.node(label).tag) ||
      doc.is_element(label, HtmlTag::a)) {
    return false;
  }
  std::string text = ascii_lower_copy(collapse_whitespace(page.small_text(label)));
  if (!text.ends_with(':')) return false;
  while (!text.empty() && text.back() == ':') text.pop_back();
  if (!is_widget_phrase(text) && !is_boilerplate_label(text)) return false;
  const std::uint32_t rest = line.chars - std::min(line.chars, page.chars(label));
  return rest > 0 && line.link_chars >= rest * 4 / 5;
}

// A heading followed, before the next heading, by a paragraph of its own: a section's title
// ("Share" over a method's description), not a widget's label over its buttons. A paragraph is
// long, or one sentence of some words ("Whether the response may be shared."): a widget's text
// under its label is a count, a button's words or a list of links.
bool heads_prose(const PageStats& page, NodeId id) {
  constexpr std::uint32_t kProseChars = 80;
  constexpr std::size_t kSentenceWords = 6;
  const Document& doc = page.doc();
  if (heading_level(doc.node(id).tag) == 0) return false;
  for (NodeId next = doc.node(id).next_sibling; next != kNoNode; next = doc.node(next).next_sibling) {
    if (page.dropped(next) || doc.node(next).kind != NodeKind::element) continue;
    if (heading_level(doc.node(next).tag) > 0) return false;
    const TextStats stats = page.stats(next);
    if (link_density_of(stats) >= 0.5) return false;
    if (stats.chars >= kProseChars) return true;
    const std::string text = page.small_text(next);
    const std::string_view sentence = trim(text);
    return sentence.ends_with('.') && count_words(sentence) >= kSentenceWords;
  }
  return false;
}

class Pruner {
 public:
  Pruner(PageStats& page, const Scores& scores, const Strictness& strictness)
      : page_(page), doc_(page.doc()), strictness_(strictness), scores_(scores) {}

  // Removes boilerplate inside the chosen content, deepest elements first so that a container is
  // judged by what is left in it.
  void prune(const std::vector<NodeId>& roots) {
    drop_labelled_sections(roots, /*responses_are_content=*/false);
    // The elements to judge are chosen before any is dropped. A bit a node, not a list of ids: a
    // page of tiny elements has millions.
    std::vector<bool> judged(doc_.size(), false);
    for (NodeId root : roots) {
      doc_.walk(root, [&](NodeId id) {
        if (page_.dropped(id)) return false;
        if (doc_.node(id).kind != NodeKind::element) return false;
        if (id != root) judged[id] = true;
        return doc_.node(id).tag != HtmlTag::pre;
      });
    }
    // Node ids run in document order and a subtree's ids are contiguous, so counting down from a
    // subtree's last node visits every child before its parent.
    for (auto root = roots.rbegin(); root != roots.rend(); ++root) {
      for (NodeId id = doc_.last_descendant(*root); id > *root; --id) {
        if (judged[id] && !page_.dropped(id) && should_prune(id)) page_.drop(id);
      }
    }
  }

  // Labelled sections, outermost first: the label belongs to the section it introduces.
  // `responses_are_content`: the readers' responses are what the page is for (a thread's replies).
  void drop_labelled_sections(const std::vector<NodeId>& roots, bool responses_are_content) {
    responses_are_content_ = responses_are_content;
    current_roots_ = roots;
    text_prefix_.clear();
    last_label_of_ = kNoNode;
    last_pitch_of_ = kNoNode;
    for (NodeId root : roots) {
      doc_.walk(root, [&](NodeId id) {
        if (page_.dropped(id) || doc_.node(id).kind != NodeKind::element) return false;
        // A root goes too when it was only taken in beside another (a sibling of the best block).
        if ((id != root || roots.size() > 1) && !page_.in_code(id)) {
          const std::uint32_t chars = page_.chars(id);
          const bool labelled = is_labelled_section(id, chars);
          if (labelled || is_signup_box(id, chars)) {
            page_.drop(id);
            if (labelled && labels_responses_ && heading_level(doc_.node(id).tag) > 0) drop_headed_run(id);
            return false;
          }
        }
        return doc_.node(id).tag != HtmlTag::pre;
      });
    }
  }

 private:
  struct Label {
    std::string text;
    int depth = 0;  // of the element holding its first words, below the labelled one: 0 is itself
  };

  // A label's walk so far, and where it would go on had its budget not run out (kNoNode when it
  // ended otherwise).
  struct LabelWalk {
    Label label;
    NodeId resume_at = kNoNode;
  };
  static constexpr int kLabelBudget = 256;  // a label is near the start; a long run of empty tags is no label

  // The first words of an element, up to the first block boundary inside it: its label. Code is
  // no label: a block opening with `print(...)` is a sample, not a "Print" button's section.
  // The sections are asked outermost first, and the only child of a wrapper has the wrapper's
  // label, less the wrapper's one visit: it takes up the wrapper's walk rather than walking the
  // same nodes again (a deep nest of wrappers would cost a walk per level).
  Label leading_text(NodeId id, std::size_t limit) const {
    LabelWalk walk;
    if (is_only_child_of(id, last_label_of_)) {
      walk = last_label_;
      if (!trim(walk.label.text).empty()) --walk.label.depth;
      if (walk.resume_at != kNoNode) go_on_with_label(id, walk, 1, limit);
    } else {
      walk.resume_at = id;
      go_on_with_label(id, walk, kLabelBudget, limit);
    }
    last_label_of_ = id;
    last_label_ = walk;
    return walk.label;
  }

  bool is_only_child_of(NodeId id, NodeId parent) const {
    return parent != kNoNode && doc_.node(id).parent == parent && doc_.node(parent).first_child() == id &&
           doc_.last_child(parent) == id;
  }

  // Walks the subtree under `id` for its label from where `walk` is on, with `budget` visits.
  void go_on_with_label(NodeId id, LabelWalk& walk, int budget, std::size_t limit) const {
    const NodeId start = walk.resume_at;
    walk.resume_at = kNoNode;
    doc_.walk_from(id, start, [&](NodeId d) {
      if (--budget < 0) {
        walk.resume_at = d;
        return WalkStep::stop;
      }
      if (page_.dropped(d)) return WalkStep::skip;
      const Node& n = doc_.node(d);
      if ((n.tag == HtmlTag::pre || n.tag == HtmlTag::code) && n.kind == NodeKind::element) return WalkStep::stop;
      if (n.kind == NodeKind::text) {
        if (trim(walk.label.text).empty() && !trim(doc_.text(d)).empty()) {
          for (NodeId up = n.parent; up != id && up != kNoNode; up = doc_.node(up).parent) ++walk.label.depth;
        }
        walk.label.text += doc_.text(d);
        if (walk.label.text.size() >= limit) return WalkStep::stop;
      } else if (d != id && is_block_tag(n.tag) && !trim(walk.label.text).empty()) {
        return WalkStep::stop;
      }
      return WalkStep::descend;
    });
  }

  bool is_furniture_by_text(NodeId id, const TextStats& stats) const {
    const Node& n = doc_.node(id);
    const std::uint32_t chars = stats.chars;
    const bool block = is_block_tag(n.tag) && n.tag != HtmlTag::td && n.tag != HtmlTag::th && n.tag != HtmlTag::li &&
                       n.tag != HtmlTag::p;
    if (chars == 0 || chars > 200) return false;
    // Short lines outside paragraphs: bylines, date lines, breadcrumbs.
    const NodeId parent = n.parent;
    const bool in_prose =
        parent != kNoNode && (doc_.is_element(parent, HtmlTag::p) || doc_.is_element(parent, HtmlTag::li) ||
                              heading_level(doc_.node(parent).tag) > 0);
    if (in_prose || n.tag == HtmlTag::a || heading_level(n.tag) > 0) return false;
    // A block holding code or a data table is no byline or breadcrumb.
    if (holds_code_or_data(id)) return false;
    // Mostly a heading: a title, not a byline or a breadcrumb, whatever arrows it holds (a method's
    // signature, "fn map<U>(self) -> U", beside its "Source" link).
    if (2 * stats.heading_chars > chars) return false;
    if (!block && page_.chars(parent) > chars + chars / 2 && !stands_alone(page_, id)) {
      // An inline element among other text is part of a sentence unless it stands on its own line.
      return false;
    }
    const std::string text = collapse_whitespace(page_.small_text(id));
    const bool furniture = looks_like_byline(text) || (link_density_of(stats) > 0.1 && looks_like_breadcrumb(text));
    // Nor is what a headed table holds: an "Updated" column, a row whose code says "n > 0".
    return furniture && !in_headed_table(id);
  }

  // A section introduced by a widget label ("Related stories", "12 Comments", "Tags:"). Large
  // ones only after some article text, so that a wrapper opening with a share bar survives.
  // `chars`: the element's counted characters.
  bool is_labelled_section(NodeId id, std::uint32_t chars) const {
    labels_responses_ = false;
    const Node& n = doc_.node(id);
    if (n.kind != NodeKind::element || chars < section_label_min_letters()) return false;
    const bool block = is_block_tag(n.tag) && n.tag != HtmlTag::p;
    if (!block && !stands_alone(page_, id)) return false;
    const Label label = leading_text(id, 80);
    labels_responses_ = !responses_are_content_ && counts_responses(label.text);
    if (!labels_responses_ && !is_boilerplate_label(label.text)) return false;
    // An ad slot holds its caption as text or in a child; a block whose caption lies deeper only
    // begins with an ad slot.
    if (label.depth > 1 && is_ad_caption(label.text)) return false;
    // What a headed table holds ("Print" in a column of statuses, a link "Popular loaf" in a cell)
    // is data, not a label over the rest. (Not any table pagemd takes for data: a portal's layout
    // table can look like one, and the "Related links" cell of its chrome is a label.)
    if (in_headed_table(id)) return false;
    // A list item opening with a widget's word ("Share your document patiently") over items of
    // its own that say something is an item of the list, not a share bar: those are links.
    if (n.tag == HtmlTag::li && link_density_of(page_.stats(id)) < 0.5) return false;
    // The readers' comments under a count are prose too, and still none of the page's.
    if (heads_several_sections(id) || (!labels_responses_ && heads_prose(page_, id))) return false;
    return chars < 2000 || text_before(id) >= 200;
  }

  // Whether `id` is a table whose header cells name its columns, or inside one.
  bool in_headed_table(NodeId id) const {
    const NodeId table = doc_.is_element(id, HtmlTag::table) ? id : page_.enclosing_table(id);
    if (table == kNoNode) return false;
    constexpr int kMostElements = 64;
    int visits = 0;
    bool headed = false;
    doc_.walk(table, [&](NodeId at) {
      if (++visits > kMostElements) return WalkStep::stop;
      if (at != table && doc_.is_element(at, HtmlTag::table)) return WalkStep::skip;
      if (doc_.is_element(at, HtmlTag::th)) {
        headed = true;
        return WalkStep::stop;
      }
      return doc_.node(at).kind == NodeKind::element ? WalkStep::descend : WalkStep::skip;
    });
    return headed;
  }

  // The blocks after a heading that counts the responses, up to the next heading of its rank or
  // above (or a block opening with one): the responses it counts, when the page did not wrap them
  // in a block of their own under it.
  void drop_headed_run(NodeId heading) {
    const int rank = heading_level(doc_.node(heading).tag);
    for (NodeId next = doc_.node(heading).next_sibling; next != kNoNode;) {
      const NodeId after = doc_.node(next).next_sibling;
      if (!page_.dropped(next) && doc_.node(next).kind == NodeKind::element) {
        const NodeId opening = heading_level(doc_.node(next).tag) > 0 ? next : opening_heading(doc_, next);
        if (opening != kNoNode && heading_level(doc_.node(opening).tag) <= rank) return;
        page_.drop(next);
      }
      next = after;
    }
  }

  // Whether a block whose first part is headed ("Related products" over a strip of links, in a
  // block of their own) goes on with a heading of the same rank or above: the label heads its own
  // part alone (a category's "Related products", then the category's own title and text), and
  // that part is judged when the search goes down to it.
  bool heads_several_sections(NodeId id) const {
    constexpr std::size_t kLevels = 4;
    const auto first_with_text = [&](NodeId parent) {
      NodeId child = doc_.node(parent).first_child();
      while (child != kNoNode && (page_.dropped(child) || page_.chars(child) == 0)) {
        child = doc_.node(child).next_sibling;
      }
      return child;
    };
    // The label's heading, down the first parts with text; and the parts on the way to it.
    std::array<NodeId, kLevels> path{};
    std::size_t depth = 0;
    NodeId at = first_with_text(id);
    for (; at != kNoNode && depth < kLevels; at = first_with_text(at)) {
      if (doc_.node(at).kind != NodeKind::element) return false;
      path[depth++] = at;
      if (heading_level(doc_.node(at).tag) > 0) break;
    }
    if (depth == 0 || heading_level(doc_.node(path[depth - 1]).tag) == 0) return false;
    const int rank = heading_level(doc_.node(path[depth - 1]).tag);
    // After the parts around the heading, not after the heading itself: a heading among its
    // section's blocks, with no part of its own, is left to the label, as the search could not
    // leave out its section alone.
    for (std::size_t level = 0; level + 1 < depth; ++level) {
      for (NodeId later = doc_.node(path[level]).next_sibling; later != kNoNode;
           later = doc_.node(later).next_sibling) {
        if (page_.dropped(later) || doc_.node(later).kind != NodeKind::element) continue;
        const NodeId heading = heading_level(doc_.node(later).tag) > 0 ? later : opening_heading(doc_, later);
        if (heading != kNoNode && heading_level(doc_.node(heading).tag) <= rank) return true;
      }
    }
    return false;
  }

  // A small block asking for an email address to subscribe or join (a newsletter pitch), whatever
  // its heading says. An email field alone is not enough: a service page's hero and contact
  // section ask for one too, and those are the page's text.
  bool is_signup_box(NodeId id, std::uint32_t chars) const {
    constexpr std::uint32_t kPitchChars = 600;
    static constexpr std::array<std::string_view, 10> kPitchWords{
        "subscribe", "newsletter", "sign up", "signup", "inbox", "join", "abonn", "anmelden", "suscrib", "inscri"};
    if (!is_block_tag(doc_.node(id).tag) || chars > kPitchChars) return false;
    // As with labels: the only child of a wrapper takes up the wrapper's walk.
    PitchWalk walk;
    if (is_only_child_of(id, last_pitch_of_)) {
      walk = last_pitch_;
      if (walk.resume_at != kNoNode) go_on_with_pitch(id, walk, 1);
    } else {
      walk.resume_at = id;
      go_on_with_pitch(id, walk, kPitchBudget);
    }
    last_pitch_of_ = id;
    last_pitch_ = walk;
    if (!walk.email) return false;
    std::string words = walk.words + ' ' + ascii_lower_copy(page_.small_text(id));
    return std::any_of(kPitchWords.begin(), kPitchWords.end(),
                       [&](std::string_view word) { return words.find(word) != std::string::npos; });
  }

  // What a sign-up pitch's walk has seen: an email field, and the words of its buttons and submit
  // values (dropped with the form up front, so the walk looks at dropped nodes too).
  struct PitchWalk {
    bool email = false;
    std::string words;
    NodeId resume_at = kNoNode;
  };
  static constexpr int kPitchBudget = 200;  // a pitch is a few elements

  void go_on_with_pitch(NodeId id, PitchWalk& walk, int budget) const {
    const NodeId start = walk.resume_at;
    walk.resume_at = kNoNode;
    doc_.walk_from(id, start, [&](NodeId d) {
      if (--budget < 0) {
        walk.resume_at = d;
        return WalkStep::stop;
      }
      const Node& n = doc_.node(d);
      if (n.kind == NodeKind::text && n.parent != kNoNode && doc_.is_element(n.parent, HtmlTag::button)) {
        walk.words += ' ' + ascii_lower_copy(doc_.text(d));
      }
      if (!doc_.is_element(d, HtmlTag::input)) return WalkStep::descend;
      if (const std::string_view* value = doc_.attribute(d, "value")) walk.words += ' ' + ascii_lower_copy(*value);
      for (std::string_view attribute : {"type"sv, "name"sv, "placeholder"sv, "id"sv, "autocomplete"sv}) {
        const std::string_view* value = doc_.attribute(d, attribute);
        walk.email = walk.email || (value != nullptr &&
                                    (contains_ignore_case(*value, "email") || contains_ignore_case(*value, "e-mail") ||
                                     value->find('@') != std::string::npos));
      }
      return WalkStep::skip;
    });
  }

  // Characters of kept text that come before `id` in the selected content.
  std::uint32_t text_before(NodeId id) const {
    // Node ids run in document order, so the text before `id` is a prefix sum, less what lies
    // before the first root.
    // Summed when first asked (only a big labelled section asks), not for every page: it costs
    // 4 bytes a node.
    if (text_prefix_.empty()) {
      text_prefix_.assign(doc_.size() + 1, 0);
      NodeId dropped_until = 0;  // the ids below it lie in a dropped subtree (the header, a menu)
      for (NodeId n = 0; n < doc_.size(); ++n) {
        if (n >= dropped_until && page_.dropped(n)) dropped_until = doc_.last_descendant(n) + 1;
        const bool counted = n >= dropped_until && doc_.node(n).kind == NodeKind::text;
        text_prefix_[n + 1] = text_prefix_[n] + (counted ? page_.chars(n) : 0U);
      }
    }
    const NodeId first_root = current_roots_.empty() ? 0 : current_roots_.front();
    return text_prefix_[id] - text_prefix_[first_root];
  }

  bool should_prune(NodeId id) const {
    const Node& n = doc_.node(id);
    if (page_.in_code(id)) return false;
    // Nothing is dropped while an element is judged, so its sums hold throughout.
    const TextStats stats = page_.stats(id);
    if (stats.chars == 0) {
      // Keep what renders without text: images, rules, line breaks, formulas and their containers; and the
      // space between two words that an inline element holds (`<em>class</em><span> </span>Name`).
      const bool is_inline = !is_block_tag(n.tag);
      bool keep = false;
      doc_.walk(id, [&](NodeId d) {
        if (page_.dropped(d)) return WalkStep::skip;
        if (doc_.is_element(d, HtmlTag::img) || doc_.is_element(d, HtmlTag::hr) || doc_.is_element(d, HtmlTag::br) ||
            doc_.node(d).tag == HtmlTag::picture || holds_formula_source(doc_, d) ||
            (is_inline && !doc_.text(d).empty())) {
          keep = true;
          return WalkStep::stop;
        }
        return WalkStep::descend;
      });
      return !keep && n.tag != HtmlTag::td && n.tag != HtmlTag::th;
    }
    if (says_only_a_widget_phrase(page_, id) && n.tag != HtmlTag::td && n.tag != HtmlTag::th) {
      return true;
    }
    if (is_furniture_by_text(id, stats)) return true;
    const bool heading = n.tag >= HtmlTag::h1 && n.tag <= HtmlTag::h6;
    if (heading) return class_weight(doc_, id, strictness_) < 0 || link_density_of(stats) > 0.5;
    if (strictness_.weigh_classes && class_hint(doc_, id) == Hint::negative && stats.chars < 400 &&
        !is_data_table_cell(id) && !holds_code_or_data(id)) {
      return true;
    }
    if (!strictness_.clean_conditionally) return false;
    switch (n.tag) {
      case HtmlTag::table:
      case HtmlTag::ul:
      case HtmlTag::ol:
      case HtmlTag::div:
      case HtmlTag::section:
      case HtmlTag::form:
      case HtmlTag::fieldset:
      case HtmlTag::aside:
      case HtmlTag::dl: break;
      default: return false;
    }
    // Code and data tables are content whatever their wrappers' classes and links say.
    if (holds_code_or_data(id) || page_.inside_data_table(id)) return false;

    const double weight = class_weight(doc_, id, strictness_);
    // A list's own score starts below zero, so only a positive score offsets a negative class.
    if (weight + std::max(scores_.of(id), 0.0) < 0) return true;
    if (stats.commas >= 10) return false;

    const TextStats& c = stats;
    const bool is_list = n.tag == HtmlTag::ul || n.tag == HtmlTag::ol || n.tag == HtmlTag::dl;
    const double density = link_density_of(stats);
    const std::uint32_t chars = c.chars;
    const bool in_figure = page_.in_figure(id);
    const auto paragraphs = static_cast<long>(c.paragraphs);
    // A gallery or a strip of icons, unless there is real prose around the pictures.
    if (c.images > 1 && static_cast<double>(paragraphs) / c.images < 0.5 && !in_figure && chars < 1000) return true;
    if (!is_list && static_cast<long>(c.list_items) - 100 > paragraphs) return true;
    if (static_cast<long>(c.inputs) > paragraphs / 3) return true;
    const double heading_density = chars == 0 ? 0.0 : static_cast<double>(c.heading_chars) / chars;
    if (!is_list && heading_density < 0.9 && chars < 25 && (c.images == 0 || c.images > 2) && !in_figure &&
        !inside_heading(id) && !holds_formula(id)) {
      return true;
    }
    // A block that is mostly a heading (rustdoc's method signature, its types linked, with a
    // "Source" link beside it) is judged as its heading is.
    constexpr double kHeadedBlock = 0.6;
    const bool mostly_heading = heading_density >= kHeadedBlock;
    const bool dense = weight < 25 && !mostly_heading ? density > 0.2 + (is_list ? 0.2 : 0.0) : density > 0.5;
    if (dense && !(is_list && (introduced_by_sentence(id) || items_are_sentences(id)))) return true;
    if ((c.embeds == 1 && chars < 75) || c.embeds > 1) return true;
    return false;
  }

  // A formula is content however little text it draws (an equation's table holds only its number).
  bool holds_formula(NodeId id) const {
    bool found = false;
    doc_.walk(id, [&](NodeId d) {
      if (page_.dropped(d)) return WalkStep::skip;
      if (holds_formula_source(doc_, d)) {
        found = true;
        return WalkStep::stop;
      }
      return WalkStep::descend;
    });
    return found;
  }

  // A block inside a heading is a part of its text (a parameter's name and type, each in a <div>).
  // Looked for a few levels up only: every tiny block of a deep nest would otherwise walk the nest.
  bool inside_heading(NodeId id) const {
    constexpr int kLevels = 3;
    NodeId at = doc_.node(id).parent;
    for (int level = 0; level < kLevels && at != kNoNode; ++level, at = doc_.node(at).parent) {
      if (heading_level(doc_.node(at).tag) > 0) return true;
      if (is_block_tag(doc_.node(at).tag) && doc_.node(at).tag != HtmlTag::div) return false;
    }
    return false;
  }

  // A list of links that a sentence of the text leads into ("For more information, see:") goes on
  // that sentence; a menu or a "related" strip stands on its own, or under a heading or a label.
  bool introduced_by_sentence(NodeId list) const {
    constexpr std::size_t kSentenceWords = 4;
    NodeId before = doc_.prev_sibling(list);
    while (before != kNoNode && doc_.node(before).kind != NodeKind::element) {
      if (!trim(doc_.text(before)).empty()) return false;
      before = doc_.prev_sibling(before);
    }
    if (before == kNoNode || !doc_.is_element(before, HtmlTag::p) || page_.dropped(before)) return false;
    const std::string lead = page_.small_text(before);
    const std::string_view sentence = trim(lead);
    return sentence.ends_with(':') && count_words(sentence) >= kSentenceWords;
  }

  // A list whose every item says something outside its links ("Sends broken link notification
  // emails to MANAGERS (see How to manage error reporting)") is text that links, not a list of
  // links: a menu's or a link strip's items are their links and a word or two.
  bool items_are_sentences(NodeId list) const {
    constexpr std::size_t kSentenceWords = 4;
    std::size_t items = 0;
    for (NodeId item = doc_.node(list).first_child(); item != kNoNode; item = doc_.node(item).next_sibling) {
      if (doc_.node(item).kind != NodeKind::element || page_.dropped(item)) continue;
      std::string unlinked;
      doc_.walk(item, [&](NodeId d) {
        if (page_.dropped(d) || doc_.is_element(d, HtmlTag::a)) return false;
        if (doc_.node(d).kind == NodeKind::text) unlinked.append(doc_.text(d)).push_back(' ');
        return true;
      });
      if (count_words(unlinked) < kSentenceWords) return false;
      ++items;
    }
    return items > 0;
  }

  // Code blocks and data tables are content whatever their wrapper's class says ("code-scroll").
  bool holds_code_or_data(NodeId id) const { return page_.stats(id).code_or_tables > 0; }
  bool is_data_table_cell(NodeId id) const {
    return (doc_.is_element(id, HtmlTag::td) || doc_.is_element(id, HtmlTag::th)) && page_.inside_data_table(id);
  }

  PageStats& page_;
  const Document& doc_;
  const Strictness strictness_;
  const Scores& scores_;
  std::vector<NodeId> current_roots_;
  bool responses_are_content_ = false;
  mutable bool labels_responses_ = false;   // the last label is_labelled_section() read counts responses
  mutable NodeId last_label_of_ = kNoNode;  // the element whose label walk last_label_ is
  mutable LabelWalk last_label_;
  mutable NodeId last_pitch_of_ = kNoNode;  // the element whose sign-up pitch walk last_pitch_ is
  mutable PitchWalk last_pitch_;
  mutable std::vector<std::uint32_t> text_prefix_;  // per node id: kept text characters before it
};

}  // namespace

bool says_only_a_widget_phrase(const PageStats& page, NodeId id) {
  // The counted characters are at least the text's non-space ones.
  const std::uint32_t chars = page.chars(id);
  if (is_teaser_line(page, id, chars)) return true;
  if (chars > 40 || chars < widget_phrase_min_letters()) return false;
  // A widget's word in a sentence ("some partners compare one library") is a word of it.
  if (!is_block_tag(page.doc().node(id).tag) && !starts_a_line(page, id)) return false;
  std::string text = ascii_lower_copy(collapse_whitespace(page.small_text(id)));
  while (!text.empty() && (text.back() == ':' || text.back() == '.' || text.back() == '!')) text.pop_back();
  if (!is_widget_phrase(text) || heads_prose(page, id)) return false;
  // A teaser line's label goes with its line, which is judged after it (deepest first).
  const NodeId parent = page.doc().node(id).parent;
  return parent == kNoNode || !is_teaser_line(page, parent, page.chars(parent));
}

void prune(PageStats& page, const std::vector<NodeId>& roots, const Scores& scores, const Strictness& strictness) {
  Pruner(page, scores, strictness).prune(roots);
}

void drop_labelled_sections(PageStats& page, const std::vector<NodeId>& roots, bool responses_are_content) {
  const Scores unscored;
  Pruner(page, unscored, Strictness{}).drop_labelled_sections(roots, responses_are_content);
}

}  // namespace pagemd::extract::content_detail
