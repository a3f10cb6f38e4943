#include "pagemd/convert/page_converter.hpp"

#include "pagemd/convert/result_json.hpp"

namespace pagemd::convert {
namespace {

void append_escaped(std::string& out, std::string_view text) {
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      default: out += c;
    }
  }
}

}  // namespace

std::string plain_text_as_html(std::string_view text) {
  // No <meta charset>: the decoder's sniffing (the HTTP charset, else UTF-8 detection, else
  // windows-1252) applies to the text as it would to a page.
  std::string html = "<!DOCTYPE html><html><body>";
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find("\n\n", start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view paragraph = text.substr(start, end - start);
    if (paragraph.find_first_not_of(" \t\r\n") != std::string_view::npos) {
      html += "<p>";
      append_escaped(html, paragraph);
      html += "</p>";
    }
    start = end + 2;
  }
  html += "</body></html>";
  return html;
}

core::Result<nlohmann::json> InProcessConverter::convert(const ConvertRequest& request) {
  extract::ExtractOptions options = request.options;
  std::string wrapped;
  std::string_view html = request.body;
  if (request.media_type == MediaType::plain_text) {
    wrapped = plain_text_as_html(request.body);
    html = wrapped;
    // A text file has no furniture to drop, and its paragraphs are not scored like an article's.
    options.scope = extract::ContentScope::whole_body;
  }
  auto extraction = extract::extract(html, options);
  if (!extraction) return core::unexpected(extraction.error());
  return result_to_json(*extraction, request.timestamp);
}

}  // namespace pagemd::convert
