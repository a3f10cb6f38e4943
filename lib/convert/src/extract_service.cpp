#include "pagemd/convert/extract_service.hpp"

#include <thread>

#include <spdlog/spdlog.h>

#include "pagemd/core/time.hpp"

namespace pagemd::convert {
namespace {

// A stored result says "status":"miss" in its metadata.cache. Keys are serialized in sorted order, so
// "cache" opens "metadata" and its "cached_at" (a fixed-width RFC 3339 time) precedes "status". Inside
// JSON strings every quote is escaped, so the first unescaped match is the field itself.
constexpr std::string_view kCacheFieldStart = R"("metadata":{"cache":{"cached_at":")";
constexpr std::string_view kStoredStatus = R"(","status":"miss"})";
constexpr std::string_view kHitStatus = R"(","status":"hit"})";
constexpr std::size_t kTimestampLength = std::string_view("2026-01-01T00:00:00Z").size();

// The stored text turned into a hit's answer by editing the status in place; false when the text
// does not have the expected shape (then the caller parses it instead).
bool mark_as_hit(std::string& stored) {
  const auto start = stored.find(kCacheFieldStart);
  if (start == std::string::npos) return false;
  const auto status = start + kCacheFieldStart.size() + kTimestampLength;
  if (stored.compare(status, kStoredStatus.size(), kStoredStatus) != 0) return false;
  stored.replace(status, kStoredStatus.size(), kHitStatus);
  return true;
}

// Whether a stored result was rendered. Inside JSON strings quotes are escaped, so only the metadata
// field itself can match; an entry from before rendering existed has none and was not rendered.
bool stored_rendered(std::string_view stored) { return stored.find(R"("rendered":true)") != std::string_view::npos; }

// Whether the stored text answers a request of this mode. "auto" takes any copy without reading it:
// the metadata comes after the Markdown, so the question costs a scan of the whole result.
bool acceptable(render::RenderMode mode, std::string_view stored) {
  switch (mode) {
    case render::RenderMode::always: return stored_rendered(stored);
    case render::RenderMode::never: return !stored_rendered(stored);
    case render::RenderMode::automatic: return true;
  }
  return true;
}

}  // namespace

std::string cache_key(const ExtractRequest& request) {
  // The bare URL for the default options keeps the common entry readable in the database.
  std::string key = request.url.normalized;
  const ConvertOptions& given = request.options;
  if (given.scope == extract::ContentScope::main_content && given.include_selectors.empty() &&
      given.exclude_selectors.empty() && given.wait_for.empty()) {
    return key;
  }
  nlohmann::json options{{"whole_body", given.scope == extract::ContentScope::whole_body},
                         {"include", given.include_selectors},
                         {"exclude", given.exclude_selectors}};
  // The render mode is not part of the key: an entry says whether it was rendered (see cached()).
  if (!given.wait_for.empty()) options["wait_for"] = given.wait_for;
  key += ' ';
  key += options.dump();
  return key;
}

ExtractService::ExtractService(store::Store& store, fetch::Fetcher& fetcher, PageConverter& converter,
                               const core::Clock& clock, ExtractLimits limits, FetchObserver on_fetch,
                               Rendering rendering)
    : store_(store),
      fetcher_(fetcher),
      converter_(converter),
      clock_(clock),
      limits_(limits),
      on_fetch_(std::move(on_fetch)),
      rendering_(rendering) {
  if (limits_.converter_slots > 0) converter_share_.emplace(limits_.converter_slots, limits_.converter_wait);
}

core::Result<ExtractOutcome> ExtractService::extract(const ExtractRequest& request) {
  auto hit = cached(request);
  if (!hit) return core::unexpected(hit.error());
  if (*hit) return std::move(**hit);
  return fresh(request);
}

core::Result<std::optional<ExtractOutcome>> ExtractService::cached(const ExtractRequest& request) {
  auto entry = store_.cache_get(cache_key(request), request.max_age, clock_.now());
  if (!entry) return core::unexpected(entry.error());
  if (!*entry) return std::optional<ExtractOutcome>{};
  std::string text = std::move((*entry)->result_json);
  if (!acceptable(request.options.render, text)) return std::optional<ExtractOutcome>{};
  if (mark_as_hit(text)) return std::optional<ExtractOutcome>{ExtractOutcome{std::move(text), CacheStatus::hit}};
  auto result = nlohmann::json::parse(text, nullptr, false);
  if (result.is_discarded() || !result.is_object() || !result.contains("metadata")) {
    spdlog::warn("cache entry for {} is not a result object; fetching again", request.url.normalized);
    return std::optional<ExtractOutcome>{};
  }
  // An entry written by another version of pagemd: its fields stay as stored, its status is the hit's.
  result["metadata"]["cache"] = {{"status", "hit"}, {"cached_at", core::format_rfc3339((*entry)->created_at)}};
  return std::optional<ExtractOutcome>{
      ExtractOutcome{result.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), CacheStatus::hit}};
}

core::Result<std::optional<ExtractOutcome>> ExtractService::await_fetch_claim(const ExtractRequest& request,
                                                                              const std::string& key) {
  for (;;) {
    auto claimed = store_.claim_fetch(key, clock_.now(), kFetchClaimLease);
    if (!claimed) return core::unexpected(claimed.error());
    if (*claimed) return std::optional<ExtractOutcome>{};
    // Another node fetches this page now: its result, once cached, is this request's too. If it
    // fails, it gives the claim up (or its lease runs out) and this request fetches for itself.
    std::this_thread::sleep_for(kFetchClaimPoll);
    auto hit = cached(request);
    if (!hit || *hit) return hit;
  }
}

ExtractService::ClaimRelease::~ClaimRelease() {
  if (auto released = store.release_fetch(key); !released) {
    // The lease runs out by itself; until then other nodes wait for a result that will not come.
    spdlog::warn("cannot release the fetch claim: {}", released.error().message);
  }
}

core::Result<ExtractOutcome> ExtractService::fresh(const ExtractRequest& request) {
  if (request.options.render == render::RenderMode::always && !rendering_.available()) {
    return core::unexpected(core::ErrorCode::render_unavailable, "This service has no browser to render pages with.");
  }
  const std::string key = cache_key(request);
  auto made_elsewhere = await_fetch_claim(request, key);
  if (!made_elsewhere) return core::unexpected(made_elsewhere.error());
  if (*made_elsewhere) return std::move(**made_elsewhere);
  const ClaimRelease release{store_, key};
  auto page = fetcher_.fetch(request.url);
  if (on_fetch_) on_fetch_(!page.has_value());
  if (!page) return core::unexpected(page.error());

  const auto fetched_at = clock_.now();
  auto converted = convert_fetched(std::move(*page), request.options, rendering_, [&](const Page& given) {
    return convert_fairly(given, request.options, request.account_id);
  });
  if (!converted) return core::unexpected(converted.error());
  auto text = bounded_json(PageResult{std::move(converted->extraction), core::format_rfc3339(fetched_at),
                                      std::move(converted->final_url), CacheMark{CacheStatus::miss, fetched_at},
                                      converted->rendered});
  if (!text) return core::unexpected(text.error());
  if (auto stored = store_.cache_put(key, *text, fetched_at); !stored) {
    // The client still gets its page; only the next request pays the fetch again.
    spdlog::error("cannot cache {}: {}", request.url.normalized, stored.error().message);
  }
  return ExtractOutcome{std::move(*text), CacheStatus::miss};
}

core::Result<std::string> ExtractService::convert_given(const Page& page, const ConvertOptions& options,
                                                        std::string_view account_id) {
  auto extraction = convert_fairly(page, options, account_id);
  if (!extraction) return core::unexpected(extraction.error());
  return bounded_json(PageResult{std::move(*extraction), core::format_rfc3339(clock_.now()), page.url, std::nullopt});
}

core::Result<extract::Extraction> ExtractService::convert_fairly(const Page& page, const ConvertOptions& options,
                                                                 std::string_view account_id) {
  std::optional<FairShare::Turn> turn;
  if (converter_share_) {
    auto entered = converter_share_->enter(account_id);
    if (!entered) return core::unexpected(entered.error());
    turn.emplace(std::move(*entered));
  }
  return converter_.convert(page, options);
}

core::Result<std::string> ExtractService::bounded_json(const PageResult& result) const {
  std::string text = to_json_text(result);
  if (limits_.max_result_bytes != 0 && text.size() > limits_.max_result_bytes) {
    return core::unexpected(result_too_large(text.size(), limits_.max_result_bytes));
  }
  return text;
}

}  // namespace pagemd::convert
