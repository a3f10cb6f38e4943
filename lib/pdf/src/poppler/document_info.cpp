#include "document_info.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <regex>

namespace pagemd::pdf {
namespace {

std::string lowercase(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

std::string_view trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

}  // namespace

bool is_real_title(std::string_view raw) {
  const std::string_view title = trimmed(raw);
  if (title.empty()) return false;
  const std::string lower = lowercase(title);
  // Office suites prefix the application; print drivers and converters leave the file's name.
  static constexpr std::array kPrefixes = {
      "microsoft word - ",      "microsoft powerpoint - ", "microsoft excel - ", "untitled", "document", "slide ",
      "powerpoint presentation"};
  for (const std::string_view prefix : kPrefixes) {
    if (lower.starts_with(prefix)) return false;
  }
  static const std::regex file_name(
      R"(^.*\.(docx?|pdf|odt|rtf|txt|tex|dvi|ps|eps|indd|qxd|pptx?|xlsx?|html?|md|pages|key|wpd)$)");
  if (std::regex_match(lower, file_name)) return false;
  if (lower.find('/') != std::string::npos && lower.find(' ') == std::string::npos) return false;
  if (lower.find('\\') != std::string::npos) return false;
  // A title has a word in it: "0001", "--" and "$$" are not one.
  return std::any_of(lower.begin(), lower.end(), [](unsigned char c) { return std::isalpha(c) || c >= 0x80; });
}

std::string xmp_property(std::string_view xmp, std::string_view name) {
  const std::string open = std::string("<").append(name);
  auto start = xmp.find(open);
  if (start == std::string_view::npos) {
    // As an attribute: xmp:CreateDate="2024-01-31T12:00:00Z".
    const std::string attribute = std::string(name) + "=\"";
    start = xmp.find(attribute);
    if (start == std::string_view::npos) return {};
    start += attribute.size();
    const auto end = xmp.find('"', start);
    return end == std::string_view::npos ? std::string() : std::string(trimmed(xmp.substr(start, end - start)));
  }
  const auto close = xmp.find("</" + std::string(name), start);
  if (close == std::string_view::npos) return {};
  std::string_view inner = xmp.substr(start, close - start);
  inner.remove_prefix(std::min(inner.size(), inner.find('>') + 1));
  // Lists (rdf:Seq, rdf:Alt) hold their entries in rdf:li; the first is the one wanted.
  if (const auto li = inner.find("<rdf:li"); li != std::string_view::npos) {
    inner.remove_prefix(li);
    inner.remove_prefix(std::min(inner.size(), inner.find('>') + 1));
    inner = inner.substr(0, inner.find('<'));
  }
  return std::string(trimmed(inner));
}

std::string file_name_of(std::string_view url) {
  url = url.substr(0, url.find_first_of("?#"));
  if (const auto slash = url.find_last_of('/'); slash != std::string_view::npos) url.remove_prefix(slash + 1);
  std::string name;
  for (std::size_t i = 0; i < url.size(); ++i) {
    if (url[i] == '%' && i + 2 < url.size() && std::isxdigit(static_cast<unsigned char>(url[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(url[i + 2]))) {
      name += static_cast<char>(std::stoi(std::string(url.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else {
      name += url[i];
    }
  }
  return name;
}

}  // namespace pagemd::pdf
