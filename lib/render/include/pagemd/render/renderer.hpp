#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "pagemd/core/result.hpp"
#include "pagemd/fetch/fetcher.hpp"

namespace pagemd::render {

// Whether a page is run in a browser before extraction (the `render` field of POST /extract).
enum class RenderMode {
  automatic,  // "auto": only a page whose own markup shows nothing without its scripts
  always,
  never,
};

[[nodiscard]] std::optional<RenderMode> parse_render_mode(std::string_view name) noexcept;
[[nodiscard]] std::string_view to_string(RenderMode mode) noexcept;

struct RenderRequest {
  // A CSS selector the page is done once it matches; empty: the load event, then the network quiet.
  std::string wait_for;
  // Who asks (an account id), for a renderer that shares its browsers fairly among accounts and
  // bounds the browser time each account's failed renders take.
  std::string account_id{};
};

struct RenderedPage {
  std::string url;         // the document's address once rendered (after in-page redirects and history changes)
  std::string html;        // the DOM serialised as UTF-8 HTML, open shadow roots in place of their hosts' children
  bool cut_short = false;  // the time bound passed first: this is what the DOM held then
};

// Runs a page in a browser whose every request goes through `resources` (the guarded fetcher).
// Thread-safe.
class Renderer {
 public:
  virtual ~Renderer() = default;
  // `document` is the page as already fetched: the browser's request for it is answered with it, so
  // a render fetches the page itself once. Fails with render_unavailable (no browser could be started),
  // busy (every browser, or the account's share of them, stayed taken), fetch_timeout (the page held
  // the browser past the bound and nothing could be read of it), fetch_failed (the browser crashed or
  // the page could not load) or as refusal() says.
  [[nodiscard]] virtual core::Result<RenderedPage> render(const fetch::FetchedPage& document,
                                                          const RenderRequest& request,
                                                          fetch::ResourceFetcher& resources) = 0;

  // Why a render for the account would be refused at once, whatever the page: asked before the page
  // is fetched, so that a refused request costs no upstream fetch either, and only then (a refusal
  // is counted as a refused render). The error carries its retry_after. Empty when a render may go
  // ahead.
  [[nodiscard]] virtual std::optional<core::Error> refusal(std::string_view /*account_id*/) { return std::nullopt; }
};

}  // namespace pagemd::render
