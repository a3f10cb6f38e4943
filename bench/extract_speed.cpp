// Throughput benchmark of pagemd::extract::extract(). Every page is read into memory before the
// clock starts, so only conversion is timed (no disk, no process start-up), which is the same
// protocol bench/node/readability_speed.js follows for the Readability + Turndown baseline.
//
//   extract_speed [--repeat N] [--per-page] [--whole-body] [--manifest FILE] [FILE...]
//
// A manifest has one page per line, "path<TAB>url" (url optional). Files ending in .gz are
// decompressed at load time when built with zlib. Prints one JSON object on stdout. Each of the
// N passes over all pages is timed on its own, so one big file with --repeat N gives its median
// conversion time (the linearity check in speed.py).

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "page_files.hpp"
#include "pagemd/extract/extractor.hpp"

namespace {

using pagemd::bench::fail;
using pagemd::bench::Page;

struct Args {
  int repeat = 1;
  bool per_page = false;
  bool whole_body = false;
  std::vector<Page> pages;
};

Args parse_args(int argc, char** argv) {
  Args args;
  const std::vector<std::string> words(argv + 1, argv + argc);
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    const bool has_value = i + 1 < words.size();
    if (word == "--repeat" && has_value) {
      args.repeat = std::atoi(words[++i].c_str());
      if (args.repeat < 1) fail("--repeat needs a positive number");
    } else if (word == "--manifest" && has_value) {
      pagemd::bench::load_manifest(words[++i], args.pages);
    } else if (word == "--per-page") {
      args.per_page = true;
    } else if (word == "--whole-body") {
      args.whole_body = true;
    } else if (word == "-h" || word == "--help") {
      std::cout << "usage: extract_speed [--repeat N] [--per-page] [--whole-body] [--manifest FILE] [FILE...]\n";
      std::exit(0);
    } else if (!word.empty() && word.front() == '-') {
      fail("unknown option " + word);
    } else {
      args.pages.push_back(Page{word, {}, {}});
    }
  }
  if (args.pages.empty()) fail("no pages given");
  return args;
}

// Current resident set, to tell the memory held by the loaded inputs apart from the peak.
long current_rss_kb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
  }
  return -1;
}

long peak_rss_kb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;  // kilobytes on Linux
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2.0;
}

}  // namespace

int main(int argc, char** argv) {
  Args args = parse_args(argc, argv);

  std::size_t total_bytes = 0;
  for (Page& page : args.pages) {
    page.html = pagemd::bench::read_page(page.path);
    total_bytes += page.html.size();
  }
  const long rss_after_load = current_rss_kb();

  // Options are built up front so their allocation is not part of the timed loop.
  std::vector<pagemd::extract::ExtractOptions> options(args.pages.size());
  for (std::size_t i = 0; i < args.pages.size(); ++i) {
    options[i].page_url = args.pages[i].url;
    if (args.whole_body) options[i].scope = pagemd::extract::ContentScope::whole_body;
  }

  using clock = std::chrono::steady_clock;
  std::vector<double> run_seconds;
  std::vector<double> page_seconds(args.per_page ? args.pages.size() : 0, 0.0);
  std::size_t failures = 0;
  // Summed output size keeps the conversions observable so none can be optimised away, and is a
  // cheap sanity check that the engine produced something.
  std::size_t markdown_bytes = 0;

  for (int run = 0; run < args.repeat; ++run) {
    const auto run_start = clock::now();
    for (std::size_t i = 0; i < args.pages.size(); ++i) {
      const auto page_start = args.per_page ? clock::now() : clock::time_point{};
      auto result = pagemd::extract::extract(args.pages[i].html, options[i]);
      if (result) {
        markdown_bytes += result->markdown.size();
      } else {
        ++failures;
      }
      if (args.per_page) page_seconds[i] += std::chrono::duration<double>(clock::now() - page_start).count();
    }
    run_seconds.push_back(std::chrono::duration<double>(clock::now() - run_start).count());
  }

  double seconds = 0.0;
  for (double s : run_seconds) seconds += s;
  const std::size_t conversions = args.pages.size() * static_cast<std::size_t>(args.repeat);
  const double megabytes = static_cast<double>(total_bytes) * args.repeat / 1e6;

  // Ordered, so the fields read in the same order as readability_speed.js prints them.
  nlohmann::ordered_json out;
  out["tool"] = "pagemd";
  out["pages"] = args.pages.size();
  out["bytes"] = total_bytes;
  out["repeat"] = args.repeat;
  out["conversions"] = conversions;
  out["failures"] = failures;
  out["markdown_bytes"] = markdown_bytes;
  out["seconds"] = seconds;
  out["run_seconds"] = run_seconds;
  out["median_run_seconds"] = median(run_seconds);
  out["pages_per_s"] = seconds > 0 ? static_cast<double>(conversions) / seconds : 0.0;
  out["mb_per_s"] = seconds > 0 ? megabytes / seconds : 0.0;
  out["rss_after_load_kb"] = rss_after_load;
  out["peak_rss_kb"] = peak_rss_kb();
  if (args.per_page) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < args.pages.size(); ++i) {
      list.push_back({{"path", args.pages[i].path},
                      {"bytes", args.pages[i].html.size()},
                      {"ms", page_seconds[i] * 1000.0 / args.repeat}});
    }
    out["per_page"] = std::move(list);
  }
  // Paths could hold bytes that are not UTF-8; replacing them beats throwing at the very end.
  std::cout << out.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
  return failures == 0 ? 0 : 1;
}
