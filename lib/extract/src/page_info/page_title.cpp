#include "page_info/page_title.hpp"

#include <cstddef>
#include <optional>
#include <utility>

#include "text/text_util.hpp"
#include "text/words.hpp"

namespace pagemd::extract::metadata_detail {
namespace {

constexpr std::string_view kTitleSeparators[] = {" | ",  " - ",      " \u2013 ", " \u2014 ",
                                                 " :: ", " \u00B7 ", " \u00BB ", " / "};

struct Span {
  std::size_t begin;
  std::size_t end;
};

std::vector<Span> split_title(std::string_view title) {
  std::vector<Span> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i < title.size(); ++i) {
    if (title[i] != ' ') continue;
    for (const std::string_view sep : kTitleSeparators) {
      if (title.substr(i, sep.size()) == sep) {
        if (i > start) parts.push_back({start, i});
        start = i + sep.size();
        i = start - 1;
        break;
      }
    }
  }
  if (start < title.size()) parts.push_back({start, title.size()});
  return parts;
}

// Letters and digits only, lower-cased: "Example.com", "EXAMPLE" and "Example" compare by what
// a reader sees, not by punctuation.
std::string name_key(std::string_view s) {
  std::string key;
  for (const char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80 || (c >= '0' && c <= '9')) {
      key += c;
    } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      key += ascii_lower(c);
    }
  }
  return key;
}

// A bare domain ("www.example.com") named by its site label ("example").
std::string_view domain_label(std::string_view s) {
  if (s.find(' ') != std::string_view::npos) return s;
  const std::size_t dot = s.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return s;
  std::string_view label = s.substr(0, dot);
  if (starts_with_ignore_case(label, "www.")) label.remove_prefix(4);
  return label;
}

bool names_site(std::string_view part, const std::vector<std::string>& site_keys) {
  const std::string whole = name_key(part);
  const std::string label = name_key(domain_label(part));
  for (const std::string& key : site_keys) {
    if (key == whole || key == label) return true;
  }
  return false;
}

}  // namespace

std::string trim_site_name(const std::string& title, const std::vector<std::string>& site_names,
                           const std::vector<std::string_view>& headings) {
  const std::vector<Span> parts = split_title(title);
  if (parts.size() < 2) return title;
  auto text = [&](std::size_t first, std::size_t last) {
    return title.substr(parts[first].begin, parts[last].end - parts[first].begin);
  };
  std::vector<std::string> site_keys;
  for (const std::string& name : site_names) {
    std::string key = name_key(name);
    if (!key.empty()) site_keys.push_back(std::move(key));
  }

  // The page's own heading settles it: the longest run of parts that some <h1> repeats.
  constexpr std::size_t kMaxParts = 12;
  if (parts.size() <= kMaxParts) {
    std::optional<std::pair<std::size_t, std::size_t>> best;
    for (const std::string_view heading : headings) {
      if (heading.empty()) continue;
      if (equals_ignore_case(heading, title)) return title;
      for (std::size_t first = 0; first < parts.size(); ++first) {
        for (std::size_t last = first; last < parts.size(); ++last) {
          if (first == last && names_site(text(first, last), site_keys)) continue;
          if (!equals_ignore_case(heading, text(first, last))) continue;
          if (!best || last - first > best->second - best->first) best = std::make_pair(first, last);
        }
      }
    }
    if (best) return text(best->first, best->second);
  }

  if (!site_keys.empty()) {
    std::size_t first = 0;
    std::size_t last = parts.size() - 1;
    while (first < last && names_site(text(last, last), site_keys)) --last;
    while (first < last && names_site(text(first, first), site_keys)) ++first;
    return text(first, last);
  }

  constexpr std::size_t kMaxSiteNameWords = 4;
  const std::size_t n = parts.size();
  const std::size_t last_words = count_words(text(n - 1, n - 1));
  if (last_words <= kMaxSiteNameWords && count_words(text(0, n - 2)) > last_words) return text(0, n - 2);
  const std::size_t first_words = count_words(text(0, 0));
  if (first_words <= kMaxSiteNameWords && count_words(text(1, n - 1)) > first_words) return text(1, n - 1);
  return title;
}

}  // namespace pagemd::extract::metadata_detail
