// What the language and encoding machinery costs within a conversion (issue 23: under 5 %).
//
//   detector_cost [--repeat N] [--manifest FILE] [FILE...]
//
// For every page, in turns so that a burst of other work on the machine weighs on all alike: the
// whole conversion (extract()), the encoding sniffing it starts with (BOM, <meta> prescan, UTF-8
// check and, for undeclared legacy bytes, the charset detectors), the language detection on the
// page's text and the word count of it. The last two run on the converted Markdown, a little more
// text than the engine gives them, so their figures are an upper bound. Prints one JSON object; the
// shares are of the conversion's time.

#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "decode/encoding.hpp"
#include "page_files.hpp"
#include "page_info/language.hpp"
#include "pagemd/extract/extractor.hpp"
#include "text/words.hpp"

namespace {

using pagemd::bench::seconds_of;

}  // namespace

int main(int argc, char** argv) {
  namespace extract = pagemd::extract;
  int repeat = 3;
  const std::vector<pagemd::bench::Page> pages = pagemd::bench::pages_from_arguments(
      argc, argv, repeat, "usage: detector_cost [--repeat N] [--manifest FILE] [FILE...]");

  extract::warm_up();  // ICU's dictionaries load once per process; the daemon's workers do it at start
  double conversion = 0;
  double sniffing = 0;
  double language = 0;
  double counting = 0;
  std::size_t failures = 0;
  std::size_t observed = 0;  // results used, so that nothing is optimised away
  for (int run = 0; run < repeat; ++run) {
    for (const auto& page : pages) {
      extract::ExtractOptions options;
      options.page_url = page.url;
      std::string markdown;
      conversion += seconds_of([&] {
        auto result = extract::extract(page.html, options);
        if (result) {
          markdown = std::move(result->markdown);
        } else {
          ++failures;
        }
      });
      sniffing += seconds_of([&] { observed += extract::sniff_encoding(page.html, "").size(); });
      language += seconds_of([&] { observed += extract::detect_language_tag(markdown).size(); });
      counting += seconds_of([&] { observed += extract::count_words(markdown); });
    }
  }
  nlohmann::ordered_json out;
  out["pages"] = pages.size();
  out["repeat"] = repeat;
  out["failures"] = failures;
  out["conversion_seconds"] = conversion;
  out["encoding_sniffing_share"] = sniffing / conversion;
  out["language_detection_share"] = language / conversion;
  out["word_count_share"] = counting / conversion;
  out["detectors_share"] = (sniffing + language) / conversion;
  out["observed"] = observed;
  std::cout << out.dump(2) << '\n';
  return failures == 0 ? 0 : 1;
}
