#include "pagemd/batch/robots.hpp"

#include <algorithm>
#include <optional>

#include "pagemd/core/ascii.hpp"

namespace pagemd::batch {
namespace {

// Both sides compared in one form: unreserved characters decoded, other escapes upper-cased, and
// raw bytes outside printable ASCII percent-encoded (RFC 9309 §2.2.2).
std::string normalise(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (text[i] == '%' && i + 2 < text.size() && core::hex_digit_value(text[i + 1]) >= 0 &&
        core::hex_digit_value(text[i + 2]) >= 0) {
      const auto decoded =
          static_cast<unsigned char>(core::hex_digit_value(text[i + 1]) * 16 + core::hex_digit_value(text[i + 2]));
      if (std::isalnum(decoded) != 0 || decoded == '-' || decoded == '.' || decoded == '_' || decoded == '~') {
        out += static_cast<char>(decoded);
      } else {
        out += '%';
        out += kHex[decoded >> 4U];
        out += kHex[decoded & 0x0FU];
      }
      i += 2;
    } else if (byte <= 0x20 || byte >= 0x7F) {
      out += '%';
      out += kHex[byte >> 4U];
      out += kHex[byte & 0x0FU];
    } else {
      out += text[i];
    }
  }
  return out;
}

// Whether `pattern` (with `*` and a final `$`) matches a prefix of `path`; iterative, linear in
// pattern times path, so a hostile robots.txt cannot make it backtrack exponentially.
bool matches(std::string_view pattern, std::string_view path) {
  bool anchored = false;
  if (pattern.ends_with('$')) {
    anchored = true;
    pattern.remove_suffix(1);
  }
  // positions[j]: the path prefix of length j can be matched by the pattern read so far.
  std::vector<char> positions(path.size() + 1, 0);
  positions[0] = 1;
  for (const char p : pattern) {
    std::vector<char> next(path.size() + 1, 0);
    if (p == '*') {
      char reachable = 0;
      for (std::size_t j = 0; j <= path.size(); ++j) {
        reachable = static_cast<char>(reachable | positions[j]);
        next[j] = reachable;
      }
    } else {
      for (std::size_t j = 0; j < path.size(); ++j) {
        if (positions[j] != 0 && path[j] == p) next[j + 1] = 1;
      }
    }
    positions.swap(next);
  }
  if (anchored) return positions[path.size()] != 0;
  return std::any_of(positions.begin(), positions.end(), [](char reached) { return reached != 0; });
}

struct Group {
  std::vector<std::string> agents;
  std::vector<std::pair<std::string, bool>> rules;  // pattern, allow
};

}  // namespace

RobotsRules RobotsRules::disallow_all() {
  RobotsRules rules;
  rules.rules_.push_back(Rule{"/", false});
  return rules;
}

RobotsRules RobotsRules::parse(std::string_view text, std::string_view agent) {
  std::vector<Group> groups;
  bool in_agent_lines = false;
  for_each_robots_line(text, [&](const std::string& key, std::string_view value) {
    if (key == "user-agent") {
      if (!in_agent_lines) groups.emplace_back();
      in_agent_lines = true;
      groups.back().agents.push_back(core::ascii_lower_copy(value));
    } else if (key == "allow" || key == "disallow") {
      in_agent_lines = false;
      if (groups.empty()) return;  // a rule before any user-agent line belongs to no group
      groups.back().rules.emplace_back(normalise(value), key == "allow");
    } else {
      // Sitemap, Crawl-delay and the like: they neither start nor end a group.
    }
  });
  const std::string token = core::ascii_lower_copy(agent);
  RobotsRules result;
  for (const std::string& wanted : {token, std::string("*")}) {
    for (const Group& group : groups) {
      if (std::find(group.agents.begin(), group.agents.end(), wanted) == group.agents.end()) continue;
      for (const auto& [pattern, allow] : group.rules) {
        if (!pattern.empty()) result.rules_.push_back(Rule{pattern, allow});
      }
    }
    const bool any_group = std::any_of(groups.begin(), groups.end(), [&](const Group& group) {
      return std::find(group.agents.begin(), group.agents.end(), wanted) != group.agents.end();
    });
    if (any_group) break;
  }
  return result;
}

bool RobotsRules::allows(std::string_view path) const {
  if (path == "/robots.txt") return true;
  const std::string normalised = normalise(path);
  std::optional<Rule> best;
  for (const Rule& rule : rules_) {
    if (!matches(rule.pattern, normalised)) continue;
    if (!best || rule.pattern.size() > best->pattern.size() ||
        (rule.pattern.size() == best->pattern.size() && rule.allow)) {
      best = rule;
    }
  }
  return !best || best->allow;
}

void for_each_robots_line(std::string_view text,
                          const std::function<void(const std::string& key, std::string_view value)>& on_line) {
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    line = core::trim(line.substr(0, line.find('#')));
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    on_line(core::ascii_lower_copy(core::trim(line.substr(0, colon))), core::trim(line.substr(colon + 1)));
  }
}

std::string path_of_url(std::string_view url) {
  const std::size_t scheme_end = url.find("://");
  const std::size_t authority = scheme_end == std::string_view::npos ? 0 : scheme_end + 3;
  std::size_t path = url.find_first_of("/?#", authority);
  if (path == std::string_view::npos) return "/";
  std::string_view rest = url.substr(path);
  rest = rest.substr(0, rest.find('#'));
  if (rest.empty()) return "/";
  std::string path_and_query;
  if (rest.front() == '?') path_and_query = '/';
  path_and_query += rest;
  return path_and_query;
}

}  // namespace pagemd::batch
