#include "pagemd/batch/output_names.hpp"

#include <array>
#include <cstdint>

namespace pagemd::batch {
namespace {

constexpr std::size_t kMaxStem = 100;

std::uint64_t fnv1a(std::string_view text) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  return hash;
}

std::string hex8(std::uint64_t value) {
  static constexpr std::array<char, 16> kHex{'0', '1', '2', '3', '4', '5', '6', '7',
                                             '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};
  std::string out(8, '0');
  for (std::size_t i = 0; i < 8; ++i) out[7 - i] = kHex[(value >> (4 * i)) & 0xFU];
  return out;
}

bool is_kept(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-';
}

// Appends `part` with unsafe characters as '-', never two separators in a row.
void append_part(std::string& stem, std::string_view part) {
  if (!stem.empty() && stem.back() != '_') stem += '_';
  for (const char c : part) {
    const char kept = is_kept(c) ? c : '-';
    if (kept == '-' && (stem.empty() || stem.back() == '-' || stem.back() == '_')) continue;
    stem += kept;
  }
  while (!stem.empty() && (stem.back() == '-' || stem.back() == '_')) stem.pop_back();
}

std::string_view without_page_extension(std::string_view segment) {
  for (const std::string_view extension : {".html", ".htm", ".php", ".aspx", ".asp"}) {
    if (segment.size() > extension.size() && segment.ends_with(extension)) {
      return segment.substr(0, segment.size() - extension.size());
    }
  }
  return segment;
}

}  // namespace

std::string readable_stem(std::string_view normalized_url) {
  std::string_view rest = normalized_url;
  if (const std::size_t scheme = rest.find("://"); scheme != std::string_view::npos) rest.remove_prefix(scheme + 3);
  rest = rest.substr(0, rest.find('#'));
  const std::size_t query_start = rest.find('?');
  const std::string_view query =
      query_start == std::string_view::npos ? std::string_view{} : rest.substr(query_start + 1);
  rest = rest.substr(0, query_start);
  const std::size_t path_start = rest.find('/');
  const std::string_view authority = rest.substr(0, path_start);
  std::string_view path = path_start == std::string_view::npos ? std::string_view{} : rest.substr(path_start + 1);

  std::string stem;
  append_part(stem, authority);  // a port's ':' becomes '-'
  while (!path.empty()) {
    const std::size_t slash = path.find('/');
    std::string_view segment = path.substr(0, slash);
    path = slash == std::string_view::npos ? std::string_view{} : path.substr(slash + 1);
    if (path.empty()) segment = without_page_extension(segment);
    if (!segment.empty()) append_part(stem, segment);
  }
  if (!query.empty()) append_part(stem, query);
  while (!stem.empty() && stem.front() == '.') stem.erase(0, 1);
  const bool cut = stem.size() > kMaxStem;
  if (cut) stem.resize(kMaxStem);
  if (stem.empty()) stem = "page";
  if (cut || !query.empty()) {
    stem += '-';
    stem += hex8(fnv1a(normalized_url));
  }
  return stem;
}

void NameAllocator::reserve(const std::string& url, const std::string& file) {
  by_url_[url] = file;
  taken_.insert(file);
}

std::string NameAllocator::name_for(const std::string& url, std::string_view normalized_url) {
  if (const auto found = by_url_.find(url); found != by_url_.end()) return found->second;
  const std::string stem = readable_stem(normalized_url);
  std::string name = stem + ".md";
  for (int suffix = 2; taken_.contains(name); ++suffix) name = stem + "-" + std::to_string(suffix) + ".md";
  reserve(url, name);
  return name;
}

}  // namespace pagemd::batch
