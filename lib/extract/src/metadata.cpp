#include "metadata.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "url_resolve.hpp"
#include "text_util.hpp"

namespace pagemd::extract {
namespace {

using nlohmann::json;

// ---------------------------------------------------------------------------------------------
// Strings





bool istarts_with(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && equals_ignore_case(s.substr(0, prefix.size()), prefix);
}


// Length of a Unicode space (or zero-width character) at s[i] encoded in UTF-8, else 0. Titles
// and names are full of &nbsp; and thin spaces that should read as plain spaces.
std::size_t unicode_space_at(std::string_view s, std::size_t i) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xA0) return 2;
  if (i + 2 >= s.size()) return 0;
  const auto b1 = static_cast<unsigned char>(s[i + 1]);
  const auto b2 = static_cast<unsigned char>(s[i + 2]);
  if (b0 == 0xE2 && b1 == 0x80 && (b2 <= 0x8B || b2 == 0xAF)) return 3;  // U+2000..U+200B, U+202F
  if (b0 == 0xE2 && b1 == 0x81 && b2 == 0x9F) return 3;                  // U+205F
  if (b0 == 0xE3 && b1 == 0x80 && b2 == 0x80) return 3;                  // U+3000
  if (b0 == 0xEF && b1 == 0xBB && b2 == 0xBF) return 3;                  // U+FEFF
  return 0;
}

// Like text_util's collapse_whitespace, but Unicode spaces (no-break, thin, ideographic) count too.
std::string collapse_spaces(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool pending_space = false;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t space = is_ascii_space(s[i]) ? 1 : 0;
    if (space == 0 && static_cast<unsigned char>(s[i]) >= 0xC2) space = unicode_space_at(s, i);
    if (space > 0) {
      pending_space = true;
      i += space;
      continue;
    }
    if (pending_space && !out.empty()) out += ' ';
    pending_space = false;
    out += s[i++];
  }
  return out;
}

std::size_t count_words(std::string_view s) {
  std::size_t words = 0;
  bool in_word = false;
  for (const char c : s) {
    if (c == ' ') {
      in_word = false;
    } else if (!in_word) {
      in_word = true;
      ++words;
    }
  }
  return words;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0u | (cp >> 6));
    out += static_cast<char>(0x80u | (cp & 0x3Fu));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0u | (cp >> 12));
    out += static_cast<char>(0x80u | ((cp >> 6) & 0x3Fu));
    out += static_cast<char>(0x80u | (cp & 0x3Fu));
  } else {
    out += static_cast<char>(0xF0u | (cp >> 18));
    out += static_cast<char>(0x80u | ((cp >> 12) & 0x3Fu));
    out += static_cast<char>(0x80u | ((cp >> 6) & 0x3Fu));
    out += static_cast<char>(0x80u | (cp & 0x3Fu));
  }
}

// Replaces invalid UTF-8 with U+FFFD: percent-decoded URL text can hold any bytes, and the
// metadata ends up in JSON, whose serializer rejects invalid UTF-8.
std::string valid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    if (b0 < 0x80) {
      out += s[i++];
      continue;
    }
    std::size_t len = 0;
    unsigned char lo = 0x80;
    unsigned char hi = 0xBF;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      len = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      len = 3;
      if (b0 == 0xE0) lo = 0xA0;
      if (b0 == 0xED) hi = 0x9F;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      len = 4;
      if (b0 == 0xF0) lo = 0x90;
      if (b0 == 0xF4) hi = 0x8F;
    }
    bool ok = len > 0 && i + len <= s.size();
    for (std::size_t k = 1; ok && k < len; ++k) {
      const auto b = static_cast<unsigned char>(s[i + k]);
      ok = k == 1 ? (b >= lo && b <= hi) : (b & 0xC0u) == 0x80u;
    }
    if (ok) {
      out.append(s.substr(i, len));
      i += len;
    } else {
      out += "\xEF\xBF\xBD";
      ++i;
    }
  }
  return out;
}


// The character references JSON-LD producers actually emit (mostly WordPress escaping its
// output twice). Unknown references stay as written.
std::string decode_basic_entities(std::string_view s) {
  if (s.find('&') == std::string_view::npos) return std::string(s);
  static constexpr std::pair<std::string_view, std::string_view> kNamed[] = {
      {"amp", "&"}, {"quot", "\""}, {"apos", "'"}, {"lt", "<"}, {"gt", ">"}, {"nbsp", "\xC2\xA0"}};
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] != '&') {
      out += s[i++];
      continue;
    }
    const std::size_t semi = s.find(';', i + 1);
    if (semi == std::string_view::npos || semi - i > 10) {
      out += s[i++];
      continue;
    }
    const std::string_view name = s.substr(i + 1, semi - i - 1);
    bool done = false;
    if (name.size() >= 2 && name[0] == '#') {
      char32_t cp = 0;
      const bool hex = name[1] == 'x' || name[1] == 'X';
      const std::string_view digits = name.substr(hex ? 2 : 1);
      bool ok = !digits.empty();
      for (const char c : digits) {
        const int v = hex ? hex_digit_value(c) : (c >= '0' && c <= '9' ? c - '0' : -1);
        if (v < 0 || cp > 0x10FFFF) {
          ok = false;
          break;
        }
        cp = cp * (hex ? 16u : 10u) + static_cast<char32_t>(v);
      }
      if (ok && cp > 0 && cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF)) {
        append_utf8(out, cp);
        done = true;
      }
    } else {
      for (const auto& [entity, text] : kNamed) {
        if (name == entity) {
          out += text;
          done = true;
          break;
        }
      }
    }
    if (done) {
      i = semi + 1;
    } else {
      out += s[i++];
    }
  }
  return out;
}

bool looks_like_url(std::string_view s) {
  return istarts_with(s, "http://") || istarts_with(s, "https://") || istarts_with(s, "//") ||
         istarts_with(s, "www.");
}

// ---------------------------------------------------------------------------------------------
// Document scan

struct MetaEntry {
  std::string key;      // lower-case name, property or itemprop
  std::string content;  // whitespace collapsed, never empty
};

struct Heading {
  NodeId id = kNoNode;
  std::string text;
  bool links_home = false;  // a logo in an <h1>, not the page's own heading
};

struct Scan {
  std::vector<MetaEntry> metas;
  std::optional<std::string> title;  // first <title>, collapsed
  std::vector<Heading> h1s;
  std::string canonical_href;
  std::string base_href;
  std::string html_lang;
  std::string itemprop_date;  // content or datetime of a non-<meta> itemprop=datePublished
};

bool has_token(std::string_view list, std::string_view token) {
  std::size_t i = 0;
  while (i < list.size()) {
    while (i < list.size() && is_ascii_space(list[i])) ++i;
    std::size_t j = i;
    while (j < list.size() && !is_ascii_space(list[j])) ++j;
    if (j > i && equals_ignore_case(list.substr(i, j - i), token)) return true;
    i = j;
  }
  return false;
}

void add_meta_keys(std::vector<MetaEntry>& metas, std::string_view keys, const std::string& content) {
  // RDFa lets one property attribute carry several names ("og:title twitter:title").
  std::size_t i = 0;
  while (i < keys.size()) {
    while (i < keys.size() && is_ascii_space(keys[i])) ++i;
    std::size_t j = i;
    while (j < keys.size() && !is_ascii_space(keys[j])) ++j;
    if (j > i) metas.push_back({ascii_lower_copy(keys.substr(i, j - i)), content});
    i = j;
  }
}

bool is_block_break(const Node& node) {
  switch (node.tag) {
    case GUMBO_TAG_BR:
    case GUMBO_TAG_P:
    case GUMBO_TAG_DIV:
    case GUMBO_TAG_LI:
    case GUMBO_TAG_SECTION:
    case GUMBO_TAG_HEADER:
      return true;
    default:
      return false;
  }
}

// Heading text as a reader sees it: <br> and block children separate words.
std::string visible_text(const Document& doc, NodeId id) {
  std::string text;
  doc.walk(id, [&](NodeId n) {
    const Node& node = doc.node(n);
    if (node.kind == NodeKind::text) {
      text += node.text;
    } else if (node.kind == NodeKind::element) {
      if (node.tag == GUMBO_TAG_STYLE || node.tag == GUMBO_TAG_SCRIPT || node.tag == GUMBO_TAG_TEMPLATE) return false;
      if (is_block_break(node)) text += ' ';
    }
    return true;
  });
  return collapse_spaces(text);
}

bool is_home_link(const Document& doc, NodeId a, const UrlResolver& resolver) {
  const std::string* href = doc.attribute(a, "href");
  if (href == nullptr) return false;
  const std::string_view raw = trim(*href);
  if (raw == "/" || raw == "./") return true;
  const std::optional<std::string> url = resolver.resolve(raw);
  if (!url) return false;
  const std::size_t scheme_end = url->find("://");
  if (scheme_end == std::string::npos) return false;
  const std::size_t path = url->find('/', scheme_end + 3);
  return path != std::string::npos && std::string_view(*url).substr(path) == "/";
}

// Sites that put their logo in an <h1> link it to the home page; such a heading names the site.
bool heading_links_home(const Document& doc, NodeId h1, const std::string& h1_text, const UrlResolver& resolver) {
  for (NodeId n = doc.node(h1).parent; n != kNoNode; n = doc.node(n).parent) {
    if (doc.is_element(n, GUMBO_TAG_A)) return is_home_link(doc, n, resolver);
  }
  bool home = false;
  doc.walk(h1, [&](NodeId n) {
    if (home) return false;
    if (doc.is_element(n, GUMBO_TAG_A)) {
      home = is_home_link(doc, n, resolver) && visible_text(doc, n) == h1_text;
      return false;
    }
    return true;
  });
  return home;
}

Scan scan_document(const Document& doc) {
  Scan scan;
  bool have_base = false;
  bool have_canonical = false;
  bool have_lang = false;
  doc.walk(doc.root(), [&](NodeId id) {
    const Node& node = doc.node(id);
    if (node.kind != NodeKind::element) return node.kind == NodeKind::document;
    // Inline SVG has its own <title> elements, which name pictures, not the page.
    if (node.tag == GUMBO_TAG_SVG || node.tag == GUMBO_TAG_MATH) return false;
    switch (node.tag) {
      case GUMBO_TAG_HTML:
        if (!have_lang) {
          if (const std::string* lang = doc.attribute(id, "lang")) {
            scan.html_lang = std::string(trim(*lang));
            have_lang = true;
          }
        }
        break;
      case GUMBO_TAG_TITLE:
        if (!scan.title) scan.title = collapse_spaces(doc.text_content(id));
        return false;
      case GUMBO_TAG_META: {
        const std::string* content = doc.attribute(id, "content");
        if (content == nullptr) break;
        const std::string value = collapse_spaces(*content);
        if (value.empty()) break;
        for (const std::string_view attr : {"property", "name", "itemprop"}) {
          if (const std::string* keys = doc.attribute(id, attr)) add_meta_keys(scan.metas, *keys, value);
        }
        break;
      }
      case GUMBO_TAG_LINK:
        if (!have_canonical) {
          const std::string* rel = doc.attribute(id, "rel");
          const std::string* href = doc.attribute(id, "href");
          if (rel != nullptr && href != nullptr && has_token(*rel, "canonical") && !trim(*href).empty()) {
            scan.canonical_href = std::string(trim(*href));
            have_canonical = true;
          }
        }
        break;
      case GUMBO_TAG_BASE:
        if (!have_base) {
          if (const std::string* href = doc.attribute(id, "href")) {
            scan.base_href = std::string(trim(*href));
            have_base = true;
          }
        }
        break;
      case GUMBO_TAG_H1:
        scan.h1s.push_back({id, visible_text(doc, id), false});
        return false;
      default:
        break;
    }
    if (scan.itemprop_date.empty()) {
      const std::string* itemprop = doc.attribute(id, "itemprop");
      if (itemprop != nullptr && node.tag != GUMBO_TAG_META && has_token(*itemprop, "datePublished")) {
        const std::string* value = doc.attribute(id, "content");
        if (value == nullptr || trim(*value).empty()) value = doc.attribute(id, "datetime");
        if (value != nullptr) scan.itemprop_date = collapse_spaces(*value);
      }
    }
    return true;
  });
  return scan;
}

class MetaIndex {
 public:
  explicit MetaIndex(const std::vector<MetaEntry>& metas) : metas_(metas) {}

  // The first value of the first key present, in the order the keys are given.
  [[nodiscard]] std::string first(std::initializer_list<std::string_view> keys) const {
    for (const std::string_view key : keys) {
      for (const MetaEntry& entry : metas_) {
        if (entry.key == key) return entry.content;
      }
    }
    return {};
  }

  // Like first(), skipping values for which `reject` holds.
  template <typename Predicate>
  [[nodiscard]] std::string first_except(std::string_view key, Predicate reject) const {
    for (const MetaEntry& entry : metas_) {
      if (entry.key == key && !reject(entry.content)) return entry.content;
    }
    return {};
  }

 private:
  const std::vector<MetaEntry>& metas_;
};

// ---------------------------------------------------------------------------------------------
// JSON-LD

// nlohmann's parser recurses per nesting level, so depth is bounded before it runs. Real
// structured data nests a handful of levels.
constexpr int kMaxJsonDepth = 64;
// Anything bigger is not a page's structured data but something dumped into a script tag.
constexpr std::size_t kMaxJsonLdBytes = 4u << 20;

bool nesting_within(std::string_view text, int limit) {
  int depth = 0;
  bool in_string = false;
  bool escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      if (++depth > limit) return false;
    } else if ((c == '}' || c == ']') && depth > 0) {
      --depth;
    }
  }
  return true;
}

json parse_lenient(std::string_view text) {
  json value = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!value.is_discarded()) return value;
  // Junk around the value: "<!--", "//<![CDATA[", a trailing ";" and the like. The junk may
  // itself hold brackets, so an object and an array are each tried from their own delimiters.
  for (const auto& [open, close] : {std::pair{'{', '}'}, std::pair{'[', ']'}}) {
    const std::size_t begin = text.find(open);
    const std::size_t end = text.rfind(close);
    if (begin == std::string_view::npos || end == std::string_view::npos || end < begin) continue;
    if (begin == 0 && end + 1 == text.size()) continue;
    value = json::parse(text.substr(begin, end - begin + 1), nullptr, /*allow_exceptions=*/false);
    if (!value.is_discarded()) return value;
  }
  return value;
}

std::optional<json> parse_json_ld(std::string_view raw) {
  const std::string_view text = trim(raw);
  if (text.empty() || text.size() > kMaxJsonLdBytes || !nesting_within(text, kMaxJsonDepth)) return std::nullopt;
  json value = parse_lenient(text);
  if (value.is_discarded() && text.find("&quot;") != std::string_view::npos) {
    value = parse_lenient(decode_basic_entities(text));
  }
  if (value.is_discarded() || !(value.is_object() || value.is_array())) return std::nullopt;
  return value;
}

std::string_view bare_type(std::string_view type) {
  const std::size_t cut = type.find_last_of("/:#");
  return cut == std::string_view::npos ? type : type.substr(cut + 1);
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

constexpr int kNotMain = -1;

// How well a schema.org type describes the page itself: articles first, then other creative
// works (recipes, products, events), the generic WebPage last. Entities a page mentions
// (publisher, author, breadcrumbs, the site) never describe it.
int type_rank(std::string_view full_type) {
  const std::string_view type = bare_type(full_type);
  static constexpr std::string_view kArticles[] = {"Article",    "NewsArticle", "BlogPosting",      "Report",
                                                   "TechArticle", "ScholarlyArticle", "LiveBlogPosting",
                                                   "SocialMediaPosting", "DiscussionForumPosting"};
  if (std::find(std::begin(kArticles), std::end(kArticles), type) != std::end(kArticles) ||
      ends_with(type, "Article")) {
    return 0;
  }
  if (type == "WebPage" || ends_with(type, "Page")) return 2;
  static constexpr std::string_view kEntities[] = {
      "Person",         "WebSite",      "BreadcrumbList",   "ListItem",      "ItemList",
      "ImageObject",    "SiteNavigationElement", "SearchAction", "EntryPoint", "ReadAction",
      "WPHeader",       "WPFooter",     "WPSideBar",        "Brand",         "Offer",
      "AggregateOffer", "AggregateRating", "Rating",        "PostalAddress", "ContactPoint",
      "Place",          "Country",      "City",             "PropertyValue", "Thing",
      "Corporation",    "Language",     "GeoCoordinates",   "OpeningHoursSpecification"};
  if (std::find(std::begin(kEntities), std::end(kEntities), type) != std::end(kEntities) ||
      ends_with(type, "Organization") || ends_with(type, "Business")) {
    return kNotMain;
  }
  return 1;
}

int object_rank(const json& object) {
  const auto type = object.find("@type");
  if (type == object.end()) return kNotMain;
  int best = kNotMain;
  auto consider = [&](const json& t) {
    if (!t.is_string()) return;
    const int rank = type_rank(t.get_ref<const std::string&>());
    if (rank != kNotMain && (best == kNotMain || rank < best)) best = rank;
  };
  if (type->is_array()) {
    for (const json& t : *type) consider(t);
  } else {
    consider(*type);
  }
  return best;
}

bool has_type(const json& object, std::string_view wanted) {
  const auto type = object.find("@type");
  if (type == object.end()) return false;
  if (type->is_string()) return bare_type(type->get_ref<const std::string&>()) == wanted;
  if (type->is_array()) {
    for (const json& t : *type) {
      if (t.is_string() && bare_type(t.get_ref<const std::string&>()) == wanted) return true;
    }
  }
  return false;
}

std::string json_text(const json& value) {
  if (!value.is_string()) return {};
  return collapse_spaces(decode_basic_entities(value.get_ref<const std::string&>()));
}

class LinkedData {
 public:
  void add(json document) {
    documents_.push_back(std::move(document));
  }

  // Call once after every add(): pointers into documents_ must not move afterwards.
  void index() {
    struct Item {
      const json* value;
      bool main_context;  // reachable from the top through arrays, @graph and mainEntity only
      int depth;
    };
    std::vector<Item> stack;
    for (auto it = documents_.rbegin(); it != documents_.rend(); ++it) stack.push_back({&*it, true, 0});
    while (!stack.empty()) {
      const Item item = stack.back();
      stack.pop_back();
      const json& value = *item.value;
      if (value.is_array()) {
        for (auto it = value.rbegin(); it != value.rend(); ++it) {
          if (it->is_structured()) stack.push_back({&*it, item.main_context, item.depth + 1});
        }
        continue;
      }
      if (!value.is_object()) continue;
      if (item.main_context) {
        const int rank = object_rank(value);
        if (rank != kNotMain) mains_.push_back({&value, rank, item.depth});
      }
      const auto id = value.find("@id");
      if (id != value.end() && id->is_string() && value.size() > 1) ids_.emplace(id->get_ref<const std::string&>(), &value);
      if (website_name_.empty() && has_type(value, "WebSite")) {
        if (const auto name = value.find("name"); name != value.end()) website_name_ = json_text(*name);
      }
      for (auto it = value.begin(); it != value.end(); ++it) {
        if (!it->is_structured()) continue;
        const bool main = item.main_context && (it.key() == "@graph" || it.key() == "mainEntity");
        stack.push_back({&*it, main, item.depth + 1});
      }
    }
    std::stable_sort(mains_.begin(), mains_.end(), [](const Main& a, const Main& b) {
      return a.rank != b.rank ? a.rank < b.rank : a.depth < b.depth;
    });
  }

  [[nodiscard]] std::string description() const { return first_field("description", &json_text); }
  [[nodiscard]] std::string date_published() const { return first_field("datePublished", &json_text); }

  [[nodiscard]] std::string author() const {
    return first_field("author", [this](const json& v) { return author_names(v); });
  }

  [[nodiscard]] std::string publisher() const {
    return first_field("publisher", [this](const json& v) { return first_name(v); });
  }

  [[nodiscard]] std::string image() const {
    return first_field("image", [this](const json& v) { return image_url(v); });
  }

  [[nodiscard]] const std::string& website_name() const { return website_name_; }

 private:
  struct Main {
    const json* object;
    int rank;
    int depth;
  };

  template <typename Extract>
  std::string first_field(const char* key, Extract extract) const {
    for (const Main& main : mains_) {
      const auto field = main.object->find(key);
      if (field == main.object->end()) continue;
      std::string value = extract(*field);
      if (!value.empty()) return value;
    }
    return {};
  }

  // A bare {"@id": ...} stands for the object of that id elsewhere in the data.
  const json& dereference(const json& value) const {
    if (!value.is_object() || value.size() != 1) return value;
    const auto id = value.find("@id");
    if (id == value.end() || !id->is_string()) return value;
    const auto target = ids_.find(id->get_ref<const std::string&>());
    return target == ids_.end() ? value : *target->second;
  }

  std::string name_of(const json& raw) const {
    const json& value = dereference(raw);
    if (value.is_string()) return json_text(value);
    if (!value.is_object()) return {};
    const auto name = value.find("name");
    return name == value.end() ? std::string() : json_text(*name);
  }

  std::string first_name(const json& value) const {
    if (!value.is_array()) return name_of(value);
    for (const json& element : value) {
      std::string name = name_of(element);
      if (!name.empty()) return name;
    }
    return {};
  }

  std::string author_names(const json& value) const {
    std::vector<std::string> names;
    auto add = [&](const json& element) {
      std::string name = name_of(element);
      if (name.empty() || looks_like_url(name)) return;
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(std::move(name));
    };
    if (value.is_array()) {
      for (const json& element : value) add(element);
    } else {
      add(value);
    }
    std::string joined;
    for (const std::string& name : names) {
      if (!joined.empty()) joined += ", ";
      joined += name;
    }
    return joined;
  }

  std::string image_url(const json& raw) const {
    const json& value = dereference(raw);
    if (value.is_string()) return json_text(value);
    if (value.is_array()) {
      for (const json& element : value) {
        std::string url = image_url_single(element);
        if (!url.empty()) return url;
      }
      return {};
    }
    return image_url_single(value);
  }

  std::string image_url_single(const json& raw) const {
    const json& value = dereference(raw);
    if (value.is_string()) return json_text(value);
    if (!value.is_object()) return {};
    for (const char* key : {"url", "contentUrl"}) {
      const auto url = value.find(key);
      if (url != value.end()) {
        std::string text = json_text(*url);
        if (!text.empty()) return text;
      }
    }
    return {};
  }

  std::vector<json> documents_;
  std::vector<Main> mains_;
  std::unordered_map<std::string, const json*> ids_;
  std::string website_name_;
};

// ---------------------------------------------------------------------------------------------
// Title

constexpr std::string_view kTitleSeparators[] = {" | ", " - ", " \u2013 ", " \u2014 ", " :: ",
                                                 " \u00B7 ", " \u00BB ", " / "};

struct Span {
  std::size_t begin;
  std::size_t end;
};

std::vector<Span> split_title(std::string_view title) {
  std::vector<Span> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i < title.size(); ++i) {
    if (title[i] != ' ') continue;
    for (const std::string_view sep : kTitleSeparators) {
      if (title.substr(i, sep.size()) == sep) {
        if (i > start) parts.push_back({start, i});
        start = i + sep.size();
        i = start - 1;
        break;
      }
    }
  }
  if (start < title.size()) parts.push_back({start, title.size()});
  return parts;
}

// Letters and digits only, lower-cased: "Example.com", "EXAMPLE" and "Example" compare by what
// a reader sees, not by punctuation.
std::string name_key(std::string_view s) {
  std::string key;
  for (const char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80 || (c >= '0' && c <= '9')) {
      key += c;
    } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      key += ascii_lower(c);
    }
  }
  return key;
}

// A bare domain ("www.example.com") named by its site label ("example").
std::string_view domain_label(std::string_view s) {
  if (s.find(' ') != std::string_view::npos) return s;
  const std::size_t dot = s.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return s;
  std::string_view label = s.substr(0, dot);
  if (istarts_with(label, "www.")) label.remove_prefix(4);
  return label;
}

bool names_site(std::string_view part, const std::vector<std::string>& site_keys) {
  const std::string whole = name_key(part);
  const std::string label = name_key(domain_label(part));
  for (const std::string& key : site_keys) {
    if (key == whole || key == label) return true;
  }
  return false;
}

// Tells the page's title from the site's name in a <title> such as "Post | Site".
std::string trim_site_name(const std::string& title, const std::vector<std::string>& site_names,
                           const std::vector<Heading>& headings) {
  const std::vector<Span> parts = split_title(title);
  if (parts.size() < 2) return title;
  auto text = [&](std::size_t first, std::size_t last) {
    return title.substr(parts[first].begin, parts[last].end - parts[first].begin);
  };
  std::vector<std::string> site_keys;
  for (const std::string& name : site_names) {
    std::string key = name_key(name);
    if (!key.empty()) site_keys.push_back(std::move(key));
  }

  // The page's own heading settles it: the longest run of parts that some <h1> repeats.
  constexpr std::size_t kMaxParts = 12;
  if (parts.size() <= kMaxParts) {
    std::optional<std::pair<std::size_t, std::size_t>> best;
    for (const Heading& heading : headings) {
      if (heading.links_home || heading.text.empty()) continue;
      if (equals_ignore_case(heading.text, title)) return title;
      for (std::size_t first = 0; first < parts.size(); ++first) {
        for (std::size_t last = first; last < parts.size(); ++last) {
          if (first == last && names_site(text(first, last), site_keys)) continue;
          if (!equals_ignore_case(heading.text, text(first, last))) continue;
          if (!best || last - first > best->second - best->first) best = std::make_pair(first, last);
        }
      }
    }
    if (best) return text(best->first, best->second);
  }

  if (!site_keys.empty()) {
    std::size_t first = 0;
    std::size_t last = parts.size() - 1;
    while (first < last && names_site(text(last, last), site_keys)) --last;
    while (first < last && names_site(text(first, first), site_keys)) ++first;
    return text(first, last);
  }

  constexpr std::size_t kMaxSiteNameWords = 4;
  const std::size_t n = parts.size();
  const std::size_t last_words = count_words(text(n - 1, n - 1));
  if (last_words <= kMaxSiteNameWords && count_words(text(0, n - 2)) > last_words) return text(0, n - 2);
  const std::size_t first_words = count_words(text(0, 0));
  if (first_words <= kMaxSiteNameWords && count_words(text(1, n - 1)) > first_words) return text(1, n - 1);
  return title;
}

// ---------------------------------------------------------------------------------------------
// URLs

std::string absolute_http(const UrlResolver& resolver, std::string_view reference) {
  if (reference.empty()) return {};
  std::optional<std::string> url = resolver.resolve(reference);
  if (!url || !is_http_url(*url)) return {};
  return std::move(*url);
}

std::string percent_decode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex_digit_value(s[i + 1]) >= 0 && hex_digit_value(s[i + 2]) >= 0) {
      out += static_cast<char>(hex_digit_value(s[i + 1]) * 16 + hex_digit_value(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}


}  // namespace

PageInfo read_page_info(const Document& doc, const std::vector<std::string>& json_ld, std::string_view page_url) {
  Scan scan = scan_document(doc);
  const MetaIndex meta(scan.metas);

  LinkedData linked;
  for (const std::string& block : json_ld) {
    if (std::optional<json> value = parse_json_ld(block)) linked.add(std::move(*value));
  }
  linked.index();

  PageInfo info;
  info.base_href = scan.base_href;
  info.html_lang = scan.html_lang;

  UrlResolver resolver(page_url);
  if (!scan.base_href.empty()) {
    UrlResolver rebased = resolver.rebased(scan.base_href);
    if (rebased.has_base()) resolver = std::move(rebased);
  }
  for (Heading& heading : scan.h1s) heading.links_home = heading_links_home(doc, heading.id, heading.text, resolver);

  const std::string og_site_name = meta.first({"og:site_name"});
  const std::string ld_publisher = linked.publisher();
  const std::string application_name = meta.first({"application-name"});

  std::vector<std::string> site_names;
  for (const std::string* name : {&og_site_name, &ld_publisher, &application_name, &linked.website_name()}) {
    if (!name->empty()) site_names.push_back(*name);
  }
  // Many sites put their name into og:title too ("Story - SpaceNews.com"): it is trimmed alike.
  const std::string og_title = meta.first({"og:title"});
  if (!og_title.empty()) info.title = trim_site_name(og_title, site_names, scan.h1s);
  if (info.title.empty() && scan.title && !scan.title->empty()) {
    info.title = trim_site_name(*scan.title, site_names, scan.h1s);
  }
  if (info.title.empty()) {
    for (const Heading& heading : scan.h1s) {
      if (!heading.text.empty() && !heading.links_home) {
        info.title = heading.text;
        break;
      }
    }
  }
  if (info.title.empty()) {
    for (const Heading& heading : scan.h1s) {
      if (!heading.text.empty()) {
        info.title = heading.text;
        break;
      }
    }
  }

  info.description = meta.first({"og:description", "description", "twitter:description"});
  if (info.description.empty()) info.description = linked.description();

  info.author = meta.first({"author"});
  if (info.author.empty()) info.author = meta.first_except("article:author", looks_like_url);
  if (info.author.empty()) info.author = linked.author();
  if (info.author.empty()) info.author = meta.first({"byl", "sailthru.author", "parsely-author", "dc.creator"});

  info.published_time = meta.first({"article:published_time"});
  if (info.published_time.empty()) info.published_time = linked.date_published();
  if (info.published_time.empty()) {
    info.published_time =
        meta.first({"date", "pubdate", "publish-date", "dc.date", "dc.date.issued", "dcterms.date", "parsely-pub-date"});
  }
  if (info.published_time.empty()) info.published_time = meta.first({"datepublished"});
  if (info.published_time.empty()) info.published_time = scan.itemprop_date;

  info.site_name = og_site_name;
  if (info.site_name.empty()) info.site_name = ld_publisher;
  if (info.site_name.empty()) info.site_name = application_name;
  if (info.site_name.empty()) info.site_name = linked.website_name();

  for (const std::string_view key : {"og:image", "og:image:url", "og:image:secure_url"}) {
    if (!info.image.empty()) break;
    for (const MetaEntry& entry : scan.metas) {
      if (entry.key != key) continue;
      info.image = absolute_http(resolver, entry.content);
      if (!info.image.empty()) break;
    }
  }
  if (info.image.empty()) info.image = absolute_http(resolver, meta.first({"twitter:image", "twitter:image:src"}));
  if (info.image.empty()) info.image = absolute_http(resolver, linked.image());

  info.canonical_url = absolute_http(resolver, scan.canonical_href);
  if (info.canonical_url.empty()) info.canonical_url = absolute_http(resolver, meta.first({"og:url"}));
  return info;
}

std::string title_from_url(std::string_view url) {
  url = trim(url);
  const std::size_t colon = url.find("://");
  if (colon == std::string_view::npos || colon == 0) return {};
  for (std::size_t i = 0; i < colon; ++i) {
    const char c = url[i];
    const bool ok = is_ascii_alnum(c) || (i > 0 && (c == '+' || c == '-' || c == '.'));
    if (!ok || (i == 0 && !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))) return {};
  }
  std::string_view rest = url.substr(colon + 3);
  rest = rest.substr(0, rest.find_first_of("?#"));
  const std::size_t slash = rest.find('/');
  std::string_view authority = rest.substr(0, slash);
  const std::string_view path = slash == std::string_view::npos ? std::string_view() : rest.substr(slash);

  if (const std::size_t at = authority.rfind('@'); at != std::string_view::npos) authority.remove_prefix(at + 1);
  std::string_view host = authority;
  if (!host.empty() && host.front() == '[') {
    const std::size_t close = host.find(']');
    if (close == std::string_view::npos) return {};
    host = host.substr(0, close + 1);
  } else if (const std::size_t port = host.find(':'); port != std::string_view::npos) {
    host = host.substr(0, port);
  }

  std::string_view segment;
  std::size_t end = path.size();
  while (end > 0) {
    const std::size_t begin = path.rfind('/', end - 1);
    const std::size_t start = begin == std::string_view::npos ? 0 : begin + 1;
    if (end > start) {
      segment = path.substr(start, end - start);
      break;
    }
    if (begin == std::string_view::npos) break;
    end = begin;
  }

  if (!segment.empty()) {
    const std::size_t dot = segment.rfind('.');
    if (dot != std::string_view::npos && dot > 0) {
      const std::string_view ext = segment.substr(dot + 1);
      if (!ext.empty() && ext.size() <= 5 && std::all_of(ext.begin(), ext.end(), is_ascii_alnum)) {
        segment = segment.substr(0, dot);
      }
    }
    std::string words(segment);
    std::replace(words.begin(), words.end(), '-', ' ');
    std::replace(words.begin(), words.end(), '_', ' ');
    std::string title = collapse_spaces(valid_utf8(percent_decode(words)));
    if (!title.empty()) return title;
  }
  return collapse_spaces(valid_utf8(percent_decode(ascii_lower_copy(host))));
}

}  // namespace pagemd::extract
