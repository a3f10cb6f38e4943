#include "page_info/linked_data.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string_view>
#include <utility>

#include "text/metadata_text.hpp"
#include "text/text_util.hpp"
#include "text/utf8.hpp"

namespace pagemd::extract::metadata_detail {
namespace {

using nlohmann::json;

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

constexpr int kNotMain = -1;

// How well a schema.org type describes the page itself: articles first, then other creative
// works (recipes, products, events), the generic WebPage last. Entities a page mentions
// (publisher, author, breadcrumbs, the site) never describe it.
int type_rank(std::string_view full_type) {
  const std::string_view type = bare_type(full_type);
  static constexpr std::string_view kArticles[] = {"Article",         "NewsArticle",        "BlogPosting",
                                                   "Report",          "TechArticle",        "ScholarlyArticle",
                                                   "LiveBlogPosting", "SocialMediaPosting", "DiscussionForumPosting"};
  if (std::find(std::begin(kArticles), std::end(kArticles), type) != std::end(kArticles) || type.ends_with("Article")) {
    return 0;
  }
  if (type == "WebPage" || type.ends_with("Page")) return 2;
  static constexpr std::string_view kEntities[] = {"Person",
                                                   "WebSite",
                                                   "BreadcrumbList",
                                                   "ListItem",
                                                   "ItemList",
                                                   "ImageObject",
                                                   "SiteNavigationElement",
                                                   "SearchAction",
                                                   "EntryPoint",
                                                   "ReadAction",
                                                   "WPHeader",
                                                   "WPFooter",
                                                   "WPSideBar",
                                                   "Brand",
                                                   "Offer",
                                                   "AggregateOffer",
                                                   "AggregateRating",
                                                   "Rating",
                                                   "PostalAddress",
                                                   "ContactPoint",
                                                   "Place",
                                                   "Country",
                                                   "City",
                                                   "PropertyValue",
                                                   "Thing",
                                                   "Corporation",
                                                   "Language",
                                                   "GeoCoordinates",
                                                   "OpeningHoursSpecification"};
  if (std::find(std::begin(kEntities), std::end(kEntities), type) != std::end(kEntities) ||
      type.ends_with("Organization") || type.ends_with("Business")) {
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

// A count written as a whole number, or as a string of digits ("159").
std::optional<std::uint64_t> count_of(const json& value) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_number_integer()) {
    const std::int64_t n = value.get<std::int64_t>();
    return n < 0 ? std::nullopt : std::optional<std::uint64_t>(static_cast<std::uint64_t>(n));
  }
  if (!value.is_string()) return std::nullopt;
  const std::string_view digits = trim(value.get_ref<const std::string&>());
  // 19 digits always fit in 64 bits.
  constexpr std::size_t kMostDigits = 19;
  if (digits.empty() || digits.size() > kMostDigits || !std::all_of(digits.begin(), digits.end(), is_ascii_digit)) {
    return std::nullopt;
  }
  std::uint64_t count = 0;
  for (const char c : digits) count = count * 10 + static_cast<std::uint64_t>(c - '0');
  return count;
}

}  // namespace

LinkedData::LinkedData(const std::vector<std::string>& blocks) {
  for (const std::string& block : blocks) {
    if (std::optional<json> value = parse_json_ld(block)) documents_.push_back(std::move(*value));
  }
  index();
}

LinkedData::~LinkedData() = default;

template <typename Extract>
std::string LinkedData::first_field(const char* key, Extract extract) const {
  for (const Main& main : mains_) {
    const auto field = main.object->find(key);
    if (field == main.object->end()) continue;
    std::string value = extract(*field);
    if (!value.empty()) return value;
  }
  return {};
}

std::string LinkedData::description() const { return first_field("description", &json_text); }
std::string LinkedData::product_description() const {
  for (const Main& main : mains_) {
    if (!has_type(*main.object, "Product") && !has_type(*main.object, "ProductGroup")) continue;
    const auto field = main.object->find("description");
    if (field != main.object->end() && field->is_string()) {
      std::string text = decode_basic_entities(field->get_ref<const std::string&>());
      if (!trim(text).empty()) return text;
    }
  }
  return {};
}

std::string LinkedData::date_published() const { return first_field("datePublished", &json_text); }

std::string LinkedData::author() const {
  return first_field("author", [this](const json& v) { return author_names(v); });
}

std::string LinkedData::publisher() const {
  return first_field("publisher", [this](const json& v) { return first_name(v); });
}

std::string LinkedData::image() const {
  return first_field("image", [this](const json& v) { return image_url(v); });
}

void LinkedData::note_types(const json& object) {
  const auto type = object.find("@type");
  if (type == object.end()) return;
  const auto note = [&](const json& t) {
    if (!t.is_string()) return;
    const std::string_view bare = bare_type(t.get_ref<const std::string&>());
    if (!bare.empty() && std::find(types_.begin(), types_.end(), bare) == types_.end()) types_.emplace_back(bare);
  };
  if (type->is_array()) {
    for (const json& t : *type) note(t);
  } else {
    note(*type);
  }
}

void LinkedData::note_review(const json& object) {
  // A shop lists a page of reviews at most; more are no widget's but a dump.
  constexpr std::size_t kMostReviews = 256;
  if (review_texts_.size() >= kMostReviews) return;
  const auto body = object.find("reviewBody");
  if (body == object.end() || !body->is_string()) return;
  std::string text = json_text(*body);
  if (!text.empty()) review_texts_.push_back(std::move(text));
}

void LinkedData::note_review_counts(const json& object) {
  // A page rates its product and a few others at most (a bundle's parts).
  constexpr std::size_t kMostCounts = 8;
  for (const char* key : {"reviewCount", "ratingCount"}) {
    const auto field = object.find(key);
    if (field == object.end() || review_counts_.size() >= kMostCounts) continue;
    const std::optional<std::uint64_t> count = count_of(*field);
    if (count && std::find(review_counts_.begin(), review_counts_.end(), *count) == review_counts_.end()) {
      review_counts_.push_back(*count);
    }
  }
}

void LinkedData::index() {
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
    if (id != value.end() && id->is_string() && value.size() > 1) {
      ids_.emplace(id->get_ref<const std::string&>(), &value);
    }
    note_types(value);
    note_review(value);
    note_review_counts(value);

    if (website_name_.empty() && has_type(value, "WebSite")) {
      if (const auto name = value.find("name"); name != value.end()) website_name_ = json_text(*name);
    }
    for (auto it = value.begin(); it != value.end(); ++it) {
      if (!it->is_structured()) continue;
      const bool main = item.main_context && (it.key() == "@graph" || it.key() == "mainEntity");
      stack.push_back({&*it, main, item.depth + 1});
    }
  }
  std::stable_sort(mains_.begin(), mains_.end(),
                   [](const Main& a, const Main& b) { return a.rank != b.rank ? a.rank < b.rank : a.depth < b.depth; });
}

const json& LinkedData::dereference(const json& value) const {
  if (!value.is_object() || value.size() != 1) return value;
  const auto id = value.find("@id");
  if (id == value.end() || !id->is_string()) return value;
  const auto target = ids_.find(id->get_ref<const std::string&>());
  return target == ids_.end() ? value : *target->second;
}

std::string LinkedData::name_of(const json& raw) const {
  const json& value = dereference(raw);
  if (value.is_string()) return json_text(value);
  if (!value.is_object()) return {};
  const auto name = value.find("name");
  return name == value.end() ? std::string() : json_text(*name);
}

std::string LinkedData::first_name(const json& value) const {
  if (!value.is_array()) return name_of(value);
  for (const json& element : value) {
    std::string name = name_of(element);
    if (!name.empty()) return name;
  }
  return {};
}

std::string LinkedData::author_names(const json& value) const {
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

std::string LinkedData::image_url(const json& raw) const {
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

std::string LinkedData::image_url_single(const json& raw) const {
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

}  // namespace pagemd::extract::metadata_detail
