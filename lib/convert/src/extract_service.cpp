#include "pagemd/convert/extract_service.hpp"

#include <thread>

#include <spdlog/spdlog.h>

#include "pagemd/core/time.hpp"

namespace pagemd::convert {
namespace {

// Whether a cached result answers a request of this mode.
bool acceptable(render::RenderMode mode, const ResultText& stored) {
  switch (mode) {
    case render::RenderMode::always: return stored.rendered();
    case render::RenderMode::never: return !stored.rendered();
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
      given.exclude_selectors.empty() && given.wait_for.empty() && !given.accept_walls) {
    return key;
  }
  nlohmann::json options{{"whole_body", given.scope == extract::ContentScope::whole_body},
                         {"include", given.include_selectors},
                         {"exclude", given.exclude_selectors}};
  // The render mode is not part of the key: an entry says whether it was rendered (see cached()).
  if (!given.wait_for.empty()) options["wait_for"] = given.wait_for;
  // A wall converted on request must not answer a request that did not accept walls.
  if (given.accept_walls) options["accept_walls"] = true;
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
  if (limits_.converter_slots > 0)
    converter_share_.emplace(limits_.converter_slots, limits_.converter_wait, "page converter");
}

core::Result<ExtractOutcome> ExtractService::extract(const ExtractRequest& request) {
  auto hit = cached(request);
  if (!hit) return core::unexpected(hit.error());
  if (*hit) return std::move(**hit);
  return fresh(request);
}

core::Result<std::optional<ExtractOutcome>> ExtractService::cached(const ExtractRequest& request) {
  const std::string key = cache_key(request);
  auto entry = store_.cache_get(key, request.max_age, clock_.now());
  if (!entry) return core::unexpected(entry.error());
  if (!*entry) return std::optional<ExtractOutcome>{};
  const auto cached_at = (*entry)->created_at;
  auto result = read_entry(std::move(**entry), key);
  if (!result || !acceptable(request.options.render, *result)) return std::optional<ExtractOutcome>{};
  return std::optional<ExtractOutcome>{ExtractOutcome{std::move(*result), CacheMark{CacheStatus::hit, cached_at}}};
}

std::optional<ResultText> ExtractService::read_entry(store::CachedResult entry, const std::string& key) const {
  if (!entry.result_json.starts_with('{')) {
    auto result = ResultText::from_entry(std::move(entry.result_json));
    if (!result) spdlog::warn("cache entry for {} is not a result; fetching again", key);
    return result;
  }
  // An entry of an older pagemd, which stored the answer's JSON: read once, and stored again in the
  // current form (with its age) so that later hits do not parse it.
  nlohmann::json older = nlohmann::json::parse(entry.result_json, nullptr, false);
  add_older_entries_content_type(older);
  auto result = ResultText::from_json(older);
  if (!result) {
    spdlog::warn("cache entry for {} is not a result object; fetching again", key);
    return result;
  }
  if (auto stored = store_.cache_put(key, result->entry(), entry.created_at); !stored) {
    spdlog::warn("cannot store the cache entry for {} again: {}", key, stored.error().message);
  }
  return result;
}

core::Result<std::optional<ExtractOutcome>> ExtractService::await_fetch_claim(const ExtractRequest& request,
                                                                              const std::string& key) {
  for (;;) {
    auto claimed = store_.claim_fetch(key, clock_.now(), kFetchClaimLease);
    if (!claimed) return core::unexpected(claimed.error());
    if (*claimed) {
      // The claim may come just after another node cached the page and gave its claim up, past
      // this request's look into the cache: one more look, or both nodes fetch the page.
      auto hit = cached(request);
      if (hit && !*hit) return hit;  // still a miss: this request fetches, holding the claim
      const ClaimRelease release{store_, key};
      return hit;
    }
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
  // A render the browsers would refuse anyway costs no upstream fetch ("auto" may still convert
  // the page as fetched, so it goes ahead).
  if (request.options.render == render::RenderMode::always) {
    if (auto refused = rendering_.renderer->refusal(request.account_id)) return core::unexpected(std::move(*refused));
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
  auto converted =
      convert_fetched(std::move(*page), request.options, rendering_, request.account_id,
                      [&](const Page& given) { return convert_fairly(given, request.options, request.account_id); });
  if (!converted) return core::unexpected(converted.error());
  auto result = bounded(PageResult{std::move(converted->extraction), core::format_rfc3339(fetched_at),
                                   std::move(converted->final_url), std::nullopt, converted->rendered});
  if (!result) return core::unexpected(result.error());
  if (auto stored = store_.cache_put(key, result->entry(), fetched_at); !stored) {
    // The client still gets its page; only the next request pays the fetch again.
    spdlog::error("cannot cache {}: {}", request.url.normalized, stored.error().message);
  }
  return ExtractOutcome{std::move(*result), CacheMark{CacheStatus::miss, fetched_at}};
}

core::Result<ResultText> ExtractService::convert_given(const Page& page, const ConvertOptions& options,
                                                       std::string_view account_id) {
  auto extraction = convert_fairly(page, options, account_id);
  if (!extraction) return core::unexpected(extraction.error());
  return bounded(PageResult{std::move(*extraction), core::format_rfc3339(clock_.now()), page.url, std::nullopt});
}

core::Result<extract::Extraction> ExtractService::convert_fairly(const Page& page, const ConvertOptions& options,
                                                                 std::string_view account_id) {
  std::optional<core::FairShare::Turn> turn;
  if (converter_share_) {
    auto entered = converter_share_->enter(account_id);
    if (!entered) return core::unexpected(entered.error());
    turn.emplace(std::move(*entered));
  }
  ConvertOptions bounded_options = options;
  bounded_options.max_pdf_bytes = limits_.max_pdf_bytes;
  bounded_options.max_pdf_pages = limits_.max_pdf_pages;
  return converter_.convert(page, bounded_options);
}

core::Result<ResultText> ExtractService::bounded(const PageResult& result) const {
  ResultText text = ResultText::of(result);
  if (limits_.max_result_bytes != 0 && text.size() > limits_.max_result_bytes) {
    return core::unexpected(result_too_large(text.size(), limits_.max_result_bytes));
  }
  return text;
}

}  // namespace pagemd::convert
