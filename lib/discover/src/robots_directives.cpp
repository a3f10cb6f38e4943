#include "pagemd/discover/robots_directives.hpp"

#include <charconv>

#include "pagemd/batch/robots.hpp"
#include "pagemd/core/ascii.hpp"

namespace pagemd::discover {
namespace {

std::optional<std::chrono::milliseconds> read_seconds(std::string_view text) {
  double seconds = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  // An hour is more than any site means; a bigger figure is a typo or hostile, and would stall the crawl.
  if (ec != std::errc{} || end != text.data() + text.size() || !(seconds >= 0) || seconds > 3600) return std::nullopt;
  return std::chrono::milliseconds{static_cast<long long>(seconds * 1000.0)};
}

}  // namespace

RobotsDirectives read_robots_directives(std::string_view text, std::string_view agent) {
  RobotsDirectives directives;
  const std::string token = core::ascii_lower_copy(agent);
  std::optional<std::chrono::milliseconds> for_agent;
  std::optional<std::chrono::milliseconds> for_all;
  std::vector<std::string> group_agents;
  bool in_agent_lines = false;
  batch::for_each_robots_line(text, [&](const std::string& key, std::string_view value) {
    if (key == "sitemap") {
      if (!value.empty()) directives.sitemaps.emplace_back(value);
      return;
    }
    if (key == "user-agent") {
      if (!in_agent_lines) group_agents.clear();
      in_agent_lines = true;
      group_agents.push_back(core::ascii_lower_copy(value));
      return;
    }
    in_agent_lines = false;
    if (key != "crawl-delay") return;
    const auto delay = read_seconds(value);
    if (!delay) return;
    for (const std::string& named : group_agents) {
      if (named == token) for_agent = delay;
      if (named == "*") for_all = delay;
    }
  });
  directives.crawl_delay = for_agent ? for_agent : for_all;
  return directives;
}

}  // namespace pagemd::discover
