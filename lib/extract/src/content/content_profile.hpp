#pragma once

// What the main content of each kind of page is, as data beside the search rather than a search of
// its own per kind. An article is one body of text, so the search takes the best-scoring block and
// its siblings; a thread, a product, a grid of items or a service page spreads its content over many
// blocks, so the search keeps the page without its furniture instead.

#include <array>
#include <span>
#include <string_view>
#include <vector>

#include "pagemd/extract/types.hpp"
#include "parse/dom.hpp"

namespace pagemd::extract {

struct ContentProfile {
  // The content is the whole page without its furniture (navigation, header, footer, forms, hidden
  // and boilerplate-named blocks), not the single best-scoring block.
  bool whole_page;
  // Blocks whose class or id only hints at boilerplate ("sidebar", "menu", "promo") are dropped too.
  bool drop_unlikely;
  // Blocks made mostly of links are navigation, not items.
  bool drop_link_lists;
  // When above 0: once the furniture is gone, the content narrows to the smallest block that still
  // holds this share of the page's text outside links (a thread's posts without the menus,
  // pagination and "more topics" around them). 0 keeps the whole page.
  double text_share = 0.0;
  // The share counts link text too: an index's items are links (a list of linked titles), and the
  // prose outside them is its introduction alone.
  bool items_are_links = false;
  // Class or id names (whole, or one of their '-'/'_' parts) of the blocks that are chrome on this
  // kind of page though they would be content elsewhere.
  std::span<const std::string_view> chrome_names = {};
  // Lines giving a poster's figures beside each post ("Joined: Mar 2016", "Posts: 98"), which
  // forum software without names for them (vBulletin 3, FluxBB) writes as bare lines.
  bool drop_poster_figures = false;
  // A block whose text repeats an earlier block's (a section written once per screen size) is
  // read once, unless the kind repeats on purpose (documentation: a parameter's description under
  // every call that takes it).
  bool keeps_repeats = false;
  // Names (whole, or one of their '-'/'_' parts) of <aside>s whose headings are content on this
  // kind of page though an aside is furniture elsewhere: a forum post's author pane (Invision's
  // ipsComment_author), whose heading names who wrote the post.
  std::span<const std::string_view> content_asides = {};
  // Blocks that are only a short link or two are buttons (a section's "Get started" and "Learn
  // more"), as blocks of links drawn as buttons are on every page.
  bool short_links_are_buttons = false;
  // The readers' replies are the page's content (a thread), not a section its count labels
  // ("42 Comments") for the search to leave out.
  bool responses_are_content = false;
  // The customer reviews the page's structured data marks (customer_reviews.hpp) are left out.
  bool drop_customer_reviews = false;
  // The cards of other products after the page's headline (other_products.hpp) are left out.
  bool drop_other_products = false;
  // The content lies in the page's <main> landmark when it declares one that holds a fair share of
  // the text: what the page puts beside it is the site's (a bar of logins and help links, the
  // latest news), however many sentences it holds.
  bool within_main = false;
};

inline constexpr std::array<std::string_view, 1> kPostAuthorPanes{"author"};

// What forum software puts around each post (XenForo's userTitle and userBanner, vBulletin's
// usertitle, phpBB's rank, Discourse's user-title, signatures (FluxBB's postsignature) and reaction
// bars everywhere): it repeats with every post and is none of its text. So are the poster's
// figures beside each post (join date, post count: XenForo's userExtras and extraUserInfo,
// vBulletin's userinfo_extra, MyBB's author_statistics, phpBB's postprofile, whose name the post's
// own "by NAME » date" line repeats), the quotes of earlier posts a reply opens with (Discourse's
// aside.quote, XenForo's bbCodeBlock--quote, Invision's ipsQuote): the thread already holds them,
// and what XenForo adds between posts (its blockStatus "Not open for further replies", the ad
// units of its commonest ads add-on, Siropu's samCodeUnit, samTextUnit and samBannerUnit), and what
// Stack Exchange puts below the answers (its js-bottom-notice: "Ask question", the related tags).
inline constexpr auto kPostChrome = std::to_array<std::string_view>(
    {// the poster: title, banner, rank, badges, avatar, signature, figures
     "usertitle", "user-title", "userbanner", "user-banner", "rank", "badge", "badges", "avatar", "signature", "sig",
     "postsignature", "userextras", "extrauserinfo", "userinfo_extra", "author_statistics", "postprofile",
     // the bars and quotes around the post's text
     "reactions", "reactionsbar", "votes", "vote", "quote", "ipsquote",
     // the preview XenForo makes of a posted link
     "unfurl",
     // between posts
     "blockstatus", "samcodeunit", "samtextunit", "sambannerunit",
     // below the answers: Stack Exchange's "Start asking to get answers" and related tags box
     "js-bottom-notice"});

// A shop's review and rating widgets (its own, Shopify's review apps, Bazaarvoice, Trustpilot):
// the customers' words, not the product's.
inline constexpr std::array<std::string_view, 14> kReviewWidgets{
    "review", "reviews", "rating",  "ratings", "stars",      "yotpo",       "okendo",
    "jdgm",   "judgeme", "stamped", "loox",    "trustpilot", "bazaarvoice", "bv"};

// The controls around a grid of items: filter and facet panels, sort bars.
inline constexpr std::array<std::string_view, 8> kGridControls{"filter",     "filters",     "facet", "facets",
                                                               "refinement", "refinements", "sort",  "sorting"};

// Indexed by PageType, in its order.
inline constexpr std::array<ContentProfile, kPageTypeCount> kContentProfiles{{
    /* article */ {false, true, false},
    /* forum */ {true, true, true, 0.85, false, kPostChrome, true, false, kPostAuthorPanes, false, true},
    /* product */ {true, true, true, 0.85, false, kReviewWidgets, false, false, {}, true, false, true, true},
    /* collection */ {true, true, false, 0.0, false, kGridControls},
    /* listing */ {true, false, false, 0.85, true, kGridControls},
    /* documentation */ {false, true, false, 0.0, false, {}, false, true},
    /* service */ {true, false, false, 0.85, false, {}, false, false, {}, true, false, false, false, true},
}};

[[nodiscard]] constexpr const ContentProfile& profile_of(PageType type) {
  return kContentProfiles[static_cast<std::size_t>(type)];
}

// The passes of a whole-page profile (content.cpp runs them once the furniture is marked and the
// sums are computed: content_stats.hpp), and the one that drops repeated blocks from every pick
// unless its profile keeps them (keeps_repeats).
namespace content_detail {

class PageStats;

// What the profile leaves out besides the furniture: the poster's figures, the blocks made mostly
// of links and the menus left outside <nav>.
void drop_profile_chrome(PageStats& page, NodeId body, const ContentProfile& profile);

// Calls to action: a block of nothing but links drawn as buttons ("Get it on Hugging Face", "Sign
// up"), or, when `short_links_are_buttons`, of a short link or two ("Get started", "Read case
// study"). Not a card that links its picture, and not a part of a list's item (a grid of templates,
// a story's authors): lists are left to the menus' pass, and a table's cells to the table.
void drop_calls_to_action(PageStats& page, NodeId root, bool short_links_are_buttons);

// A pitch after an article's text: a box of a heading at most, a sentence or two and one short
// link standing last on a line of its own ("Still need help? ... Contact us", "Start your free
// trial"), with text before it under `root` and none after; not one of a row of such cards. On a
// short post it weighs as much as the text. (A service page's closing pitch is a part of what the
// page says: the whole-page profiles keep it.)
[[nodiscard]] bool is_pitch_box(const PageStats& page, NodeId id, NodeId root);
// Drops the pitch boxes under `root`.
void drop_pitch_boxes(PageStats& page, NodeId root);

// The deepest block under `from` whose text outside links (all its text, with `with_links`) is at
// least `share` of from's. With `posts_together` (a thread), not one post of a run of them: a block
// beside which a block of its template (the same tag and first class name) says something too.
[[nodiscard]] NodeId block_holding(const PageStats& page, NodeId from, double share, bool with_links,
                                   bool posts_together);

// Drops each block inside `roots` whose text repeats a block before it: a section written twice for
// two screen sizes, a carousel's cloned slides, an FAQ shown in a tab and again below. Paragraphs and
// code blocks are left alone (a refrain, a sample shown in two tabs), and so is a block that only
// wraps an earlier one's text. Marks the drops: the sums are not kept up to date.
void drop_repeated_blocks(PageStats& page, const std::vector<NodeId>& roots);

// Of an author pane (content_asides), its first heading, which names the poster; the rest of it
// (avatar, rank, post count, the poster's computer) is chrome.
void keep_first_heading_only(PageStats& page, NodeId pane);

}  // namespace content_detail

}  // namespace pagemd::extract
