#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "pagemd/fetch/address_policy.hpp"
#include "pagemd/fetch/url.hpp"

namespace pagemd::discover {

// Where Debian's `publicsuffix` package puts the Public Suffix List.
inline constexpr std::string_view kDebianPublicSuffixList = "/usr/share/publicsuffix/public_suffix_list.dat";

// The Public Suffix List (publicsuffix.org): which part of a host name is its registrable domain.
class PublicSuffixList {
 public:
  // No rules: every name is its own last two labels' domain ("*" is the implicit default rule).
  PublicSuffixList() = default;
  // Reads the list's text format: one rule a line, "//" comments, "*." wildcards, "!" exceptions.
  [[nodiscard]] static PublicSuffixList parse(std::string_view text);
  // parse() of the file at `path`; nullopt when it cannot be read.
  [[nodiscard]] static std::optional<PublicSuffixList> load(const std::filesystem::path& path);

  // The registrable domain of a lower-case host ("blog.example.co.uk" -> "example.co.uk"); the host
  // itself when it is an IP address or is itself a public suffix.
  [[nodiscard]] std::string registrable_domain(std::string_view host) const;

 private:
  std::unordered_set<std::string> rules_;       // "co.uk"
  std::unordered_set<std::string> wildcards_;   // "*.ck" kept as "ck"
  std::unordered_set<std::string> exceptions_;  // "!www.ck" kept as "www.ck"
};

enum class SiteScope { same_host, same_domain };

// The pages that belong to a crawl or discovery: those on the start URL's host (and port, unless it
// is a scheme's default), or with SiteScope::same_domain on any host of its registrable domain.
class Site {
 public:
  Site(const fetch::ParsedUrl& start, SiteScope scope, PublicSuffixList suffixes = {});
  [[nodiscard]] bool contains(const fetch::ParsedUrl& url) const;

 private:
  [[nodiscard]] std::string key_of(const fetch::ParsedUrl& url) const;
  SiteScope scope_;
  PublicSuffixList suffixes_;
  std::string key_;
};

// `reference` (an href, a sitemap's <loc>) as an absolute URL in the form pagemd lists and dedupes:
// resolved against `base`, then as parse_url normalises it (fragment dropped, scheme and host
// lower-cased, default port dropped), with tracking parameters (utm_*, fbclid, gclid and the like)
// removed from the query. nullopt when it is no http(s) URL `policy` allows.
[[nodiscard]] std::optional<fetch::ParsedUrl> normalize_link(std::string_view reference, std::string_view base,
                                                             const fetch::AddressPolicy& policy);

// --include/--exclude: shell globs (fnmatch, `*` crossing '/') matched against the whole URL, or
// against its path and query when the glob starts with '/'. A URL passes when it matches some include
// (or none are given) and no exclude.
class UrlFilter {
 public:
  UrlFilter(std::vector<std::string> include, std::vector<std::string> exclude)
      : include_(std::move(include)), exclude_(std::move(exclude)) {}
  [[nodiscard]] bool passes(std::string_view normalized_url) const;

 private:
  std::vector<std::string> include_;
  std::vector<std::string> exclude_;
};

}  // namespace pagemd::discover
