#pragma once

// Loading benchmark pages (plain or .gz files, or a manifest of "path<TAB>url" lines) for the C++
// benchmark programs. Header-only: each program is one file plus this.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#ifdef PAGEMD_BENCH_HAVE_ZLIB
#include <zlib.h>
#endif

namespace pagemd::bench {

struct Page {
  std::string path;
  std::string url;
  std::string html;
};

[[noreturn]] inline void fail(const std::string& message) {
  std::cerr << "bench: " << message << '\n';
  std::exit(2);
}

inline bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

inline std::string read_plain(const std::string& path) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) fail("cannot open " + path);
  std::string bytes;
  char buffer[1 << 16];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, file.get())) > 0) bytes.append(buffer, n);
  if (std::ferror(file.get()) != 0) fail("read error in " + path);
  return bytes;
}

inline std::string read_gzip(const std::string& path) {
#ifdef PAGEMD_BENCH_HAVE_ZLIB
  std::unique_ptr<gzFile_s, int (*)(gzFile)> file(gzopen(path.c_str(), "rb"), &gzclose);
  if (!file) fail("cannot open " + path);
  std::string bytes;
  char buffer[1 << 16];
  int n = 0;
  while ((n = gzread(file.get(), buffer, sizeof buffer)) > 0) bytes.append(buffer, static_cast<std::size_t>(n));
  if (n < 0) fail("corrupt gzip data in " + path);
  return bytes;
#else
  fail("built without zlib, cannot read " + path + " (decompress it first)");
#endif
}

inline std::string read_page(const std::string& path) {
  return ends_with(path, ".gz") ? read_gzip(path) : read_plain(path);
}

inline void load_manifest(const std::string& manifest, std::vector<Page>& pages) {
  std::ifstream in(manifest);
  if (!in) fail("cannot open manifest " + manifest);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    const std::size_t tab = line.find('\t');
    Page page;
    page.path = line.substr(0, tab);
    if (tab != std::string::npos) page.url = line.substr(tab + 1);
    pages.push_back(std::move(page));
  }
}

// The wall time `work` takes, in seconds.
template <typename Work>
double seconds_of(Work&& work) {
  const auto start = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The arguments of a program that times pages, "[--repeat N] [--manifest FILE] [FILE...]", with the
// pages read: `repeat` is set when given; anything else ends the program with `usage`.
inline std::vector<Page> pages_from_arguments(int argc, char** argv, int& repeat, const std::string& usage) {
  std::vector<Page> pages;
  const std::vector<std::string> words(argv + 1, argv + argc);
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "--repeat" && i + 1 < words.size()) {
      repeat = std::max(1, std::atoi(words[++i].c_str()));
    } else if (words[i] == "--manifest" && i + 1 < words.size()) {
      load_manifest(words[++i], pages);
    } else if (!words[i].empty() && words[i].front() == '-') {
      fail(usage);
    } else {
      pages.push_back({words[i], {}, {}});
    }
  }
  if (pages.empty()) fail("no pages given");
  for (auto& page : pages) page.html = read_page(page.path);
  return pages;
}

}  // namespace pagemd::bench
