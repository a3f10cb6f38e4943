#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "pagemd/core/result.hpp"
#include "pagemd/extract/extractor.hpp"

namespace pagemd::convert {

enum class MediaType { html, plain_text };

struct ConvertRequest {
  std::string body;  // the page's bytes as fetched (any charset)
  MediaType media_type = MediaType::html;
  extract::ExtractOptions options;
  std::string timestamp;  // RFC 3339; becomes metadata.timestamp
};

// Turns a page into the result object of the API (result_json.hpp). Thread-safe.
class PageConverter {
 public:
  virtual ~PageConverter() = default;
  // Fails with invalid_request for a malformed selector, and with unsupported_content when the page
  // could not be converted (an isolated converter crashed or ran out of time or memory).
  [[nodiscard]] virtual core::Result<nlohmann::json> convert(const ConvertRequest& request) = 0;
};

// Converts in the calling thread: for the CLI, where a page that takes the process down takes down only
// the one command that asked for it.
class InProcessConverter final : public PageConverter {
 public:
  [[nodiscard]] core::Result<nlohmann::json> convert(const ConvertRequest& request) override;
};

// The HTML the engine gets for a plain-text page: its paragraphs (blank-line separated) escaped, so the
// text comes out as text and not as markup.
[[nodiscard]] std::string plain_text_as_html(std::string_view text);

}  // namespace pagemd::convert
