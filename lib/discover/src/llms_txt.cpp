#include "pagemd/discover/llms_txt.hpp"

#include <map>

#include "pagemd/batch/robots.hpp"

namespace pagemd::discover {
namespace {

// Link text and descriptions are one line each; brackets in a title would end the link text early.
std::string one_line(std::string_view text) {
  std::string out;
  bool space = false;
  for (const char c : text) {
    if (c == '\n' || c == '\r' || c == '\t' || c == ' ') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    if (c == '[' || c == ']') out += '\\';
    out += c;
  }
  return out;
}

std::string section_of(const std::string& url) {
  const std::string path = batch::path_of_url(url);
  const std::size_t end = path.find_first_of("/?", 1);
  if (end == std::string::npos || path[end] == '?') return "Pages";
  return path.substr(1, end - 1);
}

}  // namespace

std::string format_llms_txt(const std::string& site_title, const std::string& site_description,
                            const std::vector<LlmsPage>& pages) {
  std::vector<std::string> order;
  std::map<std::string, std::string> sections;
  for (const LlmsPage& page : pages) {
    const std::string section = section_of(page.url);
    if (!sections.contains(section)) order.push_back(section);
    std::string& lines = sections[section];
    lines += "- [" + one_line(page.title.empty() ? page.url : page.title) + "](" + page.url + ")";
    if (!page.description.empty()) lines += ": " + one_line(page.description);
    lines += '\n';
  }
  std::string out = "# " + one_line(site_title) + "\n\n";
  if (!site_description.empty()) out += "> " + one_line(site_description) + "\n\n";
  for (const std::string& section : order) out += "## " + section + "\n\n" + sections[section] + "\n";
  return out;
}

std::string format_llms_full_txt(const std::vector<LlmsPage>& pages) {
  std::string out;
  for (const LlmsPage& page : pages) {
    const std::string heading = "# " + one_line(page.title.empty() ? page.url : page.title);
    std::string_view body = page.markdown;
    // The converted page starts with its title already; it is written once, above the URL.
    if (body.starts_with(heading + "\n")) body.remove_prefix(heading.size() + 1);
    while (body.starts_with('\n')) body.remove_prefix(1);
    out += heading + "\n\nURL: " + page.url + "\n\n" + std::string(body);
    if (!out.ends_with('\n')) out += '\n';
    out += '\n';
  }
  return out;
}

}  // namespace pagemd::discover
