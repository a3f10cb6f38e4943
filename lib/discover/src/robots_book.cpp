#include "robots_book.hpp"

#include "document_fetch.hpp"

namespace pagemd::discover::detail {
namespace {

// robots.txt read as far as RFC 9309 §2.5 asks crawlers to read it, fetched up to a generous cap.
constexpr std::size_t kRobotsParsedBytes = std::size_t{512} << 10;
constexpr std::size_t kRobotsFetchedBytes = std::size_t{8} << 20;

}  // namespace

std::string origin_of(const fetch::ParsedUrl& url) {
  const std::size_t authority = url.normalized.find("://") + 3;
  return url.normalized.substr(0, url.normalized.find('/', authority));
}

RobotsInfo RobotsBook::of(const fetch::ParsedUrl& url) {
  const std::string origin = origin_of(url);
  // Held while fetching: a second asker of the same origin waits instead of fetching it again.
  const std::lock_guard lock(mutex_);
  const auto found = by_origin_.find(origin);
  if (found != by_origin_.end()) return found->second;
  RobotsInfo& info = by_origin_[origin];
  const std::string robots_url = origin + "/robots.txt";
  auto document = fetch_document(fetcher_, robots_url, policy_, kRobotsFetchedBytes, timeout_);
  if (!document) {
    const std::optional<int> status = document.error().upstream_status;
    if (status && *status >= 500) {
      info.rules = batch::RobotsRules::disallow_all();
      warn_("robots.txt " + robots_url + ": " + document.error().message + "; taken as disallowing everything");
    } else if (!status) {
      warn_("robots.txt " + robots_url + ": " + document.error().message + "; going on without it");
    }
    return info;
  }
  std::string_view text = document->body;
  if (text.size() > kRobotsParsedBytes) {
    warn_("robots.txt " + robots_url + ": " + std::to_string(text.size() >> 10) + " KiB; only its first " +
          std::to_string(kRobotsParsedBytes >> 10) + " KiB are read");
    text = text.substr(0, kRobotsParsedBytes);
  }
  info.rules = batch::RobotsRules::parse(text, agent_);
  info.directives = read_robots_directives(text, agent_);
  return info;
}

}  // namespace pagemd::discover::detail
