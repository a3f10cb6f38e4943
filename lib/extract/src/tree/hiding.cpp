#include "tree/hiding.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "text/text_util.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract {
namespace {

// React's streaming server rendering sends each finished Suspense boundary as <div hidden
// id="S:n"> and a script moves it into place: the page's content, hidden only until scripts run.
bool is_streamed_segment(const Document& doc, NodeId id) {
  const std::string_view* element_id = doc.attribute(id, "id");
  return element_id != nullptr && is_react_stream_id(*element_id, "S");
}

// Bootstrap's d-none hides a block at every screen size; d-md-block and the like show it again from
// a size on (d-print-block only on paper).
bool is_hidden_by_class(const Document& doc, NodeId id) {
  // Asked of every element: most have no such class.
  const std::string_view* names = doc.attribute(id, "class");
  if (names == nullptr || names->find("d-none") == std::string_view::npos) return false;
  bool hidden = false;
  bool shown_from_a_size = false;
  any_token(*names, [&](std::string_view name) {
    hidden = hidden || equals_ignore_case(name, "d-none");
    for (std::string_view size : {"d-sm-", "d-md-", "d-lg-", "d-xl-", "d-xxl-"}) {
      shown_from_a_size = shown_from_a_size || (starts_with_ignore_case(name, size) && !name.ends_with("-none"));
    }
    return false;
  });
  return hidden && !shown_from_a_size;
}

// An inline display:none or visibility:hidden, which a script may undo.
bool is_hidden_by_style(const Document& doc, NodeId id) {
  const std::string_view* style = doc.attribute(id, "style");
  if (style == nullptr) return false;
  std::string compact;
  for (char c : *style) {
    if (!is_ascii_space(c)) compact.push_back(ascii_lower(c));
  }
  return compact.find("display:none") != std::string::npos || compact.find("visibility:hidden") != std::string::npos;
}

}  // namespace

// A tab panel is hidden until its tab is chosen: the other languages of a code sample, a product's
// specifications beside its description. The reader can switch to each, so each is content.
bool is_tab_panel(const Document& doc, NodeId id) { return has_role(doc, id, {"tabpanel"}); }

bool holds_its_tab_panels(const Document& doc, NodeId tablist) {
  // Such panels sit a level or a few below the list; a glance at its first elements finds them, so
  // nested lists cost no more than the glance each.
  constexpr int kPanelLevels = 3;
  constexpr int kMostVisits = 256;
  if (!has_role(doc, tablist, {"tablist"})) return false;
  int visits = 0;
  std::vector<NodeId> level{tablist};
  std::vector<NodeId> next;
  for (int depth = 0; depth < kPanelLevels && !level.empty(); ++depth) {
    next.clear();
    for (NodeId parent : level) {
      for (NodeId child = doc.node(parent).first_child(); child != kNoNode; child = doc.node(child).next_sibling) {
        if (doc.node(child).kind != NodeKind::element) continue;
        if (is_tab_panel(doc, child)) return true;
        if (++visits > kMostVisits) return false;
        next.push_back(child);
      }
    }
    level.swap(next);
  }
  return false;
}

Hiding hiding_of(const Document& doc, NodeId id) {
  if (is_tab_panel(doc, id)) return Hiding::shown;
  if (doc.attribute(id, "hidden")) return is_streamed_segment(doc, id) ? Hiding::shown : Hiding::by_attribute;
  // A popover (an app's install steps, a menu's panel) is not shown until a button opens it: the
  // standard's style hides every [popover] that is not open, and a page is served with none open.
  if (doc.attribute(id, "popover")) return Hiding::by_attribute;
  if (const std::string_view* aria = doc.attribute(id, "aria-hidden");
      aria && equals_ignore_case(trim(*aria), "true")) {
    return Hiding::by_attribute;
  }
  if (is_hidden_by_style(doc, id)) return Hiding::by_style;
  return is_hidden_by_class(doc, id) ? Hiding::by_class : Hiding::shown;
}

bool is_visually_hidden(const Document& doc, NodeId id) {
  // Zendesk's help-centre themes write visibility-hidden.
  static constexpr std::array<std::string_view, 6> kNames{
      "sr-only", "visually-hidden", "visuallyhidden", "screen-reader-text", "screenreader-only", "visibility-hidden"};
  const std::string_view* names = doc.attribute(id, "class");
  // Asked of every element: most classes hold neither word.
  if (names == nullptr ||
      (names->find("hidden") == std::string_view::npos && names->find("only") == std::string_view::npos &&
       names->find("screen-reader") == std::string_view::npos)) {
    return false;
  }
  return any_token(*names, [&](std::string_view name) {
    return std::any_of(kNames.begin(), kNames.end(),
                       [&](std::string_view hidden) { return equals_ignore_case(name, hidden); });
  });
}

}  // namespace pagemd::extract
