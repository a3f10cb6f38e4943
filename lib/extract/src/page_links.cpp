#include "pagemd/extract/page_links.hpp"

#include <algorithm>
#include <unordered_set>

#include "decode/encoding.hpp"
#include "page_info/metadata.hpp"
#include "parse/dom.hpp"
#include "text/text_util.hpp"
#include "text/url_resolve.hpp"

namespace pagemd::extract {
namespace {

// rel and type are token lists compared without regard to case ("Alternate", "application/RSS+xml").
bool has_token(std::string_view list, std::string_view wanted) {
  std::size_t start = 0;
  while (start < list.size()) {
    const std::size_t end = std::min(list.find_first_of(" \t\n\f\r", start), list.size());
    const std::string_view token = list.substr(start, end - start);
    if (token.size() == wanted.size() && std::equal(token.begin(), token.end(), wanted.begin(),
                                                    [](char a, char b) { return ascii_lower(a) == ascii_lower(b); })) {
      return true;
    }
    start = end + 1;
  }
  return false;
}

bool is_feed_type(std::string_view type) {
  const std::string_view trimmed = trim(type);
  return has_token(trimmed, "application/rss+xml") || has_token(trimmed, "application/atom+xml");
}

class UniqueList {
 public:
  explicit UniqueList(std::vector<std::string>& out) : out_(out) {}
  void add(std::string url) {
    if (seen_.insert(url).second) out_.push_back(std::move(url));
  }

 private:
  std::vector<std::string>& out_;
  std::unordered_set<std::string> seen_;
};

}  // namespace

PageLinks read_page_links(std::string_view html_bytes, std::string_view page_url, std::string_view declared_charset) {
  const Document doc = Document::build_page(decode_to_utf8(html_bytes, declared_charset));
  const PageInfo info = read_page_info(doc, doc.records().json_ld, page_url);
  UrlResolver resolver{page_url};
  if (!info.base_href.empty()) resolver = resolver.rebased(info.base_href);

  PageLinks result;
  result.title = info.title;
  result.description = info.description;
  result.canonical_url = info.canonical_url;
  UniqueList links(result.links);
  UniqueList feeds(result.feeds);
  for (NodeId id = 0; id < doc.size(); ++id) {
    const bool anchor = doc.is_element(id, HtmlTag::a) || doc.is_element(id, HtmlTag::area);
    const bool link = doc.is_element(id, HtmlTag::link);
    if (!anchor && !link) continue;
    const std::string_view* href = doc.attribute(id, "href");
    if (href == nullptr) continue;
    if (link) {
      const std::string_view* rel = doc.attribute(id, "rel");
      const std::string_view* type = doc.attribute(id, "type");
      if (rel == nullptr || type == nullptr || !has_token(*rel, "alternate") || !is_feed_type(*type)) continue;
    }
    std::optional<std::string> absolute = resolver.resolve(trim(*href));
    if (!absolute || !is_http_url(*absolute)) continue;
    (anchor ? links : feeds).add(std::move(*absolute));
  }
  return result;
}

}  // namespace pagemd::extract
