#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "pagemd/extract/extractor.hpp"

namespace pagemd::convert {

enum class CacheStatus { hit, miss };

// metadata.content_type of a result cached before results had one. Until then pagemd refused PDFs,
// and HTML is what nearly every cached page was; a plain-text page's entry says so only once it is
// made again (when it expires, or a request's max_age asks for a fresher one).
inline constexpr std::string_view kOlderEntriesContentType = "text/html";

// metadata.cache of the daemon's answers.
struct CacheMark {
  CacheStatus status = CacheStatus::miss;
  std::chrono::system_clock::time_point cached_at;
};

// The extraction result object of spec section 2.1, typed: what the converter made of a page, plus
// when and, in the daemon, from where and whether from the cache.
struct PageResult {
  extract::Extraction extraction;
  std::string timestamp;           // RFC 3339 UTC; metadata.timestamp
  std::string final_url;           // metadata.final_url; left out when empty (a local file)
  std::optional<CacheMark> cache;  // metadata.cache; left out when empty (outside the daemon)
  bool rendered = false;           // metadata.rendered: the content is what a browser made of the page
};

// The result object as JSON, with DESIGN.md's extra metadata fields (those the page does not state
// are left out): `pagemd convert --json`.
[[nodiscard]] nlohmann::json to_json(const PageResult& result);

// A result serialized once, in the pieces every answer is put together from: the REST body, MCP's
// tool result and the cache entry only concatenate them, so a cached page is answered without
// parsing or escaping anything. The per-answer field (metadata.cache) is not among the pieces.
// Invalid UTF-8 a page let through became U+FFFD.
class ResultText {
 public:
  [[nodiscard]] static ResultText of(const PageResult& result);
  // From a result object as JSON (an answer of the daemon, or a cache entry of an older pagemd);
  // its metadata.cache, a per-answer field, is dropped. Empty when it is not a result object.
  [[nodiscard]] static std::optional<ResultText> from_json(const nlohmann::json& result);
  // From what entry() gave; empty when the text is not such an entry (an older entry is JSON:
  // read it with from_json). An entry made before metadata had content_type gets
  // kOlderEntriesContentType.
  [[nodiscard]] static std::optional<ResultText> from_entry(std::string entry);

  // The Markdown as a JSON string literal.
  [[nodiscard]] std::string_view markdown() const { return piece(0, markdown_size_); }
  // The metadata object's members as JSON text, without its braces and without `cache`.
  [[nodiscard]] std::string_view metadata_members() const { return piece(markdown_size_, metadata_size_); }
  // The warning as a JSON string literal; empty when there is none.
  [[nodiscard]] std::string_view warning() const { return piece(markdown_size_ + metadata_size_, warning_size_); }
  [[nodiscard]] bool rendered() const { return rendered_; }
  // The bytes of the pieces: about the size of an answer.
  [[nodiscard]] std::size_t size() const { return markdown_size_ + metadata_size_ + warning_size_; }

  // The text a cache stores: a one-line header that sizes the pieces, then the pieces.
  [[nodiscard]] const std::string& entry() const { return text_; }

 private:
  ResultText() = default;
  [[nodiscard]] static ResultText assemble(std::string_view markdown, std::string_view members,
                                           std::string_view warning, bool rendered);
  [[nodiscard]] std::string_view piece(std::size_t offset, std::size_t size) const {
    return std::string_view(text_).substr(pieces_at_ + offset, size);
  }

  std::string text_;
  std::size_t pieces_at_ = 0;
  std::size_t markdown_size_ = 0;
  std::size_t metadata_size_ = 0;
  std::size_t warning_size_ = 0;
  bool rendered_ = false;
};

// Gives a result object as an older pagemd cached it (JSON without metadata.content_type)
// kOlderEntriesContentType, for ResultText::from_json; leaves any other JSON as it is.
void add_older_entries_content_type(nlohmann::json& result);

// The REST API's answer body: {"markdown", "metadata": {..., "cache"?}, "warning"?}, one JSON object
// whose every key is unique.
[[nodiscard]] std::string rest_body(const ResultText& result, const std::optional<CacheMark>& cache);

// metadata.cache as JSON members text: "cache":{"status":...,"cached_at":...}.
[[nodiscard]] std::string cache_member(const CacheMark& cache);

}  // namespace pagemd::convert
