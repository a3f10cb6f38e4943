#include "pagemd/convert/result_json.hpp"

#include "pagemd/core/time.hpp"

namespace pagemd::convert {

nlohmann::json to_json(const PageResult& result) {
  const extract::Extraction& extraction = result.extraction;
  const extract::Metadata& m = extraction.metadata;
  nlohmann::json metadata = {
      {"title", m.title},
      {"word_count", m.word_count},
      {"links", m.links},
      {"language", m.language},
      {"language_tag", m.language_tag},
      {"timestamp", result.timestamp},
      {"page_type", extract::to_string(m.page_type)},
      {"rendered", result.rendered},
  };
  const std::pair<const char*, const std::string*> optional_fields[] = {
      {"description", &m.description},  {"author", &m.author}, {"published_time", &m.published_time},
      {"site_name", &m.site_name},      {"image", &m.image},   {"canonical_url", &m.canonical_url},
      {"final_url", &result.final_url},
  };
  for (const auto& [name, value] : optional_fields) {
    if (!value->empty()) metadata[name] = *value;
  }
  if (result.cache) {
    metadata["cache"] = {{"status", result.cache->status == CacheStatus::hit ? "hit" : "miss"},
                         {"cached_at", core::format_rfc3339(result.cache->cached_at)}};
  }
  nlohmann::json json = {{"markdown", extraction.markdown}, {"metadata", std::move(metadata)}};
  if (extraction.warning) json["warning"] = *extraction.warning;
  return json;
}

std::string to_json_text(const PageResult& result) {
  return to_json(result).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace pagemd::convert
