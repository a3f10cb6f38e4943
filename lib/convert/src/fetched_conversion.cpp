#include "pagemd/convert/fetched_conversion.hpp"

#include <spdlog/spdlog.h>

#include "pagemd/fetch/pdf_signature.hpp"

namespace pagemd::convert {
namespace {

core::Result<ConvertedPage> render_and_convert(const fetch::FetchedPage& fetched, const ConvertOptions& options,
                                               const Rendering& rendering, std::string_view account_id,
                                               const ConvertStep& convert) {
  auto rendered = rendering.renderer->render(fetched, render::RenderRequest{options.wait_for, std::string(account_id)},
                                             *rendering.resources);
  if (!rendered) return core::unexpected(rendered.error());
  if (rendered->cut_short) {
    spdlog::info("render: {} did not settle in time; its DOM is taken as it was", fetched.final_url);
  }
  // The serialised DOM is UTF-8 whatever the page was sent in; its language header still holds.
  Page page{std::move(rendered->html), MediaType::html, "utf-8", std::move(rendered->url), fetched.content_language};
  auto extraction = convert(page);
  if (!extraction) return core::unexpected(extraction.error());
  return ConvertedPage{std::move(*extraction), std::move(page.url), true};
}

// A failure that is the page's own verdict on itself rather than a failure of the conversion.
bool is_wall_error(const core::Error& error) {
  return error.code == core::ErrorCode::page_blocked || error.code == core::ErrorCode::page_unusable;
}

}  // namespace

core::Result<ConvertedPage> convert_fetched(fetch::FetchedPage fetched, const ConvertOptions& options,
                                            const Rendering& rendering, std::string_view account_id,
                                            const ConvertStep& convert) {
  // What a browser could run: not plain text (as page_from_fetch decides), and not a PDF, which the
  // fetcher recognised by its bytes and which has no scripts to make its content.
  const bool html = fetched.content_type != kPlainTextContentType && fetched.content_type != fetch::kPdfMediaType;
  // An error page read for its walls (fetch::may_be_wall_status) is judged as it came: there is
  // nothing in it for a browser to find, and a challenge must not run.
  const bool error_page = fetched.http_status >= 400;
  switch (options.render) {
    case render::RenderMode::always:
      if (!rendering.available()) {
        return core::unexpected(core::ErrorCode::render_unavailable,
                                "This service has no browser to render pages with.");
      }
      if (html && !error_page) {
        // pagemd never hands a challenge to a browser to solve, even when told to render every
        // page: the page as fetched is judged first, and a challenge answers as it came.
        auto as_fetched = convert(page_from_fetch(fetched));
        if (!as_fetched && as_fetched.error().code == core::ErrorCode::page_blocked) {
          return core::unexpected(as_fetched.error());
        }
        if (as_fetched && as_fetched->wall.kind == extract::WallKind::blocked) {  // accept_walls
          return ConvertedPage{std::move(*as_fetched), fetched.final_url, false};
        }
        return render_and_convert(fetched, options, rendering, account_id, convert);
      }
      break;  // plain text and PDFs have nothing to run
    case render::RenderMode::automatic:
    case render::RenderMode::never: break;
  }
  std::string final_url = fetched.final_url;
  const bool may_render =
      options.render == render::RenderMode::automatic && html && !error_page && rendering.available();
  if (!may_render) {
    auto extraction = convert(page_from_fetch(std::move(fetched)));
    if (!extraction) return core::unexpected(extraction.error());
    return ConvertedPage{std::move(*extraction), std::move(final_url), false};
  }
  // The fetched page stays for the browser, which may need it.
  auto extraction = convert(page_from_fetch(fetched));
  const bool template_page = !extraction && extraction.error().code == core::ErrorCode::page_unusable &&
                             extraction.error().reason == "needs_javascript";
  if (!extraction && !template_page) return core::unexpected(extraction.error());
  // pagemd never hands a challenge to a browser to solve.
  const bool blocked = extraction && extraction->wall.kind == extract::WallKind::blocked;
  if (template_page || (extraction->needs_script && !blocked)) {
    auto rendered = render_and_convert(fetched, options, rendering, account_id, convert);
    if (rendered || is_wall_error(rendered.error())) return rendered;
    spdlog::warn("render: {} looked like it needs scripts, but rendering failed ({}); the page is converted as fetched",
                 final_url, rendered.error().message);
    if (template_page) return core::unexpected(extraction.error());
  }
  return ConvertedPage{std::move(*extraction), std::move(final_url), false};
}

}  // namespace pagemd::convert
