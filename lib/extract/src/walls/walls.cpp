#include "walls/walls.hpp"

#include <algorithm>

#include "text/text_util.hpp"

namespace pagemd::extract::walls {
namespace {

// A paywall box says what is missing in a few words; a "paywall" element with more wraps the
// article itself, which is there.
constexpr std::size_t kPaywallBoxMinWords = 4;
constexpr std::size_t kPaywallBoxMaxWords = 200;

bool boxed_paywall(const PageFacts& facts, std::size_t content_words) {
  return (facts.marks & kMarkPaywall) != 0 && facts.paywall_words >= kPaywallBoxMinWords &&
         facts.paywall_words <= kPaywallBoxMaxWords && content_words < kTeaserContentWords;
}

}  // namespace

std::string_view header_of(const Headers& headers, std::string_view lower_name) {
  for (const auto& [name, value] : headers) {
    if (name == lower_name) return value;
  }
  return {};
}

bool declared_paywalled(const std::vector<std::string>& json_ld) {
  constexpr std::string_view kField = "isAccessibleForFree";
  for (const std::string& body : json_ld) {
    for (std::size_t at = body.find(kField); at != std::string::npos; at = body.find(kField, at + kField.size())) {
      std::size_t value = at + kField.size();
      while (value < body.size() && (body[value] == '"' || body[value] == ':' || is_ascii_space(body[value]))) {
        ++value;
      }
      if (starts_with_ignore_case(std::string_view(body).substr(value), "false")) return true;
    }
  }
  return false;
}

namespace {

// Whether an id or class list names a paywall or regwall (any case). Every element of the page is
// asked: one pass for "wall", the rare part, rather than a search for each name.
bool names_a_paywall(std::string_view value) {
  constexpr std::size_t kPrefix = 3;  // "pay", "reg"
  for (std::size_t at = kPrefix; at + 4 <= value.size(); ++at) {
    if (ascii_lower(value[at]) != 'w' || !equals_ignore_case(value.substr(at, 4), "wall")) continue;
    const std::string_view before = value.substr(at - kPrefix, kPrefix);
    if (equals_ignore_case(before, "pay") || equals_ignore_case(before, "reg")) return true;
  }
  return false;
}

// A paywall box on a page too long to be a wall: looked for alone, by the names of ids and
// classes, which is all the full facts walk would add for it.
bool boxed_paywall_alone(const Document& doc, std::size_t content_words) {
  if (content_words >= kTeaserContentWords) return false;
  PageFacts facts;
  const NodeId body = doc.find_first(HtmlTag::body);
  if (body == kNoNode) return false;
  doc.walk(body, [&](NodeId id) {
    if (doc.node(id).kind != NodeKind::element) return WalkStep::skip;
    for (const Attribute& attribute : doc.attributes(id)) {
      if ((attribute.name == "id" || attribute.name == "class") && names_a_paywall(attribute.value)) {
        facts.marks |= kMarkPaywall;
        facts.paywall_words = std::max(facts.paywall_words, rough_words(doc.text_content(id)));
        return WalkStep::skip;
      }
    }
    return WalkStep::descend;
  });
  return boxed_paywall(facts, content_words);
}

}  // namespace

Verdict judge(const WallInputs& in) {
  Verdict verdict;
  const int status = in.options.http_status;
  const std::string_view mitigated = header_of(in.options.wall_headers, "cf-mitigated");
  // Walls are short; only a refusal status or a challenge header makes a long page worth a look.
  if (in.content_words >= kWallContentWords && mitigated.empty() && status < 400) {
    verdict.paywalled = in.content_words < kTeaserContentWords &&
                        (declared_paywalled(in.records.json_ld) || boxed_paywall_alone(in.doc, in.content_words));
    return verdict;
  }
  const PageFacts facts = gather_facts(in.doc);
  verdict.paywalled = in.content_words < kTeaserContentWords &&
                      (declared_paywalled(in.records.json_ld) || boxed_paywall(facts, in.content_words));
  if (auto vendor = blocked_by(facts, in.records.script_signs, status, in.options.wall_headers)) {
    verdict.wall = Wall{WallKind::blocked, std::move(*vendor)};
  } else if (auto reason = unusable_because(facts, in.content_words, status)) {
    verdict.wall = Wall{WallKind::unusable, std::move(*reason)};
  } else if (is_unrendered_template(facts, in.records.template_signs) ||
             (in.app_shell && is_framework_root(facts, in.content_words, in.records.script_signs))) {
    verdict.wall = Wall{WallKind::unusable, "needs_javascript"};
  }
  if (verdict.wall.kind != WallKind::none) verdict.paywalled = false;
  return verdict;
}

}  // namespace pagemd::extract::walls
