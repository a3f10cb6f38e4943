#include "pagemd/discover/site.hpp"

#include <fnmatch.h>

#include <array>
#include <fstream>
#include <sstream>

#include "pagemd/batch/robots.hpp"
#include "pagemd/core/ascii.hpp"
#include "pagemd/fetch/ip_address.hpp"

namespace pagemd::discover {
namespace {

// Parameters that say where a visitor came from, not which page it is.
bool is_tracking_parameter(std::string_view name) {
  static constexpr std::array<std::string_view, 14> kNames{"fbclid",  "gclid", "dclid",  "gbraid", "wbraid",
                                                           "msclkid", "yclid", "twclid", "igshid", "mc_cid",
                                                           "mc_eid",  "_ga",   "_gl",    "ref_src"};
  const std::string lower = core::ascii_lower_copy(name);
  return lower.starts_with("utm_") || std::find(kNames.begin(), kNames.end(), lower) != kNames.end();
}

std::string without_tracking(const std::string& url) {
  const std::size_t question = url.find('?');
  if (question == std::string::npos) return url;
  std::string kept;
  std::string_view query = std::string_view(url).substr(question + 1);
  while (!query.empty()) {
    const std::size_t amp = std::min(query.find('&'), query.size());
    const std::string_view pair = query.substr(0, amp);
    query.remove_prefix(std::min(amp + 1, query.size()));
    if (pair.empty() || is_tracking_parameter(pair.substr(0, pair.find('=')))) continue;
    kept += kept.empty() ? "" : "&";
    kept += pair;
  }
  return url.substr(0, question) + (kept.empty() ? "" : "?" + kept);
}

bool is_default_port(std::uint16_t port) { return port == 80 || port == 443; }

}  // namespace

PublicSuffixList PublicSuffixList::parse(std::string_view text) {
  PublicSuffixList list;
  std::istringstream lines{std::string(text)};
  std::string line;
  while (std::getline(lines, line)) {
    std::string_view rule = core::trim(line);
    rule = rule.substr(0, rule.find_first_of(" \t"));
    if (rule.empty() || rule.starts_with("//")) continue;
    const std::string lower = core::ascii_lower_copy(rule);
    if (lower.starts_with("!")) {
      list.exceptions_.insert(lower.substr(1));
    } else if (lower.starts_with("*.")) {
      list.wildcards_.insert(lower.substr(2));
    } else {
      list.rules_.insert(lower);
    }
  }
  return list;
}

std::optional<PublicSuffixList> PublicSuffixList::load(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str());
}

std::string PublicSuffixList::registrable_domain(std::string_view host) const {
  if (fetch::parse_ip_address(host)) return std::string(host);
  // The public suffix is the longest matching rule (an exception rule's parent wins over a wildcard);
  // with no rule matching, the last label alone (the implicit "*").
  std::size_t suffix_labels = 1;
  std::vector<std::size_t> starts{0};
  for (std::size_t i = 0; i < host.size(); ++i) {
    if (host[i] == '.') starts.push_back(i + 1);
  }
  const std::size_t labels = starts.size();
  for (std::size_t i = 0; i < labels; ++i) {
    const std::string candidate(host.substr(starts[i]));
    const std::size_t count = labels - i;
    if (exceptions_.contains(candidate)) {
      suffix_labels = count - 1;
      break;
    }
    if (rules_.contains(candidate) && count > suffix_labels) suffix_labels = count;
    if (i > 0 && wildcards_.contains(candidate) && count + 1 > suffix_labels) suffix_labels = count + 1;
  }
  if (suffix_labels >= labels) return std::string(host);
  return std::string(host.substr(starts[labels - suffix_labels - 1]));
}

Site::Site(const fetch::ParsedUrl& start, SiteScope scope, PublicSuffixList suffixes)
    : scope_(scope), suffixes_(std::move(suffixes)) {
  key_ = key_of(start);
}

std::string Site::key_of(const fetch::ParsedUrl& url) const {
  if (scope_ == SiteScope::same_domain) return suffixes_.registrable_domain(url.host);
  return is_default_port(url.port) ? url.host : url.host + ":" + std::to_string(url.port);
}

bool Site::contains(const fetch::ParsedUrl& url) const { return key_of(url) == key_; }

std::optional<fetch::ParsedUrl> normalize_link(std::string_view reference, std::string_view base,
                                               const fetch::AddressPolicy& policy) {
  const std::string_view trimmed = core::trim(reference);
  if (trimmed.empty()) return std::nullopt;
  const std::optional<std::string> absolute =
      base.empty() ? std::optional<std::string>(trimmed) : fetch::resolve_reference(base, trimmed);
  if (!absolute) return std::nullopt;
  auto parsed = fetch::parse_url(*absolute, policy);
  if (!parsed) return std::nullopt;
  parsed->normalized = without_tracking(parsed->normalized);
  return *parsed;
}

bool UrlFilter::passes(std::string_view normalized_url) const {
  const std::string url(normalized_url);
  const std::string path = batch::path_of_url(normalized_url);
  const auto matches = [&](const std::string& glob) {
    const std::string& subject = glob.starts_with('/') ? path : url;
    return ::fnmatch(glob.c_str(), subject.c_str(), 0) == 0;
  };
  if (!include_.empty() && std::none_of(include_.begin(), include_.end(), matches)) return false;
  return std::none_of(exclude_.begin(), exclude_.end(), matches);
}

}  // namespace pagemd::discover
