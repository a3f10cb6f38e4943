// POST /api/v1/extract: the request body, the monthly quota around the extraction, and the answer.

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/http/field.hpp>

#include <algorithm>
#include <variant>

#include "call.hpp"
#include "pagemd/api/responses.hpp"
#include "pagemd/store/period.hpp"

namespace pagemd::api {
namespace {

namespace asio = boost::asio;
namespace http = boost::beast::http;
using core::ErrorCode;

// Enough for any real use, small enough that one request cannot make the selector engine slow.
constexpr std::size_t kMaxSelectors = 32;
constexpr std::size_t kMaxSelectorLength = 256;

core::Error bad_request(std::string message) { return {ErrorCode::invalid_request, std::move(message)}; }

std::string selector_rule(const char* field) {
  return std::string("`") + field + "` must be a list of at most " + std::to_string(kMaxSelectors) +
         " CSS selectors (strings of at most " + std::to_string(kMaxSelectorLength) + " characters).";
}

core::Result<std::vector<std::string>> parse_selectors(const nlohmann::json& body, const char* field) {
  std::vector<std::string> selectors;
  const auto found = body.find(field);
  if (found == body.end() || found->is_null()) return selectors;
  if (!found->is_array()) return core::unexpected(bad_request(selector_rule(field)));
  for (const auto& item : *found) {
    if (!item.is_string()) return core::unexpected(bad_request(selector_rule(field)));
    selectors.push_back(item.get<std::string>());
  }
  return selectors;
}

// The bounds on selectors, for the REST body and MCP's arguments alike.
core::Result<void> check_selectors(const std::vector<std::string>& selectors, const char* field) {
  const bool within = selectors.size() <= kMaxSelectors &&
                      std::all_of(selectors.begin(), selectors.end(),
                                  [](const std::string& selector) { return selector.size() <= kMaxSelectorLength; });
  if (!within) return core::unexpected(bad_request(selector_rule(field)));
  return {};
}

std::string wait_for_rule() {
  return "`wait_for` must be a CSS selector of at most " + std::to_string(kMaxSelectorLength) + " characters.";
}

core::Result<ExtractParameters> parse_body(std::string_view text) {
  const auto body = nlohmann::json::parse(text, nullptr, false);
  if (body.is_discarded() || !body.is_object()) {
    return core::unexpected(bad_request("The request body must be a JSON object such as {\"url\": \"https://...\"}."));
  }
  ExtractParameters parsed;
  const auto url = body.find("url");
  if (url == body.end() || !url->is_string()) {
    return core::unexpected(bad_request("The field `url` is required and must be a string."));
  }
  parsed.url = url->get<std::string>();

  if (const auto max_age = body.find("max_age"); max_age != body.end() && !max_age->is_null()) {
    // JSON parsers read non-negative integers as unsigned; anything else is negative or not a whole number.
    if (!max_age->is_number_unsigned()) {
      return core::unexpected(bad_request("`max_age` must be a whole number of seconds, 0 or more."));
    }
    // Beyond the cache lifetime every age is the same, and clamping keeps huge values from overflowing.
    const auto lifetime = static_cast<std::uint64_t>(std::chrono::seconds{store::kCacheLifetime}.count());
    parsed.max_age = std::chrono::seconds{static_cast<std::int64_t>(std::min(max_age->get<std::uint64_t>(), lifetime))};
  }
  if (const auto main_only = body.find("only_main_content"); main_only != body.end() && !main_only->is_null()) {
    if (!main_only->is_boolean()) return core::unexpected(bad_request("`only_main_content` must be true or false."));
    parsed.only_main_content = main_only->get<bool>();
  }
  auto include = parse_selectors(body, "include_selectors");
  if (!include) return core::unexpected(include.error());
  auto exclude = parse_selectors(body, "exclude_selectors");
  if (!exclude) return core::unexpected(exclude.error());
  parsed.include_selectors = std::move(*include);
  parsed.exclude_selectors = std::move(*exclude);
  if (const auto render = body.find("render"); render != body.end() && !render->is_null()) {
    const auto mode = render->is_string() ? render::parse_render_mode(render->get<std::string>()) : std::nullopt;
    if (!mode) return core::unexpected(bad_request(R"(`render` must be "auto", "always" or "never".)"));
    parsed.render = *mode;
  }
  if (const auto accept = body.find("accept_walls"); accept != body.end() && !accept->is_null()) {
    if (!accept->is_boolean()) return core::unexpected(bad_request("`accept_walls` must be true or false."));
    parsed.accept_walls = accept->get<bool>();
  }
  if (const auto wait_for = body.find("wait_for"); wait_for != body.end() && !wait_for->is_null()) {
    if (!wait_for->is_string()) return core::unexpected(bad_request(wait_for_rule()));
    parsed.wait_for = wait_for->get<std::string>();
  }
  return parsed;
}

Refusal monthly_limit_refusal(const Call& call, std::int64_t used, std::int64_t limit, store::Plan plan) {
  const auto now = call.services.clock.now();
  call.services.metrics.record_quota_rejection();
  return Refusal{{ErrorCode::monthly_limit_exceeded,
                  "Monthly usage limit exceeded: the " + std::string(store::to_string(plan)) + " plan allows " +
                      std::to_string(limit) + " pages a month; the limit resets at the start of next month (UTC)."},
                 std::chrono::seconds{seconds_until(now, store::usage_period(now).end)},
                 QuotaState{used, limit, plan}};
}

// A page still to be made is checked against the quota first, so an account at its limit causes no
// upstream traffic or conversion; `work` then runs off the request thread (fetch and convert wait
// on upstreams and converter processes). The refusal, or what the work made.
template <typename Work>
asio::awaitable<std::variant<Refusal, convert::ExtractOutcome>> convert_within_quota(const Call& call, Work work) {
  auto usage = call.services.store.usage(call.caller.account_id, call.caller.key_id);
  if (!usage) co_return Refusal{usage.error()};
  if (usage->used >= usage->monthly_limit) {
    co_return monthly_limit_refusal(call, usage->used, usage->monthly_limit, usage->plan);
  }
  auto made = co_await asio::co_spawn(
      call.services.slow_work,
      // asio needs a default-constructible result; core::Result is not, hence the optional.
      [&]() -> asio::awaitable<std::optional<core::Result<convert::ExtractOutcome>>> { co_return work(); },
      asio::use_awaitable);
  if (!*made) {
    Refusal refused{made->error()};
    // Converters free up within moments: a retry soon is likely to find one.
    if (refused.error.code == ErrorCode::busy) refused.retry_after = std::chrono::seconds{1};
    // A failure that knows how long waiting takes (a spent budget of failed renders) says so.
    if (refused.error.retry_after) refused.retry_after = refused.error.retry_after;
    co_return refused;
  }
  co_return std::move(**made);
}

// A served page is counted after the work (failures cost nothing) and before the answer (a served page
// is always on the books, even if the daemon dies right after).
asio::awaitable<Served> count_served(const Call& call, convert::ExtractOutcome outcome,
                                     std::optional<convert::CacheMark> cache) {
  auto counted = co_await call.page_counter.count(call.caller.account_id, call.caller.key_id);
  if (!counted) co_return Refusal{counted.error()};
  if (!counted->admitted) co_return monthly_limit_refusal(call, counted->used, counted->limit, counted->plan);
  if (cache) call.services.metrics.record_cache(cache->status == convert::CacheStatus::hit);
  co_return ServedPage{std::move(outcome.result), cache};
}

asio::awaitable<Served> counted(const Call& call, std::variant<Refusal, convert::ExtractOutcome> made, bool fetched) {
  if (auto* refused = std::get_if<Refusal>(&made)) co_return std::move(*refused);
  auto& outcome = std::get<convert::ExtractOutcome>(made);
  const auto cache = fetched ? std::optional<convert::CacheMark>{outcome.cache} : std::nullopt;
  co_return co_await count_served(call, std::move(outcome), cache);
}

}  // namespace

Response served_response(const Request& request, Served served) {
  if (auto* refused = std::get_if<Refusal>(&served)) {
    Response response = error_response(request, refused->error);
    if (refused->quota) {
      nlohmann::json body = error_body(refused->error);
      body["limit"] = refused->quota->limit;
      body["usage"] = refused->quota->used;
      body["plan"] = store::to_string(refused->quota->plan);
      response = json_response(request, http_status_of(refused->error.code), body);
    }
    if (refused->retry_after) response.set(http::field::retry_after, std::to_string(refused->retry_after->count()));
    return response;
  }
  const auto& page = std::get<ServedPage>(served);
  Response response = text_response(request, 200, "application/json", convert::rest_body(page.result, page.cache));
  // Only a fetched page was or was not in the cache; a page given whole was neither.
  if (page.cache) response.set("X-Cache", page.cache->status == convert::CacheStatus::hit ? "HIT" : "MISS");
  return response;
}

asio::awaitable<Response> handle_extract(const Call& call) {
  auto body = parse_body(call.request.body());
  if (!body) co_return error_response(call.request, body.error());
  co_return served_response(call.request, co_await serve_extract(call, std::move(*body)));
}

asio::awaitable<Served> serve_extract(const Call& call, ExtractParameters parameters) {
  for (const auto& [selectors, field] : {std::pair{&parameters.include_selectors, "include_selectors"},
                                         std::pair{&parameters.exclude_selectors, "exclude_selectors"}}) {
    if (auto checked = check_selectors(*selectors, field); !checked) co_return Refusal{checked.error()};
  }
  if (parameters.wait_for.size() > kMaxSelectorLength) co_return Refusal{bad_request(wait_for_rule())};
  auto url = call.settings.urls->parse(parameters.url);
  if (!url) co_return Refusal{url.error()};

  convert::ExtractRequest extract_request;
  extract_request.url = std::move(*url);
  extract_request.max_age = parameters.max_age;
  extract_request.options.scope =
      parameters.only_main_content ? extract::ContentScope::main_content : extract::ContentScope::whole_body;
  extract_request.options.include_selectors = std::move(parameters.include_selectors);
  extract_request.options.exclude_selectors = std::move(parameters.exclude_selectors);
  extract_request.options.render = parameters.render;
  extract_request.options.wait_for = std::move(parameters.wait_for);
  extract_request.options.accept_walls = parameters.accept_walls;
  extract_request.account_id = call.caller.account_id;
  convert::ExtractService& extractor = *call.settings.extractor;

  // A cached answer costs nothing to make, so its quota check and its count are one atomic step.
  auto cached = extractor.cached(extract_request);
  if (!cached) co_return Refusal{cached.error()};
  if (*cached) {
    const convert::CacheMark hit = (*cached)->cache;
    co_return co_await count_served(call, std::move(**cached), hit);
  }
  co_return co_await counted(
      call, co_await convert_within_quota(call, [&] { return extractor.fresh(extract_request); }), true);
}

asio::awaitable<Served> serve_convert_given(const Call& call, convert::Page page) {
  convert::ExtractService& extractor = *call.settings.extractor;
  auto made = co_await convert_within_quota(call, [&]() -> core::Result<convert::ExtractOutcome> {
    auto result = extractor.convert_given(page, {}, call.caller.account_id);
    if (!result) return core::unexpected(result.error());
    return convert::ExtractOutcome{std::move(*result), {}};
  });
  co_return co_await counted(call, std::move(made), false);
}

}  // namespace pagemd::api
