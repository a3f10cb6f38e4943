#include "content/content_profile.hpp"

#include <algorithm>
#include <cstdint>

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

// Calls to action: a block that is nothing but a short link or two ("Get started", "Read case
// study", "Learn more"), a button row under a section's text. Not a card that links its picture,
// and not part of a list's item (a grid of templates, a story's authors): lists are left to
// drop_menus, and a table's cells to the table.
void drop_button_rows(PageStats& page, NodeId body) {
  constexpr std::uint32_t kMostChars = 60;
  constexpr int kItemLevels = 6;
  const Document& doc = page.doc();
  const auto in_list_item = [&](NodeId id) {
    NodeId at = doc.node(id).parent;
    for (int level = 0; level < kItemLevels && at != kNoNode; ++level, at = doc.node(at).parent) {
      if (doc.is_element(at, GUMBO_TAG_LI)) return true;
    }
    return false;
  };
  page.drop_outermost(body, Sums::computed, [&](NodeId id) {
    const GumboTag tag = doc.node(id).tag;
    const TextStats s = page.stats(id);
    return (tag == GUMBO_TAG_P || tag == GUMBO_TAG_DIV) && s.chars > 0 && s.chars <= kMostChars &&
           s.link_chars == s.chars && s.heading_chars == 0 && s.list_items == 0 && s.images == 0 && !in_list_item(id);
  });
}

}  // namespace

void drop_profile_chrome(PageStats& page, NodeId body, const ContentProfile& profile) {
  if (profile.drop_poster_figures) drop_poster_figures(page, body);
  if (profile.drop_link_lists) drop_link_lists(page, body);
  drop_menus(page, body);
  if (profile.drop_button_rows) drop_button_rows(page, body);
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
