#include "pagemd/convert/result_json.hpp"

#include <charconv>

#include "pagemd/core/time.hpp"

namespace pagemd::convert {
namespace {

using nlohmann::json;

// Names the format of entry(): a newer layout gets a new number, and an entry of another number is
// read as an older pagemd's (JSON) or converted again. 2: metadata has content_type.
constexpr std::string_view kEntryTag = "pagemd-result/2 ";
// Entries made before content_type: served with kOlderEntriesContentType added.
constexpr std::string_view kEntryTagWithoutContentType = "pagemd-result/1 ";
static_assert(kEntryTag.size() == kEntryTagWithoutContentType.size(), "from_entry reads either header alike");

// Replacement instead of an exception: a page's text may hold invalid UTF-8 that the decoder let through.
std::string dump(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

// The metadata as every answer has it; the per-answer cache field is added by the answers themselves.
json metadata_json(const PageResult& result) {
  const extract::Metadata& m = result.extraction.metadata;
  json metadata = {
      {"title", m.title},
      {"word_count", m.word_count},
      {"links", m.links},
      {"language", m.language},
      {"language_tag", m.language_tag},
      {"timestamp", result.timestamp},
      {"page_type", extract::to_string(m.page_type)},
      {"rendered", result.rendered},
      {"content_type", m.content_type},
  };
  if (m.page_count != 0) metadata["page_count"] = m.page_count;
  const std::pair<const char*, const std::string*> optional_fields[] = {
      {"description", &m.description},  {"author", &m.author}, {"published_time", &m.published_time},
      {"site_name", &m.site_name},      {"image", &m.image},   {"canonical_url", &m.canonical_url},
      {"final_url", &result.final_url},
  };
  for (const auto& [name, value] : optional_fields) {
    if (!value->empty()) metadata[name] = *value;
  }
  if (m.paywalled) metadata["paywalled"] = true;
  // A wall converted because the caller accepted walls: what was found.
  if (const extract::Wall& wall = result.extraction.wall; wall.kind != extract::WallKind::none) {
    const bool blocked = wall.kind == extract::WallKind::blocked;
    metadata["wall"] = {{"code", blocked ? core::to_string(core::ErrorCode::page_blocked)
                                         : core::to_string(core::ErrorCode::page_unusable)},
                        {blocked ? "vendor" : "reason", wall.detail}};
  }
  return metadata;
}

const char* status_name(CacheStatus status) { return status == CacheStatus::hit ? "hit" : "miss"; }

// The members of an object's compact text: the text without its braces.
std::string_view members_of(std::string_view object_text) { return object_text.substr(1, object_text.size() - 2); }

// Reads one decimal field of an entry's header and the separator after it.
bool read_size(std::string_view& header, std::size_t& value, char separator) {
  const auto [end, error] = std::from_chars(header.data(), header.data() + header.size(), value);
  if (error != std::errc{} || end == header.data() + header.size() || *end != separator) return false;
  header.remove_prefix(static_cast<std::size_t>(end - header.data()) + 1);
  return true;
}

}  // namespace

json to_json(const PageResult& result) {
  json metadata = metadata_json(result);
  if (result.cache) {
    metadata["cache"] = {{"status", status_name(result.cache->status)},
                         {"cached_at", core::format_rfc3339(result.cache->cached_at)}};
  }
  json object = {{"markdown", result.extraction.markdown}, {"metadata", std::move(metadata)}};
  if (result.extraction.warning) object["warning"] = *result.extraction.warning;
  return object;
}

ResultText ResultText::assemble(std::string_view markdown, std::string_view members, std::string_view warning,
                                bool rendered) {
  ResultText text;
  text.rendered_ = rendered;
  text.markdown_size_ = markdown.size();
  text.metadata_size_ = members.size();
  text.warning_size_ = warning.size();
  text.text_ = std::string(kEntryTag) + (rendered ? "1 " : "0 ") + std::to_string(markdown.size()) + ' ' +
               std::to_string(members.size()) + ' ' + std::to_string(warning.size()) + '\n';
  text.pieces_at_ = text.text_.size();
  text.text_.reserve(text.pieces_at_ + text.size());
  text.text_ += markdown;
  text.text_ += members;
  text.text_ += warning;
  return text;
}

ResultText ResultText::of(const PageResult& result) {
  const std::string warning = result.extraction.warning ? dump(json(*result.extraction.warning)) : std::string{};
  return assemble(dump(json(result.extraction.markdown)), members_of(dump(metadata_json(result))), warning,
                  result.rendered);
}

std::optional<ResultText> ResultText::from_json(const json& result) {
  if (!result.is_object()) return std::nullopt;
  const auto markdown = result.find("markdown");
  const auto metadata = result.find("metadata");
  const auto warning = result.find("warning");
  if (markdown == result.end() || !markdown->is_string() || metadata == result.end() || !metadata->is_object() ||
      (warning != result.end() && !warning->is_string())) {
    return std::nullopt;
  }
  json members = *metadata;
  members.erase("cache");
  const auto rendered = members.find("rendered");
  const bool was_rendered = rendered != members.end() && rendered->is_boolean() && rendered->get<bool>();
  return assemble(dump(*markdown), members_of(dump(members)), warning == result.end() ? std::string{} : dump(*warning),
                  was_rendered);
}

std::optional<ResultText> ResultText::from_entry(std::string entry) {
  std::string_view header(entry);
  const bool without_content_type = header.starts_with(kEntryTagWithoutContentType);
  if (!header.starts_with(kEntryTag) && !without_content_type) return std::nullopt;
  header.remove_prefix(kEntryTag.size());
  ResultText text;
  std::size_t rendered = 0;
  if (!read_size(header, rendered, ' ') || rendered > 1 || !read_size(header, text.markdown_size_, ' ') ||
      !read_size(header, text.metadata_size_, ' ') || !read_size(header, text.warning_size_, '\n')) {
    return std::nullopt;
  }
  text.rendered_ = rendered == 1;
  text.pieces_at_ = entry.size() - header.size();
  // Sizes that do not add up to the text (a truncated or foreign row) make no entry; each is checked
  // alone first so that their sum cannot wrap around.
  const std::size_t available = header.size();
  if (text.markdown_size_ > available || text.metadata_size_ > available || text.warning_size_ > available ||
      text.size() != available) {
    return std::nullopt;
  }
  text.text_ = std::move(entry);
  if (without_content_type) {
    std::string members(text.metadata_members());
    if (!members.empty()) members += ',';
    members += R"("content_type":)";
    members += dump(json(kOlderEntriesContentType));
    return assemble(text.markdown(), members, text.warning(), text.rendered_);
  }
  return text;
}

void add_older_entries_content_type(json& result) {
  if (!result.is_object()) return;
  const auto metadata = result.find("metadata");
  if (metadata != result.end() && metadata->is_object() && !metadata->contains("content_type")) {
    (*metadata)["content_type"] = kOlderEntriesContentType;
  }
}

std::string cache_member(const CacheMark& cache) {
  std::string member = R"("cache":{"status":")";
  member += status_name(cache.status);
  member += R"(","cached_at":")";
  member += core::format_rfc3339(cache.cached_at);
  member += R"("})";
  return member;
}

std::string rest_body(const ResultText& result, const std::optional<CacheMark>& cache) {
  static constexpr std::size_t kFraming = 128;  // the keys, the braces and the cache member
  std::string body;
  body.reserve(result.size() + kFraming);
  body += R"({"markdown":)";
  body += result.markdown();
  body += R"(,"metadata":{)";
  body += result.metadata_members();
  if (cache) {
    if (!result.metadata_members().empty()) body += ',';
    body += cache_member(*cache);
  }
  body += '}';
  if (!result.warning().empty()) {
    body += R"(,"warning":)";
    body += result.warning();
  }
  body += '}';
  return body;
}

}  // namespace pagemd::convert
