#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace pagemd::batch {

// A readable file stem for a normalised http(s) URL: host (and a non-default port), path segments
// and query joined by '_', a last segment's .html/.htm/.php/.asp(x) dropped, every other character
// than [A-Za-z0-9.-] turned into '-', at most 100 characters. A URL with a query, or one cut short,
// gets 8 hex digits of a hash of the whole URL appended, so such URLs do not share a stem by accident.
// The stem never starts with '.', so it can neither hide nor climb out of the directory.
[[nodiscard]] std::string readable_stem(std::string_view normalized_url);

// Hands out unique file names (stem + ".md") in one output directory. Names the manifest already gives
// a URL stay that URL's; a new URL whose stem is taken gets "-2", "-3", ... Not thread-safe.
class NameAllocator {
 public:
  // Records that `url` owns `file` from an earlier run.
  void reserve(const std::string& url, const std::string& file);
  // The URL's file name: its reserved one, else a new unique one.
  [[nodiscard]] std::string name_for(const std::string& url, std::string_view normalized_url);

 private:
  std::unordered_map<std::string, std::string> by_url_;
  std::unordered_set<std::string> taken_;
};

}  // namespace pagemd::batch
