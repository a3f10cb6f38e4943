#include "prepass.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

// Where a construct begins and ends follows the WHATWG tokenizer, so that every byte this scan
// keeps is tokenized by gumbo exactly as it would have been in the original document. The stack of
// open elements is a cheap model of the tree builder's: it only needs to stay at or above gumbo's
// real depth on hostile input and close to it on ordinary pages.

namespace pagemd::extract {
namespace {

constexpr std::size_t npos = std::string_view::npos;

enum TagFlag : std::uint32_t {
  kVoid = 1U << 0,        // never has content, never opened
  kSpecial = 1U << 1,     // the spec's "special" category: stops end-tag and formatting searches
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
};

struct TagEntry {
  std::string_view name;
  std::uint32_t flags;
};

constexpr std::uint32_t kS = kSpecial;
constexpr std::uint32_t kP = kClosesP;
constexpr std::uint32_t kV = kVoid | kSpecial;
constexpr std::uint32_t kF = kFormatting | kBreakout;

// Sorted by name; a tag's id is its index + 1, id 0 means any other name.
constexpr auto kTags = std::to_array<TagEntry>({
    {"a", kFormatting},
    {"address", kS | kP},
    {"annotation-xml", kIntegration},
    {"applet", kS | kScope},
    {"area", kV},
    {"article", kS | kP},
    {"aside", kS | kP},
    {"b", kF},
    {"base", kV | kInHead},
    {"basefont", kV | kInHead},
    {"bgsound", kV | kInHead},
    {"big", kF},
    {"blockquote", kS | kP | kBreakout},
    {"body", kS | kBreakout},
    {"br", kV | kBreakout},
    {"button", kS},
    {"caption", kS | kScope},
    {"center", kS | kP | kBreakout},
    {"code", kF},
    {"col", kV},
    {"colgroup", kS},
    {"dd", kS | kP | kBreakout},
    {"desc", kIntegration},
    {"details", kS | kP},
    {"dialog", kP},
    {"dir", kS | kP},
    {"div", kS | kP | kBreakout},
    {"dl", kS | kP | kBreakout},
    {"dt", kS | kP | kBreakout},
    {"em", kF},
    {"embed", kV | kBreakout},
    {"fieldset", kS | kP},
    {"figcaption", kS | kP},
    {"figure", kS | kP},
    {"font", kFormatting},
    {"footer", kS | kP},
    {"foreignobject", kIntegration},
    {"form", kS | kP},
    {"frame", kV},
    {"frameset", kS},
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
    {"image", kV},
    {"img", kV | kBreakout},
    {"input", kV},
    {"keygen", kV},
    {"li", kS | kP | kBreakout},
    {"link", kV | kInHead},
    {"listing", kS | kP | kBreakout},
    {"main", kS | kP},
    {"marquee", kS | kScope},
    {"math", kForeign},
    {"menu", kS | kP | kBreakout},
    {"meta", kV | kInHead | kBreakout},
    {"mi", kIntegration},
    {"mn", kIntegration},
    {"mo", kIntegration},
    {"ms", kIntegration},
    {"mtext", kIntegration},
    {"nav", kS | kP},
    {"nobr", kF},
    {"noembed", kS | kDropRawText},
    {"noframes", kS | kDropRawText | kInHead},
    {"noscript", kS | kDropRawText | kInHead},
    {"object", kS | kScope | kDropMarkup},
    {"ol", kS | kP | kBreakout},
    {"optgroup", 0},
    {"option", 0},
    {"p", kS | kP | kBreakout},
    {"param", kV},
    {"plaintext", kS | kP | kLeaf},
    {"pre", kS | kP | kBreakout},
    {"ruby", kBreakout},
    {"s", kF},
    {"script", kS | kDropRawText | kInHead},
    {"search", kS | kP},
    {"section", kS | kP},
    {"select", kS},
    {"small", kF},
    {"source", kV},
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
    {"title", kS | kLeaf | kInHead},
    {"tr", kS},
    {"track", kV},
    {"tt", kF},
    {"u", kF},
    {"ul", kS | kP | kBreakout},
    {"var", kBreakout},
    {"wbr", kV},
    {"xmp", kS | kP | kLeaf},
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
constexpr std::uint16_t kIdBody = id("body");
constexpr std::uint16_t kIdButton = id("button");
constexpr std::uint16_t kIdBr = id("br");
constexpr std::uint16_t kIdCaption = id("caption");
constexpr std::uint16_t kIdColgroup = id("colgroup");
constexpr std::uint16_t kIdDd = id("dd");
constexpr std::uint16_t kIdDiv = id("div");
constexpr std::uint16_t kIdDt = id("dt");
constexpr std::uint16_t kIdFont = id("font");
constexpr std::uint16_t kIdForm = id("form");
constexpr std::uint16_t kIdFrameset = id("frameset");
constexpr std::uint16_t kIdHead = id("head");
constexpr std::uint16_t kIdHtml = id("html");
constexpr std::uint16_t kIdAddress = id("address");
constexpr std::uint16_t kIdLi = id("li");
constexpr std::uint16_t kIdNobr = id("nobr");
constexpr std::uint16_t kIdOl = id("ol");
constexpr std::uint16_t kIdOptgroup = id("optgroup");
constexpr std::uint16_t kIdOption = id("option");
constexpr std::uint16_t kIdP = id("p");
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

bool iequals_both(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (to_lower(a[i]) != to_lower(b[i])) return false;
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
  bool font_attribute = false;  // color, face or size: makes <font> leave foreign content
};

struct OpenElement {
  std::string_view name;
  std::uint16_t id;
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
        emit(pos_, n);
        break;
      }
      const auto lt = static_cast<std::size_t>(static_cast<const char*>(hit) - in_.data());
      emit(pos_, lt);
      pos_ = lt;
      markup();
    }
  }

 private:
  void emit(std::size_t from, std::size_t to) {
    if (!drop_.active && to > from) out_.append(in_.data() + from, to - from);
  }

  [[nodiscard]] bool at(std::size_t i, char c) const { return i < in_.size() && in_[i] == c; }

  void markup() {
    const std::size_t lt = pos_;
    const std::size_t n = in_.size();
    if (lt + 1 >= n) {
      emit(lt, n);
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
        emit(lt, n);  // "</" at EOF is text
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
      // comes after it must not join this '<' into a tag: the reference keeps it text.
      if (!drop_.active) out_.append(c == '<' ? "&lt;" : "<");
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
        if (!seen_start_tag_ && !seen_doctype_) standards_mode_ = is_html5_doctype(in_.substr(lt + 9, pos_ - lt - 9));
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

  // For <script> this ignores the "script data escaped" states ("<!--" ... "<script>" inside a
  // script can make the first "</script>" not end it); real pages with that are rare, and the
  // cost is only ending the script early, the same way the HTML spec's own simplified rule would.
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
    if (drop_.active) {
      start_tag_in_drop(tag);
      return;
    }
    seen_start_tag_ = true;
    const std::uint32_t flags = flags_of(tag.id);
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

  // --- the model of the stack of open elements ---

  void push(std::string_view name, std::uint16_t tag) {
    open_.push_back({name, tag});
    ++count_[tag];
  }

  void pop_to(std::size_t size) {
    while (open_.size() > size) {
      --count_[open_.back().id];
      open_.pop_back();
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

  static bool is_table_section(std::uint16_t tag) { return tag == kIdTbody || tag == kIdThead || tag == kIdTfoot; }

  void open(const Tag& tag, std::uint32_t flags) {
    const std::uint16_t t = tag.id;
    bool ignored = false;
    if ((flags & kLeaf) != 0 && (frameset_seen_ || (count_[kIdSelect] > 0 && t != kIdTextarea))) {
      // Frameset and select modes ignore these start tags, so the tokenizer never switches to
      // RCDATA or RAWTEXT and what follows is markup (possibly nesting framesets): scan it as such.
      flags &= ~kLeaf;
      ignored = true;
    }
    if (t == kIdFrameset) frameset_seen_ = true;
    std::size_t keep = open_.size();
    std::array<std::uint16_t, 2> implied{};  // elements the tree builder inserts before this one
    std::size_t implied_count = 0;
    bool opens = !ignored && (flags & (kVoid | kLeaf)) == 0;

    if (keep > 0 && open_[keep - 1].id == kIdHead && (flags & kInHead) == 0 && t != kIdHead && t != kIdHtml) {
      --keep;  // anything else ends the head
    }
    if ((flags & kHeading) != 0) {
      keep = close_p(keep);
      if (keep > 0 && (flags_of(open_[keep - 1].id) & kHeading) != 0) --keep;
    } else if (t == kIdLi) {
      keep = close_p(close_list_item(keep, kIdLi, kIdLi));
    } else if (t == kIdDd || t == kIdDt) {
      keep = close_p(close_list_item(keep, kIdDd, kIdDt));
    } else if (t == kIdTable) {
      // In quirks mode (no or a legacy doctype) a table nests inside an open <p>.
      if (count_[kIdTable] > 0) {
        const std::size_t b = nearest(keep, [](std::uint16_t x) {
          return x == kIdTable || x == kIdTd || x == kIdTh || x == kIdCaption || x == kIdHtml || x == kIdTemplate;
        });
        if (b != npos && open_[b].id == kIdTable) keep = b;  // a table directly in a table ends it
      }
      if (standards_mode_) keep = close_p(keep);
    } else if (t == kIdTr || t == kIdTd || t == kIdTh) {
      const bool cell = t != kIdTr;
      const std::size_t b = nearest(keep, [cell](std::uint16_t x) {
        return x == kIdTable || is_table_section(x) || x == kIdHtml || x == kIdTemplate || (cell && x == kIdTr);
      });
      if (b == npos || open_[b].id == kIdHtml || open_[b].id == kIdTemplate) {
        opens = false;  // outside a table the tree builder ignores these
      } else {
        keep = b + 1;
        if (open_[b].id == kIdTable) implied[implied_count++] = kIdTbody;
        if (cell && open_[b].id != kIdTr) implied[implied_count++] = kIdTr;
      }
    } else if (is_table_section(t) || t == kIdCaption || t == kIdColgroup) {
      const std::size_t b = nearest(keep, [](std::uint16_t x) { return x == kIdTable || x == kIdHtml || x == kIdTemplate; });
      if (b == npos || open_[b].id != kIdTable) {
        opens = false;
      } else {
        keep = b + 1;
      }
    } else if (t == kIdOption) {
      if (keep > 0 && open_[keep - 1].id == kIdOption) --keep;
    } else if (t == kIdOptgroup) {
      if (keep > 0 && open_[keep - 1].id == kIdOption) --keep;
      if (keep > 0 && open_[keep - 1].id == kIdOptgroup) --keep;
    } else if (t == kIdSelect) {
      if (count_[kIdSelect] > 0) {
        const std::size_t b = nearest(keep, [](std::uint16_t x) { return x == kIdSelect || (flags_of(x) & kScope) != 0; });
        if (b != npos && open_[b].id == kIdSelect) {
          keep = b;  // a <select> inside a select only closes it
          opens = false;
        }
      }
    } else if (t == kIdButton) {
      if (count_[kIdButton] > 0) {
        const std::size_t b = nearest(keep, [](std::uint16_t x) { return x == kIdButton || (flags_of(x) & kScope) != 0; });
        if (b != npos && open_[b].id == kIdButton) keep = b;
      }
    } else if (t == kIdHtml || t == kIdForm) {
      if (count_[t] > 0) opens = false;  // a second <html> or a nested <form> is ignored
    } else if (t == kIdHead) {
      if (count_[kIdHead] > 0 || count_[kIdBody] > 0) opens = false;
    } else if (t == kIdBody) {
      if (count_[kIdBody] > 0) {
        opens = false;
      } else if (count_[kIdHead] > 0) {
        keep = std::min(keep, nearest(keep, [](std::uint16_t x) { return x == kIdHead; }));
      }
    } else if (t == kIdA || t == kIdNobr) {
      if (count_[t] > 0) adoption_agency(t);  // a new link first closes the open one
      keep = std::min(keep, open_.size());
    } else if ((flags & kClosesP) != 0) {
      keep = close_p(keep);
    }

    if (opens && keep + implied_count + 1 > max_open_) return;  // too deep: drop the tag, keep its text
    pop_to(keep);
    for (std::size_t i = 0; i < implied_count; ++i) push(name_of(implied[i]), implied[i]);
    if (opens) push(tag.name, t);
    if ((flags & kLeaf) != 0) {
      // Copied whole even at the depth bound: they hold only text, so they add one level at most.
      pos_ = t == kIdPlaintext ? in_.size() : skip_raw_text(tag.end, t).end;
      emit(tag.begin, pos_);
      return;
    }
    emit(tag.begin, tag.end);
  }

  // The adoption agency algorithm as far as depth goes: with no special element opened inside
  // the formatting element, it closes it; otherwise the formatting element and the plain
  // elements between it and that "furthest block" leave the stack and a copy of it opens inside
  // the furthest block. Without this, "<b><div></b>" repeated would look flat here yet nest in gumbo.
  void adoption_agency(std::uint16_t tag) {
    for (int round = 0; round < 8; ++round) {
      std::size_t f = npos;
      for (std::size_t i = open_.size(); i-- > 0;) {
        if (open_[i].id == tag) {
          f = i;
          break;
        }
        if ((flags_of(open_[i].id) & kScope) != 0) break;
      }
      if (f == npos) return;
      std::size_t block = npos;
      for (std::size_t i = f + 1; i < open_.size(); ++i) {
        if ((flags_of(open_[i].id) & kSpecial) != 0) {
          block = i;
          break;
        }
      }
      if (block == npos) {
        pop_to(f);
        return;
      }
      const OpenElement formatting = open_[f];
      open_.insert(open_.begin() + static_cast<std::ptrdiff_t>(block) + 1, formatting);
      ++count_[formatting.id];
      for (std::size_t i = block; i-- > f;) {
        if (i == f || (flags_of(open_[i].id) & kFormatting) == 0) {
          --count_[open_[i].id];
          open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(i));
        }
      }
    }
  }

  void close(const Tag& tag) {
    const std::uint16_t t = tag.id;
    const std::uint32_t flags = flags_of(t);
    if ((flags & (kDropRawText | kDropMarkup | kForeign)) != 0) return;  // its start tag never got through
    emit(tag.begin, tag.end);
    if (t == kIdBody || t == kIdHtml || (flags & (kVoid | kLeaf)) != 0) return;
    if ((flags & kFormatting) != 0) {
      adoption_agency(t);
      return;
    }
    if ((flags & kSpecial) == 0) {
      // "Any other end tag": the nearest element of that name, unless a special element is nearer.
      for (std::size_t i = open_.size(); i-- > 0;) {
        const OpenElement& e = open_[i];
        if (t != 0 ? e.id == t : (e.id == 0 && iequals_both(e.name, tag.name))) {
          pop_to(i);
          return;
        }
        if ((flags_of(e.id) & kSpecial) != 0) return;
      }
      return;
    }
    const bool table_part = t == kIdTable || is_table_section(t) || t == kIdTr || t == kIdTd || t == kIdTh ||
                            t == kIdCaption || t == kIdColgroup;
    for (std::size_t i = open_.size(); i-- > 0;) {
      const std::uint16_t x = open_[i].id;
      if (x == t || ((flags & kHeading) != 0 && (flags_of(x) & kHeading) != 0)) {
        pop_to(i);
        return;
      }
      const bool boundary = table_part ? (x == kIdTable || x == kIdHtml || x == kIdTemplate)
                                       : ((flags_of(x) & kScope) != 0 || (t == kIdP && x == kIdButton) ||
                                          (t == kIdLi && (x == kIdUl || x == kIdOl)));
      if (boundary) return;
    }
  }

  std::string_view in_;
  std::size_t max_open_;
  std::string& out_;
  std::vector<std::string>& json_ld_;
  std::size_t pos_ = 0;
  Drop drop_;
  std::vector<OpenElement> open_;
  std::array<std::size_t, kTagCount> count_{};
  bool seen_start_tag_ = false;
  bool seen_doctype_ = false;
  bool standards_mode_ = false;
  bool frameset_seen_ = false;
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
