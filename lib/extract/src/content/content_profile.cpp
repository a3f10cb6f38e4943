#include "content/content_profile.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "content/boilerplate.hpp"
#include "content/content_stats.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract::content_detail {
namespace {

// Blocks that are mostly links (menus, tag clouds, "more from the shop" strips) are navigation
// wherever they stand; the outermost such block goes whole.
void drop_link_lists(PageStats& page, NodeId body) {
  constexpr double kLinkListDensity = 0.6;
  const Document& doc = page.doc();
  page.drop_outermost(body, Sums::computed, [&](NodeId id) {
    const TextStats s = page.stats(id);
    return s.chars >= 20 && s.link_chars > kLinkListDensity * s.chars && is_block_tag(doc.node(id).tag);
  });
}

// A poster's figures, each a short block of its own.
void drop_poster_figures(PageStats& page, NodeId body) {
  constexpr std::uint32_t kMostChars = 60;
  const Document& doc = page.doc();
  page.drop_outermost(body, Sums::computed, [&](NodeId id) {
    const TextStats s = page.stats(id);
    return s.chars <= kMostChars && s.chars > 0 && is_block_tag(doc.node(id).tag) &&
           looks_like_poster_figure(page.small_text(id));
  });
}

// A menu left outside <nav>: a list of many short items, nearly all link text (a mega-menu of
// services, a footer's site map). Items of a listing carry more than their link, and a grid of
// categories heads each of its items.
void drop_menus(PageStats& page, NodeId body) {
  constexpr std::uint32_t kMenuItems = 8;
  constexpr std::uint32_t kMenuItemChars = 40;
  constexpr double kMenuLinkDensity = 0.8;
  const Document& doc = page.doc();
  page.drop_outermost(body, Sums::computed, [&](NodeId id) {
    const GumboTag tag = doc.node(id).tag;
    const TextStats s = page.stats(id);
    return (tag == GUMBO_TAG_UL || tag == GUMBO_TAG_OL) && s.list_items >= kMenuItems &&
           s.chars < kMenuItemChars * s.list_items && s.link_chars > kMenuLinkDensity * s.chars && s.heading_chars == 0;
  });
}

constexpr std::array<std::string_view, 3> kButtonNames{"btn", "button", "cta"};

// A link drawn as a button says so in its class ("btn-primary", "wp-block-button__link") or role.
bool is_button_link(const Document& doc, NodeId link) {
  return has_name_or_part(doc, link, kButtonNames) || has_role(doc, link, {"button"});
}

bool in_list_item(const Document& doc, NodeId id) {
  constexpr int kItemLevels = 6;
  NodeId at = doc.node(id).parent;
  for (int level = 0; level < kItemLevels && at != kNoNode; ++level, at = doc.node(at).parent) {
    if (doc.is_element(at, GUMBO_TAG_LI)) return true;
  }
  return false;
}

// Whether the block is a row of a few links drawn as buttons. A grid of a dozen feature cards, each
// a link, is not one, whatever the cards' class says.
bool only_button_links(const Document& doc, NodeId block) {
  constexpr std::size_t kMostButtons = 4;
  bool all_buttons = true;
  std::size_t buttons = 0;
  doc.walk(block, [&](NodeId at) {
    if (!all_buttons) return false;
    if (!doc.is_element(at, GUMBO_TAG_A)) return true;
    all_buttons = ++buttons <= kMostButtons && is_button_link(doc, at);
    return false;
  });
  return all_buttons;
}

}  // namespace

void drop_calls_to_action(PageStats& page, NodeId root, bool short_links_are_buttons) {
  constexpr std::uint32_t kShortChars = 60;
  const Document& doc = page.doc();
  page.drop_outermost(root, Sums::computed, [&](NodeId id) {
    const GumboTag tag = doc.node(id).tag;
    const TextStats s = page.stats(id);
    const bool link_row = (tag == GUMBO_TAG_P || tag == GUMBO_TAG_DIV) && s.chars > 0 && s.link_chars == s.chars &&
                          s.heading_chars == 0 && s.list_items == 0 && s.images == 0;
    if (!link_row || in_list_item(doc, id)) return false;
    return (short_links_are_buttons && s.chars <= kShortChars) || only_button_links(doc, id);
  });
}

void drop_profile_chrome(PageStats& page, NodeId body, const ContentProfile& profile) {
  if (profile.drop_poster_figures) drop_poster_figures(page, body);
  if (profile.drop_link_lists) drop_link_lists(page, body);
  drop_menus(page, body);
  drop_calls_to_action(page, body, profile.short_links_are_buttons);
}

// The descent stops where no single child holds that much, so the content spread over siblings
// (posts, sections, tab panels) stays together.
NodeId block_holding(const PageStats& page, NodeId from, double share) {
  const Document& doc = page.doc();
  const auto prose = [&](NodeId id) {
    const TextStats s = page.stats(id);
    return static_cast<double>(s.chars - std::min(s.link_chars, s.chars));
  };
  const double wanted = share * prose(from);
  NodeId at = from;
  for (bool descended = true; descended;) {
    descended = false;
    for (NodeId child = doc.node(at).first_child; child != kNoNode; child = doc.node(child).next_sibling) {
      if (page.dropped(child) || doc.node(child).kind != NodeKind::element) continue;
      // The panel on show is one of a set the reader switches between: the set is what holds.
      if (is_tab_panel(doc, child)) break;
      if (prose(child) >= wanted) {
        at = child;
        descended = true;
        break;
      }
    }
  }
  return at;
}

void keep_first_heading_only(PageStats& page, NodeId pane) {
  const Document& doc = page.doc();
  const auto is_heading = [&](NodeId at) { return heading_level(doc.node(at).tag) > 0; };
  bool named = false;
  doc.walk(pane, [&](NodeId id) {
    if (id == pane) return true;
    if (!named && is_heading(id)) {
      named = true;
      return false;
    }
    if (!named && doc.node(id).kind == NodeKind::element && holds_heading(doc, id)) return true;
    page.mark_dropped(id);
    return false;
  });
}

}  // namespace pagemd::extract::content_detail
