#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "pagemd/core/result.hpp"

namespace pagemd::discover {

// The sitemap protocol's limits on one file (sitemaps.org): URLs listed, and bytes uncompressed.
inline constexpr std::size_t kMaxSitemapUrls = 50'000;
inline constexpr std::size_t kMaxSitemapBytes = std::size_t{50} << 20;

// One URL a sitemap or feed lists: `url` as written (trimmed), `date` its lastmod (sitemaps) or
// updated/published date (feeds) as a W3C date "YYYY-MM-DD" (with the time when one was given), ""
// when it has none or an unreadable one.
struct ListedUrl {
  std::string url;
  std::string date;
};

enum class SitemapKind { urlset, index };

struct Sitemap {
  SitemapKind kind = SitemapKind::urlset;
  std::vector<ListedUrl> entries;  // <url> or <sitemap> entries, in order
  std::size_t dropped = 0;         // entries past kMaxSitemapUrls, not kept
  std::size_t bad_dates = 0;       // lastmods that are no W3C date (the entries are kept, undated)
};

struct Feed {
  std::vector<ListedUrl> entries;  // the items' (RSS) or entries' (Atom) links, in order
  std::size_t bad_dates = 0;       // dates neither RFC 822 nor RFC 3339 (the entries are kept, undated)
};

// Parses a sitemap (<urlset>) or sitemap index (<sitemapindex>) with expat. A document that declares
// an entity is refused at its first declaration, so no entity is ever expanded, and nothing external
// is read: an entity bomb costs one look at its first bytes. Fails with unsupported_content (the
// message says why) for an entity declaration, malformed XML, HTML, or another root element.
[[nodiscard]] core::Result<Sitemap> parse_sitemap(std::string_view xml);

// Parses an RSS 2.0/0.9x, RSS 1.0 (RDF) or Atom feed, with the same refusals as parse_sitemap.
[[nodiscard]] core::Result<Feed> parse_feed(std::string_view xml);

// True when `bytes` start as gzip does (1f 8b).
[[nodiscard]] bool is_gzip(std::string_view bytes) noexcept;

// The bytes of a gzip file, at most `max_bytes` of them. Fails with unsupported_content when the
// data is corrupt or cut short, or inflates past `max_bytes` (the inflation stops there).
[[nodiscard]] core::Result<std::string> gunzip(std::string_view bytes, std::size_t max_bytes);

// A date as written in a sitemap (W3C datetime), RSS (RFC 822) or Atom (RFC 3339), as "YYYY-MM-DD"
// followed by the time as given for W3C/RFC 3339 dates; "" when it is none of those.
[[nodiscard]] std::string normalize_date(std::string_view text);

}  // namespace pagemd::discover
