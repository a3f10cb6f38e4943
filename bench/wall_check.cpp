// What the wall check (lib/extract/src/walls/) finds on real pages and what it costs within a
// conversion (issue 43: at most 3 % of conversion time on the article set; at most 0.3 % of real
// pages flagged).
//
//   wall_check [--repeat N] [--manifest FILE] [FILE...]
//
// For every page, in turns so that a burst of other work on the machine weighs on all alike: the
// whole conversion (extract(), which includes the check), and the check alone on the page's tree
// (walls::judge: its facts walk, vendor, wall and template judges and the paywall). Prints one
// JSON object: the share of conversion time the check takes, and every page it flagged (a wall or
// a paywall) with what it found, for a person to read.

#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "decode/encoding.hpp"
#include "decode/prepass.hpp"
#include "page_files.hpp"
#include "pagemd/extract/extractor.hpp"
#include "parse/dom.hpp"
#include "walls/walls.hpp"

namespace {

using pagemd::bench::seconds_of;

std::string verdict_of(const pagemd::extract::Extraction& extraction) {
  using pagemd::extract::WallKind;
  switch (extraction.wall.kind) {
    case WallKind::blocked: return "page_blocked " + extraction.wall.detail;
    case WallKind::unusable: return "page_unusable " + extraction.wall.detail;
    case WallKind::none: break;
  }
  return extraction.metadata.paywalled ? "paywalled" : "";
}

}  // namespace

int main(int argc, char** argv) {
  namespace extract = pagemd::extract;
  int repeat = 3;
  const std::vector<pagemd::bench::Page> pages = pagemd::bench::pages_from_arguments(
      argc, argv, repeat, "usage: wall_check [--repeat N] [--manifest FILE] [FILE...]");

  extract::warm_up();
  double conversion = 0;
  double check = 0;
  std::size_t failures = 0;
  std::size_t observed = 0;
  nlohmann::ordered_json flagged = nlohmann::ordered_json::array();
  for (int run = 0; run < repeat; ++run) {
    for (const auto& page : pages) {
      const extract::ExtractOptions options;
      std::size_t content_words = 0;
      bool app_shell = false;
      conversion += seconds_of([&] {
        auto result = extract::extract(page.html, options);
        if (!result) {
          ++failures;
          return;
        }
        content_words = result->metadata.word_count;
        app_shell = result->needs_script;
        if (run == 0) {
          if (std::string verdict = verdict_of(*result); !verdict.empty()) {
            flagged.push_back({{"page", page.path}, {"found", verdict}, {"words", content_words}});
          }
        }
      });
      // The check's own inputs, made outside the clock as the conversion makes them anyway.
      const extract::PrepassResult cleaned = extract::prepass(extract::decode_to_utf8(page.html, ""));
      const extract::Document doc = extract::Document::parse(cleaned.html);
      check += seconds_of([&] {
        const auto verdict = extract::walls::judge({doc, cleaned, options, content_words, app_shell});
        observed += verdict.wall.detail.size() + (verdict.paywalled ? 1 : 0);
      });
    }
  }
  nlohmann::ordered_json out;
  out["pages"] = pages.size();
  out["repeat"] = repeat;
  out["failures"] = failures;
  out["conversion_seconds"] = conversion;
  out["check_seconds"] = check;
  out["check_share"] = check / conversion;
  out["flagged"] = flagged;
  out["observed"] = observed;
  std::cout << out.dump(2) << '\n';
  return failures == 0 ? 0 : 1;
}
