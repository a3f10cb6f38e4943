#pragma once

// walls/: whether a page is a wall rather than content (a bot challenge, a sign-in form, a consent
// dialog, a soft 404, a client-side template) or a teaser cut by a paywall. Builds on parse/ and
// the records of parse/ (the signs of the scripts and templates a page's tree leaves out).
//
// The facts of a page the judges read, gathered in one walk of its tree.

#include <cstddef>
#include <string>
#include <string_view>

#include "parse/dom.hpp"

namespace pagemd::extract::walls {

// Which ids and classes of the page name a sign (bit flags of PageFacts::marks).
enum Mark : unsigned {
  kMarkCloudflare = 1U << 0,  // cf-error-details, cf-wrapper, challenge-form, cf-challenge-running...
  kMarkTurnstile = 1U << 1,   // cf-turnstile
  kMarkRecaptcha = 1U << 2,   // g-recaptcha
  kMarkHcaptcha = 1U << 3,    // h-captcha
  kMarkPerimeterX = 1U << 4,  // px-captcha
  kMarkCaptcha = 1U << 5,     // another element named captcha
  kMarkConsent = 1U << 6,     // a consent manager's dialog (OneTrust, Cookiebot, Didomi...)
  kMarkPaywall = 1U << 7,     // paywall, regwall
  kMarkNotFound = 1U << 8,    // error-404, not-found, page-404
  kMarkAwsWaf = 1U << 9,      // captcha-container of AWS WAF, aws-waf-token
  kMarkDataDome = 1U << 10,   // ddv1-captcha-container
  kMarkImperva = 1U << 11,    // incapsula
};

struct PageFacts {
  unsigned marks = 0;
  // Words of text that is the page's own prose: outside links, buttons, labels, navigation, header,
  // footer, asides, forms with a password field and consent dialogs.
  std::size_t prose_words = 0;
  std::size_t body_words = 0;        // every word of <body>'s text
  std::size_t login_form_words = 0;  // in forms with a visible password field outside the furniture
  std::size_t consent_words = 0;     // in consent dialogs and forms that post a consent
  std::size_t paywall_words = 0;     // in paywall boxes
  std::size_t login_forms = 0;       // forms (or form-like blocks) with a visible password field
  std::size_t consent_forms = 0;     // forms that post to a consent endpoint or carry consent fields
  std::size_t buttons = 0;
  // Client-side templates: mustache expressions in text outside code, directives of Vue, Alpine and
  // AngularJS, elements whose text a directive binds but that hold none, and framework roots.
  std::size_t mustaches = 0;
  std::size_t directives = 0;
  std::size_t empty_bindings = 0;
  bool framework_root = false;
  // Text of <title>, of the first <h1> (else <h2>), and the start of the prose, for the phrases
  // of the judges.
  std::string title;
  std::string heading;
  std::string prose_start;
};

// The facts of `doc`. Cheap next to the conversion: one walk, each element's id and class looked at.
[[nodiscard]] PageFacts gather_facts(const Document& doc);

// Words in `text` as the judges count them: runs between spaces and punctuation, and for scripts
// written without spaces (Chinese, Japanese) one word for every two characters.
[[nodiscard]] std::size_t rough_words(std::string_view text) noexcept;

// Whether `text` holds any of `phrases` (ASCII letters compared without case).
[[nodiscard]] bool has_phrase(std::string_view text, std::initializer_list<std::string_view> phrases) noexcept;

}  // namespace pagemd::extract::walls
