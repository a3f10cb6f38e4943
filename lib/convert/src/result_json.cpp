#include "pagemd/convert/result_json.hpp"

namespace pagemd::convert {

nlohmann::json result_to_json(const extract::Extraction& extraction, const std::string& timestamp) {
  const extract::Metadata& m = extraction.metadata;
  nlohmann::json metadata = {
      {"title", m.title},
      {"word_count", m.word_count},
      {"links", m.links},
      {"language", m.language},
      {"timestamp", timestamp},
  };
  const std::pair<const char*, const std::string*> optional_fields[] = {
      {"description", &m.description},       {"author", &m.author}, {"published_time", &m.published_time},
      {"site_name", &m.site_name},           {"image", &m.image},   {"canonical_url", &m.canonical_url},
  };
  for (const auto& [name, value] : optional_fields) {
    if (!value->empty()) metadata[name] = *value;
  }
  nlohmann::json result = {{"markdown", extraction.markdown}, {"metadata", std::move(metadata)}};
  if (extraction.warning) result["warning"] = *extraction.warning;
  return result;
}

}  // namespace pagemd::convert
