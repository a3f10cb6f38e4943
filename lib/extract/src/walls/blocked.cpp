// Bot challenges and block pages. Vendors' pages are recognised by what they are built of: their
// scripts and iframes (kept as PageRecords::script_signs), their ids and classes, their response
// headers; the words they say are read only on pages with next to no prose, where no article can
// be mistaken for one.

#include <array>

#include "text/text_util.hpp"
#include "walls/pattern_set.hpp"
#include "walls/walls.hpp"

namespace pagemd::extract::walls {
namespace {

// A challenge or block page says a sentence or two; a page with more prose than this is content
// even when it loads a vendor's sensor script (many protected sites load it on every page).
constexpr std::size_t kChallengeProseWords = 80;
constexpr std::size_t kChallengeBodyWords = 300;
// A block notice that explains itself (Sucuri's lists the block's details) is still short.
constexpr std::size_t kBlockNoticeWords = 250;

struct ScriptSign {
  std::string_view part;  // matched case-sensitively: these are paths and identifiers
  std::string_view vendor;
  bool decisive;  // only ever on a challenge page; otherwise it also loads on ordinary pages
};

constexpr std::array<ScriptSign, 24> kScriptSigns{{
    {"_cf_chl_opt", "cloudflare", true},
    {"/cdn-cgi/challenge-platform/h/", "cloudflare", true},
    {"/cdn-cgi/challenge-platform/orchestrate", "cloudflare", true},
    {"__cf_chl_", "cloudflare", true},
    {"captcha-delivery.com", "datadome", true},
    {"'cid':", "datadome", false},
    {"datadome", "datadome", false},
    {"_pxAppId", "perimeterx", false},
    {"px-captcha", "perimeterx", true},
    {"px-cdn.net", "perimeterx", false},
    {"px-cloud.net", "perimeterx", false},
    {"perimeterx", "perimeterx", false},
    {"_Incapsula_Resource", "imperva", false},
    {"incapsula", "imperva", false},
    {"sucuri_cloudproxy", "sucuri", true},
    {"awswaf.com", "aws_waf", false},
    {"AwsWafIntegration", "aws_waf", false},
    {"gokuProps", "aws_waf", true},
    {"KPSDK", "kasada", false},
    {"/ips.js", "kasada", false},
    {"/_sec/cp_challenge/", "akamai", true},
    {"sec-if-cpt", "akamai", true},
    {"/TSPD/", "f5", false},
    {"bobcmn", "f5", false},
}};

constexpr auto kScriptParts = [] {
  std::array<std::string_view, kScriptSigns.size()> parts{};
  for (std::size_t i = 0; i < kScriptSigns.size(); ++i) parts[i] = kScriptSigns[i].part;
  return parts;
}();
constexpr PatternSet<kScriptParts.size()> kScriptPatterns{kScriptParts};

// Markers of a vendor in a page's own words, each specific to one vendor's block page.
struct PhraseSign {
  std::string_view phrase;
  std::string_view vendor;
};
constexpr std::array<PhraseSign, 14> kVendorPhrases{{
    {"used Cloudflare to restrict access", "cloudflare"},
    {"Cloudflare Ray ID", "cloudflare"},
    {"Attention Required! | Cloudflare", "cloudflare"},
    {"Incapsula incident ID", "imperva"},
    {"Request unsuccessful. Incapsula", "imperva"},
    {"Imperva", "imperva"},
    {"Sucuri WebSite Firewall", "sucuri"},
    {"Sucuri Website Firewall", "sucuri"},
    {"errors.edgesuite.net", "akamai"},
    {"The requested URL was rejected. Please consult with your administrator", "f5"},
    {"Your support ID is", "f5"},
    {"DataDome", "datadome"},
    {"PerimeterX", "perimeterx"},
    {"HUMAN Security", "perimeterx"},
}};

// What challenge and block pages say, in the languages of the vendors' localised pages.
const std::initializer_list<std::string_view> kChallengePhrases{
    "just a moment", "checking your browser", "checking if the site connection is secure", "verify you are human",
    "verifying you are human", "verify that you are human", "are you a robot", "not a robot", "i am human",
    "unusual traffic", "press & hold", "press and hold", "access denied", "access to this page has been denied",
    "request unsuccessful", "pardon our interruption", "please enable js and disable any ad blocker", "security check",
    "human verification", "needs to review the security of your connection", "you have been blocked",
    "sorry, you have been blocked", "why have i been blocked", "automated access", "bot protection", "ddos protection",
    "one more step", "please complete the security check", "enable javascript and cookies to continue",
    // German, French, Spanish, Italian, Portuguese, Dutch, Polish
    "einen moment", "nur einen moment", "sind sie ein mensch", "ob sie ein mensch sind", "zugriff verweigert",
    "un instant", "vous êtes un humain", "vérifier que vous êtes", "accès refusé", "accès interdit", "un momento",
    "eres humano", "eres un humano", "acceso denegado", "verificando", "sei un essere umano", "accesso negato",
    "um momento", "você é humano", "acesso negado", "een moment", "toegang geweigerd", "chwileczkę",
    "dostęp zabroniony",
    // Russian, Japanese, Chinese, Korean, Turkish
    "один момент", "доступ запрещ", "проверка браузера", "вы не робот", "しばらくお待ちください",
    "ロボットではありません", "アクセスが拒否", "请稍候", "人机验证", "访问被拒绝", "拒绝访问", "잠시만 기다",
    "접근이 거부", "bir dakika", "erişim engellendi"};

// Status answers of rate limiting and refusal, for a 403 or 429 that names no vendor.
const std::initializer_list<std::string_view> kRefusalPhrases{
    "forbidden", "denied", "blocked", "too many requests", "rate limit", "not allowed", "captcha", "robot"};

std::string_view vendor_of_server(std::string_view server) {
  if (contains_ignore_case(server, "cloudflare")) return "cloudflare";
  if (contains_ignore_case(server, "akamai")) return "akamai";
  if (contains_ignore_case(server, "sucuri")) return "sucuri";
  if (contains_ignore_case(server, "bigip") || contains_ignore_case(server, "big-ip")) return "f5";
  if (contains_ignore_case(server, "datadome")) return "datadome";
  if (contains_ignore_case(server, "awselb") || contains_ignore_case(server, "amazons3")) return {};
  return {};
}

// The vendor the response's headers name, whatever the body: each of these headers is sent only by
// the vendor's edge.
std::string_view vendor_of_headers(const Headers& headers) {
  if (!header_of(headers, "cf-mitigated").empty()) return "cloudflare";
  if (!header_of(headers, "x-datadome").empty() || !header_of(headers, "x-dd-b").empty()) return "datadome";
  if (!header_of(headers, "x-amzn-waf-action").empty()) return "aws_waf";
  if (!header_of(headers, "x-kpsdk-ct").empty() || !header_of(headers, "x-kpsdk-r").empty()) return "kasada";
  if (!header_of(headers, "x-sucuri-block").empty()) return "sucuri";
  if (!header_of(headers, "x-iinfo").empty() || contains_ignore_case(header_of(headers, "x-cdn"), "incapsula")) {
    return "imperva";
  }
  if (!header_of(headers, "x-px-blocked").empty()) return "perimeterx";
  return vendor_of_server(header_of(headers, "server"));
}

std::string_view vendor_of_marks(unsigned marks) {
  if ((marks & kMarkCloudflare) != 0) return "cloudflare";
  if ((marks & kMarkPerimeterX) != 0) return "perimeterx";
  if ((marks & kMarkDataDome) != 0) return "datadome";
  if ((marks & kMarkAwsWaf) != 0) return "aws_waf";
  if ((marks & kMarkImperva) != 0) return "imperva";
  return {};
}

std::string_view generic_captcha(unsigned marks, std::string_view scripts) {
  if ((marks & kMarkTurnstile) != 0 || scripts.find("challenges.cloudflare.com/turnstile") != std::string_view::npos) {
    return "cloudflare";
  }
  if ((marks & kMarkHcaptcha) != 0 || scripts.find("hcaptcha.com/1/api.js") != std::string_view::npos) {
    return "hcaptcha";
  }
  if ((marks & kMarkRecaptcha) != 0 || scripts.find("google.com/recaptcha/") != std::string_view::npos ||
      scripts.find("recaptcha.net/recaptcha/") != std::string_view::npos) {
    return "recaptcha";
  }
  if ((marks & kMarkCaptcha) != 0) return "unknown";
  return {};
}

}  // namespace

std::optional<std::string> blocked_by(const PageFacts& facts, std::string_view scripts, int http_status,
                                      const Headers& headers) {
  // The edge says so itself: Cloudflare's managed challenges carry cf-mitigated whatever they show.
  if (!header_of(headers, "cf-mitigated").empty()) return "cloudflare";
  const bool refused = http_status == 401 || http_status == 403 || http_status == 405 || http_status == 428 ||
                       http_status == 429 || http_status == 503;
  // Headers only the vendors' blocks carry, on a refusal with no article behind it.
  if (refused && facts.prose_words < kBlockNoticeWords) {
    if (!header_of(headers, "x-sucuri-block").empty()) return "sucuri";
    if (!header_of(headers, "x-amzn-waf-action").empty()) return "aws_waf";
    if (!header_of(headers, "x-dd-b").empty()) return "datadome";
    if (!header_of(headers, "x-px-blocked").empty()) return "perimeterx";
    if (!header_of(headers, "x-kpsdk-ct").empty()) return "kasada";
  }
  const bool small = facts.prose_words < kChallengeProseWords && facts.body_words < kChallengeBodyWords;
  std::string_view weak_vendor;
  const std::uint64_t present = kScriptPatterns.find_all(scripts);
  for (std::size_t i = 0; i < kScriptSigns.size(); ++i) {
    if (((present >> i) & 1U) == 0) continue;
    if (kScriptSigns[i].decisive) return std::string(kScriptSigns[i].vendor);
    if (weak_vendor.empty()) weak_vendor = kScriptSigns[i].vendor;
  }
  if (const std::string_view vendor = vendor_of_marks(facts.marks); !vendor.empty() && small) {
    return std::string(vendor);
  }
  if (!small) return std::nullopt;
  const std::string text = facts.title + " | " + facts.heading + " | " + facts.prose_start;
  for (const PhraseSign& sign : kVendorPhrases) {
    if (contains_ignore_case(text, sign.phrase)) return std::string(sign.vendor);
  }
  // An ordinary page of a protected site loads the vendor's sensor; a page that is nothing but
  // that script (Kasada's and DataDome's blocks have no text at all) or says it is a check is the block.
  const bool says_challenge = has_phrase(text, kChallengePhrases);
  const bool nothing_else = facts.prose_words < 15 && facts.login_forms == 0;
  if (!weak_vendor.empty() && (says_challenge || refused || nothing_else)) return std::string(weak_vendor);
  if (facts.login_forms == 0 && facts.prose_words < 40) {
    // A captcha shown (its widget's element) on a page with next to no text is the check; its
    // script alone is not, on an ordinary answer: shops load reCAPTCHA v3 on every page to score
    // their visitors unseen, and a thin product page is still the product.
    const std::string_view captcha_scripts = refused ? scripts : std::string_view{};
    if (const std::string_view captcha = generic_captcha(facts.marks, captcha_scripts); !captcha.empty()) {
      return std::string(captcha);
    }
  }
  const std::string_view by_headers = vendor_of_headers(headers);
  if (says_challenge) return std::string(by_headers.empty() ? "unknown" : by_headers);
  if (refused && http_status != 503 && facts.prose_words < 40 && has_phrase(text, kRefusalPhrases)) {
    return std::string(by_headers.empty() ? "unknown" : by_headers);
  }
  if (refused && !by_headers.empty() && by_headers != "cloudflare" && facts.prose_words < 40) {
    return std::string(by_headers);  // an edge that answers for the site refused with a page of its own
  }
  return std::nullopt;
}

}  // namespace pagemd::extract::walls
