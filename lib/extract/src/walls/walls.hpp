#pragma once

// walls/: whether a page is a wall rather than content, and whether a paywall cut it. The judges
// look at structure first (the scripts and ids of bot-protection vendors, sign-in and consent
// forms, template directives, the response's status and headers) and read phrases only on small
// pages with little else: a long article that mentions Cloudflare or "Access denied" is content.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pagemd/extract/types.hpp"
#include "parse/dom.hpp"
#include "walls/page_facts.hpp"

namespace pagemd::extract::walls {

// Pages whose content has this many words or more are content, whatever else they hold: walls
// are short. Only the paywall is looked for beyond it (a teaser can be long).
inline constexpr std::size_t kWallContentWords = 250;
// Teasers are shorter than this: a longer page that says it is paywalled (structured data, a
// paywall box) still carries its article, for search engines or subscribers, and converts whole.
inline constexpr std::size_t kTeaserContentWords = 500;

struct WallInputs {
  const Document& doc;
  const PageRecords& records;     // what the page's tree left out
  const ExtractOptions& options;  // http_status, wall_headers
  std::size_t content_words = 0;  // of the Markdown
  bool app_shell = false;         // looks_like_app_shell: next to nothing shows until scripts run
};

struct Verdict {
  Wall wall;
  bool paywalled = false;
};

[[nodiscard]] Verdict judge(const WallInputs& inputs);

// The judges, each on the page's facts (walls.cpp calls them in this order).
using Headers = std::vector<std::pair<std::string, std::string>>;
// The vendor whose challenge or block page this is ("unknown" when no vendor is recognised).
[[nodiscard]] std::optional<std::string> blocked_by(const PageFacts& facts, std::string_view script_signs,
                                                    int http_status, const Headers& headers);
// login_wall, consent_wall or soft_404.
[[nodiscard]] std::optional<std::string> unusable_because(const PageFacts& facts, std::size_t content_words,
                                                          int http_status);
// Whether the page is still a client-side template (mustache text, bound directives left empty, a
// framework root over templated lists): the reason needs_javascript. An empty app shell shows no
// template text: see loads_framework.
[[nodiscard]] bool is_unrendered_template(const PageFacts& facts, std::string_view template_signs);
// Whether an app shell is a framework's empty root, whose content only its script makes (the reason
// needs_javascript): the page loads a client-side framework's bundle (React, Vue, Angular, Svelte...,
// known by the names and licence headers of its scripts) and says next to nothing outside the root.
// A page rendered on the server says its navigation and footer at least, and converts thin.
[[nodiscard]] bool is_framework_root(const PageFacts& facts, std::size_t content_words, std::string_view script_signs);
[[nodiscard]] bool loads_framework(std::string_view script_signs);
// Whether structured data says the page is not free to read (schema.org isAccessibleForFree).
[[nodiscard]] bool declared_paywalled(const std::vector<std::string>& json_ld);

// The value of the header `lower_name`, empty when it did not come.
[[nodiscard]] std::string_view header_of(const Headers& headers, std::string_view lower_name);

}  // namespace pagemd::extract::walls
