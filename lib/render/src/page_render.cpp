#include "page_render.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "page_scripts.hpp"
#include "request_broker.hpp"

namespace pagemd::render::detail {
namespace {

using std::chrono::milliseconds;

// How often the renderer looks at the clock, the network and the wait_for selector.
constexpr milliseconds kTick{50};
// Time left for reading the DOM once the bound has passed, and for tearing the page down.
constexpr milliseconds kReadGrace{3000};
constexpr milliseconds kTeardown{5000};

core::Unexpected failed(std::string message) {
  return core::unexpected(core::ErrorCode::fetch_failed, std::move(message));
}

// Handles what a page may raise while it loads; true once the page's renderer has crashed.
bool handle_event(DevToolsPipe& pipe, const DevToolsEvent& event, const std::string& session, const std::string& target,
                  bool& loaded) {
  if (event.method == "Page.loadEventFired" && event.session_id == session) {
    loaded = true;
  } else if (event.method == "Page.javascriptDialogOpening") {
    pipe.send("Page.handleJavaScriptDialog", {{"accept", false}}, event.session_id);
  } else if (event.method == "Target.targetCreated") {
    // A popup (window.open, target=_blank clicked by a script) is closed before it loads anything.
    const nlohmann::json& info = event.params["targetInfo"];
    const std::string id = info.value("targetId", "");
    if (info.value("type", "") == "page" && id != target) pipe.send("Target.closeTarget", {{"targetId", id}});
  } else if (event.method == "Inspector.targetCrashed" && event.session_id == session) {
    return true;
  }
  return false;
}

// Whether the selector matches in the page yet (false also when the page is too busy to say).
bool selector_matches(DevToolsPipe& pipe, const std::string& session, const std::string& selector) {
  const std::string expression = "!!document.querySelector(" + nlohmann::json(selector).dump() + ")";
  auto reply = pipe.call("Runtime.evaluate", {{"expression", expression}, {"returnByValue", true}}, session,
                         Clock::now() + milliseconds{500});
  return reply && reply->contains("result") && (*reply)["result"].value("value", false);
}

core::Result<RenderedPage> read_dom(DevToolsPipe& pipe, const std::string& session, Clock::time_point deadline) {
  auto reply =
      pipe.call("Runtime.evaluate", {{"expression", kSerializeDom}, {"returnByValue", true}}, session, deadline);
  if (!reply) return core::unexpected(reply.error());
  if (reply->contains("exceptionDetails")) return failed("The rendered page could not be read.");
  const nlohmann::json value = (*reply)["result"].value("value", nlohmann::json::object());
  if (!value.is_object() || !value.contains("html") || !value["html"].is_string()) {
    return failed("The rendered page could not be read.");
  }
  return RenderedPage{value.value("url", ""), value["html"].get<std::string>(), false};
}

}  // namespace

core::Result<void> prepare_browser(DevToolsPipe& pipe) {
  const auto deadline = Clock::now() + milliseconds{5000};
  for (const auto& [method, params] : std::initializer_list<std::pair<const char*, nlohmann::json>>{
           {"Fetch.enable",
            {{"patterns", nlohmann::json::array({{{"urlPattern", "*"}, {"requestStage", "Request"}}})}}},
           {"Browser.setDownloadBehavior", {{"behavior", "deny"}}},
           {"Target.setDiscoverTargets", {{"discover", true}}},
       }) {
    auto reply = pipe.call(method, params, {}, deadline);
    if (!reply) return core::unexpected(reply.error());
  }
  return {};
}

PageOutcome render_page(DevToolsPipe& pipe, const fetch::FetchedPage& document, const RenderRequest& request,
                        fetch::ResourceFetcher& resources, const PageBudget& budget) {
  const auto start = Clock::now();
  const auto deadline = start + budget.timeout;
  pipe.discard_events();

  auto context = pipe.call("Target.createBrowserContext", nlohmann::json::object(), {}, deadline);
  if (!context) return {core::unexpected(context.error()), false};
  const std::string context_id = context->value("browserContextId", "");

  PageOutcome outcome{failed("The page could not be rendered."), true};
  [&] {
    auto target =
        pipe.call("Target.createTarget", {{"url", "about:blank"}, {"browserContextId", context_id}}, {}, deadline);
    if (!target) {
      outcome.page = core::unexpected(target.error());
      return;
    }
    const std::string target_id = target->value("targetId", "");
    auto attached = pipe.call("Target.attachToTarget", {{"targetId", target_id}, {"flatten", true}}, {}, deadline);
    if (!attached) {
      outcome.page = core::unexpected(attached.error());
      return;
    }
    const std::string session = attached->value("sessionId", "");
    for (const auto& [method, params] : std::initializer_list<std::pair<const char*, nlohmann::json>>{
             {"Page.enable", nlohmann::json::object()},
             {"Page.addScriptToEvaluateOnNewDocument", {{"source", kPageGuard}}},
         }) {
      if (auto reply = pipe.call(method, params, session, deadline); !reply) {
        outcome.page = core::unexpected(reply.error());
        return;
      }
    }

    RequestBroker broker(pipe, document, resources, budget, deadline);
    pipe.set_event_handler([&broker](DevToolsEvent& event) {
      if (event.method != "Fetch.requestPaused") return false;
      broker.on_paused(event.params);
      return true;
    });
    struct HandlerReset {
      DevToolsPipe& pipe;
      ~HandlerReset() { pipe.set_event_handler({}); }
    } reset_handler{pipe};

    auto navigated = pipe.call("Page.navigate", {{"url", document.final_url}}, session, deadline);
    if (!navigated) {
      outcome.page = core::unexpected(navigated.error());
      outcome.browser_usable = !pipe.broken();
      return;
    }
    if (const std::string error = navigated->value("errorText", ""); !error.empty()) {
      outcome.page = failed("The browser could not load the page: " + error);
      return;
    }

    bool loaded = false;
    bool done = false;
    auto next_selector_check = Clock::now();
    while (!done && Clock::now() < deadline) {
      if (auto event = pipe.next_event(std::min(deadline, Clock::now() + kTick))) {
        if (handle_event(pipe, *event, session, target_id, loaded)) {
          outcome.page = failed("The page crashed the browser's renderer.");
          return;
        }
        continue;
      }
      if (pipe.broken()) {
        outcome.page = failed("The browser stopped while rendering the page.");
        outcome.browser_usable = false;
        return;
      }
      if (!request.wait_for.empty()) {
        if (Clock::now() >= next_selector_check) {
          done = selector_matches(pipe, session, request.wait_for);
          next_selector_check = Clock::now() + kTick * 2;
        }
      } else {
        done = loaded && broker.quiet_for() >= budget.network_quiet;
      }
    }
    const bool cut_short = !done;
    if (cut_short) {
      // A script that never yields keeps the DOM from being read: stop it, then read what is there.
      pipe.send("Runtime.terminateExecution", nlohmann::json::object(), session);
    }
    auto page = read_dom(pipe, session, std::max(deadline, Clock::now()) + (cut_short ? kReadGrace : kTeardown));
    if (!page) {
      outcome.browser_usable = !pipe.broken();
      outcome.page = page.error().code == core::ErrorCode::fetch_timeout
                         ? core::unexpected(core::ErrorCode::fetch_timeout,
                                            "The page did not finish rendering in time, and its scripts kept "
                                            "the browser from reading it.")
                         : core::unexpected(page.error());
      return;
    }
    page->cut_short = cut_short;
    if (page->url.empty()) page->url = document.final_url;
    // A navigation that failed after it started (a hop the broker refused, a connection that broke)
    // leaves the browser on its own error page: that is no rendering of the page.
    if (!page->url.starts_with("http://") && !page->url.starts_with("https://")) {
      outcome.page = failed("The browser could not load the page (it ended on " + page->url.substr(0, 64) + ").");
      return;
    }
    spdlog::debug("render: {} in {} ms, {} requests{}", document.final_url,
                  std::chrono::duration_cast<milliseconds>(Clock::now() - start).count(), broker.requests_seen(),
                  cut_short ? ", cut short" : "");
    outcome.page = std::move(*page);
  }();
  // Whatever happened, the context goes, and with it the page, its storage and its cache. A browser
  // that cannot even do that is replaced.
  const bool disposed = !pipe.broken() && pipe.call("Target.disposeBrowserContext", {{"browserContextId", context_id}},
                                                    {}, Clock::now() + kTeardown);
  if (!disposed) outcome.browser_usable = false;
  return outcome;
}

}  // namespace pagemd::render::detail
