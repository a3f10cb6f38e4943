#include "pagemd/batch/url_list.hpp"

#include <unordered_set>

namespace pagemd::batch {

std::vector<std::string> parse_url_list(std::string_view text) {
  std::vector<std::string> urls;
  std::unordered_set<std::string_view> seen;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    const std::size_t first = line.find_first_not_of(" \t\r\f\v");
    if (first == std::string_view::npos) continue;
    line = line.substr(first, line.find_last_not_of(" \t\r\f\v") - first + 1);
    if (line.front() == '#') continue;
    if (seen.insert(line).second) urls.emplace_back(line);
  }
  return urls;
}

}  // namespace pagemd::batch
