#pragma once

#include <chrono>
#include <cstddef>

#include "devtools_pipe.hpp"
#include "pagemd/render/renderer.hpp"

namespace pagemd::render::detail {

// What one page may take of the browser and the network.
struct PageBudget {
  std::chrono::milliseconds timeout{15'000};              // from the start of the render to the DOM read
  std::chrono::milliseconds network_quiet{500};           // after the load event, without a request in flight
  std::size_t max_requests = 100;                         // besides the document itself
  std::size_t max_bytes = std::size_t{20} * 1024 * 1024;  // every body, the document's included
  bool fetch_media = false;                               // images, media and fonts
  std::size_t fetch_threads = 6;                          // requests fetched at once
};

// Settings of a freshly started browser that hold for all its pages: every request of every target
// paused for pagemd to answer, downloads denied, new targets (popups) reported.
[[nodiscard]] core::Result<void> prepare_browser(DevToolsPipe& pipe);

struct PageOutcome {
  core::Result<RenderedPage> page;
  bool browser_usable = true;  // false: the browser hung or broke and must be replaced
};

// Renders one page in a browser context of its own, disposed of afterwards. One page at a time per browser.
[[nodiscard]] PageOutcome render_page(DevToolsPipe& pipe, const fetch::FetchedPage& document,
                                      const RenderRequest& request, fetch::ResourceFetcher& resources,
                                      const PageBudget& budget);

}  // namespace pagemd::render::detail
