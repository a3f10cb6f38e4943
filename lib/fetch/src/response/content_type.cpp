#include "response/content_type.hpp"

#include "pagemd/core/ascii.hpp"
#include "pagemd/fetch/pdf_signature.hpp"

#include <algorithm>
#include <array>

namespace pagemd::fetch::detail {
namespace {

constexpr std::size_t kSniffBytes = 512;

std::string lower_trimmed(std::string_view text) { return core::ascii_lower_copy(core::trim(text)); }

}  // namespace

ContentType parse_content_type(std::string_view value) {
  ContentType result;
  const std::size_t semicolon = value.find(';');
  result.media_type = lower_trimmed(value.substr(0, semicolon));
  std::size_t position = semicolon;
  while (position != std::string_view::npos) {
    const std::size_t next = value.find(';', position + 1);
    const std::string_view parameter =
        value.substr(position + 1, next == std::string_view::npos ? std::string_view::npos : next - position - 1);
    position = next;
    const std::size_t equals = parameter.find('=');
    if (equals == std::string_view::npos || lower_trimmed(parameter.substr(0, equals)) != "charset") {
      continue;
    }
    std::string charset = lower_trimmed(parameter.substr(equals + 1));
    if (charset.size() >= 2 && charset.front() == '"' && charset.back() == '"') {
      charset = lower_trimmed(std::string_view(charset).substr(1, charset.size() - 2));
    }
    if (result.charset.empty()) {  // the first charset parameter wins, as in WHATWG's parser
      result.charset = std::move(charset);
    }
  }
  return result;
}

bool is_supported_media_type(std::string_view media_type) {
  return media_type == "text/html" || media_type == "application/xhtml+xml" || media_type == "text/plain";
}

BodyAdmission::BodyAdmission(std::string_view media_type, std::size_t max_page_bytes, std::size_t max_pdf_bytes)
    : max_page_bytes_(max_page_bytes),
      max_pdf_bytes_(max_pdf_bytes),
      declared_text_(media_type.empty() || is_supported_media_type(media_type)),
      typed_(!media_type.empty()) {}

std::size_t BodyAdmission::cap() const {
  if (pdf_) return *pdf_ ? max_pdf_bytes_ : max_page_bytes_;
  return declared_text_ ? std::max(max_page_bytes_, max_pdf_bytes_) : max_pdf_bytes_;
}

bool BodyAdmission::settle(std::string_view body) {
  if (!pdf_) pdf_ = looks_like_pdf(body);
  return *pdf_ || declared_text_;
}

std::string BodyAdmission::too_large_message(std::size_t cap) const {
  const bool as_pdf = cap == max_pdf_bytes_ && (is_pdf() || (!settled() && !declared_text_));
  if (as_pdf) {
    return "The target is a PDF larger than " + std::to_string(cap) +
           " bytes, the most a PDF may have (max_pdf_bytes).";
  }
  return "The target's content is larger than " + std::to_string(cap) + " bytes.";
}

std::optional<std::string> sniff_media_type(std::string_view body) {
  std::string_view head = body.substr(0, kSniffBytes);
  if (head.starts_with("\xEF\xBB\xBF")) {
    head.remove_prefix(3);
  }
  std::string_view text = head;
  while (!text.empty() && core::is_ascii_space(text.front())) text.remove_prefix(1);
  constexpr std::array<std::string_view, 6> kHtmlStarts{"<!doctype html", "<html", "<head", "<body", "<!--", "<title"};
  if (std::any_of(kHtmlStarts.begin(), kHtmlStarts.end(),
                  [&](std::string_view start) { return core::starts_with_ignore_case(text, start); })) {
    return "text/html";
  }
  if (std::any_of(head.begin(), head.end(), core::is_binary_data_byte)) {
    return std::nullopt;
  }
  return "text/plain";
}

}  // namespace pagemd::fetch::detail
