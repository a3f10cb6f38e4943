#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <string>

#include "pagemd/batch/robots.hpp"
#include "pagemd/discover/robots_directives.hpp"
#include "pagemd/fetch/fetcher.hpp"

namespace pagemd::discover::detail {

struct RobotsInfo {
  batch::RobotsRules rules;
  RobotsDirectives directives;
};

// The robots.txt of each origin, fetched once (RFC 9309: a server error disallows everything, any other
// HTTP error allows everything, an unreachable file is taken as absent and said so). Thread-safe.
class RobotsBook {
 public:
  using Warn = std::function<void(const std::string&)>;
  RobotsBook(fetch::ResourceFetcher& fetcher, fetch::AddressPolicy policy, std::string agent,
             std::chrono::milliseconds timeout, Warn warn)
      : fetcher_(fetcher),
        policy_(std::move(policy)),
        agent_(std::move(agent)),
        timeout_(timeout),
        warn_(std::move(warn)) {}

  [[nodiscard]] RobotsInfo of(const fetch::ParsedUrl& url);

 private:
  fetch::ResourceFetcher& fetcher_;
  fetch::AddressPolicy policy_;
  std::string agent_;
  std::chrono::milliseconds timeout_;
  Warn warn_;
  std::mutex mutex_;
  std::map<std::string, RobotsInfo> by_origin_;
};

// "scheme://host[:port]" of a normalized URL.
[[nodiscard]] std::string origin_of(const fetch::ParsedUrl& url);

}  // namespace pagemd::discover::detail
