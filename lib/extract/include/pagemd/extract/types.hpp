#pragma once

// The types the extractor's stages share with each other and with the library's users: what a
// request asks for (ExtractOptions, ContentScope), what kind of page it is (PageType), and what comes
// out (Extraction, Metadata). The stages include this header, never extractor.hpp, which runs them.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pagemd::extract {

enum class ContentScope {
  main_content,  // the article alone: navigation, sidebars, comments and the like are dropped
  whole_body,    // everything visible in <body>
};

struct ExtractOptions {
  // The page's address: the base for relative links (a <base href> in the page refines it).
  // Empty: relative links are resolved against the page's canonical link, else kept as written.
  std::string page_url;
  // The charset named by the HTTP Content-Type header, if any; it wins over <meta charset>.
  std::string declared_charset;
  // The language the HTTP Content-Language header names, if any: like <html lang> (which wins over
  // it), it counts only when the text itself cannot tell its language.
  std::string declared_language;
  ContentScope scope = ContentScope::main_content;
  // Simple CSS selectors (tag, .class, #id, [attr], [attr=value], descendant and child
  // combinators). When include is non-empty, only matching subtrees are converted.
  std::vector<std::string> include_selectors;
  std::vector<std::string> exclude_selectors;
  // The HTTP status the page came with (0 for a file) and the response headers a bot-protection
  // service marks its answers with (lower-case names: server, cf-mitigated, x-datadome...): signs of
  // a challenge or block page (walls/).
  int http_status = 0;
  std::vector<std::pair<std::string, std::string>> wall_headers{};
};

// What stands between the reader and the page, when the page is not the content (walls/).
enum class WallKind {
  none,
  blocked,   // a bot challenge or block page: the error page_blocked
  unusable,  // a sign-in form, a consent dialog, a soft 404, a template: the error page_unusable
};

struct Wall {
  WallKind kind = WallKind::none;
  // blocked: the vendor, lower-case ("cloudflare", "unknown"); unusable: the reason ("login_wall",
  // "consent_wall", "soft_404", "needs_javascript").
  std::string detail;

  bool operator==(const Wall&) const = default;
};

// What kind of page it is; each kind has its own idea of what the main content is.
enum class PageType {
  article,        // a story, post, guide or review: one body of text
  forum,          // a thread or Q&A: every post is content
  product,        // one product: description, specifications, price
  collection,     // a category of products: the grid of items
  listing,        // an index of other pages: news feeds, catalogues, lists of events
  documentation,  // reference and tutorials: code, parameters, admonitions
  service,        // a marketing or service page: its sections together
  document,       // a PDF: converted whole, never classified among the kinds above
};

// How many kinds an HTML page is classified among, for the classifier's tables indexed by them;
// service is their last (document is a PDF's, which the classifier never sees).
inline constexpr std::size_t kPageTypeCount = static_cast<std::size_t>(PageType::service) + 1;

// The wire name of a page type ("article", "documentation", ...).
[[nodiscard]] std::string_view to_string(PageType type) noexcept;

struct Metadata {
  std::string title;
  std::size_t word_count = 0;
  std::vector<std::string> links;  // absolute http(s) targets of the content's links, unique, in order
  std::string language;            // "en" or "unknown": the spec's field, "en" exactly when language_tag is
  std::string language_tag;        // BCP 47 tag of the text's language ("de", "ja", "zh-Hant"), "und" if unclear
  // From meta tags, Open Graph and JSON-LD; empty when the page does not say.
  std::string description;
  std::string author;
  std::string published_time;
  std::string site_name;
  std::string image;
  std::string canonical_url;
  PageType page_type = PageType::article;
  // Only a teaser was served: the rest is behind a paywall (structured data or a paywall box).
  bool paywalled = false;
  // What the converted bytes were: "text/html", "text/plain" or "application/pdf" (set by the
  // conversion that every entry point goes through, convert::convert_page).
  std::string content_type;
  std::size_t page_count = 0;  // a PDF's pages; 0 for anything else

  bool operator==(const Metadata&) const = default;
};

struct Extraction {
  std::string markdown;
  Metadata metadata;
  std::optional<std::string> warning;  // thin content (under kThinContentWords words), a paywalled teaser
  // The page's own markup shows next to nothing until its scripts run (an app shell): rendering it
  // in a browser would find the content. Not part of the result object.
  bool needs_script = false;
  // The page is a wall rather than content. Converting it is refused unless the caller accepts
  // walls (convert::ConvertOptions::accept_walls); an accepted wall is metadata.wall.
  Wall wall;

  bool operator==(const Extraction&) const = default;
};

inline constexpr std::size_t kThinContentWords = 200;

}  // namespace pagemd::extract
