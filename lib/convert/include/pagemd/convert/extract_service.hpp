#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "pagemd/convert/fetched_conversion.hpp"
#include "pagemd/convert/page_converter.hpp"
#include "pagemd/convert/result_json.hpp"
#include "pagemd/core/clock.hpp"
#include "pagemd/core/fair_share.hpp"
#include "pagemd/fetch/fetcher.hpp"
#include "pagemd/fetch/url.hpp"
#include "pagemd/store/store.hpp"

namespace pagemd::convert {

struct ExtractRequest {
  fetch::ParsedUrl url;
  // A cached result older than this is fetched again; 0 always fetches. Empty: the cache lifetime.
  std::optional<std::chrono::seconds> max_age;
  ConvertOptions options;
  // Who asks (an account id): each account gets a fair share of the converters.
  std::string account_id;
};

// Bounds of the service on what one request may take.
struct ExtractLimits {
  // The converters shared fairly among accounts (see core::FairShare); 0 lets conversions queue on the
  // converter alone, in arrival order.
  std::size_t converter_slots = 0;
  std::chrono::milliseconds converter_wait{10'000};
  // The largest result (the JSON answer) a page may give; a larger one is unsupported_content and is
  // not cached. 0: no bound.
  std::size_t max_result_bytes = std::size_t{10} * 1024 * 1024;
  // The service's bounds of a PDF (pagemdd.conf's max_pdf_bytes, max_pdf_pages), put into every
  // conversion's options whatever the request's say.
  std::size_t max_pdf_bytes = kDefaultMaxPdfBytes;
  std::size_t max_pdf_pages = kDefaultMaxPdfPages;
};

struct ExtractOutcome {
  // The result object, with metadata.final_url, serialized once: a cache hit is answered without
  // parsing or escaping anything.
  ResultText result;
  CacheMark cache;  // metadata.cache: whether the answer comes from the cache, and made when
};

// The cache key of a request: the normalised URL plus every option that changes the output, so that
// two requests share an entry exactly when they would get the same answer.
[[nodiscard]] std::string cache_key(const ExtractRequest& request);

// The use case behind POST /extract: the shared cache, else fetch, convert and store. Thread-safe.
class ExtractService {
 public:
  // Called once per upstream fetch with whether it failed (for the daemon's metrics).
  using FetchObserver = std::function<void(bool failed)>;

  // All references, and the rendering's, must outlive the service.
  ExtractService(store::Store& store, fetch::Fetcher& fetcher, PageConverter& converter, const core::Clock& clock,
                 ExtractLimits limits = {}, FetchObserver on_fetch = {}, Rendering rendering = {});

  [[nodiscard]] bool can_render() const { return rendering_.available(); }

  // The result for the request: cached() if there is one, else fresh().
  [[nodiscard]] core::Result<ExtractOutcome> extract(const ExtractRequest& request);

  // The cached result (metadata.cache.status "hit"), if the cache holds one young enough and made
  // the way the request's render mode allows: "always" takes only a rendered copy, "never" only a
  // static one, "auto" either. Fails with internal when the cache cannot be read.
  [[nodiscard]] core::Result<std::optional<ExtractOutcome>> cached(const ExtractRequest& request);

  // Fetches and converts the page (rendered as convert_fetched says) and stores the result in the
  // cache. Fails with the fetcher's errors (url_not_allowed, fetch_failed, fetch_timeout,
  // unsupported_content, busy), the converter's (invalid_request for a bad selector,
  // unsupported_content, also for a result over the bound), the renderer's (render_unavailable, and
  // for "always" its refusal(), before anything is fetched; busy, fetch_failed, fetch_timeout), or
  // busy when the account's share of the converters stays taken.
  [[nodiscard]] core::Result<ExtractOutcome> fresh(const ExtractRequest& request);

  // Converts a page given whole (MCP's convert_html): the result object, with metadata.final_url the
  // page's URL when it has one. Nothing is fetched or cached; the fair share of converters and the
  // result bound apply as in fresh().
  [[nodiscard]] core::Result<ResultText> convert_given(const Page& page, const ConvertOptions& options,
                                                       std::string_view account_id);

 private:
  // Identical misses on several nodes sharing a store fetch once (Store::claim_fetch): how long a
  // claim holds when its node dies, and how often a waiting node looks for the result.
  static constexpr std::chrono::seconds kFetchClaimLease{20};
  static constexpr std::chrono::milliseconds kFetchClaimPoll{100};

  // Gives the claim on the key up when the fetch is over, however it ended.
  struct ClaimRelease {
    ClaimRelease(store::Store& claimed_in, const std::string& claimed_key) : store(claimed_in), key(claimed_key) {}
    ~ClaimRelease();
    store::Store& store;
    const std::string& key;
    ClaimRelease(const ClaimRelease&) = delete;
    ClaimRelease& operator=(const ClaimRelease&) = delete;
  };

  // Empty once this process holds the claim to fetch the page; the result when another node made
  // and cached it meanwhile.
  [[nodiscard]] core::Result<std::optional<ExtractOutcome>> await_fetch_claim(const ExtractRequest& request,
                                                                              const std::string& key);
  [[nodiscard]] core::Result<extract::Extraction> convert_fairly(const Page& page, const ConvertOptions& options,
                                                                 std::string_view account_id);
  // The result serialized; unsupported_content when it is over max_result_bytes.
  [[nodiscard]] core::Result<ResultText> bounded(const PageResult& result) const;
  // The cache entry read as the answer of a hit; empty when it is not a result (it is then made again).
  [[nodiscard]] std::optional<ResultText> read_entry(store::CachedResult entry, const std::string& key) const;

  store::Store& store_;
  fetch::Fetcher& fetcher_;
  PageConverter& converter_;
  const core::Clock& clock_;
  ExtractLimits limits_;
  std::optional<core::FairShare> converter_share_;
  FetchObserver on_fetch_;
  Rendering rendering_;
};

}  // namespace pagemd::convert
