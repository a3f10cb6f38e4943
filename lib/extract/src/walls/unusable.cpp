// Pages that answer but hold nothing to convert: a sign-in form, a consent dialog with nothing
// behind it, a "page not found" under status 200, a client-side template not yet run. Each is
// recognised by its structure (a visible password field outside the page's furniture, a consent
// manager's dialog or a form that posts a consent, template directives) together with how little
// prose is left beside it; phrases only name the soft 404, on pages that are short anyway.

#include <algorithm>

#include "text/text_util.hpp"
#include "walls/walls.hpp"

namespace pagemd::extract::walls {
namespace {

// Beside a sign-in form or a consent dialog, a wall says a line or two ("Sign in to continue");
// a page with more prose than this has content of its own (a thread beside a sign-in box).
constexpr std::size_t kWallProseWords = 60;
// A "not found" page says so in a few sentences; a page about HTTP 404 says much more.
constexpr std::size_t kSoft404ProseWords = 90;
constexpr std::size_t kSoft404ContentWords = 150;
// A template's text before its script runs: the static words a template holds around its bindings.
constexpr std::size_t kTemplateProseWords = 120;

// "Page not found" in the title or headline, in the languages pagemd meets most.
const std::initializer_list<std::string_view> kNotFoundHeadings{"page not found",
                                                                "not found",
                                                                "page doesn't exist",
                                                                "page does not exist",
                                                                "page cannot be found",
                                                                "page could not be found",
                                                                "page can't be found",
                                                                "page no longer exists",
                                                                "nothing found here",
                                                                "seite nicht gefunden",
                                                                "nicht gefunden",
                                                                "seite existiert nicht",
                                                                "page introuvable",
                                                                "page non trouvée",
                                                                "page non trouvee",
                                                                "page inexistante",
                                                                "página no encontrada",
                                                                "pagina no encontrada",
                                                                "no encontrada",
                                                                "página não encontrada",
                                                                "não encontrada",
                                                                "pagina non trovata",
                                                                "pagina non esiste",
                                                                "pagina niet gevonden",
                                                                "niet gevonden",
                                                                "nie znaleziono",
                                                                "strona nie istnieje",
                                                                "sidan hittades inte",
                                                                "siden blev ikke fundet",
                                                                "siden finnes ikke",
                                                                "sivua ei löytynyt",
                                                                "stránka nenalezena",
                                                                "stránka nebyla nalezena",
                                                                "страница не найдена",
                                                                "не найдена",
                                                                "сторінку не знайдено",
                                                                "ページが見つかりません",
                                                                "お探しのページ",
                                                                "页面不存在",
                                                                "页面未找到",
                                                                "找不到页面",
                                                                "找不到該頁面",
                                                                "페이지를 찾을 수 없습니다",
                                                                "sayfa bulunamadı",
                                                                "η σελίδα δεν βρέθηκε",
                                                                "הדף לא נמצא",
                                                                "الصفحة غير موجودة",
                                                                "không tìm thấy trang",
                                                                "halaman tidak ditemukan"};

// What a "not found" page says in its text when its heading is only "Oops!".
const std::initializer_list<std::string_view> kNotFoundProse{"page you requested could not be found",
                                                             "page you are looking for",
                                                             "page you're looking for",
                                                             "page you were looking for",
                                                             "can't find the page",
                                                             "couldn't find the page",
                                                             "could not find the page",
                                                             "cannot find the page",
                                                             "page doesn't exist",
                                                             "page does not exist",
                                                             "die gesuchte seite",
                                                             "die angeforderte seite",
                                                             "la page que vous recherchez",
                                                             "la page demandée",
                                                             "la página que buscas",
                                                             "la página que está buscando",
                                                             "la pagina che stai cercando",
                                                             "a página que você procura",
                                                             "de pagina die u zoekt",
                                                             "страница, которую вы ищете",
                                                             "お探しのページは見つかりませんでした",
                                                             "您访问的页面不存在"};

// The names framework bundles are served under and the licence headers their builds keep (compared
// without case).
const std::initializer_list<std::string_view> kFrameworkBundles{
    // The frameworks and client-side template libraries.
    "react", "preact", "vue", "angular", "alpine", "svelte", "solid-js", "lit-html", "lit-element", "lit-core",
    "lit-all", "ember.", "emberjs", "backbone", "knockout", "mithril", "inferno", "riot.", "stencil", "qwik", "polymer",
    "aurelia", "ractive", "handlebars", "mustache", "hyperapp", "marko", "canjs", "dojo", "ext-all",
    // The build paths and data of the tools that make apps of them; a module script is what Vite's
    // and Rollup's builds (Svelte, Solid, Lit apps) load, under hashed names that say nothing.
    "gatsby", "/_next/", "/_nuxt/", "/_app/immutable/", "/static/js/main.", "__next_data__", "webpackchunk",
    "type=\"module\"", "type=module", "type='module'"};

// Whether `text` holds "404" as a number of its own ("Error 404", "404 | Site"), not in "14040".
bool says_404(std::string_view text) {
  for (std::size_t at = text.find("404"); at != std::string_view::npos; at = text.find("404", at + 3)) {
    const bool starts = at == 0 || !is_ascii_alnum(text[at - 1]);
    const bool ends = at + 3 == text.size() || !is_ascii_alnum(text[at + 3]);
    if (starts && ends) return true;
  }
  return false;
}

bool soft_404(const PageFacts& facts, std::size_t content_words) {
  if (facts.prose_words >= kSoft404ProseWords || content_words >= kSoft404ContentWords) return false;
  const std::string headline = facts.title + " | " + facts.heading;
  if (has_phrase(headline, kNotFoundHeadings) || says_404(headline)) return true;
  return ((facts.marks & kMarkNotFound) != 0 || facts.prose_words < kWallProseWords) &&
         has_phrase(facts.prose_start, kNotFoundProse);
}

bool login_wall(const PageFacts& facts) { return facts.login_forms > 0 && facts.prose_words < kWallProseWords; }

// A form that posts a consent is the page of a consent redirect (consent.google.com,
// consent.yahoo.com): what it says around its buttons is the explanation of the cookies.
constexpr std::size_t kConsentPageProseWords = 250;

bool consent_wall(const PageFacts& facts) {
  constexpr std::size_t kDialogWords = 8;
  const std::string text = facts.title + " | " + facts.heading + " | " + facts.prose_start;
  // The dialog is most of what the page says: a consent banner over a shop's listing or an
  // article is furniture.
  if (facts.consent_forms > 0 && facts.prose_words < kConsentPageProseWords &&
      facts.body_words < 2 * kConsentPageProseWords &&
      has_phrase(text, {"cookie", "consent", "privacy", "datenschutz", "confidentialité", "privacidad", "privacy"})) {
    return true;
  }
  // Nothing else on the page either: a listing's cards and a shop's links are behind the dialog too.
  constexpr std::size_t kOtherWords = 80;
  const bool dialog = facts.consent_forms > 0 || (facts.marks & kMarkConsent) != 0;
  return dialog && facts.consent_words >= kDialogWords && facts.prose_words < kWallProseWords &&
         facts.body_words - std::min(facts.body_words, facts.consent_words) < kOtherWords;
}

}  // namespace

std::optional<std::string> unusable_because(const PageFacts& facts, std::size_t content_words, int http_status) {
  if (login_wall(facts)) return "login_wall";
  if (consent_wall(facts)) return "consent_wall";
  // A 404 status says so itself: the fetcher reports it as such.
  if (http_status < 400 && soft_404(facts, content_words)) return "soft_404";
  return std::nullopt;
}

bool loads_framework(std::string_view script_signs) { return has_phrase(script_signs, kFrameworkBundles); }

bool is_framework_root(const PageFacts& facts, std::size_t content_words, std::string_view script_signs) {
  // Beside an empty root, a header, a "Loading…" or a noscript line.
  constexpr std::size_t kShellWords = 40;
  constexpr std::size_t kShellBodyWords = 100;
  return content_words < kShellWords && facts.body_words < kShellBodyWords && loads_framework(script_signs);
}

bool is_unrendered_template(const PageFacts& facts, std::string_view template_signs) {
  // A few stray braces in a long page are a CMS's leftovers; a template's text is mostly its bindings.
  constexpr std::size_t kWordsPerMustache = 10;
  if (facts.mustaches * kWordsPerMustache >= facts.prose_words && facts.mustaches >= 3) return true;
  if (facts.prose_words >= kTemplateProseWords) return false;
  const bool framework = facts.directives > 0 || facts.framework_root || !template_signs.empty();
  if (facts.mustaches >= 2 || (facts.mustaches == 1 && framework)) return true;
  if (facts.empty_bindings >= 2) return true;
  // Alpine's and Vue's lists live in <template x-for>/<template v-for>, which hold the page's text
  // until the script copies it out.
  const bool templated_lists = has_phrase(template_signs, {"x-for", "x-if", "v-for", "v-if", "ng-repeat"});
  return facts.framework_root && templated_lists;
}

}  // namespace pagemd::extract::walls
