#pragma once

// The tag names gumbo 0.10.1 knows, with what the prepass (prepass.cpp) needs to know of each, and
// a start or end tag as its tokenizer reads it.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace pagemd::extract::prepass_detail {

constexpr std::size_t npos = std::string_view::npos;

enum TagFlag : std::uint32_t {
  kVoid = 1U << 0,         // never has content, never opened
  kSpecial = 1U << 1,      // gumbo's "special" category: stops end-tag and formatting searches
  kClosesP = 1U << 2,      // start tag closes a <p> in button scope
  kFormatting = 1U << 3,   // end tag runs the adoption agency algorithm
  kDropRawText = 1U << 4,  // raw-text element dropped with its content
  kDropMarkup = 1U << 5,   // element whose markup content is dropped up to the matching end tag
  kForeign = 1U << 6,      // <svg>/<math>: dropped, and the tokenizer sees CDATA sections inside
  kBreakout = 1U << 7,     // start tag that ends foreign content
  kHeading = 1U << 8,
  kInHead = 1U << 9,        // may appear in <head> without closing it
  kScope = 1U << 10,        // boundary of "has an element in scope"
  kLeaf = 1U << 11,         // <xmp>, <title>, <textarea>, <plaintext>: copied whole, never opened
  kIntegration = 1U << 12,  // HTML or MathML text integration point inside foreign content
  // Dropped alone, content kept. <frameset>: frameset modes ignore <title>, <textarea>, <xmp>
  // and so the switch to RCDATA/RAWTEXT, yet whether a <frameset> takes effect depends on the
  // "frameset-ok" flag; without it gumbo stays in body modes, the only ones modelled here, and
  // frames are separate documents anyway. <isindex>: gumbo expands it to a form three levels deep
  // around a canned prompt, nothing a page means to say.
  kDropTag = 1U << 13,
  // A special or void start tag before which gumbo reopens formatting elements (it does so for
  // every plain start tag, except <main> and the ruby parts).
  kReopens = 1U << 14,
};

struct TagEntry {
  std::string_view name;
  std::uint32_t flags;
};

constexpr std::uint32_t kS = kSpecial;
constexpr std::uint32_t kP = kClosesP;
constexpr std::uint32_t kV = kVoid | kSpecial;
constexpr std::uint32_t kF = kFormatting | kBreakout;

// Every tag name gumbo 0.10.1 knows, sorted; a tag's id is its index + 1. Id 0 is any other
// name, which gumbo gives the single tag "unknown": its end tag closes the nearest unknown
// element, whatever that one's name. The flags follow what the library does, which is not
// quite today's spec: <main> closes a <p> but is not special, and <search> and <dialog> are
// unknown.
constexpr auto kTags = std::to_array<TagEntry>({
    {"a", kFormatting},
    {"abbr", 0},
    {"acronym", 0},
    {"address", kS | kP},
    {"annotation-xml", kIntegration},
    {"applet", kS | kScope | kReopens},
    {"area", kV | kReopens},
    {"article", kS | kP},
    {"aside", kS | kP},
    {"audio", 0},
    {"b", kF},
    {"base", kV | kInHead},
    {"basefont", kV | kInHead},
    {"bdi", 0},
    {"bdo", 0},
    {"bgsound", kV | kInHead},
    {"big", kF},
    {"blink", 0},
    {"blockquote", kS | kP | kBreakout},
    {"body", kS | kBreakout},
    {"br", kV | kBreakout | kReopens},
    {"button", kS | kReopens},
    {"canvas", 0},
    {"caption", kS | kScope},
    {"center", kS | kP | kBreakout},
    {"cite", 0},
    {"code", kF},
    {"col", kV},
    {"colgroup", kS},
    {"data", 0},
    {"datalist", 0},
    {"dd", kS | kP | kBreakout},
    {"del", 0},
    {"desc", kIntegration},
    {"details", kS | kP},
    {"dfn", 0},
    {"dir", kS | kP},
    {"div", kS | kP | kBreakout},
    {"dl", kS | kP | kBreakout},
    {"dt", kS | kP | kBreakout},
    {"em", kF},
    {"embed", kV | kBreakout | kReopens},
    {"fieldset", kS | kP},
    {"figcaption", kS | kP},
    {"figure", kS | kP},
    {"font", kFormatting},
    {"footer", kS | kP},
    {"foreignobject", kIntegration},
    {"form", kS | kP},
    {"frame", kV},
    {"frameset", kS | kDropTag},
    {"h1", kS | kP | kBreakout | kHeading},
    {"h2", kS | kP | kBreakout | kHeading},
    {"h3", kS | kP | kBreakout | kHeading},
    {"h4", kS | kP | kBreakout | kHeading},
    {"h5", kS | kP | kBreakout | kHeading},
    {"h6", kS | kP | kBreakout | kHeading},
    {"head", kS | kBreakout},
    {"header", kS | kP},
    {"hgroup", kS | kP},
    {"hr", kV | kP | kBreakout},
    {"html", kS | kScope},
    {"i", kF},
    {"iframe", kS | kDropRawText},
    {"image", kV | kReopens},
    {"img", kV | kBreakout | kReopens},
    {"input", kV | kReopens},
    {"ins", 0},
    {"isindex", kDropTag},
    {"kbd", 0},
    {"keygen", kV | kReopens},
    {"label", 0},
    {"legend", 0},
    {"li", kS | kP | kBreakout},
    {"link", kV | kInHead},
    {"listing", kS | kP | kBreakout},
    {"main", kP},
    {"malignmark", 0},
    {"map", 0},
    {"mark", 0},
    {"marquee", kS | kScope | kReopens},
    {"math", kForeign},
    {"menu", kS | kP | kBreakout},
    {"menuitem", kV},
    {"meta", kV | kInHead | kBreakout},
    {"meter", 0},
    {"mglyph", 0},
    {"mi", kIntegration},
    {"mn", kIntegration},
    {"mo", kIntegration},
    {"ms", kIntegration},
    {"mtext", kIntegration},
    {"multicol", 0},
    {"nav", kS | kP},
    {"nextid", 0},
    {"nobr", kF},
    {"noembed", kS | kDropRawText},
    {"noframes", kS | kDropRawText | kInHead},
    {"noscript", kS | kDropRawText | kInHead},
    {"object", kS | kScope | kDropMarkup},
    {"ol", kS | kP | kBreakout},
    {"optgroup", 0},
    {"option", 0},
    {"output", 0},
    {"p", kS | kP | kBreakout},
    {"param", kV},
    {"plaintext", kS | kP | kLeaf},
    {"pre", kS | kP | kBreakout},
    {"progress", 0},
    {"q", 0},
    {"rb", 0},
    {"rp", 0},
    {"rt", 0},
    {"rtc", 0},
    {"ruby", kBreakout},
    {"s", kF},
    {"samp", 0},
    {"script", kS | kDropRawText | kInHead},
    {"section", kS | kP},
    {"select", kS | kReopens},
    {"small", kF},
    {"source", kV},
    {"spacer", 0},
    {"span", kBreakout},
    {"strike", kF},
    {"strong", kF},
    {"style", kS | kDropRawText | kInHead},
    {"sub", kBreakout},
    {"summary", kS | kP},
    {"sup", kBreakout},
    {"svg", kForeign},
    {"table", kS | kScope | kBreakout},
    {"tbody", kS},
    {"td", kS | kScope},
    {"template", kS | kScope | kDropMarkup | kInHead},
    {"textarea", kS | kLeaf},
    {"tfoot", kS},
    {"th", kS | kScope},
    {"thead", kS},
    {"time", 0},
    {"title", kS | kLeaf | kInHead},
    {"tr", kS},
    {"track", kV},
    {"tt", kF},
    {"u", kF},
    {"ul", kS | kP | kBreakout},
    {"var", kBreakout},
    {"video", 0},
    {"wbr", kV | kReopens},
    {"xmp", kS | kP | kLeaf | kReopens},
});

constexpr bool by_name(const TagEntry& a, const TagEntry& b) { return a.name < b.name; }
static_assert(std::is_sorted(kTags.begin(), kTags.end(), by_name), "kTags must stay sorted");

constexpr std::size_t kLongestTagName = 14;  // "annotation-xml"

constexpr std::size_t kTagCount = kTags.size() + 1;

constexpr std::uint16_t lookup_lower(std::string_view lower) {
  const auto* it = std::lower_bound(kTags.begin(), kTags.end(), TagEntry{lower, 0}, by_name);
  if (it == kTags.end() || it->name != lower) return 0;
  return static_cast<std::uint16_t>(it - kTags.begin() + 1);
}

consteval std::uint16_t id(std::string_view name) {
  const std::uint16_t found = lookup_lower(name);
  if (found == 0) throw "tag missing from kTags";
  return found;
}

constexpr std::uint16_t kIdA = id("a");
constexpr std::uint16_t kIdApplet = id("applet");
constexpr std::uint16_t kIdBody = id("body");
constexpr std::uint16_t kIdButton = id("button");
constexpr std::uint16_t kIdBr = id("br");
constexpr std::uint16_t kIdCaption = id("caption");
constexpr std::uint16_t kIdCol = id("col");
constexpr std::uint16_t kIdColgroup = id("colgroup");
constexpr std::uint16_t kIdDd = id("dd");
constexpr std::uint16_t kIdDiv = id("div");
constexpr std::uint16_t kIdDt = id("dt");
constexpr std::uint16_t kIdFont = id("font");
constexpr std::uint16_t kIdForm = id("form");
constexpr std::uint16_t kIdHead = id("head");
constexpr std::uint16_t kIdHtml = id("html");
constexpr std::uint16_t kIdAddress = id("address");
constexpr std::uint16_t kIdHr = id("hr");
constexpr std::uint16_t kIdImg = id("img");
constexpr std::uint16_t kIdInput = id("input");
constexpr std::uint16_t kIdKeygen = id("keygen");
constexpr std::uint16_t kIdLi = id("li");
constexpr std::uint16_t kIdMain = id("main");
constexpr std::uint16_t kIdMarquee = id("marquee");
constexpr std::uint16_t kIdNobr = id("nobr");
constexpr std::uint16_t kIdNoscript = id("noscript");
constexpr std::uint16_t kIdOl = id("ol");
constexpr std::uint16_t kIdOptgroup = id("optgroup");
constexpr std::uint16_t kIdOption = id("option");
constexpr std::uint16_t kIdMath = id("math");
constexpr std::uint16_t kIdIframe = id("iframe");
constexpr std::uint16_t kIdP = id("p");
constexpr std::uint16_t kIdRb = id("rb");
constexpr std::uint16_t kIdRp = id("rp");
constexpr std::uint16_t kIdRt = id("rt");
constexpr std::uint16_t kIdRtc = id("rtc");
constexpr std::uint16_t kIdRuby = id("ruby");
constexpr std::uint16_t kIdPlaintext = id("plaintext");
constexpr std::uint16_t kIdScript = id("script");
constexpr std::uint16_t kIdSelect = id("select");
constexpr std::uint16_t kIdTable = id("table");
constexpr std::uint16_t kIdTbody = id("tbody");
constexpr std::uint16_t kIdTd = id("td");
constexpr std::uint16_t kIdTemplate = id("template");
constexpr std::uint16_t kIdTextarea = id("textarea");
constexpr std::uint16_t kIdTfoot = id("tfoot");
constexpr std::uint16_t kIdTh = id("th");
constexpr std::uint16_t kIdThead = id("thead");
constexpr std::uint16_t kIdTr = id("tr");
constexpr std::uint16_t kIdUl = id("ul");
constexpr std::uint16_t kIdXmp = id("xmp");

constexpr std::uint32_t flags_of(std::uint16_t tag) { return tag == 0 ? 0 : kTags[tag - 1U].flags; }
constexpr std::string_view name_of(std::uint16_t tag) { return kTags[tag - 1U].name; }

constexpr bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr char to_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + ('a' - 'A')) : c; }
// CR counts because the input stream preprocessor turns it into LF before tokenizing.
constexpr bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }
// Ends a tag name (and an attribute name, with '=').
constexpr bool is_delimiter(char c) { return is_space(c) || c == '/' || c == '>'; }

struct Tag {
  std::size_t begin = 0;  // the '<'
  std::size_t end = 0;    // one past the '>'
  std::string_view name;  // as written
  std::uint16_t id = 0;
  bool self_closing = false;
  bool has_type = false;
  std::string_view type;           // the first type attribute's value
  std::string_view element_id;     // the first id attribute's value
  std::string_view attributes;     // everything between the name and the '>'
  bool font_attribute = false;     // color, face or size: makes <font> leave foreign content
  std::size_t attributes_cut = 0;  // where the attribute past kMaxAttributes starts; 0 when none is
};

}  // namespace pagemd::extract::prepass_detail
