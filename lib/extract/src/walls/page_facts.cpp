#include "walls/page_facts.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "text/text_util.hpp"
#include "walls/pattern_set.hpp"

namespace pagemd::extract::walls {
namespace {

// How much of the prose, title and heading the phrase judges read: walls say what they are early.
constexpr std::size_t kProseStartBytes = 800;
constexpr std::size_t kHeadingBytes = 300;

// Parts of ids and class names, lower-case, and what each marks. Consent managers are named by
// their own ids (onetrust-banner-sdk, CybotCookiebotDialog, didomi-popup, qc-cmp2-container,
// sp_message_container, usercentrics-root, truste-consent-track, cmpbox).
constexpr std::array<std::pair<std::string_view, unsigned>, 28> kNameMarks{{
    {"cf-error-details", kMarkCloudflare},
    {"cf-wrapper", kMarkCloudflare},
    {"cf-error-code", kMarkCloudflare},
    {"challenge-form", kMarkCloudflare},
    {"challenge-running", kMarkCloudflare},
    {"challenge-body", kMarkCloudflare},
    {"cf-browser-verification", kMarkCloudflare},
    {"cf-please-wait", kMarkCloudflare},
    {"cf-turnstile", kMarkTurnstile},
    {"g-recaptcha", kMarkRecaptcha},
    {"h-captcha", kMarkHcaptcha},
    {"px-captcha", kMarkPerimeterX},
    {"ddv1-captcha", kMarkDataDome},
    {"incapsula", kMarkImperva},
    {"aws-waf", kMarkAwsWaf},
    {"awswaf", kMarkAwsWaf},
    {"captcha", kMarkCaptcha},
    {"onetrust", kMarkConsent},
    {"cookiebot", kMarkConsent},
    {"didomi", kMarkConsent},
    {"qc-cmp", kMarkConsent},
    {"sp_message", kMarkConsent},
    {"usercentrics", kMarkConsent},
    {"truste-consent", kMarkConsent},
    {"cmpbox", kMarkConsent},
    {"paywall", kMarkPaywall},
    {"regwall", kMarkPaywall},
    {"error-404", kMarkNotFound},
}};

// What every generic consent and not-found name below holds: a class list without any of them
// needs no look at its tokens.
constexpr std::array<std::string_view, 5> kTokenGates{"cookie", "consent", "gdpr", "404", "found"};

constexpr auto kNameParts = [] {
  std::array<std::string_view, kNameMarks.size() + kTokenGates.size()> parts{};
  for (std::size_t i = 0; i < kNameMarks.size(); ++i) parts[i] = kNameMarks[i].first;
  for (std::size_t i = 0; i < kTokenGates.size(); ++i) parts[kNameMarks.size() + i] = kTokenGates[i];
  return parts;
}();
constexpr PatternSet<kNameParts.size()> kNamePatterns{kNameParts};

// Generic consent and not-found names, matched only as whole class tokens or ids: "cookie" alone
// is in too many names (cookie-recipe) to mean a dialog.
constexpr std::array<std::string_view, 12> kConsentNames{
    "cookie-consent", "cookie-banner",  "cookie-notice", "cookie-dialog", "cookie-wall",  "cookiewall",
    "consent-banner", "consent-dialog", "consent-wall",  "gdpr-consent",  "cookie-modal", "consent-modal"};
constexpr std::array<std::string_view, 5> kNotFoundNames{"not-found", "notfound", "page-404", "error404",
                                                         "page-not-found"};

// Attributes whose value a framework writes into the element: empty until the script runs
// (Vue, Alpine, AngularJS, Knockout's data-bind, Aurelia's .bind).
constexpr std::array<std::string_view, 11> kBindings{
    "v-text",       "v-html",           "x-text",    "x-html",           "ng-bind",       "ng-bind-html",
    "data-ng-bind", "ng-bind-template", "data-bind", "textcontent.bind", "innerhtml.bind"};
constexpr std::array<std::string_view, 6> kFrameworkRoots{"ng-app",  "data-ng-app", "x-data",
                                                          "v-cloak", "data-v-app",  "ng-controller"};

bool is_directive(std::string_view name) noexcept {
  if (name.size() < 2) return false;
  if (name.front() == ':' || name.front() == '@') return true;
  return name.starts_with("v-") || name.starts_with("x-") || name.starts_with("ng-") || name.starts_with("data-ng-") ||
         name == "data-bind" || name.ends_with(".bind") || name.ends_with(".for");
}

unsigned marks_of_name(std::string_view value) {
  unsigned marks = 0;
  if (value.empty()) return marks;
  // Reused: most pages have thousands of class lists, and a copy each would cost more than the finds.
  thread_local std::string lower;
  lower.assign(value);
  for (char& c : lower) c = ascii_lower(c);
  const std::uint64_t found = kNamePatterns.find_all(lower);
  for (std::size_t i = 0; i < kNameMarks.size(); ++i) {
    if (((found >> i) & 1U) != 0) marks |= kNameMarks[i].second;
  }
  if ((found >> kNameMarks.size()) == 0) return marks;
  any_token(lower, [&](std::string_view token) {
    // Consent pages name their blocks after it (consent-page, consent-container, cookieconsent).
    if (std::find(kConsentNames.begin(), kConsentNames.end(), token) != kConsentNames.end() ||
        token.starts_with("consent") || token.starts_with("cookieconsent") || token.starts_with("gdpr")) {
      marks |= kMarkConsent;
    }
    if (std::find(kNotFoundNames.begin(), kNotFoundNames.end(), token) != kNotFoundNames.end()) marks |= kMarkNotFound;
    return false;
  });
  return marks;
}

bool is_hidden(const Document& doc, NodeId id) {
  if (doc.attribute(id, "hidden") != nullptr) return true;
  if (const auto* aria = doc.attribute(id, "aria-hidden"); aria != nullptr && equals_ignore_case(*aria, "true")) {
    return true;
  }
  const auto* style = doc.attribute(id, "style");
  return style != nullptr &&
         (contains_ignore_case(*style, "display:none") || contains_ignore_case(*style, "display: none"));
}

bool is_password_input(const Document& doc, NodeId id) {
  if (!doc.is_element(id, HtmlTag::input)) return false;
  const auto* type = doc.attribute(id, "type");
  return type != nullptr && equals_ignore_case(*type, "password");
}

// A form that posts a consent: to a consent endpoint (consent.google.com/save, consent.yahoo.com's
// collectConsent), or with a consent field.
bool is_consent_form(const Document& doc, NodeId form) {
  if (const auto* action = doc.attribute(form, "action");
      action != nullptr && contains_ignore_case(*action, "consent")) {
    return true;
  }
  return doc.any_element(form, [&](NodeId id) {
    if (!doc.is_element(id, HtmlTag::input)) return false;
    const auto* name = doc.attribute(id, "name");
    return name != nullptr && contains_ignore_case(*name, "consent");
  });
}

// Elements whose text is not the page's prose: its furniture, links and controls, its head.
bool holds_no_prose(HtmlTag tag) {
  switch (tag) {
    case HtmlTag::nav:
    case HtmlTag::header:
    case HtmlTag::footer:
    case HtmlTag::aside:
    case HtmlTag::a:
    case HtmlTag::button:
    case HtmlTag::label:
    case HtmlTag::select:
    case HtmlTag::option:
    case HtmlTag::title:
    case HtmlTag::head: return true;
    default: return false;
  }
}

// The page's chrome around its content: a sign-in form there is a convenience, not a wall.
bool is_chrome(HtmlTag tag) {
  return tag == HtmlTag::nav || tag == HtmlTag::header || tag == HtmlTag::footer || tag == HtmlTag::aside;
}

bool tag_is_root(HtmlTag tag) { return tag == HtmlTag::html || tag == HtmlTag::body || tag == HtmlTag::main; }

bool is_code(HtmlTag tag) {
  return tag == HtmlTag::pre || tag == HtmlTag::code || tag == HtmlTag::kbd || tag == HtmlTag::samp ||
         tag == HtmlTag::textarea;
}

// Interpolations in a text: an identifier or expression between `open` and `close` on one line,
// as mustaches ("{{ a.title }}", "{{t}}") and Aurelia's and lit's "${a.title}" write them.
std::size_t count_interpolations(std::string_view text, std::string_view open, std::string_view close) {
  constexpr std::size_t kLongestExpression = 120;
  std::size_t count = 0;
  std::size_t at = text.find(open);
  while (at != std::string_view::npos) {
    const std::size_t end = text.find(close, at + open.size());
    if (end == std::string_view::npos) break;
    const std::string_view inner = trim(text.substr(at + open.size(), end - at - open.size()));
    const bool expression = !inner.empty() && inner.size() <= kLongestExpression &&
                            (is_ascii_alpha(inner.front()) || inner.front() == '_' || inner.front() == '$') &&
                            inner.find_first_of("\n<>{") == std::string_view::npos;
    if (expression) ++count;
    at = text.find(open, end + close.size());
  }
  return count;
}

std::size_t count_mustaches(std::string_view text) {
  return count_interpolations(text, "{{", "}}") + count_interpolations(text, "${", "}");
}

void append_capped(std::string& out, std::string_view text, std::size_t cap) {
  if (out.size() >= cap) return;
  if (!out.empty()) out += ' ';
  out.append(text.substr(0, cap - std::min(cap, out.size())));
}

// The end (last descendant) of the innermost range of each kind the walk is in; a node is in the
// range when its id is at most the end (ids run in document order).
struct Ranges {
  NodeId furniture = 0;
  NodeId chrome = 0;
  NodeId code = 0;
  NodeId hidden = 0;
  NodeId login = 0;
  NodeId consent = 0;
  NodeId paywall = 0;
  bool started = false;  // no range is open before the first is entered: 0 is the document itself

  static bool in(NodeId end, NodeId id, bool started) { return started && id <= end; }
};

}  // namespace

std::size_t rough_words(std::string_view text) noexcept {
  std::size_t words = 0;
  std::size_t wide_chars = 0;
  bool in_word = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    // Lead bytes of three-byte UTF-8 from U+3000 on: CJK and Hiragana/Katakana, written without spaces.
    if (byte >= 0xE3 && byte <= 0xE9) ++wide_chars;
    const bool letter = byte >= 0x80 || is_ascii_alnum(static_cast<char>(byte));
    if (letter && !in_word) ++words;
    in_word = letter;
  }
  return words + wide_chars / 2;
}

bool has_phrase(std::string_view text, std::initializer_list<std::string_view> phrases) noexcept {
  return std::any_of(phrases.begin(), phrases.end(),
                     [&](std::string_view phrase) { return contains_ignore_case(text, phrase); });
}

PageFacts gather_facts(const Document& doc) {
  PageFacts facts;
  if (const NodeId title = doc.find_first(HtmlTag::title); title != kNoNode) {
    append_capped(facts.title, trim(doc.text_content(title)), kHeadingBytes);
  }
  NodeId heading = doc.find_first(HtmlTag::h1);
  if (heading == kNoNode) heading = doc.find_first(HtmlTag::h2);
  if (heading != kNoNode) append_capped(facts.heading, trim(doc.text_content(heading)), kHeadingBytes);

  const NodeId body = doc.find_first(HtmlTag::body);
  if (body == kNoNode) return facts;
  Ranges ranges;
  const auto open = [&](NodeId& end, NodeId id) {
    end = std::max(end, doc.last_descendant(id));
    ranges.started = true;
  };
  const auto inside = [&](NodeId end, NodeId id) { return Ranges::in(end, id, ranges.started); };
  doc.walk(body, [&](NodeId id) {
    const Node& node = doc.node(id);
    if (node.kind == NodeKind::text) {
      const std::string_view text = doc.text(id);
      if (inside(ranges.hidden, id)) return true;
      const std::size_t words = rough_words(text);
      facts.body_words += words;
      if (!inside(ranges.code, id)) facts.mustaches += count_mustaches(text);
      if (inside(ranges.paywall, id)) facts.paywall_words += words;
      if (inside(ranges.login, id)) {
        facts.login_form_words += words;
      } else if (inside(ranges.consent, id)) {
        facts.consent_words += words;
      } else if (!inside(ranges.furniture, id) && words > 0) {
        facts.prose_words += words;
        append_capped(facts.prose_start, trim(text), kProseStartBytes);
      }
      return true;
    }
    if (node.kind != NodeKind::element) return true;
    if (is_hidden(doc, id)) {
      open(ranges.hidden, id);
      return false;
    }
    for (const Attribute& attribute : doc.attributes(id)) {
      if (attribute.name == "id" || attribute.name == "class") {
        unsigned marks = marks_of_name(attribute.value);
        // A page's own root says the state of consent (<body class="consent-given">), not a dialog.
        if (tag_is_root(node.tag)) marks &= ~kMarkConsent;
        facts.marks |= marks;
        if ((marks & kMarkConsent) != 0) open(ranges.consent, id);
        if ((marks & kMarkPaywall) != 0) open(ranges.paywall, id);
      } else if (is_directive(attribute.name)) {
        ++facts.directives;
        if (std::find(kBindings.begin(), kBindings.end(), attribute.name) != kBindings.end() &&
            node.first_child() == kNoNode) {
          ++facts.empty_bindings;
        }
        if (std::find(kFrameworkRoots.begin(), kFrameworkRoots.end(), attribute.name) != kFrameworkRoots.end()) {
          facts.framework_root = true;
        }
      }
    }
    const HtmlTag tag = node.tag;
    if (tag == HtmlTag::button) ++facts.buttons;
    if (tag == HtmlTag::input) {
      const auto* type = doc.attribute(id, "type");
      if (type != nullptr && (equals_ignore_case(*type, "submit") || equals_ignore_case(*type, "button"))) {
        ++facts.buttons;
      }
    }
    if (is_code(tag)) open(ranges.code, id);
    if (tag == HtmlTag::form) {
      if (is_consent_form(doc, id)) {
        ++facts.consent_forms;
        open(ranges.consent, id);
      } else if (!inside(ranges.chrome, id) && doc.any_element(id, [&](NodeId input) {
                   return is_password_input(doc, input) && !is_hidden(doc, input);
                 })) {
        ++facts.login_forms;
        open(ranges.login, id);
      }
    } else if (is_password_input(doc, id) && !inside(ranges.login, id) && !inside(ranges.chrome, id)) {
      ++facts.login_forms;  // a sign-in block that scripts submit, with no <form>
    }
    if (holds_no_prose(tag)) open(ranges.furniture, id);
    if (is_chrome(tag)) open(ranges.chrome, id);
    return true;
  });
  return facts;
}

}  // namespace pagemd::extract::walls
