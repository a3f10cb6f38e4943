#include "tree/element_kinds.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>

#include "text/text_util.hpp"

// What an element's class and id names say it is (element_kinds.hpp): the hint lists, the name
// tokens read once per element, consent banners, unlikely candidates, a document's own contents.

namespace pagemd::extract {

using namespace std::string_view_literals;
namespace {

// Class/id name tokens (split on whitespace, '-' and '_') that say what a block is. Whole tokens,
// so "header" hints but "subheader-note" is judged by its other tokens too, and "ad" never matches
// "read" or "shadow".
constexpr std::array kUnlikelyTokens = std::to_array<std::string_view>(
    {"ad", "ads", "adv", "advert", "advertisement", "advertising", "agegate", "banner", "breadcrumb", "breadcrumbs",
     "combx", "comment", "comments", "community", "crumbs", "disqus", "dropdown", "footer", "header", "legends",
     "masthead", "menu", "modal", "nav", "navbar", "navigation", "newsletter", "outbrain", "pager", "pagination",
     "popup", "promo", "rail", "related", "remark", "replies", "rss", "share", "sharing", "shoutbox", "sidebar",
     "skyscraper", "social", "sponsor", "sponsored", "subscribe", "taboola", "toc", "toolbar", "topbar", "tweet",
     "signup", "paywall", "recirculation", "trending",
     // Wiki chrome: navigation boxes, section edit links, category bars, disambiguation notes, and
     // what the wiki itself marks as not for print; and what a page marks as not its content for
     // Google's site search ("nocontent": a docs site's licence footer).
     "navbox", "editsection", "catlinks", "hatnote", "noprint", "nocontent"});
// Of those, the ones that are boilerplate whatever else the page looks like: they stay dropped
// even when the search is relaxed for pages with little text.
constexpr std::array kAlwaysBoilerplateTokens = std::to_array<std::string_view>(
    {"comment",     "comments",   "disqus",  "replies",       "respond",     "newsletter", "share",
     "sharing",     "social",     "related", "recirculation", "outbrain",    "taboola",    "breadcrumb",
     "breadcrumbs", "pagination", "pager",   "navbox",        "editsection", "catlinks",   "hatnote",
     "noprint",     "modal",      "popup",   "nocontent"});
// A pager is a row of page links and never holds a heading: a "pagination" block that does is the
// list it pages (a grid of products inside the component that pages it).
constexpr std::array kPagerTokens = std::to_array<std::string_view>({"pagination", "pager"});
// Consent banners: kept apart from the lists above, as they are dropped before anything is measured.
constexpr std::array kConsentTokens =
    std::to_array<std::string_view>({"cookie", "cookies", "consent", "gdpr", "onetrust", "cookiebot", "usercentrics"});
constexpr std::array kMaybeContentTokens = std::to_array<std::string_view>(
    {"article", "body", "column", "content", "main", "story", "post", "entry", "text", "prose", "markdown"});
constexpr std::array kPositiveTokens =
    std::to_array<std::string_view>({"article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "post",
                                     "text", "blog", "story", "prose", "markdown", "longread", "rte"});
constexpr std::array kNegativeTokens = std::to_array<std::string_view>(
    {"ad",         "ads",        "advert",      "banner",   "combx",   "comment",       "comments",
     "contact",    "footer",     "gdpr",        "masthead", "media",   "meta",          "outbrain",
     "promo",      "related",    "scroll",      "share",    "sharing", "shoutbox",      "sidebar",
     "skyscraper", "sponsor",    "sponsored",   "shopping", "tags",    "tag",           "widget",
     "byline",     "author",     "dateline",    "caption",  "credit",  "newsletter",    "subscribe",
     "social",     "breadcrumb", "breadcrumbs", "nav",      "menu",    "recirculation", "trending",
     "hidden",     "hid",        "popular",     "rail",     "cookie",  "consent",       "signup",
     "toc"});
// Roles whose elements are never article text.
constexpr std::array kBoilerplateRoles =
    std::to_array<std::string_view>({"navigation", "menu", "menubar", "complementary", "banner", "contentinfo",
                                     "dialog", "alert", "alertdialog", "search", "toolbar", "tablist", "note"});

// The lists hold string_views, so a comparison costs no strlen: this runs for every class and id
// token of every element.
template <std::size_t N>
bool contains_token(const std::array<std::string_view, N>& list, std::string_view token) {
  return std::find(list.begin(), list.end(), token) != list.end();
}

// Which of the lists above hold a name token, as bits: every class and id token of every element
// is looked up, once, rather than searched for in each list.
enum NameTokenKind : std::uint8_t {
  kUnlikelyName = 1,
  kAlwaysBoilerplateName = 2,
  kPagerName = 4,
  kConsentName = 8,
  kMaybeContentName = 16,
  kPositiveName = 32,
  kNegativeName = 64,
};

std::uint8_t name_token_kinds(std::string_view token) {
  static const std::unordered_map<std::string_view, std::uint8_t> kKinds = [] {
    std::unordered_map<std::string_view, std::uint8_t> kinds;
    const auto add = [&](std::span<const std::string_view> list, NameTokenKind kind) {
      for (const std::string_view name : list) kinds[name] |= kind;
    };
    add(kUnlikelyTokens, kUnlikelyName);
    add(kAlwaysBoilerplateTokens, kAlwaysBoilerplateName);
    add(kPagerTokens, kPagerName);
    add(kConsentTokens, kConsentName);
    add(kMaybeContentTokens, kMaybeContentName);
    add(kPositiveTokens, kPositiveName);
    add(kNegativeTokens, kNegativeName);
    return kinds;
  }();
  const auto found = kKinds.find(token);
  return found == kKinds.end() ? 0 : found->second;
}

// Utility classes (Tailwind's overflow-hidden, scroll-mt-24, md:hidden) say how a block is laid out,
// not what it is: "overflow-hidden" clips an article's body, it does not hide it, and a heading's
// "scroll-mt-24" keeps it clear of a sticky header when a link scrolls to it.
bool is_layout_utility(std::string_view name) {
  // CSS utilities name the property anywhere in them ("g-offset-scroll-margin-top").
  return starts_with_ignore_case(name, "overflow") || name.find("scroll-m") != std::string_view::npos ||
         name.find("scroll-p") != std::string_view::npos || name.find(':') != std::string_view::npos;
}

// Whether `name` is the slug of the element's heading (its own text when it is one, else the heading
// it opens with), as Sphinx and Markdown renderers name a heading or a section after its title
// ("respond-to-review-comments", "about-authentication"): it says what the section is about, not
// what kind of block it is. A one-word name counts only on the heading itself, which it anchors
// ("<h4 id=share>Share</h4>"): a block named "comments" that opens with "Comments" is one.
bool names_its_heading(const Document& doc, NodeId id, std::string_view name) {
  const bool heading = heading_level(doc.node(id).tag) > 0;
  if (!heading && name.find('-') == std::string_view::npos) return false;
  const NodeId first = heading ? id : opening_heading(doc, id);
  if (first == kNoNode) return false;
  std::string slug;
  for (char c : doc.text_content(first)) {
    if (is_ascii_alnum(c)) {
      slug.push_back(ascii_lower(c));
    } else if (!slug.empty() && slug.back() != '-') {
      slug.push_back('-');
    }
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  return !slug.empty() && equals_ignore_case(name, slug);
}

// How has_name_or_part reads the bytes of a class or id attribute: whitespace ends a name, '-'
// and '_' end a part of one.
enum class NameByte : std::uint8_t { other, space, separator };
constexpr std::array<NameByte, 256> kNameBytes = [] {
  std::array<NameByte, 256> bytes{};
  for (std::size_t byte = 0; byte < bytes.size(); ++byte) {
    if (is_ascii_space(static_cast<char>(byte))) bytes[byte] = NameByte::space;
  }
  bytes['-'] = NameByte::separator;
  bytes['_'] = NameByte::separator;
  return bytes;
}();

// The longest name of the lists: a longer token is in none of them.
constexpr std::size_t kLongestListedName = [] {
  std::size_t longest = 0;
  for (const auto& list :
       {std::span<const std::string_view>(kUnlikelyTokens), std::span<const std::string_view>(kAlwaysBoilerplateTokens),
        std::span<const std::string_view>(kPagerTokens), std::span<const std::string_view>(kConsentTokens),
        std::span<const std::string_view>(kMaybeContentTokens), std::span<const std::string_view>(kPositiveTokens),
        std::span<const std::string_view>(kNegativeTokens)}) {
    for (const std::string_view name : list) longest = std::max(longest, name.size());
  }
  return longest;
}();

// Visits the lower-cased class and id name tokens of an element that are short enough to be in a
// list (kLongestListedName), in order: a longer one says nothing to unlikely_kind or class_hint.
// Each is lowered into one small buffer: elements are many, and a list of strings per element cost
// more than the judging of its names. An id that names the element's heading, or that the page's
// list of contents links to, says which section the element is, not what kind of block: it is
// not read.
template <typename Visit>
void for_each_name_token(const Document& doc, NodeId id, Visit&& visit) {
  std::array<char, kLongestListedName> lowered{};
  for (std::string_view attr : {"class"sv, "id"sv}) {
    const std::string_view* value = doc.attribute(id, attr);
    if (!value) continue;
    if (attr == "id"sv && (names_its_heading(doc, id, trim(*value)) || doc.records().is_contents_target(*value))) {
      continue;
    }
    any_token(*value, [&](std::string_view name) {
      if (is_layout_utility(name)) return false;
      std::size_t start = 0;
      for (std::size_t end = 0; end <= name.size(); ++end) {
        if (end < name.size() && name[end] != '-' && name[end] != '_') continue;
        const std::string_view token = name.substr(start, end - start);
        start = end + 1;
        if (token.empty() || token.size() > lowered.size()) continue;
        for (std::size_t k = 0; k < token.size(); ++k) lowered[k] = ascii_lower(token[k]);
        visit(std::string_view(lowered.data(), token.size()));
      }
      return false;
    });
  }
}

bool inside_main_or_article(const Document& doc, NodeId id) {
  for (NodeId at = doc.node(id).parent; at != kNoNode; at = doc.node(at).parent) {
    if (doc.is_element(at, HtmlTag::main) || doc.is_element(at, HtmlTag::article)) return true;
  }
  return false;
}

// Whether a block named "toc" holds a paragraph of prose: a table of contents is a list of links
// into the page, and sites that build theirs with a script name the sections it will point to
// after it ("toc-chapters", "toc-para").
bool holds_prose_paragraph(const Document& doc, NodeId id) {
  constexpr std::size_t kProseBytes = 100;
  constexpr int kMostNodes = 4096;
  int visits = 0;
  bool found = false;
  doc.walk(id, [&](NodeId d) {
    if (found || ++visits > kMostNodes) return WalkStep::stop;
    if (!doc.is_element(d, HtmlTag::p)) return WalkStep::descend;
    found = doc.text_content(d).size() >= kProseBytes;
    return WalkStep::skip;
  });
  return found;
}

// Whether the element before `id` among its siblings holds some text (a paragraph's worth of
// bytes, counted on at most a few thousand nodes). The page's header comes before its content; a
// "header" block after text is a section's heading in a run of blocks (a block editor's
// "header-block").
bool follows_text(const Document& doc, NodeId id) {
  constexpr std::size_t kTextBytes = 80;
  constexpr int kMostNodes = 4096;
  NodeId before = doc.prev_sibling(id);
  while (before != kNoNode && doc.node(before).kind != NodeKind::element) before = doc.prev_sibling(before);
  if (before == kNoNode) return false;
  std::size_t bytes = 0;
  int visits = 0;
  doc.walk(before, [&](NodeId at) {
    if (bytes >= kTextBytes || ++visits > kMostNodes) return WalkStep::stop;
    if (doc.node(at).kind == NodeKind::text) bytes += trim(doc.text(at)).size();
    return WalkStep::descend;
  });
  return bytes >= kTextBytes;
}

// Whether `id` opens one of three or more alike items (an accordion's question, a card's title bar),
// itself or as the first block of the item's first block: a "header" there heads that item, not the
// page, whose header is one of a kind.
bool heads_repeated_item(const Document& doc, NodeId id) {
  constexpr int kLevels = 3;
  constexpr int kMinItems = 3;
  constexpr int kNearestPeers = 8;
  const auto first_element_child = [&](NodeId parent) {
    NodeId child = doc.node(parent).first_child();
    while (child != kNoNode && doc.node(child).kind != NodeKind::element) child = doc.node(child).next_sibling;
    return child;
  };
  for (int level = 0; level < kLevels; ++level, id = doc.node(id).parent) {
    const NodeId item = doc.node(id).parent;
    if (item == kNoNode || doc.node(item).parent == kNoNode || first_element_child(item) != id) return false;
    // The item's peers are its neighbours: looking no further keeps a long list of unlike
    // siblings, each opened by a "header", from costing its length squared.
    const auto alike_near = [&](auto&& step) {
      int alike = 0;
      int looked = 0;
      for (NodeId sibling = step(item); sibling != kNoNode && looked < kNearestPeers; sibling = step(sibling)) {
        if (doc.node(sibling).kind != NodeKind::element) continue;
        ++looked;
        alike += same_tag_and_class(doc, sibling, item) ? 1 : 0;
      }
      return alike;
    };
    const int items = 1 + alike_near([&](NodeId at) { return doc.node(at).next_sibling; }) +
                      alike_near([&](NodeId at) { return doc.prev_sibling(at); });
    if (items >= kMinItems) return true;
  }
  return false;
}

}  // namespace

bool may_be_consent_banner(const Document& doc, NodeId id) { return has_name_or_part(doc, id, kConsentTokens); }

Hint class_hint(const Document& doc, NodeId id) {
  if (doc.attributes(id).empty()) return Hint::none;     // most elements of a big page
  if (is_document_contents(doc, id)) return Hint::none;  // named "toc", but no contents box
  bool positive = false;
  bool negative = false;
  bool toc_only = true;  // the negative names are all "toc"
  for_each_name_token(doc, id, [&](std::string_view token) {
    const std::uint8_t kinds = name_token_kinds(token);
    positive = positive || (kinds & kPositiveName) != 0;
    const bool negative_token = (kinds & kNegativeName) != 0;
    negative = negative || negative_token;
    toc_only = toc_only && (!negative_token || token == "toc");
  });
  if (negative && toc_only && holds_prose_paragraph(doc, id)) negative = false;
  if (const std::string_view* itemprop = doc.attribute(id, "itemprop");
      itemprop && itemprop->find("articleBody") != std::string::npos) {
    return Hint::positive;
  }
  if (negative && !positive) return Hint::negative;
  if (positive && !negative) return Hint::positive;
  return Hint::none;
}

bool has_name_or_part(const Document& doc, NodeId id, std::span<const std::string_view> names) {
  if (doc.attributes(id).empty()) return false;
  // Asked of every element with attributes, for each of its names and their parts: one pass over
  // the attribute, and a part whose length no wanted name has is turned down without comparing it
  // to each.
  constexpr std::size_t kMaskedLengths = 64;
  std::uint64_t wanted_lengths = 0;
  for (std::string_view wanted : names) {
    if (wanted.size() < kMaskedLengths) wanted_lengths |= std::uint64_t{1} << wanted.size();
  }
  const auto named = [&](std::string_view name) {
    if (name.size() < kMaskedLengths && ((wanted_lengths >> name.size()) & 1U) == 0) return false;
    return std::any_of(names.begin(), names.end(),
                       [&](std::string_view wanted) { return equals_ignore_case(name, wanted); });
  };
  for (std::string_view attr : {"class"sv, "id"sv}) {
    const std::string_view* value = doc.attribute(id, attr);
    if (value == nullptr) continue;
    const std::string_view names_written = *value;
    std::size_t name_start = 0;
    std::size_t part_start = 0;
    bool has_parts = false;  // the name holds a '-' or '_': each part is shorter than it
    for (std::size_t at = 0; at <= names_written.size(); ++at) {
      const NameByte byte =
          at < names_written.size() ? kNameBytes[static_cast<unsigned char>(names_written[at])] : NameByte::space;
      if (byte == NameByte::other) continue;
      if (at > part_start && (byte == NameByte::separator || has_parts) &&
          named(names_written.substr(part_start, at - part_start))) {
        return true;
      }
      part_start = at + 1;
      if (byte == NameByte::separator) {
        has_parts = true;
        continue;
      }
      if (at > name_start && named(names_written.substr(name_start, at - name_start))) return true;
      name_start = at + 1;
      has_parts = false;
    }
  }
  return false;
}

Unlikely unlikely_kind(const Document& doc, NodeId id) {
  const Node& n = doc.node(id);
  if (n.tag == HtmlTag::body || n.tag == HtmlTag::html || n.tag == HtmlTag::a || n.tag == HtmlTag::article ||
      n.tag == HtmlTag::main) {
    return Unlikely::no;
  }
  if (doc.attributes(id).empty()) return Unlikely::no;  // neither a role nor a name
  if (is_document_contents(doc, id)) return Unlikely::no;
  if (const std::string_view* role = doc.attribute(id, "role")) {
    if (contains_token(kBoilerplateRoles, ascii_lower_copy(trim(*role)))) return Unlikely::always;
  }
  bool unlikely = false;
  bool always = false;
  bool maybe = false;
  bool consent = false;
  bool pager = false;
  bool header_only = true;  // "header" is the one unlikely name
  bool toc_only = true;     // "toc" is
  bool fact_box = false;
  for_each_name_token(doc, id, [&](std::string_view token) {
    // A wiki's fact box beside the lead is a table; page builders call feature sections
    // "infobox" too, and those are content.
    fact_box = fact_box || (token == "infobox" && n.tag == HtmlTag::table);
    const std::uint8_t kinds = name_token_kinds(token);
    const bool unlikely_token = (kinds & kUnlikelyName) != 0;
    unlikely = unlikely || unlikely_token;
    header_only = header_only && (!unlikely_token || token == "header");
    toc_only = toc_only && (!unlikely_token || token == "toc");
    always = always || (kinds & kAlwaysBoilerplateName) != 0;
    maybe = maybe || (kinds & kMaybeContentName) != 0;
    consent = consent || (kinds & kConsentName) != 0;
    pager = pager || (kinds & kPagerName) != 0;
  });
  if (fact_box) return Unlikely::always;
  if (maybe) return Unlikely::no;
  if (consent) return Unlikely::consent_banner;
  if (!unlikely || (pager && holds_heading(doc, id)) || (toc_only && holds_prose_paragraph(doc, id))) {
    return Unlikely::no;
  }
  if (always) return Unlikely::always;
  // The page's header is outside its <main> and <article>: a "header" in them that holds a
  // heading heads the content.
  if (header_only && inside_main_or_article(doc, id) && holds_heading(doc, id)) return Unlikely::no;
  if (header_only && (heads_repeated_item(doc, id) || (holds_heading(doc, id) && follows_text(doc, id)))) {
    return Unlikely::no;
  }
  // A heading's "header" or "banner" class says how it looks ("code-header", "section-header");
  // the tag says what it is.
  return heading_level(n.tag) > 0 ? Unlikely::no : Unlikely::by_hint;
}

bool is_document_contents(const Document& doc, NodeId id) {
  static constexpr std::array<std::string_view, 1> kSphinxToctree{"toctree-wrapper"};
  static constexpr std::array<std::string_view, 1> kDocBookContents{"toc"};
  // Asked of every element of the page: most have no class naming a "toc" at all.
  const std::string_view* class_names = doc.attribute(id, "class");
  if (class_names == nullptr || class_names->find("toc") == std::string_view::npos) return false;
  if (has_name_or_part(doc, id, kSphinxToctree)) return true;
  const auto docbook = [&](NodeId element, HtmlTag tag) {
    return element != kNoNode && doc.is_element(element, tag) && has_name_or_part(doc, element, kDocBookContents);
  };
  if (docbook(id, HtmlTag::dl)) return docbook(doc.node(id).parent, HtmlTag::div);
  if (!docbook(id, HtmlTag::div)) return false;
  for (NodeId child = doc.node(id).first_child(); child != kNoNode; child = doc.node(child).next_sibling) {
    if (docbook(child, HtmlTag::dl)) return true;
  }
  return false;
}

}  // namespace pagemd::extract
