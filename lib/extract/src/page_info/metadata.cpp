#include "page_info/metadata.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "page_info/linked_data.hpp"
#include "text/metadata_text.hpp"
#include "page_info/page_title.hpp"
#include "text/text_util.hpp"
#include "text/url_resolve.hpp"
#include "tree/element_kinds.hpp"

namespace pagemd::extract {
namespace {

using metadata_detail::collapse_spaces;
using metadata_detail::LinkedData;
using metadata_detail::looks_like_url;
using metadata_detail::trim_site_name;

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
  std::string itemprop_date;                 // content or datetime of a non-<meta> itemprop=datePublished
  std::vector<std::string> itemtypes;        // bare schema.org types of microdata items, each once
  std::vector<std::uint64_t> review_counts;  // of itemprop=reviewCount or ratingCount, each once
};

bool has_token(std::string_view list, std::string_view token) {
  return any_token(list, [&](std::string_view candidate) { return equals_ignore_case(candidate, token); });
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

// Heading text as a reader sees it: <br> and block children separate words.
std::string visible_text(const Document& doc, NodeId id) {
  std::string text;
  doc.walk(id, [&](NodeId n) {
    const Node& node = doc.node(n);
    if (node.kind == NodeKind::text) {
      text += doc.text(n);
    } else if (node.kind == NodeKind::element) {
      if (node.tag == HtmlTag::style || node.tag == HtmlTag::script || node.tag == HtmlTag::template_) return false;
      if (node.tag == HtmlTag::br || is_block_tag(node.tag)) text += ' ';
    }
    return true;
  });
  return collapse_spaces(text);
}

bool is_home_link(const Document& doc, NodeId a, const UrlResolver& resolver) {
  const std::string_view* href = doc.attribute(a, "href");
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
    if (doc.is_element(n, HtmlTag::a)) return is_home_link(doc, n, resolver);
  }
  bool home = false;
  doc.walk(h1, [&](NodeId n) {
    if (home) return false;
    if (doc.is_element(n, HtmlTag::a)) {
      home = is_home_link(doc, n, resolver) && visible_text(doc, n) == h1_text;
      return false;
    }
    return true;
  });
  return home;
}

// How many reviews or ratings a microdata item has (itemprop=reviewCount or ratingCount, a <meta>'s
// content or an element's text), noted once.
void note_review_count(const Document& doc, NodeId id, std::string_view itemprop, std::vector<std::uint64_t>& counts) {
  constexpr std::size_t kMostCounts = 8;  // a product's and a few others' (a bundle's parts)
  if (counts.size() >= kMostCounts || (!has_token(itemprop, "reviewCount") && !has_token(itemprop, "ratingCount"))) {
    return;
  }
  const std::string_view* content = doc.attribute(id, "content");
  const std::uint64_t count = content != nullptr ? leading_number(*content) : leading_number(doc.text_content(id));
  if (count > 0 && std::find(counts.begin(), counts.end(), count) == counts.end()) counts.push_back(count);
}

// Microdata names its types as URLs ("https://schema.org/Product"), several to an attribute.
void note_itemtypes(std::string_view list, std::vector<std::string>& types) {
  any_token(list, [&](std::string_view type) {
    const std::size_t cut = type.find_last_of("/#");
    if (cut != std::string_view::npos) type.remove_prefix(cut + 1);
    if (!type.empty() && std::find(types.begin(), types.end(), type) == types.end()) types.emplace_back(type);
    return false;
  });
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
    if (node.tag == HtmlTag::svg || node.tag == HtmlTag::math) return false;
    switch (node.tag) {
      case HtmlTag::html:
        if (!have_lang) {
          if (const std::string_view* lang = doc.attribute(id, "lang")) {
            scan.html_lang = std::string(trim(*lang));
            have_lang = true;
          }
        }
        break;
      case HtmlTag::title:
        if (!scan.title) scan.title = collapse_spaces(doc.text_content(id));
        return false;
      case HtmlTag::meta: {
        const std::string_view* content = doc.attribute(id, "content");
        if (content == nullptr) break;
        const std::string value = collapse_spaces(*content);
        if (value.empty()) break;
        for (const std::string_view attr : {"property", "name", "itemprop"}) {
          if (const std::string_view* keys = doc.attribute(id, attr)) add_meta_keys(scan.metas, *keys, value);
        }
        break;
      }
      case HtmlTag::link:
        if (!have_canonical) {
          const std::string_view* rel = doc.attribute(id, "rel");
          const std::string_view* href = doc.attribute(id, "href");
          if (rel != nullptr && href != nullptr && has_token(*rel, "canonical") && !trim(*href).empty()) {
            scan.canonical_href = std::string(trim(*href));
            have_canonical = true;
          }
        }
        break;
      case HtmlTag::base:
        if (!have_base) {
          if (const std::string_view* href = doc.attribute(id, "href")) {
            scan.base_href = std::string(trim(*href));
            have_base = true;
          }
        }
        break;
      case HtmlTag::h1: scan.h1s.push_back({id, visible_text(doc, id), false}); return false;
      default: break;
    }
    if (const std::string_view* itemtype = doc.attribute(id, "itemtype")) note_itemtypes(*itemtype, scan.itemtypes);
    const std::string_view* itemprop = doc.attribute(id, "itemprop");
    if (itemprop != nullptr) note_review_count(doc, id, *itemprop, scan.review_counts);
    if (scan.itemprop_date.empty()) {
      if (itemprop != nullptr && node.tag != HtmlTag::meta && has_token(*itemprop, "datePublished")) {
        const std::string_view* value = doc.attribute(id, "content");
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

}  // namespace

PageInfo read_page_info(const Document& doc, const std::vector<std::string>& json_ld, std::string_view page_url) {
  Scan scan = scan_document(doc);
  const MetaIndex meta(scan.metas);

  const LinkedData linked(json_ld);

  PageInfo info;
  info.base_href = scan.base_href;
  info.html_lang = scan.html_lang;

  UrlResolver resolver(page_url);
  if (!scan.base_href.empty()) {
    UrlResolver rebased = resolver.rebased(scan.base_href);
    if (rebased.has_base()) resolver = std::move(rebased);
  }
  std::vector<std::string_view> own_headings;
  for (Heading& heading : scan.h1s) {
    heading.links_home = heading_links_home(doc, heading.id, heading.text, resolver);
    if (!heading.links_home) own_headings.push_back(heading.text);
  }

  const std::string og_site_name = meta.first({"og:site_name"});
  const std::string ld_publisher = linked.publisher();
  const std::string application_name = meta.first({"application-name"});

  std::vector<std::string> site_names;
  for (const std::string* name : {&og_site_name, &ld_publisher, &application_name, &linked.website_name()}) {
    if (!name->empty()) site_names.push_back(*name);
  }
  // Many sites put their name into og:title too ("Story - SpaceNews.com"): it is trimmed alike.
  const std::string og_title = meta.first({"og:title"});
  if (!og_title.empty()) info.title = trim_site_name(og_title, site_names, own_headings);
  if (info.title.empty() && scan.title && !scan.title->empty()) {
    info.title = trim_site_name(*scan.title, site_names, own_headings);
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
    info.published_time = meta.first(
        {"date", "pubdate", "publish-date", "dc.date", "dc.date.issued", "dcterms.date", "parsely-pub-date"});
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

  info.og_type = ascii_lower_copy(meta.first({"og:type"}));
  info.schema_types = linked.types();
  info.product_description = linked.product_description();
  info.review_texts = linked.review_texts();
  info.review_counts = linked.review_counts();
  for (const std::uint64_t count : scan.review_counts) {
    if (std::find(info.review_counts.begin(), info.review_counts.end(), count) == info.review_counts.end()) {
      info.review_counts.push_back(count);
    }
  }
  for (std::string& type : scan.itemtypes) {
    if (std::find(info.schema_types.begin(), info.schema_types.end(), type) == info.schema_types.end()) {
      info.schema_types.push_back(std::move(type));
    }
  }
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
