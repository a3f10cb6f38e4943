#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace pagemd::batch {

// The rules of one robots.txt for one crawler, as RFC 9309 reads them: the group whose user-agent
// line names the crawler's product token (case-insensitive), else the `*` group, else no rules;
// groups naming the same agent are merged; the longest matching Allow/Disallow pattern decides, Allow
// winning a tie; `*` matches any characters and a final `$` anchors the end; an empty Disallow
// allows everything; /robots.txt itself is always allowed.
class RobotsRules {
 public:
  // Everything allowed: no robots.txt (4xx), or --ignore-robots.
  RobotsRules() = default;
  // Nothing allowed: robots.txt answered with a server error (RFC 9309 §2.3.1.4).
  [[nodiscard]] static RobotsRules disallow_all();
  // Parses `text` for the product token `agent` ("pagemd"). Never fails: lines it cannot read are skipped.
  [[nodiscard]] static RobotsRules parse(std::string_view text, std::string_view agent);

  // True when the crawler may fetch `path` (path and query of a URL, starting with '/'),
  // compared after percent-encoding normalisation of both sides.
  [[nodiscard]] bool allows(std::string_view path) const;

 private:
  struct Rule {
    std::string pattern;
    bool allow = false;
  };
  std::vector<Rule> rules_;
};

// Calls `on_line(key, value)` for each "key: value" line of a robots.txt, in order: the comment
// dropped, both sides trimmed, the key lower-cased ("user-agent", "disallow", "sitemap", ...).
void for_each_robots_line(std::string_view text,
                          const std::function<void(const std::string& key, std::string_view value)>& on_line);

// The path and query of an absolute http(s) URL ("/" when it has none), for RobotsRules::allows.
[[nodiscard]] std::string path_of_url(std::string_view url);

}  // namespace pagemd::batch
