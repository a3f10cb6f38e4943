#include "content/never_content.hpp"

#include <string_view>
#include <unordered_set>

#include "text/text_util.hpp"
#include "tree/element_kinds.hpp"
#include "tree/formula_elements.hpp"
#include "tree/hiding.hpp"

namespace pagemd::extract::content_detail {
namespace {

class NeverContent {
 public:
  NeverContent(PageStats& page, const std::vector<std::uint8_t>& excluded)
      : page_(page), doc_(page.doc()), excluded_(excluded) {}

  bool is_dropped_element(NodeId id) {
    const Node& n = doc_.node(id);
    if (n.kind != NodeKind::element) return false;
    if (is_never_content(n.tag) || n.tag == HtmlTag::dialog) return true;
    // A formula's image is what the eye sees of it even when screen readers are told to skip it
    // (MediaWiki's, beside hidden MathML); the Markdown writes the formula once.
    if (const Hiding hiding = hiding_of(doc_, id);
        hiding != Hiding::shown && !is_collapsed_panel(id) && !is_formula_image(doc_, id)) {
      return !(shown_by_scripts_ && hiding == Hiding::by_style);
    }
    // A heading for screen readers alone labels a landmark ("Search", "Main menu") even where it is
    // the only text of its block: it names no icon.
    if (is_visually_hidden(doc_, id) && (heading_level(doc_, id) > 0 || !names_its_parent(id))) return true;
    if (!excluded_.empty() && excluded_[id] != 0) return true;
    return false;
  }

  // Whether the element holds all of its parent's text: the name of an icon, a check mark's "Yes".
  // An icon's parent is small: one with many nodes beside the element holds more than the icon.
  bool names_its_parent(NodeId id) const {
    constexpr int kMostVisits = 32;
    const NodeId parent = doc_.node(id).parent;
    if (parent == kNoNode) return false;
    int visits = 0;
    bool alone = true;
    doc_.walk(parent, [&](NodeId at) {
      if (at == id) return WalkStep::skip;
      if (++visits > kMostVisits || !trim(doc_.text(at)).empty()) {
        alone = false;
        return WalkStep::stop;
      }
      return WalkStep::descend;
    });
    return alone;
  }

  // The collapsed panel of an accordion or a disclosure: hidden until the button that controls it
  // (aria-controls, with aria-expanded) is pressed. The reader can open it, as a tab panel. A
  // component library's collapse animation hides a wrapper around the panel the button names
  // (Chakra's chakra-collapse around its role=region): the wrapper holding nothing but the panel,
  // a few levels down, is the panel too.
  bool is_collapsed_panel(NodeId id) {
    constexpr int kWrapperLevels = 3;
    if (doc_.attribute(id, "id") == nullptr && follows_its_toggle(id) && !inside_navigation(doc_, id)) return true;
    NodeId at = id;
    for (int level = 0; at != kNoNode && level <= kWrapperLevels; ++level, at = only_element_child(at)) {
      if (is_controlled_panel(at)) return true;
    }
    return false;
  }

  // The one element child of `id`, styles and scripts aside, when it has no text of its own
  // beside it; else kNoNode.
  NodeId only_element_child(NodeId id) const {
    NodeId only = kNoNode;
    for (NodeId child = doc_.node(id).first_child(); child != kNoNode; child = doc_.node(child).next_sibling) {
      const Node& c = doc_.node(child);
      if (c.kind == NodeKind::text) {
        if (!trim(doc_.text(child)).empty()) return kNoNode;
        continue;
      }
      if (c.kind != NodeKind::element || is_never_content(c.tag)) continue;
      if (only != kNoNode) return kNoNode;
      only = child;
    }
    return only;
  }

  bool is_controlled_panel(NodeId id) {
    const std::string_view* element_id = doc_.attribute(id, "id");
    if (element_id == nullptr) return false;
    if (!controlled_ids_collected_) {
      controlled_ids_collected_ = true;
      for (NodeId at = 0; at < doc_.size(); ++at) {
        if (doc_.node(at).kind != NodeKind::element) continue;
        const std::string_view* controls = doc_.attribute(at, "aria-controls");
        if (controls == nullptr || (doc_.attribute(at, "aria-expanded") == nullptr && !is_headed_control(at))) continue;
        any_token(*controls, [&](std::string_view controlled) {
          controlled_ids_.insert(controlled);
          return false;
        });
      }
    }
    // A menu the reader opens is still a menu, and a pop-up is not the page either: they stay
    // hidden, even when the whole body is asked for.
    return controlled_ids_.contains(trim(*element_id)) && !inside_navigation(doc_, id) &&
           !has_role(doc_, id, {"dialog", "alertdialog"});
  }

  // A panel without an id whose block right before it is a button and its label alone, the button
  // naming nothing it controls (an accordion's pane written without ARIA:
  // <div><button>My methodology</button></div><div hidden>).
  bool follows_its_toggle(NodeId panel) const {
    constexpr std::size_t kLongestLabel = 80;
    NodeId before = doc_.prev_sibling(panel);
    while (before != kNoNode && doc_.node(before).kind != NodeKind::element) before = doc_.prev_sibling(before);
    if (before == kNoNode) return false;
    // A toggle is a few nodes: a bigger block is not looked into (each hidden block asks once).
    constexpr int kMostNodes = 16;
    int nodes = 0;
    NodeId button = kNoNode;
    doc_.walk(before, [&](NodeId at) {
      if (++nodes > kMostNodes) return WalkStep::stop;
      if (button == kNoNode && doc_.is_element(at, HtmlTag::button)) button = at;
      return WalkStep::descend;
    });
    // A button that names what it controls is judged by that name (is_controlled_panel).
    if (button == kNoNode || nodes > kMostNodes || doc_.attribute(button, "aria-controls") != nullptr) return false;
    const std::string label = collapse_whitespace(doc_.text_content(button));
    return !label.empty() && label.size() <= kLongestLabel && collapse_whitespace(doc_.text_content(before)) == label;
  }

  // An accordion's toggle that does not say whether it is open is still one when it is the heading
  // of what it controls: the heading is in it, or it is in the heading.
  bool is_headed_control(NodeId control) const {
    const auto is_heading = [&](NodeId at) {
      return heading_level(doc_.node(at).tag) > 0 || has_role(doc_, at, {"heading"});
    };
    if (doc_.any_element(control, is_heading)) return true;
    const NodeId parent = doc_.node(control).parent;
    return parent != kNoNode && is_heading(parent);
  }

  // Leaves out what is never content: the head, media, hidden blocks. A page that shows little
  // and hides most of its text in blocks an inline style hides (a lockdown app's page until it
  // checks the visitor, a streamed fragment that a script moves into place) is read as its
  // scripts show it: those blocks are its content.
  void mark(NodeId from) {
    constexpr std::size_t kHiddenToShown = 4;
    std::size_t hidden = 0;
    doc_.walk(from, [&](NodeId id) {
      if (!is_dropped_element(id)) return true;
      page_.mark_dropped(id);
      // Only what the second pass would show counts: blocks an inline style alone hides.
      if (doc_.node(id).kind == NodeKind::element && !is_never_content(doc_.node(id).tag) &&
          hiding_of(doc_, id) == Hiding::by_style) {
        hidden += text_chars(id);
      }
      return false;
    });
    // Too little to be a page's text: the shown text is not even counted.
    if (hidden < kFewestHiddenChars || hidden <= kHiddenToShown * text_chars(from)) return;
    page_.restore_drop_mask(std::vector<std::uint8_t>(doc_.size(), 0));
    shown_by_scripts_ = true;
    doc_.walk(from, [&](NodeId id) {
      if (!is_dropped_element(id)) return true;
      page_.mark_dropped(id);
      return false;
    });
  }

  // Characters of the text under `id`, leaving out elements that are never content (scripts,
  // styles) and what is dropped.
  std::size_t text_chars(NodeId id) const {
    std::size_t chars = 0;
    doc_.walk(id, [&](NodeId at) {
      if (page_.dropped(at) && at != id) return false;
      if (doc_.node(at).kind == NodeKind::element && is_never_content(doc_.node(at).tag)) return false;
      chars += non_space_bytes(doc_.text(at));
      return true;
    });
    return chars;
  }

 private:
  // Hidden text under this many characters is no page's text, whatever little the page shows.
  static constexpr std::size_t kFewestHiddenChars = 500;

  PageStats& page_;
  const Document& doc_;
  const std::vector<std::uint8_t>& excluded_;
  bool shown_by_scripts_ = false;                        // blocks hidden by an inline style are content
  std::unordered_set<std::string_view> controlled_ids_;  // named by a control's aria-controls
  bool controlled_ids_collected_ = false;
};

}  // namespace

void mark_never_content(PageStats& page, NodeId from, const std::vector<std::uint8_t>& excluded) {
  NeverContent(page, excluded).mark(from);
}

}  // namespace pagemd::extract::content_detail
