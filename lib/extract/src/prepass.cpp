#include "prepass.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

// Where a construct begins and ends follows the WHATWG tokenizer, so that every byte this scan
// keeps is tokenized by gumbo exactly as it would have been in the original document.
//
// The depth bound rests on a model of the tree builder's stack of open elements and list of
// active formatting elements. It must never count fewer levels than gumbo will build, since
// hostile markup aims exactly at those gaps (implied, reopened and foster-parented elements), and
// it should close elements where gumbo does, so that ordinary pages keep every tag. Where a rule
// is simplified, it errs towards counting more.

namespace pagemd::extract {
namespace {

constexpr std::size_t npos = std::string_view::npos;

enum TagFlag : std::uint32_t {
  kVoid = 1U << 0,        // never has content, never opened
  kSpecial = 1U << 1,     // gumbo's "special" category: stops end-tag and formatting searches
  kClosesP = 1U << 2,     // start tag closes a <p> in button scope
  kFormatting = 1U << 3,  // end tag runs the adoption agency algorithm
  kDropRawText = 1U << 4, // raw-text element dropped with its content
  kDropMarkup = 1U << 5,  // element whose markup content is dropped up to the matching end tag
  kForeign = 1U << 6,     // <svg>/<math>: dropped, and the tokenizer sees CDATA sections inside
  kBreakout = 1U << 7,    // start tag that ends foreign content
  kHeading = 1U << 8,
  kInHead = 1U << 9,      // may appear in <head> without closing it
  kScope = 1U << 10,      // boundary of "has an element in scope"
  kLeaf = 1U << 11,       // <xmp>, <title>, <textarea>, <plaintext>: copied whole, never opened
  kIntegration = 1U << 12, // HTML or MathML text integration point inside foreign content
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

// Every text chunk after a closed block reopens the formatting elements still listed as active,
// so "<p><b id=1>x</p>" repeated with ever new attributes makes gumbo build (listed entries) x
// (chunks) elements. Capping the list keeps that a small multiple of the input; pages never come
// close, since closed formatting elements leave the list and identical ones stop at three.
constexpr std::size_t kMaxActiveFormatting = 32;
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
constexpr std::uint16_t kIdInput = id("input");
constexpr std::uint16_t kIdKeygen = id("keygen");
constexpr std::uint16_t kIdLi = id("li");
constexpr std::uint16_t kIdMain = id("main");
constexpr std::uint16_t kIdMarquee = id("marquee");
constexpr std::uint16_t kIdNobr = id("nobr");
constexpr std::uint16_t kIdOl = id("ol");
constexpr std::uint16_t kIdOptgroup = id("optgroup");
constexpr std::uint16_t kIdOption = id("option");
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

bool iequals(std::string_view a, std::string_view lower) {
  if (a.size() != lower.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (to_lower(a[i]) != lower[i]) return false;
  }
  return true;
}

// Where the names starting with each letter begin in kTags: a tag lookup then compares a handful
// of names of the right length instead of binary-searching all of them.
constexpr auto kFirstLetter = [] {
  std::array<std::uint8_t, 27> starts{};
  std::size_t t = 0;
  for (std::size_t letter = 0; letter < 26; ++letter) {
    while (t < kTags.size() && kTags[t].name[0] < static_cast<char>('a' + letter)) ++t;
    starts[letter] = static_cast<std::uint8_t>(t);
  }
  starts[26] = static_cast<std::uint8_t>(kTags.size());
  return starts;
}();

// `name` starts with an ASCII letter, as every tag name does.
std::uint16_t lookup(std::string_view name) {
  if (name.size() > kLongestTagName) return 0;
  std::array<char, kLongestTagName> lower{};
  for (std::size_t i = 0; i < name.size(); ++i) lower[i] = to_lower(name[i]);
  const std::string_view key(lower.data(), name.size());
  const auto letter = static_cast<std::size_t>(key[0] - 'a');
  for (std::size_t t = kFirstLetter[letter]; t < kFirstLetter[letter + 1]; ++t) {
    if (kTags[t].name == key) return static_cast<std::uint16_t>(t + 1);
  }
  return 0;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

bool is_ld_json(std::string_view type) {
  type = type.substr(0, type.find(';'));
  return iequals(trim(type), "application/ld+json");
}

struct Tag {
  std::size_t begin = 0;  // the '<'
  std::size_t end = 0;    // one past the '>'
  std::string_view name;  // as written
  std::uint16_t id = 0;
  bool self_closing = false;
  bool has_type = false;
  std::string_view type;  // the first type attribute's value
  std::string_view attributes;  // everything between the name and the '>'
  bool font_attribute = false;  // color, face or size: makes <font> leave foreign content
};

struct OpenElement {
  std::string_view name;
  std::uint16_t id;
  std::uint32_t serial;  // tells apart elements of the same name, e.g. for the formatting list
};

// An entry of the list of active formatting elements, or a marker (id 0).
struct ActiveFormatting {
  std::string_view name;
  std::string_view attributes;  // as written, for the "Noah's Ark" comparison
  std::uint16_t id;
  std::uint32_t serial;  // of its element while on_stack
  bool on_stack;
};

// Dropping a template/object/svg/math subtree: only nesting of the same element ends it.
struct Drop {
  bool active = false;
  bool foreign = false;
  std::uint16_t root = 0;
  std::size_t nesting = 0;
  std::uint16_t integration = 0;  // element that switched foreign content back to HTML rules
  std::size_t integration_nesting = 0;
};

class Scanner {
 public:
  Scanner(std::string_view in, std::size_t max_open, PrepassResult& result)
      : in_(in), max_open_(max_open), out_(result.html), json_ld_(result.json_ld) {}

  void run() {
    out_.reserve(in_.size());
    const std::size_t n = in_.size();
    while (pos_ < n) {
      const void* hit = std::memchr(in_.data() + pos_, '<', n - pos_);
      if (hit == nullptr) {
        text(pos_, n);
        break;
      }
      const auto lt = static_cast<std::size_t>(static_cast<const char*>(hit) - in_.data());
      text(pos_, lt);
      pos_ = lt;
      markup();
    }
  }

 private:
  void emit(std::size_t from, std::size_t to) {
    if (!drop_.active && to > from) out_.append(in_.data() + from, to - from);
  }

  // Text reopens the formatting elements that a closed block cut off ("<p><b>x</p>y"), and
  // text other than whitespace ends a head or column group.
  void text(std::size_t from, std::size_t to) {
    if (drop_.active || to == from) return;
    before_text(in_.substr(from, to - from));
    out_.append(in_.data() + from, to - from);
  }

  void before_text(std::string_view text) {
    if (!open_.empty()) {
      const std::uint16_t top = open_.back().id;
      if (top == kIdHead || top == kIdColgroup || top == kIdTable || top == kIdTr || is_table_section(top)) {
        // Whitespace stays where it is there; other text ends a head or column group, and in
        // tables it is moved out in front, formatting elements reopened.
        if (std::all_of(text.begin(), text.end(), is_space)) return;
        if (top == kIdHead || top == kIdColgroup) pop_to(open_.size() - 1);
      }
    }
    reconstruct();
  }

  [[nodiscard]] bool at(std::size_t i, char c) const { return i < in_.size() && in_[i] == c; }

  void markup() {
    const std::size_t lt = pos_;
    const std::size_t n = in_.size();
    if (lt + 1 >= n) {
      text(lt, n);
      pos_ = n;
      return;
    }
    const char c = in_[lt + 1];
    if (c == '!') {
      declaration();
    } else if (c == '?') {
      pos_ = bogus_comment_end(lt + 2);
    } else if (c == '/') {
      if (lt + 2 >= n) {
        text(lt, n);  // "</" at EOF is text
        pos_ = n;
      } else if (is_alpha(in_[lt + 2])) {
        end_tag();
      } else if (in_[lt + 2] == '>') {
        pos_ = lt + 3;
      } else {
        pos_ = bogus_comment_end(lt + 2);
      }
    } else if (is_alpha(c)) {
      start_tag();
    } else {
      // A literal '<'. When another '<' follows, that construct may be cut out, and whatever
      // comes after it must not join this '<' into a tag: the reference keeps it text. (A cut can
      // still join a character reference, as in "&am<!---->p;", which changes text only.)
      if (!drop_.active) {
        before_text("<");
        out_.append(c == '<' ? "&lt;" : "<");
      }
      pos_ = lt + 1;
    }
  }

  [[nodiscard]] std::size_t bogus_comment_end(std::size_t from) const {
    const std::size_t gt = in_.find('>', from);
    return gt == npos ? in_.size() : gt + 1;
  }

  void declaration() {
    const std::size_t lt = pos_;
    const std::size_t n = in_.size();
    const std::string_view rest = in_.substr(lt + 2);
    if (rest.starts_with("--")) {
      pos_ = comment_end(lt + 4);
    } else if (rest.size() >= 7 && iequals(rest.substr(0, 7), "doctype")) {
      pos_ = bogus_comment_end(lt + 9);
      if (!drop_.active) {
        // Only the first token gumbo sees, apart from whitespace, sets the mode.
        if (!seen_doctype_ && out_.find_first_not_of(" \t\n\f\r") == std::string::npos) {
          standards_mode_ = is_html5_doctype(in_.substr(lt + 9, pos_ - lt - 9));
        }
        seen_doctype_ = true;
        emit(lt, pos_);
      }
    } else if (drop_.active && drop_.foreign && drop_.integration_nesting == 0 && rest.starts_with("[CDATA[")) {
      // Foreign content treats "</svg>" inside a CDATA section as text.
      const std::size_t close = in_.find("]]>", lt + 9);
      pos_ = close == npos ? n : close + 3;
    } else {
      pos_ = bogus_comment_end(lt + 2);
    }
  }

  // `from` is just past "<!--"; "<!-->" and "<!--->" are complete (empty) comments.
  [[nodiscard]] std::size_t comment_end(std::size_t from) const {
    const std::size_t n = in_.size();
    if (at(from, '>')) return from + 1;
    if (at(from, '-') && at(from + 1, '>')) return from + 2;
    std::size_t p = from;
    while (true) {
      const std::size_t dashes = in_.find("--", p);
      if (dashes == npos) return n;
      if (at(dashes + 2, '>')) return dashes + 3;
      if (at(dashes + 2, '!') && at(dashes + 3, '>')) return dashes + 4;
      p = dashes + 1;
    }
  }

  // Only "<!DOCTYPE html>" is certain to select no-quirks mode, where <table> closes an open <p>.
  static bool is_html5_doctype(std::string_view body) {
    if (!body.empty() && body.back() == '>') body.remove_suffix(1);
    return iequals(trim(body), "html");
  }

  // Tokenizes the tag whose '<' is at `lt` and whose name starts at `name_begin`; false when the
  // input ends inside it, in which case the tokenizer emits nothing.
  bool parse_tag(std::size_t lt, std::size_t name_begin, Tag& tag) const {
    const std::size_t n = in_.size();
    tag.begin = lt;
    std::size_t i = name_begin;
    while (i < n && !is_delimiter(in_[i])) ++i;
    if (i >= n) return false;
    tag.name = in_.substr(name_begin, i - name_begin);
    tag.id = lookup(tag.name);

    enum class State { before_name, name, after_name, before_value, unquoted, after_quoted, self_closing };
    State state = State::before_name;
    std::size_t attr_begin = 0;
    std::size_t attr_end = 0;
    std::size_t value_begin = 0;
    auto finish = [&](std::size_t v_begin, std::size_t v_end) {
      const std::string_view attr = in_.substr(attr_begin, attr_end - attr_begin);
      if (!tag.has_type && iequals(attr, "type")) {
        tag.has_type = true;
        tag.type = in_.substr(v_begin, v_end - v_begin);
      } else if (iequals(attr, "color") || iequals(attr, "face") || iequals(attr, "size")) {
        tag.font_attribute = true;
      }
    };
    while (i < n) {
      const char c = in_[i];
      switch (state) {
        case State::before_name:
          if (c == '/') {
            state = State::self_closing;
          } else if (c == '>') {
            tag.end = i + 1;
            return true;
          } else if (!is_space(c)) {
            attr_begin = i;  // a leading '=' belongs to the name
            state = State::name;
          }
          ++i;
          break;
        case State::name:
          while (i < n && !is_delimiter(in_[i]) && in_[i] != '=') ++i;
          attr_end = i;
          if (i < n && in_[i] == '=') {
            state = State::before_value;
            ++i;
          } else {
            state = State::after_name;
          }
          break;
        case State::after_name:
          if (is_space(c)) {
            ++i;
          } else if (c == '=') {
            state = State::before_value;
            ++i;
          } else {
            finish(i, i);
            state = State::before_name;  // handles '/', '>' and the next attribute's first byte
          }
          break;
        case State::before_value:
          if (is_space(c)) {
            ++i;
          } else if (c == '"' || c == '\'') {
            const std::size_t close = in_.find(c, i + 1);
            if (close == npos) return false;
            finish(i + 1, close);
            i = close + 1;
            state = State::after_quoted;
          } else if (c == '>') {
            finish(i, i);
            tag.end = i + 1;
            return true;
          } else {
            value_begin = i;
            state = State::unquoted;
          }
          break;
        case State::unquoted:
          while (i < n && !is_space(in_[i]) && in_[i] != '>') ++i;
          if (i < n) {
            finish(value_begin, i);
            state = State::before_name;  // a '/' ending an unquoted value belongs to the value
          }
          break;
        case State::after_quoted:
          state = State::before_name;  // "missing whitespace between attributes" reconsumes
          break;
        case State::self_closing:
          if (c == '>') {
            tag.self_closing = true;
            tag.end = i + 1;
            return true;
          }
          state = State::before_name;
          break;
      }
    }
    return false;
  }

  // Where the raw text or RCDATA content that starts at `from` ends: the '<' of the first
  // "</name" followed by whitespace, '/' or '>' (npos if none). Each byte is looked at a bounded
  // number of times, so this stays linear however many false "</" the content holds.
  [[nodiscard]] std::size_t raw_text_end(std::size_t from, std::string_view lower_name) const {
    const std::size_t n = in_.size();
    std::size_t p = from;
    while (true) {
      const std::size_t lt = in_.find("</", p);
      if (lt == npos) return npos;
      const std::size_t name_begin = lt + 2;
      const std::size_t after = name_begin + lower_name.size();
      if (after < n && is_delimiter(in_[after]) && iequals(in_.substr(name_begin, lower_name.size()), lower_name)) {
        return lt;
      }
      p = lt + 2;
    }
  }

  struct RawText {
    std::size_t content_end;  // '<' of the end tag, or the input's end
    std::size_t end;          // past the end tag, or the input's end
  };

  // For <script> this approximates the "script data escaped" states by the same rule: after
  // "<!--<script>" inside a script, the tokenizer skips the first "</script>", and this scan
  // does not. Pages that do that are rare, and the cost is the script's tail showing as text.
  [[nodiscard]] RawText skip_raw_text(std::size_t from, std::uint16_t tag) const {
    const std::size_t n = in_.size();
    const std::size_t lt = raw_text_end(from, name_of(tag));
    if (lt == npos) return {n, n};
    Tag end_tag;
    if (!parse_tag(lt, lt + 2, end_tag)) return {lt, n};
    return {lt, end_tag.end};
  }

  void start_tag() {
    Tag tag;
    if (!parse_tag(pos_, pos_ + 1, tag)) {
      pos_ = in_.size();
      return;
    }
    pos_ = tag.end;
    const std::size_t name_end = tag.begin + 1 + tag.name.size();
    tag.attributes = trim(in_.substr(name_end, tag.end - 1 - name_end));
    if (drop_.active) {
      start_tag_in_drop(tag);
      return;
    }
    const std::uint32_t flags = flags_of(tag.id);
    if ((flags & kDropTag) != 0) return;
    if ((flags & kDropRawText) != 0) {
      const RawText raw = skip_raw_text(tag.end, tag.id);
      if (tag.id == kIdScript && tag.has_type && is_ld_json(tag.type)) {
        json_ld_.emplace_back(in_.substr(tag.end, raw.content_end - tag.end));
      }
      pos_ = raw.end;
      return;
    }
    if ((flags & kForeign) != 0) {
      if (!tag.self_closing) drop_ = Drop{true, true, tag.id, 1, 0, 0};
      return;
    }
    if ((flags & kDropMarkup) != 0) {
      drop_ = Drop{true, false, tag.id, 1, 0, 0};  // "/>" does not close HTML elements
      return;
    }
    open(tag, flags);
  }

  void start_tag_in_drop(const Tag& tag) {
    const std::uint32_t flags = flags_of(tag.id);
    const bool html_rules = !drop_.foreign || drop_.integration_nesting > 0;
    if (!html_rules) {
      if ((flags & kBreakout) != 0 || (tag.id == kIdFont && tag.font_attribute)) {
        drop_.active = false;
        pos_ = tag.begin;  // the tree builder leaves foreign content and reprocesses this tag
        return;
      }
      if (tag.self_closing) return;  // foreign elements honour "/>"
      if (tag.id == drop_.root) {
        ++drop_.nesting;
      } else if ((flags & kIntegration) != 0) {
        drop_.integration = tag.id;
        drop_.integration_nesting = 1;
      }
      return;
    }
    if (tag.id == drop_.root) {
      if (!(drop_.foreign && tag.self_closing)) ++drop_.nesting;
    } else if (drop_.integration_nesting > 0 && tag.id == drop_.integration) {
      ++drop_.integration_nesting;
    } else if ((flags & (kDropRawText | kLeaf)) != 0) {
      pos_ = tag.id == kIdPlaintext ? in_.size() : skip_raw_text(tag.end, tag.id).end;
    }
  }

  void end_tag() {
    Tag tag;
    if (!parse_tag(pos_, pos_ + 2, tag)) {
      pos_ = in_.size();
      return;
    }
    pos_ = tag.end;
    if (drop_.active) {
      end_tag_in_drop(tag);
      return;
    }
    close(tag);
  }

  void end_tag_in_drop(const Tag& tag) {
    if (drop_.foreign && drop_.integration_nesting == 0 && (tag.id == kIdP || tag.id == kIdBr)) {
      drop_.active = false;
      pos_ = tag.begin;
      return;
    }
    if (tag.id == drop_.root) {
      if (--drop_.nesting == 0) drop_.active = false;
    } else if (drop_.integration_nesting > 0 && tag.id == drop_.integration) {
      --drop_.integration_nesting;
    }
  }

  // --- the model of the tree builder's stack of open elements and active formatting elements ---

  void push(std::string_view name, std::uint16_t tag) {
    open_.push_back({name, tag, ++serial_});
    ++count_[tag];
  }

  // Every element leaving the stack goes through here.
  void removed(const OpenElement& element) {
    --count_[element.id];
    if ((flags_of(element.id) & kFormatting) != 0) {
      const std::size_t entry = find_active(element.serial);
      if (entry != npos) active_[entry].on_stack = false;  // reconstruction may reopen it
    } else if (element.id == kIdTd || element.id == kIdTh || element.id == kIdCaption) {
      clear_active_to_marker();  // closing a cell or caption always does; <applet>/<marquee> see close()
    }
  }

  void pop_to(std::size_t size) {
    while (open_.size() > size) {
      const OpenElement element = open_.back();
      open_.pop_back();
      removed(element);
    }
    drop_detached();
  }

  // An element the tree builder took off its stack (a form at </form>, a link a new <a> ends,
  // elements the adoption agency moves) may still enclose the elements left open inside
  // it. It stays here, under a name no end tag matches, until they are closed; then new content
  // goes to its parent and it no longer adds depth.
  static bool is_detached(const OpenElement& element) { return element.id == 0 && element.name.empty(); }

  void detach(std::size_t index) {
    --count_[open_[index].id];
    ++count_[0];
    open_[index].id = 0;
    open_[index].name = {};
    drop_detached();
  }

  void drop_detached() {
    while (!open_.empty() && is_detached(open_.back())) {
      --count_[0];
      open_.pop_back();
    }
  }

  static bool is_marker_element(std::uint16_t tag) {
    return tag == kIdTd || tag == kIdTh || tag == kIdCaption || tag == kIdApplet || tag == kIdMarquee;
  }

  [[nodiscard]] std::size_t find_active(std::uint32_t serial) const {
    for (std::size_t i = active_.size(); i-- > 0;) {
      if (active_[i].id != 0 && active_[i].serial == serial) return i;
    }
    return npos;
  }

  void clear_active_to_marker() {
    while (!active_.empty()) {
      const bool marker = active_.back().id == 0;
      active_.pop_back();
      if (marker) break;
    }
  }

  // Whether a new formatting element would grow the list past kMaxActiveFormatting entries after
  // the last marker (an identical fourth one only replaces the oldest, as below).
  [[nodiscard]] bool active_full(const Tag& tag) const {
    std::size_t entries = 0;
    std::size_t same = 0;
    for (std::size_t i = active_.size(); i-- > 0 && active_[i].id != 0;) {
      ++entries;
      if (active_[i].id == tag.id && active_[i].attributes == tag.attributes) ++same;
    }
    return entries >= kMaxActiveFormatting && same < 3;
  }

  // Adds the formatting element just pushed; the "Noah's Ark" clause keeps at most three
  // identical ones (same name and attributes) after the last marker.
  void push_active(const Tag& tag) {
    std::size_t same = 0;
    std::size_t earliest = npos;
    for (std::size_t i = active_.size(); i-- > 0;) {
      const ActiveFormatting& entry = active_[i];
      if (entry.id == 0) break;
      if (entry.id == tag.id && entry.attributes == tag.attributes) {
        ++same;
        earliest = i;
      }
    }
    if (same >= 3) active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(earliest));
    active_.push_back({tag.name, tag.attributes, tag.id, open_.back().serial, true});
  }

  // Position of an element known to be on the stack.
  [[nodiscard]] std::size_t index_of(std::uint32_t serial) const {
    std::size_t i = open_.size();
    while (i-- > 0) {
      if (open_[i].serial == serial) return i;
    }
    return npos;
  }

  [[nodiscard]] bool opened_at_or_above(std::uint32_t serial, std::size_t index) const {
    for (std::size_t i = index; i < open_.size(); ++i) {
      if (open_[i].serial == serial) return true;
    }
    return false;
  }

  // How many elements "reconstruct the active formatting elements" would open once the stack is
  // cut to `keep`. They count towards the depth even before the text that reopens them arrives:
  // "<p><b id=1>x</p>" repeated with ever new attributes would otherwise nest without bound.
  [[nodiscard]] std::size_t reopened(std::size_t keep) const {
    std::size_t count = 0;
    for (std::size_t i = active_.size(); i-- > 0;) {
      const ActiveFormatting& entry = active_[i];
      if (entry.id == 0 || (entry.on_stack && !opened_at_or_above(entry.serial, keep))) break;
      ++count;
    }
    return count;
  }

  void reconstruct() {
    if (active_.empty() || active_.back().id == 0 || active_.back().on_stack || count_[kIdSelect] > 0) return;
    std::size_t i = active_.size();
    while (i > 0 && active_[i - 1].id != 0 && !active_[i - 1].on_stack) --i;
    for (; i < active_.size(); ++i) {
      push(active_[i].name, active_[i].id);
      active_[i].serial = serial_;
      active_[i].on_stack = true;
    }
  }

  // The stack size after closing a <p> in button scope, looking below `top`.
  [[nodiscard]] std::size_t close_p(std::size_t top) const {
    if (count_[kIdP] == 0) return top;
    for (std::size_t i = top; i-- > 0;) {
      const std::uint16_t tag = open_[i].id;
      if (tag == kIdP) return i;
      if (tag == kIdButton || (flags_of(tag) & kScope) != 0) break;
    }
    return top;
  }

  // <li> closes an open <li>, <dd>/<dt> an open <dd> or <dt>, unless a special element other than
  // address, div and p (such as the <ul> or <dl> of a nested list) comes first.
  [[nodiscard]] std::size_t close_list_item(std::size_t top, std::uint16_t a, std::uint16_t b) const {
    if (count_[a] == 0 && count_[b] == 0) return top;
    for (std::size_t i = top; i-- > 0;) {
      const std::uint16_t tag = open_[i].id;
      if (tag == a || tag == b) return i;
      if ((flags_of(tag) & kSpecial) != 0 && tag != kIdAddress && tag != kIdDiv && tag != kIdP) break;
    }
    return top;
  }

  // Index of the nearest element that satisfies `pred`, or npos.
  template <typename Pred>
  [[nodiscard]] std::size_t nearest(std::size_t top, Pred pred) const {
    for (std::size_t i = top; i-- > 0;) {
      if (pred(open_[i].id)) return i;
    }
    return npos;
  }

  [[nodiscard]] std::size_t nearest_select() const {
    return nearest(open_.size(), [](std::uint16_t x) { return x == kIdSelect; });
  }

  static bool is_ruby_part(std::uint16_t tag) { return tag == kIdRb || tag == kIdRp || tag == kIdRt || tag == kIdRtc; }

  static bool is_implied_end(std::uint16_t tag) {
    return tag == kIdDd || tag == kIdDt || tag == kIdLi || tag == kIdOption || tag == kIdOptgroup || tag == kIdP ||
           is_ruby_part(tag);
  }

  static bool is_table_section(std::uint16_t tag) { return tag == kIdTbody || tag == kIdThead || tag == kIdTfoot; }

  static bool is_table_part(std::uint16_t tag) {
    return tag == kIdTable || is_table_section(tag) || tag == kIdTr || tag == kIdTd || tag == kIdTh ||
           tag == kIdCaption;
  }

  // "In select" ignores most start tags. Returns whether the tag still needs ordinary handling.
  bool select_start(const Tag& tag) {
    const std::uint16_t t = tag.id;
    if (t == kIdInput || t == kIdKeygen || t == kIdTextarea || (select_in_table_ && is_table_part(t))) {
      pop_to(nearest_select());  // these end the select first
      return true;
    }
    if (t == kIdSelect) {
      pop_to(nearest_select());
    } else if (t == kIdOption || t == kIdOptgroup) {
      std::size_t keep = open_.size();
      if (open_[keep - 1].id == kIdOption) --keep;
      if (t == kIdOptgroup && open_[keep - 1].id == kIdOptgroup) --keep;
      if (keep + reopened(keep) + 1 > max_open_) return false;
      pop_to(keep);
      push(tag.name, t);
    }
    emit(tag.begin, tag.end);  // ignored ones too: gumbo ignores them the same way
    return false;
  }

  // "In select" ignores most end tags. Returns whether the tag still needs ordinary handling.
  bool select_end(std::uint16_t t) {
    if (select_in_table_ && is_table_part(t)) {
      // "In select in table": only an end tag with its element in table scope ends the select.
      const std::size_t match = nearest(open_.size(), [t](std::uint16_t x) {
        return x == t || x == kIdTable;
      });
      if (match == npos || open_[match].id != t) return false;
      pop_to(nearest_select());
      return true;
    }
    const std::size_t size = open_.size();
    if (t == kIdOptgroup) {
      if (size >= 2 && open_[size - 1].id == kIdOption && open_[size - 2].id == kIdOptgroup) pop_to(size - 1);
      if (open_.back().id == kIdOptgroup) pop_to(open_.size() - 1);
    } else if (t == kIdOption) {
      if (open_.back().id == kIdOption) pop_to(size - 1);
    } else if (t == kIdSelect) {
      pop_to(nearest_select());
    }
    return false;
  }

  void open(const Tag& tag, std::uint32_t flags) {
    const std::uint16_t t = tag.id;
    if (count_[kIdSelect] > 0 && !select_start(tag)) return;
    // The stack size once the current node has made way: anything but head content ends a head,
    // anything but <col> a column group.
    const auto first_keep = [&] {
      std::size_t size = open_.size();
      if (size > 0 && open_[size - 1].id == kIdHead && (flags & kInHead) == 0 && t != kIdHead && t != kIdHtml) {
        --size;
      }
      if (size > 0 && open_[size - 1].id == kIdColgroup && t != kIdCol) --size;
      return size;
    };
    std::size_t keep = first_keep();
    std::array<std::uint16_t, 2> implied{};  // elements the tree builder inserts before this one
    std::size_t implied_count = 0;
    bool opens = (flags & (kVoid | kLeaf)) == 0;
    bool decided = false;  // already known to go through

    if ((flags & kHeading) != 0) {
      keep = close_p(keep);
      if (keep > 0 && (flags_of(open_[keep - 1].id) & kHeading) != 0) --keep;
    } else if (t == kIdLi) {
      keep = close_p(close_list_item(keep, kIdLi, kIdLi));
    } else if (t == kIdDd || t == kIdDt) {
      keep = close_p(close_list_item(keep, kIdDd, kIdDt));
    } else if (t == kIdTable) {
      if (count_[kIdTable] > 0) {
        const std::size_t b = nearest(keep, [](std::uint16_t x) {
          return x == kIdTable || x == kIdTd || x == kIdTh || x == kIdCaption;
        });
        if (b != npos && open_[b].id == kIdTable) keep = b;  // a table directly in a table ends it
      }
      // In quirks mode (no or a legacy doctype) a table nests inside an open <p>.
      if (standards_mode_) keep = close_p(keep);
    } else if (t == kIdTr || t == kIdTd || t == kIdTh) {
      const bool cell = t != kIdTr;
      const std::size_t b = nearest(keep, [cell](std::uint16_t x) {
        return x == kIdTable || is_table_section(x) || (cell && x == kIdTr);
      });
      if (b == npos) {
        opens = false;  // outside a table the tree builder ignores these
      } else {
        keep = b + 1;
        if (open_[b].id == kIdTable) implied[implied_count++] = kIdTbody;
        if (cell && open_[b].id != kIdTr) implied[implied_count++] = kIdTr;
      }
    } else if (t == kIdCol) {
      // Closes cells and rows up to the table and sits in a (possibly implied) <colgroup>.
      const std::size_t b = nearest(keep, [](std::uint16_t x) {
        return x == kIdTable || x == kIdColgroup;
      });
      if (b != npos) {
        keep = b + 1;
        if (open_[b].id == kIdTable) implied[implied_count++] = kIdColgroup;
      }
    } else if (is_table_section(t) || t == kIdCaption || t == kIdColgroup) {
      const std::size_t b = nearest(keep, [](std::uint16_t x) { return x == kIdTable; });
      if (b == npos) {
        opens = false;
      } else {
        keep = b + 1;
      }
    } else if (t == kIdOption || t == kIdOptgroup) {
      if (keep > 0 && open_[keep - 1].id == kIdOption) --keep;  // outside a select, e.g. in <datalist>
    } else if (is_ruby_part(t)) {
      if (count_[kIdRuby] > 0) {
        const std::size_t ruby = nearest(keep, [](std::uint16_t x) { return x == kIdRuby || (flags_of(x) & kScope) != 0; });
        if (ruby != npos && open_[ruby].id == kIdRuby) {
          // "Generate implied end tags": a <p> or <li> (and the like) left open inside the ruby
          // ends; <rt> and <rp> go inside an open <rtc>.
          while (keep > 0 && is_implied_end(open_[keep - 1].id) &&
                 !((t == kIdRt || t == kIdRp) && open_[keep - 1].id == kIdRtc)) {
            --keep;
          }
        }
      }
    } else if (t == kIdButton) {
      if (count_[kIdButton] > 0) {
        const std::size_t b = nearest(keep, [](std::uint16_t x) { return x == kIdButton || (flags_of(x) & kScope) != 0; });
        if (b != npos && open_[b].id == kIdButton) keep = b;
      }
    } else if (t == kIdHtml) {
      opens = false;  // the root always exists; a tag only adds attributes to it
    } else if (t == kIdForm) {
      if (form_pointer_) {
        opens = false;  // a form inside a form (one not ended by </form>) is ignored
      } else {
        keep = close_p(keep);
      }
    } else if (t == kIdHead || t == kIdBody) {
      // Once anything else is open, head and body exist (if only implied) and the tag is ignored.
      if (keep > 0 || count_[kIdBody] > 0) opens = false;
    } else if (t == kIdA || t == kIdNobr) {
      // Whether the tag goes through is settled before the adoption agency runs for it (a dropped
      // tag runs nothing in gumbo). The agency does not deepen gumbo's tree; here it may leave
      // detached entries, which must not then drop the tag.
      if (open_.size() + reopened(open_.size()) + 1 > max_open_ || active_full(tag)) return;
      decided = true;
      if (count_[t] > 0) {
        adoption_agency(t);  // a new link first closes the open one
        if (t == kIdA) forget_active_link();
        keep = first_keep();
      }
    } else if ((flags & kClosesP) != 0) {
      keep = close_p(keep);
    }

    const std::size_t added = implied_count + (opens ? 1 : 0);
    if (!decided) {
      if (added > 0 && keep + reopened(keep) + added > max_open_) return;  // too deep: drop the tag, keep its text
      if (opens && (flags & kFormatting) != 0 && active_full(tag)) return;
    }
    pop_to(keep);
    const bool reconstructs = (flags & kReopens) != 0 || ((flags & (kSpecial | kClosesP)) == 0 && !is_ruby_part(t));
    if (reconstructs) reconstruct();
    for (std::size_t i = 0; i < implied_count; ++i) push(name_of(implied[i]), implied[i]);
    if (opens) {
      // The mode a select starts in decides whether table tags end it.
      if (t == kIdSelect) select_in_table_ = count_[kIdTable] > 0;
      if (t == kIdForm) form_pointer_ = true;
      push(tag.name, t);
      if ((flags & kFormatting) != 0) {
        push_active(tag);
      } else if (is_marker_element(t)) {
        active_.push_back({{}, {}, 0, 0, false});
      }
    }
    if ((flags & kLeaf) != 0) {
      // Copied whole even at the depth bound: they hold only text, so they add one level at most.
      pos_ = t == kIdPlaintext ? in_.size() : skip_raw_text(tag.end, t).end;
      emit(tag.begin, pos_);
      return;
    }
    emit(tag.begin, tag.end);
  }

  // When the adoption agency leaves a link in the list (it was out of scope), a new <a> removes
  // it from the list and from the stack, though not from the tree.
  void forget_active_link() {
    for (std::size_t i = active_.size(); i-- > 0 && active_[i].id != 0;) {
      if (active_[i].id != kIdA) continue;
      const ActiveFormatting link = active_[i];
      active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(i));
      if (link.on_stack) detach(index_of(link.serial));
      return;
    }
  }

  // "Any other end tag": the nearest element with that tag, unless a special element is nearer.
  // For gumbo all unknown names are one tag.
  void close_ordinary(std::uint16_t t) {
    for (std::size_t i = open_.size(); i-- > 0;) {
      const OpenElement& e = open_[i];
      if (e.id == t && !is_detached(e)) {
        pop_to(i);
        return;
      }
      if ((flags_of(e.id) & kSpecial) != 0) return;
    }
  }

  // The adoption agency algorithm as far as depth goes. With no special element opened inside
  // the formatting element, it closes it; otherwise the formatting element and the plain
  // elements between it and that "furthest block" leave the stack and a copy of it opens inside
  // the furthest block. Without this, "<b><div></b>" repeated would look flat here yet nest in gumbo.
  void adoption_agency(std::uint16_t tag) {
    for (int round = 0; round < 8; ++round) {
      std::size_t entry = npos;
      for (std::size_t i = active_.size(); i-- > 0 && active_[i].id != 0;) {
        if (active_[i].id == tag) {
          entry = i;
          break;
        }
      }
      if (entry == npos) {
        if (round == 0) close_ordinary(tag);
        return;
      }
      if (!active_[entry].on_stack) {
        active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(entry));
        return;
      }
      const std::uint32_t serial = active_[entry].serial;
      std::size_t f = open_.size();
      while (f-- > 0 && open_[f].serial != serial) {
        if ((flags_of(open_[f].id) & kScope) != 0) return;  // not in scope: ignored
      }
      std::size_t block = npos;
      for (std::size_t i = f + 1; i < open_.size(); ++i) {
        if ((flags_of(open_[i].id) & kSpecial) != 0) {
          block = i;
          break;
        }
      }
      if (block == npos) {
        active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(entry));
        pop_to(f);
        return;
      }
      const OpenElement formatting = open_[f];
      const std::uint32_t block_serial = open_[block].serial;
      // Walking down from the furthest block, elements not in the list leave gumbo's stack and
      // listed ones stay (as copies; past the third step gumbo 0.10.1 only takes them out of the
      // list). Whether what leaves still encloses what stays depends on details of gumbo's walk,
      // so it is detached rather than erased: it still counts, but no end tag can match it.
      std::size_t step = 0;
      std::uint32_t nearest_kept = 0;  // its list entry is the "bookmark"
      for (std::size_t i = block; i-- > f + 1;) {
        if (is_detached(open_[i])) continue;
        ++step;
        const std::size_t listed = find_active(open_[i].serial);
        if (listed == npos) {
          detach(i);
        } else if (step > 3) {
          active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(listed));
        } else if (nearest_kept == 0) {
          nearest_kept = open_[i].serial;
        }
      }
      detach(f);
      open_.insert(open_.begin() + static_cast<std::ptrdiff_t>(index_of(block_serial)) + 1,
                   OpenElement{formatting.name, formatting.id, ++serial_});
      ++count_[formatting.id];
      // The copy's entry goes after that of the formatting element nearest the furthest block,
      // so that reconstruction, which starts from the end of the list, sees it first.
      const std::size_t moved = find_active(serial);
      if (moved != npos) {
        ActiveFormatting copy = active_[moved];
        copy.serial = serial_;
        copy.on_stack = true;
        active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(moved));
        std::size_t at = moved;
        if (nearest_kept != 0) {
          const std::size_t bookmark = find_active(nearest_kept);
          if (bookmark != npos) at = bookmark + 1;
        }
        active_.insert(active_.begin() + static_cast<std::ptrdiff_t>(at), copy);
      }
    }
  }

  void close(const Tag& tag) {
    const std::uint16_t t = tag.id;
    const std::uint32_t flags = flags_of(t);
    if ((flags & (kDropRawText | kDropMarkup | kForeign | kDropTag)) != 0) return;  // its start tag never got through
    emit(tag.begin, tag.end);
    if (count_[kIdSelect] > 0 && !select_end(t)) return;
    if (t == kIdBr) {
      reconstruct();  // </br> is taken as <br>
      return;
    }
    if (t == kIdBody || t == kIdHtml || (flags & (kVoid | kLeaf)) != 0) return;
    if (t != kIdColgroup && !open_.empty() && open_.back().id == kIdColgroup) pop_to(open_.size() - 1);
    if ((flags & kFormatting) != 0) {
      adoption_agency(t);
      return;
    }
    if ((flags & kSpecial) == 0 && t != kIdMain) {  // </main> closes like the special blocks
      close_ordinary(t);
      return;
    }
    if (t == kIdHead) {
      if (!open_.empty() && open_.back().id == kIdHead) pop_to(open_.size() - 1);  // elsewhere ignored
      return;
    }
    if (t == kIdForm) form_pointer_ = false;  // even when the form is out of scope below
    const bool table_scope = is_table_part(t) || t == kIdColgroup || t == kIdApplet || t == kIdMarquee;
    for (std::size_t i = open_.size(); i-- > 0;) {
      const std::uint16_t x = open_[i].id;
      if (x == t || ((flags & kHeading) != 0 && (flags_of(x) & kHeading) != 0)) {
        if (t == kIdForm) {
          // </form> ends a <p> (and the like) still open at the top, then takes only the form off
          // the stack, leaving the rest of what it holds open.
          std::size_t keep = open_.size();
          while (keep > i + 1 && is_implied_end(open_[keep - 1].id)) --keep;
          pop_to(keep);
          detach(i);
        } else {
          pop_to(i);
          // Only their end tag clears back to their marker; popped otherwise, the entries stay
          // and are reopened.
          if (t == kIdApplet || t == kIdMarquee) clear_active_to_marker();
        }
        return;
      }
      const bool boundary = table_scope ? x == kIdTable
                                       : ((flags_of(x) & kScope) != 0 || (t == kIdP && x == kIdButton) ||
                                          (t == kIdLi && (x == kIdUl || x == kIdOl)));
      if (boundary) break;
    }
    if (t == kIdP) reconstruct();  // a </p> with no <p> open makes an empty one
  }

  std::string_view in_;
  std::size_t max_open_;
  std::string& out_;
  std::vector<std::string>& json_ld_;
  std::size_t pos_ = 0;
  Drop drop_;
  std::vector<OpenElement> open_;
  std::vector<ActiveFormatting> active_;
  std::array<std::size_t, kTagCount> count_{};
  std::uint32_t serial_ = 0;
  bool seen_doctype_ = false;
  bool standards_mode_ = false;
  bool select_in_table_ = false;
  bool form_pointer_ = false;  // the tree builder's "form element pointer" is set
};

}  // namespace

PrepassResult prepass(std::string_view utf8_html, std::size_t max_open_elements) {
  // The tokenizer would turn NUL into U+FFFD or drop it depending on state, and gumbo gets some
  // of those cases wrong; no text worth keeping contains NUL.
  std::string without_nul;
  if (std::memchr(utf8_html.data(), '\0', utf8_html.size()) != nullptr) {
    without_nul.reserve(utf8_html.size());
    for (const char c : utf8_html) {
      if (c != '\0') without_nul.push_back(c);
    }
    utf8_html = without_nul;
  }
  PrepassResult result;
  Scanner(utf8_html, max_open_elements, result).run();
  return result;
}

}  // namespace pagemd::extract
