#pragma once

#include <functional>
#include <string>

#include "pagemd/convert/page_converter.hpp"
#include "pagemd/render/renderer.hpp"

namespace pagemd::convert {

// What pages are rendered with: a browser and the guarded fetcher that answers its requests. Without
// both, rendering is unavailable.
struct Rendering {
  render::Renderer* renderer = nullptr;
  fetch::ResourceFetcher* resources = nullptr;

  [[nodiscard]] bool available() const { return renderer != nullptr && resources != nullptr; }
};

// A fetched page's conversion, and what it was made from.
struct ConvertedPage {
  extract::Extraction extraction;
  std::string final_url;  // the address the content came from (a rendered page's, after its scripts)
  bool rendered = false;
};

using ConvertStep = std::function<core::Result<extract::Extraction>(const Page&)>;

// The path from a fetched page to its content, shared by the daemon and `pagemd batch`:
//  - render never: `convert` on the page as fetched;
//  - always: the page rendered (render_unavailable without a browser), then converted; a bot
//    challenge is judged on the page as fetched and never rendered (page_blocked, or with
//    accept_walls the page as fetched);
//  - auto: converted as fetched, and rendered then converted again only when the static page looks
//    like an app shell (Extraction::needs_script) or is still a template (page_unusable,
//    needs_javascript); a render that fails then leaves the static result (or that error). A bot
//    challenge (Extraction::wall blocked) is never rendered;
//  - a page with an error status (fetch::may_be_wall_status) is converted as it came, in any mode.
// A render answers the browser's request for the page with `fetched`, so the page is fetched once.
// `account_id` is who asks (render::RenderRequest::account_id).
[[nodiscard]] core::Result<ConvertedPage> convert_fetched(fetch::FetchedPage fetched, const ConvertOptions& options,
                                                          const Rendering& rendering, std::string_view account_id,
                                                          const ConvertStep& convert);

}  // namespace pagemd::convert
