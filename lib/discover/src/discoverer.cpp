#include "pagemd/discover/discoverer.hpp"

#include <set>
#include <unordered_set>

#include "document_fetch.hpp"
#include "robots_book.hpp"
#include "pagemd/batch/robots.hpp"
#include "pagemd/core/ascii.hpp"
#include "pagemd/discover/robots_directives.hpp"
#include "pagemd/discover/xml_documents.hpp"
#include "pagemd/extract/page_links.hpp"

namespace pagemd::discover {
namespace {

// Sitemap indexes nest this deep at most (the robots.txt's or /sitemap.xml being level 0).
constexpr int kMaxSitemapDepth = 3;
bool looks_like_feed(const detail::Document& document) {
  const std::string type = core::ascii_lower_copy(document.content_type);
  if (type.find("rss") != std::string::npos || type.find("atom") != std::string::npos) return true;
  const std::string_view head = core::trim(std::string_view(document.body).substr(0, 512));
  return (type.find("xml") != std::string::npos && type.find("xhtml") == std::string::npos) ||
         head.starts_with("<?xml") || head.starts_with("<rss") || head.starts_with("<feed");
}

// One discovery's state: what was found, what was seen, the robots rules of each origin asked about.
class Run {
 public:
  Run(const DiscoverSettings& settings, fetch::ResourceFetcher& fetcher, const fetch::ParsedUrl& start,
      const Discoverer::Warn& warn)
      : settings_(settings),
        fetcher_(fetcher),
        start_(start),
        site_(start, settings.scope, settings.suffixes),
        filter_(settings.include, settings.exclude),
        warn_(warn),
        robots_(fetcher, settings.policy, settings.robots_agent, settings.fetch_timeout, warn) {}

  Discovery discover() {
    const detail::RobotsInfo robots = robots_of(start_);
    discovery_.crawl_delay = robots.directives.crawl_delay;
    const From from = settings_.from;
    if (from == From::automatic || from == From::sitemap) {
      std::vector<std::string> sitemaps = robots.directives.sitemaps;
      if (sitemaps.empty()) sitemaps.push_back(detail::origin_of(start_) + "/sitemap.xml");
      for (const std::string& sitemap : sitemaps) {
        if (full()) break;
        read_sitemap(sitemap, 0);
      }
      if (from == From::sitemap || !discovery_.urls.empty()) return std::move(discovery_);
    }
    auto page = fetch(start_.normalized, settings_.max_page_bytes, "the start page");
    if (!page) return std::move(discovery_);
    if (from == From::automatic || from == From::feed) {
      if (looks_like_feed(*page)) {
        read_feed_text(page->url, page->body);
      } else {
        read_links_and_feeds(*page, Source::feed);
      }
      if (from == From::feed || !discovery_.urls.empty()) return std::move(discovery_);
    }
    read_links_and_feeds(*page, Source::links);
    return std::move(discovery_);
  }

 private:
  [[nodiscard]] bool full() const { return settings_.max != 0 && discovery_.urls.size() >= settings_.max; }

  std::optional<detail::Document> fetch(const std::string& url, std::size_t max_bytes, std::string_view what) {
    auto document = detail::fetch_document(fetcher_, url, settings_.policy, max_bytes, settings_.fetch_timeout);
    if (!document) {
      warn_(std::string(what) + " " + url + ": " + document.error().message);
      return std::nullopt;
    }
    return std::move(*document);
  }

  detail::RobotsInfo robots_of(const fetch::ParsedUrl& url) { return robots_.of(url); }

  enum class Added { yes, off_site, not_wanted };

  Added add(std::string_view reference, std::string_view base, const std::string& date, Source source) {
    if (full()) return Added::not_wanted;
    auto url = normalize_link(reference, base, settings_.policy);
    if (!url) return Added::not_wanted;
    if (!site_.contains(*url)) return Added::off_site;
    if (!settings_.since.empty() && !date.empty() && date.substr(0, 10) < settings_.since) return Added::not_wanted;
    if (!filter_.passes(url->normalized)) return Added::not_wanted;
    if (found_.contains(url->normalized)) return Added::not_wanted;
    if (settings_.robots == batch::RobotsMode::honour &&
        !robots_of(*url).rules.allows(batch::path_of_url(url->normalized))) {
      return Added::not_wanted;
    }
    found_.insert(url->normalized);
    discovery_.urls.push_back(DiscoveredUrl{url->normalized, date, source});
    return Added::yes;
  }

  void read_sitemap(const std::string& reference, int depth) {
    auto parsed = fetch::parse_url(reference, settings_.policy);
    if (!parsed) {
      warn_("sitemap " + reference + ": " + parsed.error().message);
      return;
    }
    const std::string& url = parsed->normalized;
    if (!sitemaps_seen_.insert(url).second) return;
    if (depth > kMaxSitemapDepth) {
      warn_("sitemap " + url + ": skipped; sitemap indexes nest deeper than " + std::to_string(kMaxSitemapDepth) +
            " levels");
      return;
    }
    auto document = fetch(url, kMaxSitemapBytes, "sitemap");
    if (!document) return;
    std::string text = std::move(document->body);
    if (is_gzip(text)) {
      auto inflated = gunzip(text, kMaxSitemapBytes);
      if (!inflated) {
        warn_("sitemap " + url + ": " + inflated.error().message);
        return;
      }
      text = std::move(*inflated);
    }
    auto sitemap = parse_sitemap(text);
    if (!sitemap) {
      warn_("sitemap " + url + ": " + sitemap.error().message);
      return;
    }
    if (sitemap->dropped > 0) {
      warn_("sitemap " + url + ": lists more than " + std::to_string(kMaxSitemapUrls) +
            " URLs, the protocol's limit; the other " + std::to_string(sitemap->dropped) + " are ignored");
    }
    if (sitemap->bad_dates > 0) {
      warn_("sitemap " + url + ": " + std::to_string(sitemap->bad_dates) +
            " lastmod date(s) unreadable; taken as undated");
    }
    if (sitemap->kind == SitemapKind::index) {
      for (const ListedUrl& child : sitemap->entries) {
        if (full()) return;
        auto absolute = fetch::resolve_reference(document->url, child.url);
        if (absolute) read_sitemap(*absolute, depth + 1);
      }
      return;
    }
    std::size_t off_site = 0;
    for (const ListedUrl& entry : sitemap->entries) {
      if (add(entry.url, document->url, entry.date, Source::sitemap) == Added::off_site) ++off_site;
    }
    if (off_site > 0) {
      warn_("sitemap " + url + ": " + std::to_string(off_site) + " URL(s) on other hosts dropped");
    }
  }

  void read_feed_text(const std::string& url, std::string_view text) {
    auto feed = parse_feed(text);
    if (!feed) {
      warn_("feed " + url + ": " + feed.error().message);
      return;
    }
    if (feed->bad_dates > 0) {
      warn_("feed " + url + ": " + std::to_string(feed->bad_dates) + " date(s) unreadable; taken as undated");
    }
    for (const ListedUrl& entry : feed->entries) add(entry.url, url, entry.date, Source::feed);
  }

  void read_links_and_feeds(const detail::Document& page, Source source) {
    const extract::PageLinks links = extract::read_page_links(page.body, page.url, "");
    if (source == Source::links) {
      for (const std::string& link : links.links) add(link, "", "", Source::links);
      return;
    }
    for (const std::string& feed_url : links.feeds) {
      if (full()) return;
      auto feed = fetch(feed_url, settings_.max_page_bytes, "feed");
      if (feed) read_feed_text(feed->url, feed->body);
    }
  }

  const DiscoverSettings& settings_;
  fetch::ResourceFetcher& fetcher_;
  const fetch::ParsedUrl& start_;
  Site site_;
  UrlFilter filter_;
  const Discoverer::Warn& warn_;
  Discovery discovery_;
  std::unordered_set<std::string> found_;
  std::set<std::string> sitemaps_seen_;
  detail::RobotsBook robots_;
};

}  // namespace

std::string_view to_string(Source source) noexcept {
  switch (source) {
    case Source::sitemap: return "sitemap";
    case Source::feed: return "feed";
    case Source::links: return "links";
  }
  return "links";
}

std::optional<From> parse_from(std::string_view text) {
  if (text == "auto") return From::automatic;
  if (text == "sitemap") return From::sitemap;
  if (text == "feed") return From::feed;
  if (text == "links") return From::links;
  return std::nullopt;
}

Discoverer::Discoverer(DiscoverSettings settings, fetch::ResourceFetcher& fetcher)
    : settings_(std::move(settings)), fetcher_(fetcher) {}

core::Result<Discovery> Discoverer::run(std::string_view start_url, const Warn& warn) const {
  auto start = fetch::parse_url(start_url, settings_.policy);
  if (!start) return core::unexpected(start.error());
  Run run(settings_, fetcher_, *start, warn);
  return run.discover();
}

}  // namespace pagemd::discover
