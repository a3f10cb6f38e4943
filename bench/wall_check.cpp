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
// a paywall) with what it found, for a person to read. The share is of each page's fastest run of
// either, which other work on a shared machine can only slow: the sums of all runs (also printed)
// swing by half on a busy machine, the fastest runs do not.

#include <algorithm>
#include <chrono>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "decode/encoding.hpp"
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
  std::vector<double> fastest_conversion(pages.size(), std::numeric_limits<double>::max());
  std::vector<double> fastest_check(pages.size(), std::numeric_limits<double>::max());
  std::size_t failures = 0;
  std::size_t observed = 0;
  nlohmann::ordered_json flagged = nlohmann::ordered_json::array();
  for (int run = 0; run < repeat; ++run) {
    for (std::size_t index = 0; index < pages.size(); ++index) {
      const auto& page = pages[index];
      const extract::ExtractOptions options;
      std::size_t content_words = 0;
      bool app_shell = false;
      const double converted = seconds_of([&] {
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
      conversion += converted;
      fastest_conversion[index] = std::min(fastest_conversion[index], converted);
      // The check's own inputs, made outside the clock as the conversion makes them anyway.
      const extract::Document doc = extract::Document::build_page(extract::decode_to_utf8(page.html, ""));
      const double checked = seconds_of([&] {
        const auto verdict = extract::walls::judge({doc, doc.records(), options, content_words, app_shell});
        observed += verdict.wall.detail.size() + (verdict.paywalled ? 1 : 0);
      });
      check += checked;
      fastest_check[index] = std::min(fastest_check[index], checked);
    }
  }
  nlohmann::ordered_json out;
  out["pages"] = pages.size();
  out["repeat"] = repeat;
  out["failures"] = failures;
  out["conversion_seconds"] = conversion;
  out["check_seconds"] = check;
  double fastest_conversions = 0;
  double fastest_checks = 0;
  for (std::size_t index = 0; index < pages.size(); ++index) {
    fastest_conversions += fastest_conversion[index];
    fastest_checks += fastest_check[index];
  }
  out["check_share_of_sums"] = check / conversion;
  out["check_share"] = fastest_checks / fastest_conversions;
  out["flagged"] = flagged;
  out["observed"] = observed;
  std::cout << out.dump(2) << '\n';
  return failures == 0 ? 0 : 1;
}
