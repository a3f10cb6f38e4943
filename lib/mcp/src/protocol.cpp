#include "pagemd/mcp/protocol.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace pagemd::mcp {
namespace {

using nlohmann::json;

constexpr std::array<std::string_view, 2> kSupportedVersions{"2025-06-18", "2025-03-26"};

// Enough for any real use; the same bounds as POST /api/v1/extract.
constexpr std::size_t kMaxSelectors = 32;

const json& selector_list_schema() {
  static const json schema = {
      {"type", "array"},
      {"items", {{"type", "string"}}},
      {"maxItems", kMaxSelectors},
  };
  return schema;
}

// What extract and convert_html return as structured content.
json page_output_schema() {
  return {
      {"type", "object"},
      {"properties",
       {{"title", {{"type", "string"}}},
        {"final_url", {{"type", "string"}, {"description", "The address after redirects."}}},
        {"word_count", {{"type", "integer"}}},
        {"language", {{"type", "string"}, {"description", "\"en\" for English text, else \"unknown\"."}}},
        {"language_tag",
         {{"type", "string"}, {"description", "BCP 47 tag of the text's language; \"und\" if unclear."}}},
        {"links", {{"type", "array"}, {"items", {{"type", "string"}}}}},
        {"page_type",
         {{"type", "string"},
          {"enum", {"article", "forum", "product", "collection", "listing", "documentation", "service", "document"}},
          {"description", "\"document\" for a PDF."}}},
        {"rendered", {{"type", "boolean"}, {"description", "Whether the page was rendered with JavaScript."}}},
        {"content_type",
         {{"type", "string"},
          {"enum", {"text/html", "text/plain", "application/pdf"}},
          {"description", "What the page was: HTML, plain text or a PDF (known by its bytes)."}}},
        {"page_count", {{"type", "integer"}, {"description", "A PDF's number of pages; absent for other pages."}}},
        {"warning",
         {{"type", "string"},
          {"description", "Present when the content is thin (under 200 words) or only a paywall's teaser."}}},
        {"paywalled", {{"type", "boolean"}, {"description", "Present (true) when a paywall cut the page short."}}},
        {"wall",
         {{"type", "object"},
          {"properties",
           {{"code", {{"type", "string"}}}, {"vendor", {{"type", "string"}}}, {"reason", {{"type", "string"}}}}},
          {"description",
           "Present when accept_walls converted a wall: the error code it would have been, with the "
           "vendor that blocked or the reason the page is unusable."}}}}},
      {"required", {"title", "word_count", "language", "links", "page_type", "rendered", "content_type"}},
  };
}

json extract_tool() {
  return {
      {"name", "extract"},
      {"title", "Web page to Markdown"},
      {"description",
       "Fetch a public web page or PDF and return its main content as clean Markdown (no navigation, ads, "
       "footers, cookie banners or comments), with its title, final URL, word count, language, links, "
       "page type and content type (a PDF's page count too) as structured content. Results are cached "
       "for a week; pass max_age to get a fresher copy. Use include_selectors / exclude_selectors (simple "
       "CSS) to keep or drop parts of the page. Only public http(s) addresses can be fetched."},
      {"inputSchema",
       {{"type", "object"},
        {"properties",
         {{"url", {{"type", "string"}, {"description", "The page's http or https address."}}},
          {"render",
           {{"type", "boolean"},
            {"description",
             "true: run the page in a browser first (for pages built by JavaScript); false: never. "
             "Left out, pages are rendered only when their HTML shows next to nothing without "
             "scripts. The result says whether it was rendered."}}},
          {"max_age",
           {{"type", "integer"},
            {"minimum", 0},
            {"description", "Accept a cached copy at most this many seconds old; 0 always fetches."}}},
          {"include_selectors", selector_list_schema()},
          {"exclude_selectors", selector_list_schema()},
          {"accept_walls",
           {{"type", "boolean"},
            {"description",
             "true: convert the page even when the site answered with a bot challenge or block page, a "
             "sign-in or consent wall or a \"not found\" page, with metadata.wall saying which. Left out, "
             "such pages are a tool error saying what the site answered instead of the page."}}}}},
        {"required", {"url"}},
        {"additionalProperties", false}}},
      {"outputSchema", page_output_schema()},
      {"annotations", {{"readOnlyHint", true}, {"openWorldHint", true}}},
  };
}

json convert_html_tool() {
  return {
      {"name", "convert_html"},
      {"title", "HTML to Markdown"},
      {"description",
       "Convert HTML you already have to clean Markdown of its main content, with the same metadata as "
       "extract. Nothing is fetched. Give base_url (the page's address) to make relative links absolute."},
      {"inputSchema",
       {{"type", "object"},
        {"properties",
         {{"html", {{"type", "string"}, {"description", "The page's HTML."}}},
          {"base_url", {{"type", "string"}, {"description", "The page's address, for its relative links."}}}}},
        {"required", {"html"}},
        {"additionalProperties", false}}},
      {"outputSchema", page_output_schema()},
      {"annotations", {{"readOnlyHint", true}, {"openWorldHint", false}}},
  };
}

json usage_tool() {
  return {
      {"name", "usage"},
      {"title", "Pages left this month"},
      {"description",
       "The account's plan and this month's page usage: monthly_limit, used, remaining, and when the "
       "count resets. Each successful extract or convert_html counts one page."},
      {"inputSchema", {{"type", "object"}, {"properties", json::object()}, {"additionalProperties", false}}},
      {"outputSchema",
       {{"type", "object"},
        {"properties",
         {{"plan", {{"type", "string"}}},
          {"monthly_limit", {{"type", "integer"}}},
          {"used", {{"type", "integer"}}},
          {"remaining", {{"type", "integer"}}},
          {"period_start", {{"type", "string"}}},
          {"resets_at", {{"type", "string"}}},
          {"key_used", {{"type", "integer"}}}}},
        {"required", {"plan", "monthly_limit", "used", "remaining"}}}},
      {"annotations", {{"readOnlyHint", true}, {"openWorldHint", false}}},
  };
}

json discover_tool() {
  return {
      {"name", "discover"},
      {"title", "A site's URLs"},
      {"description",
       "List the pages of a site: from its sitemaps (robots.txt's Sitemap lines, else /sitemap.xml), else "
       "its RSS/Atom feeds, else the start page's links, or from the source named. URLs are normalized, "
       "each once, on the start URL's host and allowed by its robots.txt. Pass them to extract."},
      {"inputSchema",
       {{"type", "object"},
        {"properties",
         {{"url", {{"type", "string"}, {"description", "The site's start page (http or https)."}}},
          {"from",
           {{"type", "string"},
            {"enum", {"auto", "sitemap", "feed", "links"}},
            {"description", "Where the URLs come from; auto (the default) tries them in that order."}}},
          {"max",
           {{"type", "integer"},
            {"minimum", 1},
            {"maximum", 50000},
            {"description", "At most this many URLs (default 500)."}}}}},
        {"required", {"url"}},
        {"additionalProperties", false}}},
      {"outputSchema",
       {{"type", "object"},
        {"properties",
         {{"urls",
           {{"type", "array"},
            {"items",
             {{"type", "object"},
              {"properties",
               {{"url", {{"type", "string"}}},
                {"lastmod", {{"type", {"string", "null"}}}},
                {"source", {{"type", "string"}, {"enum", {"sitemap", "feed", "links"}}}}}},
              {"required", {"url", "lastmod", "source"}}}}}},
          {"warnings", {{"type", "array"}, {"items", {{"type", "string"}}}}}}},
        {"required", {"urls", "warnings"}}}},
      {"annotations", {{"readOnlyHint", true}, {"openWorldHint", true}}},
  };
}

using ArgumentsResult = core::Result<ToolArguments>;

core::Unexpected bad_arguments(std::string message) {
  return core::unexpected(core::ErrorCode::invalid_request, std::move(message));
}

core::Result<std::vector<std::string>> string_list(const json& arguments, const char* name) {
  std::vector<std::string> values;
  const auto found = arguments.find(name);
  if (found == arguments.end() || found->is_null()) return values;
  if (!found->is_array() || found->size() > kMaxSelectors) {
    return bad_arguments(std::string("`") + name + "` must be a list of at most 32 CSS selectors.");
  }
  for (const json& item : *found) {
    if (!item.is_string()) return bad_arguments(std::string("`") + name + "` must hold strings.");
    values.push_back(item.get<std::string>());
  }
  return values;
}

// Rejects arguments the tool's schema does not name: a typo ("urls") should not pass unnoticed.
core::Result<void> only_known(const json& arguments, std::initializer_list<std::string_view> known) {
  for (const auto& [name, value] : arguments.items()) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      return bad_arguments("unknown argument `" + name + "`");
    }
  }
  return {};
}

ArgumentsResult extract_arguments(const json& arguments) {
  if (auto known =
          only_known(arguments, {"url", "render", "max_age", "include_selectors", "exclude_selectors", "accept_walls"});
      !known) {
    return core::unexpected(known.error());
  }
  ExtractArguments parsed;
  const auto url = arguments.find("url");
  if (url == arguments.end() || !url->is_string()) return bad_arguments("`url` is required and must be a string.");
  parsed.url = url->get<std::string>();
  if (const auto render = arguments.find("render"); render != arguments.end() && !render->is_null()) {
    if (!render->is_boolean()) return bad_arguments("`render` must be true or false.");
    parsed.render = render->get<bool>();
  }
  if (const auto accept = arguments.find("accept_walls"); accept != arguments.end() && !accept->is_null()) {
    if (!accept->is_boolean()) return bad_arguments("`accept_walls` must be true or false.");
    parsed.accept_walls = accept->get<bool>();
  }
  if (const auto max_age = arguments.find("max_age"); max_age != arguments.end() && !max_age->is_null()) {
    // A parser reads a non-negative integer as unsigned; a client library may build a signed one.
    if (max_age->is_number_unsigned()) {
      parsed.max_age = static_cast<std::int64_t>(std::min<std::uint64_t>(max_age->get<std::uint64_t>(), INT64_MAX));
    } else if (max_age->is_number_integer() && max_age->get<std::int64_t>() >= 0) {
      parsed.max_age = max_age->get<std::int64_t>();
    } else {
      return bad_arguments("`max_age` must be a whole number of seconds, 0 or more.");
    }
  }
  auto include = string_list(arguments, "include_selectors");
  if (!include) return core::unexpected(include.error());
  auto exclude = string_list(arguments, "exclude_selectors");
  if (!exclude) return core::unexpected(exclude.error());
  parsed.include_selectors = std::move(*include);
  parsed.exclude_selectors = std::move(*exclude);
  return ToolArguments{std::move(parsed)};
}

ArgumentsResult discover_arguments(const json& arguments) {
  if (auto known = only_known(arguments, {"url", "from", "max"}); !known) return core::unexpected(known.error());
  DiscoverArguments parsed;
  const auto url = arguments.find("url");
  if (url == arguments.end() || !url->is_string()) return bad_arguments("`url` is required and must be a string.");
  parsed.url = url->get<std::string>();
  if (const auto from = arguments.find("from"); from != arguments.end() && !from->is_null()) {
    static constexpr std::array<std::string_view, 4> kSources{"auto", "sitemap", "feed", "links"};
    if (!from->is_string() || std::find(kSources.begin(), kSources.end(), from->get<std::string>()) == kSources.end()) {
      return bad_arguments("`from` must be auto, sitemap, feed or links.");
    }
    parsed.from = from->get<std::string>();
  }
  if (const auto max = arguments.find("max"); max != arguments.end() && !max->is_null()) {
    if (!max->is_number_integer() || max->get<std::int64_t>() < 1 || max->get<std::int64_t>() > 50000) {
      return bad_arguments("`max` must be a whole number from 1 to 50000.");
    }
    parsed.max = static_cast<std::size_t>(max->get<std::int64_t>());
  }
  return ToolArguments{std::move(parsed)};
}

ArgumentsResult convert_html_arguments(const json& arguments) {
  if (auto known = only_known(arguments, {"html", "base_url"}); !known) return core::unexpected(known.error());
  ConvertHtmlArguments parsed;
  const auto html = arguments.find("html");
  if (html == arguments.end() || !html->is_string()) return bad_arguments("`html` is required and must be a string.");
  parsed.html = html->get<std::string>();
  if (const auto base = arguments.find("base_url"); base != arguments.end() && !base->is_null()) {
    if (!base->is_string()) return bad_arguments("`base_url` must be a string.");
    parsed.base_url = base->get<std::string>();
  }
  return ToolArguments{std::move(parsed)};
}

// A JSON-RPC id is a string or a number; a notification has none.
bool is_valid_id(const json& id) { return id.is_string() || id.is_number_integer() || id.is_number_unsigned(); }

}  // namespace

bool is_supported_version(std::string_view version) {
  return std::find(kSupportedVersions.begin(), kSupportedVersions.end(), version) != kSupportedVersions.end();
}

json error_message(const json& id, int code, std::string_view message) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}

json result_message(const json& id, json result) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

json Dispatcher::tool_list() const {
  json tools = json::array({extract_tool(), convert_html_tool()});
  if (!local_only_) tools.push_back(usage_tool());
  if (local_only_) tools.push_back(discover_tool());
  return {{"tools", std::move(tools)}};
}

Dispatch Dispatcher::dispatch_text(std::string_view text) const {
  const json message = json::parse(text, nullptr, false);
  if (message.is_discarded()) return {error_message(nullptr, rpc::kParseError, "Parse error: not JSON"), {}, {}};
  return dispatch(message);
}

Dispatch Dispatcher::dispatch(const json& message) const {
  if (!message.is_object() || message.value("jsonrpc", "") != "2.0") {
    const json id =
        message.is_object() && message.contains("id") && is_valid_id(message["id"]) ? message["id"] : json();
    return {error_message(id, rpc::kInvalidRequest, "Invalid request: not a JSON-RPC 2.0 message object"), {}, {}};
  }
  const auto method = message.find("method");
  const auto id = message.find("id");
  if (method == message.end()) {
    // A response to a request of ours (we send none) or garbage; neither is answered.
    if (id != message.end() && (message.contains("result") || message.contains("error"))) return {};
    return {error_message(nullptr, rpc::kInvalidRequest, "Invalid request: no method"), {}, {}};
  }
  if (!method->is_string())
    return {error_message(nullptr, rpc::kInvalidRequest, "Invalid request: bad method"), {}, {}};
  const std::string& name = method->get_ref<const std::string&>();
  if (id == message.end()) return {};  // notifications (initialized, cancelled, ...) need no answer
  if (!is_valid_id(*id)) return {error_message(nullptr, rpc::kInvalidRequest, "Invalid request: bad id"), {}, {}};
  static const json kNoParams = json::object();
  const auto given_params = message.find("params");
  const json& params = given_params == message.end() || given_params->is_null() ? kNoParams : *given_params;
  if (!params.is_object()) return {error_message(*id, rpc::kInvalidParams, "params must be an object"), {}, {}};

  if (name == "initialize") {
    const std::string asked = params.value("protocolVersion", "");
    std::string agreed = is_supported_version(asked) ? asked : std::string(kLatestVersion);
    json result = {
        {"protocolVersion", agreed},
        {"capabilities", {{"tools", {{"listChanged", false}}}}},
        {"serverInfo", {{"name", "pagemd"}, {"title", "pagemd"}, {"version", version_}}},
        {"instructions",
         "pagemd turns web pages into clean Markdown of their main content. Call extract with a URL, or "
         "convert_html with HTML you already have."},
    };
    return {result_message(*id, std::move(result)), {}, std::move(agreed)};
  }
  if (name == "ping") return {result_message(*id, json::object()), {}, {}};
  if (name == "tools/list") return {result_message(*id, tool_list()), {}, {}};
  if (name != "tools/call") return {error_message(*id, rpc::kMethodNotFound, "Method not found: " + name), {}, {}};

  const auto tool = params.find("name");
  if (tool == params.end() || !tool->is_string()) {
    return {error_message(*id, rpc::kInvalidParams, "tools/call needs the tool's `name`"), {}, {}};
  }
  const auto given_arguments = params.find("arguments");
  const json& arguments = given_arguments == params.end() || given_arguments->is_null() ? kNoParams : *given_arguments;
  if (!arguments.is_object()) return {error_message(*id, rpc::kInvalidParams, "`arguments` must be an object"), {}, {}};
  const std::string& tool_name = tool->get_ref<const std::string&>();
  ArgumentsResult parsed = core::unexpected(core::ErrorCode::invalid_request, "unknown tool: " + tool_name);
  if (tool_name == "extract") {
    parsed = extract_arguments(arguments);
  } else if (tool_name == "convert_html") {
    parsed = convert_html_arguments(arguments);
  } else if (tool_name == "usage" && !local_only_) {
    if (auto known = only_known(arguments, {}); !known)
      return {error_message(*id, rpc::kInvalidParams, known.error().message), {}, {}};
    parsed = ToolArguments{UsageArguments{}};
  } else if (tool_name == "discover" && local_only_) {
    parsed = discover_arguments(arguments);
  }
  if (!parsed) return {error_message(*id, rpc::kInvalidParams, parsed.error().message), {}, {}};
  return {{}, ToolCall{*id, std::move(*parsed)}, {}};
}

}  // namespace pagemd::mcp
