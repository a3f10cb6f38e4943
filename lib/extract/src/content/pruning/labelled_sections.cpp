#include "content/pruning/labelled_sections.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "text/phrases/boilerplate.hpp"
#include "content/pruning/block_shapes.hpp"
#include "text/text_util.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract::content_detail {

using namespace std::string_view_literals;
namespace {

class LabelledSections {
 public:
  explicit LabelledSections(PageStats& page) : page_(page), doc_(page.doc()) {}

  // Labelled sections, outermost first: the label belongs to the section it introduces.
  // `responses_are_content`: the readers' responses are what the page is for (a thread's replies).
  void drop(const std::vector<NodeId>& roots, bool responses_are_content) {
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
          if (labelled || is_signup_box(id, chars) || asks_for_a_click(id, chars)) {
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
    // A block that names itself to screen readers (<section aria-label="Comments">) is labelled by
    // that name, whatever its first words say ("3 replies").
    const bool may_be_region = block && n.tag != HtmlTag::td && n.tag != HtmlTag::th && n.tag != HtmlTag::li &&
                               n.tag != HtmlTag::tr && !doc_.attributes(id).empty();
    const std::string_view* aria_name = may_be_region ? doc_.attribute(id, "aria-label") : nullptr;
    const bool named_as_widget = aria_name != nullptr && is_boilerplate_label(*aria_name);
    const LabelWords& words = label_words(label.text);
    labels_responses_ = !responses_are_content_ && words.counts_responses;
    if (!labels_responses_ && !named_as_widget && !words.boilerplate) return false;
    // An ad slot holds its caption as text or in a child; a block whose caption lies deeper only
    // begins with an ad slot.
    if (!named_as_widget && label.depth > 1 && is_ad_caption(label.text)) return false;
    // What a headed table holds ("Print" in a column of statuses, a link "Popular loaf" in a cell)
    // is data, not a label over the rest. (Not any table pagemd takes for data: a portal's layout
    // table can look like one, and the "Related links" cell of its chrome is a label.)
    if (in_headed_table(page_, id)) return false;
    // A list item opening with a widget's word ("Share your document patiently") over items of
    // its own that say something is an item of the list, not a share bar: those are links.
    if (n.tag == HtmlTag::li && link_density_of(page_.stats(id)) < 0.5) return false;
    // The readers' comments under a count are prose too, and still none of the page's.
    if (heads_several_sections(id) || (!labels_responses_ && heads_prose(page_, id))) return false;
    return chars < 2000 || text_before(id) >= 200;
  }

  // What a label's words say. A nest of wrappers shares one label: the words are read once for it.
  struct LabelWords {
    std::string text;
    bool counts_responses = false;
    bool boilerplate = false;
  };
  const LabelWords& label_words(const std::string& text) const {
    if (!last_words_ || last_words_->text != text) {
      last_words_ = LabelWords{text, counts_responses(text), is_boilerplate_label(text)};
    }
    return *last_words_;
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

  // A question answered by buttons ("Was this page helpful?" Yes / No, a poll): a widget asking the
  // reader for a click, whatever it asks. The buttons went up front with the page's controls, so
  // the walk looks at dropped nodes too.
  bool asks_for_a_click(NodeId id, std::uint32_t chars) const {
    constexpr std::uint32_t kQuestionChars = 80;
    constexpr int kMostElements = 16;
    if (!is_block_tag(doc_.node(id).tag) || chars == 0 || chars > kQuestionChars) return false;
    // A question and its buttons are several parts; a wrapper of one child is asked as that child.
    const NodeId first = doc_.node(id).first_child();
    if (first == kNoNode || first == doc_.last_child(id)) return false;
    int buttons = 0;
    int visits = 0;
    doc_.walk(id, [&](NodeId d) {
      if (++visits > kMostElements) return WalkStep::stop;
      if (doc_.node(d).kind != NodeKind::element) return WalkStep::skip;
      if (doc_.is_element(d, HtmlTag::a)) {
        buttons = -kMostElements;  // a link answers nothing: it leads on
        return WalkStep::stop;
      }
      if (doc_.is_element(d, HtmlTag::button) || doc_.is_element(d, HtmlTag::input)) ++buttons;
      return WalkStep::descend;
    });
    if (buttons < 2) return false;
    const std::string text = page_.small_text(id);
    return trim(text).ends_with('?');
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

  static bool is_form_part(HtmlTag tag) {
    switch (tag) {
      case HtmlTag::form:
      case HtmlTag::fieldset:
      case HtmlTag::label:
      case HtmlTag::input:
      case HtmlTag::button:
      case HtmlTag::select:
      case HtmlTag::textarea: return true;
      default: return false;
    }
  }

  // What a sign-up pitch's walk has seen: an email field, and the words of its buttons and submit
  // values (dropped with the form up front, so the walk looks at dropped nodes too).
  struct PitchWalk {
    bool email = false;
    NodeId silent_end = 0;  // the nodes below it lie in a block dropped already
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
      // A block dropped already (one named "newsletter") took its pitch with it: the words of its
      // buttons are not the block's around it, whose own text must then pitch (a story's last list
      // beside it does not). The form's own controls went up front with the page's controls, and
      // their words count.
      if (d >= walk.silent_end && d != id && n.kind == NodeKind::element && page_.dropped(d) && !is_form_part(n.tag)) {
        walk.silent_end = doc_.last_descendant(d) + 1;
      }
      const bool heard = d >= walk.silent_end;
      if (heard && n.kind == NodeKind::text && n.parent != kNoNode && doc_.is_element(n.parent, HtmlTag::button)) {
        walk.words += ' ' + ascii_lower_copy(doc_.text(d));
      }
      if (!doc_.is_element(d, HtmlTag::input)) return WalkStep::descend;
      if (const std::string_view* value = doc_.attribute(d, "value"); value != nullptr && heard) {
        walk.words += ' ' + ascii_lower_copy(*value);
      }
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

  PageStats& page_;
  const Document& doc_;
  std::vector<NodeId> current_roots_;
  bool responses_are_content_ = false;
  mutable bool labels_responses_ = false;   // the last label is_labelled_section() read counts responses
  mutable NodeId last_label_of_ = kNoNode;  // the element whose label walk last_label_ is
  mutable LabelWalk last_label_;
  mutable NodeId last_pitch_of_ = kNoNode;  // the element whose sign-up pitch walk last_pitch_ is
  mutable PitchWalk last_pitch_;
  mutable std::optional<LabelWords> last_words_;
  mutable std::vector<std::uint32_t> text_prefix_;  // per node id: kept text characters before it
};

}  // namespace

void drop_labelled_sections(PageStats& page, const std::vector<NodeId>& roots, bool responses_are_content) {
  LabelledSections(page).drop(roots, responses_are_content);
}

namespace {

// The ancestor of `id` (itself included, below `body`) whose nearest earlier sibling with text is
// a count of responses, or kNoNode.
NodeId after_responses_count(const PageStats& page, NodeId id, NodeId body) {
  constexpr std::uint32_t kMostLabelChars = 160;
  const Document& doc = page.doc();
  for (NodeId at = id; at != kNoNode && at != body; at = doc.node(at).parent) {
    NodeId before = doc.prev_sibling(at);
    while (before != kNoNode && (page.dropped(before) || page.chars(before) == 0)) before = doc.prev_sibling(before);
    if (before != kNoNode && page.chars(before) <= kMostLabelChars && counts_responses(doc.text_content(before))) {
      return at;
    }
  }
  return kNoNode;
}

}  // namespace

bool drop_responses_holding(PageStats& page, const std::vector<NodeId>& roots, NodeId body) {
  std::vector<NodeId> responses;
  for (NodeId r : roots) {
    const NodeId block = after_responses_count(page, r, body);
    if (block == kNoNode) return false;
    responses.push_back(block);
  }
  for (NodeId block : responses) {
    for (NodeId at = block; at != kNoNode; at = page.doc().node(at).next_sibling) page.drop(at);
  }
  return !responses.empty();
}

}  // namespace pagemd::extract::content_detail
