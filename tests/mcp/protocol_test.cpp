#include "pagemd/mcp/protocol.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "pagemd/mcp/stdio_server.hpp"
#include "pagemd/mcp/tool_results.hpp"
#include "strict_json.hpp"

namespace pagemd::mcp {
namespace {

using nlohmann::json;

json request(int id, const std::string& method, json params = json::object()) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
}

int error_code(const Dispatch& dispatch) { return dispatch.reply->at("error").at("code").get<int>(); }

const Dispatcher kDaemon("9.9.9");
const Dispatcher kLocal("9.9.9", true);

TEST(McpDispatcher, InitializeAgreesOnAVersion) {
  for (const std::string asked : {"2025-06-18", "2025-03-26"}) {
    const Dispatch answer = kDaemon.dispatch(request(1, "initialize", {{"protocolVersion", asked}}));
    ASSERT_TRUE(answer.reply);
    EXPECT_EQ(answer.reply->at("result").at("protocolVersion"), asked);
    EXPECT_EQ(answer.initialized_version, asked);
  }
  // A version it does not speak (newer or older): the latest it does, for the client to judge.
  const Dispatch newer = kDaemon.dispatch(request(2, "initialize", {{"protocolVersion", "2099-01-01"}}));
  const json& result = newer.reply->at("result");
  EXPECT_EQ(result.at("protocolVersion"), kLatestVersion);
  EXPECT_EQ(result.at("serverInfo").at("name"), "pagemd");
  EXPECT_EQ(result.at("serverInfo").at("version"), "9.9.9");
  EXPECT_TRUE(result.at("capabilities").contains("tools"));
}

TEST(McpDispatcher, ListsToolsWithSchemas) {
  const json tools = kDaemon.dispatch(request(1, "tools/list")).reply->at("result").at("tools");
  ASSERT_EQ(tools.size(), 3U);
  for (const json& tool : tools) {
    EXPECT_FALSE(tool.at("description").get<std::string>().empty());
    EXPECT_EQ(tool.at("inputSchema").at("type"), "object");
    EXPECT_EQ(tool.at("outputSchema").at("type"), "object");
  }
  EXPECT_EQ(tools[0].at("name"), "extract");
  EXPECT_EQ(tools[0].at("inputSchema").at("required"), json::array({"url"}));
  // Without the daemon there is no account, so no usage tool; discover fetches here, so only there.
  const json local = kLocal.dispatch(request(1, "tools/list")).reply->at("result").at("tools");
  ASSERT_EQ(local.size(), 3U);
  EXPECT_EQ(local[2].at("name"), "discover");
  EXPECT_EQ(local[2].at("outputSchema").at("required"), json::array({"urls", "warnings"}));
  for (const json& tool : tools) EXPECT_NE(tool.at("name"), "discover");
}

TEST(McpDispatcher, DiscoverArgumentsAreCheckedAndOnlyTheLocalServerTakesThem) {
  const auto call = [](const Dispatcher& dispatcher, json arguments) {
    return dispatcher.dispatch(request(9, "tools/call", {{"name", "discover"}, {"arguments", std::move(arguments)}}));
  };
  const Dispatch given = call(kLocal, {{"url", "https://a.example/"}, {"from", "feed"}, {"max", 7}});
  ASSERT_TRUE(given.call);
  const auto& arguments = std::get<DiscoverArguments>(given.call->arguments);
  EXPECT_EQ(arguments.url, "https://a.example/");
  EXPECT_EQ(arguments.from, "feed");
  EXPECT_EQ(arguments.max, 7U);
  const Dispatch defaults = call(kLocal, {{"url", "https://a.example/"}});
  EXPECT_EQ(std::get<DiscoverArguments>(defaults.call->arguments).from, "auto");
  EXPECT_EQ(std::get<DiscoverArguments>(defaults.call->arguments).max, 500U);
  EXPECT_EQ(error_code(call(kLocal, json::object())), rpc::kInvalidParams);
  EXPECT_EQ(error_code(call(kLocal, {{"url", "https://a.example/"}, {"from", "rss"}})), rpc::kInvalidParams);
  EXPECT_EQ(error_code(call(kLocal, {{"url", "https://a.example/"}, {"max", 0}})), rpc::kInvalidParams);
  EXPECT_EQ(error_code(call(kLocal, {{"url", "https://a.example/"}, {"depth", 2}})), rpc::kInvalidParams);
  EXPECT_EQ(error_code(call(kDaemon, {{"url", "https://a.example/"}})), rpc::kInvalidParams);
}

TEST(McpDispatcher, NotificationsAndResponsesGetNoAnswer) {
  const Dispatch notified = kDaemon.dispatch({{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}});
  EXPECT_FALSE(notified.reply);
  EXPECT_FALSE(notified.call);
  EXPECT_FALSE(kDaemon.dispatch({{"jsonrpc", "2.0"}, {"id", 5}, {"result", json::object()}}).reply);
  EXPECT_EQ(kDaemon.dispatch(request(7, "ping")).reply->at("result"), json::object());
}

TEST(McpDispatcher, ProtocolFaultsAreJsonRpcErrors) {
  EXPECT_EQ(error_code(kDaemon.dispatch_text("{not json")), rpc::kParseError);
  EXPECT_TRUE(kDaemon.dispatch_text("{not json").reply->at("id").is_null());
  EXPECT_EQ(error_code(kDaemon.dispatch_text("[1, 2]")), rpc::kInvalidRequest);
  EXPECT_EQ(error_code(kDaemon.dispatch({{"id", 1}, {"method", "ping"}})), rpc::kInvalidRequest);  // no "jsonrpc"
  EXPECT_EQ(error_code(kDaemon.dispatch({{"jsonrpc", "2.0"}, {"id", json::array()}, {"method", "ping"}})),
            rpc::kInvalidRequest);
  const Dispatch unknown = kDaemon.dispatch(request(3, "resources/list"));
  EXPECT_EQ(error_code(unknown), rpc::kMethodNotFound);
  EXPECT_EQ(unknown.reply->at("id"), 3);
  EXPECT_EQ(error_code(kDaemon.dispatch(request(4, "tools/call", {{"name", "screenshot"}}))), rpc::kInvalidParams);
  EXPECT_EQ(error_code(kLocal.dispatch(request(4, "tools/call", {{"name", "usage"}}))), rpc::kInvalidParams);
}

TEST(McpDispatcher, ToolArgumentsAreChecked) {
  const auto call = [](json arguments) {
    return kDaemon.dispatch(request(9, "tools/call", {{"name", "extract"}, {"arguments", std::move(arguments)}}));
  };
  EXPECT_EQ(error_code(call(json::object())), rpc::kInvalidParams);                                  // url missing
  EXPECT_EQ(error_code(call({{"url", 42}})), rpc::kInvalidParams);                                   // not a string
  EXPECT_EQ(error_code(call({{"url", "https://a.example/"}, {"urls", "x"}})), rpc::kInvalidParams);  // a typo
  EXPECT_EQ(error_code(call({{"url", "https://a.example/"}, {"max_age", -1}})), rpc::kInvalidParams);
  EXPECT_EQ(error_code(call({{"url", "https://a.example/"}, {"include_selectors", "main"}})), rpc::kInvalidParams);

  const Dispatch good = call({{"url", "https://a.example/"},
                              {"render", true},
                              {"max_age", 60},
                              {"include_selectors", {"main"}},
                              {"exclude_selectors", {".ad", "nav"}}});
  ASSERT_TRUE(good.call) << good.reply->dump();
  EXPECT_FALSE(good.reply);
  EXPECT_EQ(good.call->id, 9);
  const auto& extract = std::get<ExtractArguments>(good.call->arguments);
  EXPECT_EQ(extract.url, "https://a.example/");
  EXPECT_EQ(extract.render, std::optional<bool>(true));
  EXPECT_EQ(extract.max_age, 60);
  EXPECT_EQ(extract.include_selectors, std::vector<std::string>{"main"});
  EXPECT_EQ(extract.exclude_selectors.size(), 2U);
  // render: true always renders, false never does, and left out the daemon decides (auto).
  EXPECT_EQ(error_code(call({{"url", "https://a.example/"}, {"render", "always"}})), rpc::kInvalidParams);
  const Dispatch never = call({{"url", "https://a.example/"}, {"render", false}});
  ASSERT_TRUE(never.call);
  EXPECT_EQ(std::get<ExtractArguments>(never.call->arguments).render, std::optional<bool>(false));
  const Dispatch automatic = call({{"url", "https://a.example/"}});
  ASSERT_TRUE(automatic.call);
  EXPECT_EQ(std::get<ExtractArguments>(automatic.call->arguments).render, std::nullopt);

  const Dispatch html = kDaemon.dispatch(
      request(10, "tools/call",
              {{"name", "convert_html"}, {"arguments", {{"html", "<p>x</p>"}, {"base_url", "https://b.example/"}}}}));
  ASSERT_TRUE(html.call);
  EXPECT_EQ(std::get<ConvertHtmlArguments>(html.call->arguments).base_url, "https://b.example/");
}

TEST(McpToolResults, APageIsTextPlusStructuredMetadata) {
  const json api = {{"markdown", "# T\n\nBody \"}\" [z]\n"},
                    {"metadata",
                     {{"title", "a \"b\" {c}"},
                      {"word_count", 2},
                      {"links", json::array()},
                      {"language", "en"},
                      {"language_tag", "en"},
                      {"page_type", "article"},
                      {"rendered", true},
                      {"final_url", "https://a.example/"},
                      {"timestamp", "2026-11-25T00:00:00Z"},
                      {"cache", {{"status", "hit"}, {"cached_at", "2026-11-24T00:00:00Z"}}}}},
                    {"warning", "Thin content"}};
  const auto page = convert::ResultText::from_json(api);
  ASSERT_TRUE(page);
  // Strictly parsed: every key once (the metadata's own `rendered` among them).
  const json result = testing::parse_strict_json(page_result(*page));
  EXPECT_EQ(result.at("isError"), false);
  EXPECT_EQ(result.at("content")[0].at("text"), "# T\n\nBody \"}\" [z]\n");
  const json& structured = result.at("structuredContent");
  EXPECT_EQ(structured.at("title"), "a \"b\" {c}");
  EXPECT_EQ(structured.at("final_url"), "https://a.example/");
  EXPECT_EQ(structured.at("rendered"), true);
  EXPECT_EQ(structured.at("warning"), "Thin content");
  EXPECT_EQ(structured.at("language_tag"), "en");
  EXPECT_FALSE(structured.contains("cache")) << "a per-answer field of REST";
  // What the REST API answers becomes the tool's result, or an error result when it is not a page.
  EXPECT_EQ(testing::parse_strict_json(result_from_answer(200, api.dump(), std::nullopt, Answered::page)), result);
  EXPECT_EQ(json::parse(result_from_answer(200, "not json", std::nullopt, Answered::page)).at("isError"), true);
  EXPECT_EQ(json::parse(result_from_answer(200, R"({"markdown":"x"})", std::nullopt, Answered::page)).at("isError"),
            true);
  EXPECT_EQ(json::parse(result_from_answer(200, R"({"used":3})", std::nullopt, Answered::usage))
                .at("structuredContent")
                .at("used"),
            3);
}

TEST(McpToolResults, RefusalsSayWhatToDo) {
  const json limited = error_result({core::ErrorCode::rate_limited, "Too many requests."}, std::chrono::seconds{17});
  EXPECT_EQ(limited.at("isError"), true);
  const std::string text = limited.at("content")[0].at("text");
  EXPECT_NE(text.find("rate_limited: Too many requests."), std::string::npos);
  EXPECT_NE(text.find("Retry in 17 seconds"), std::string::npos) << text;
  EXPECT_EQ(limited.at("_meta").at("retry_after_seconds"), 17);
  const json monthly = error_result({core::ErrorCode::monthly_limit_exceeded, "Used up."}, std::chrono::seconds{99});
  EXPECT_NE(monthly.at("content")[0].at("text").get<std::string>().find("converted again in 99 seconds"),
            std::string::npos);
  EXPECT_EQ(monthly.at("_meta").at("retry_after_seconds"), 99);
  // A wait that cannot help is not offered.
  const json refused = error_result({core::ErrorCode::url_not_allowed, "Not public."}, std::chrono::seconds{5});
  EXPECT_EQ(refused.at("content")[0].at("text"), "url_not_allowed: Not public.");
  EXPECT_FALSE(refused.contains("_meta"));
  // Through the daemon: the answer's code and sentence, and the wait its Retry-After gave.
  const json answered =
      json::parse(result_from_answer(429, R"({"code":"busy","error":"All converters are taken.","status":503})",
                                     std::chrono::seconds{1}, Answered::page));
  EXPECT_NE(answered.at("content")[0].at("text").get<std::string>().find("busy: All converters are taken. Retry in 1"),
            std::string::npos);
  const json unreachable = json::parse(result_from_answer(0, "", std::nullopt, Answered::page));
  EXPECT_NE(unreachable.at("content")[0].at("text").get<std::string>().find("could not be reached"), std::string::npos);
  const json garbled = json::parse(result_from_answer(502, "<html>", std::nullopt, Answered::usage));
  EXPECT_NE(garbled.at("content")[0].at("text").get<std::string>().find("HTTP 502"), std::string::npos);
}

class EchoTools final : public ToolRunner {
 public:
  std::string run(const ToolArguments& arguments) override {
    ++calls;
    if (std::holds_alternative<UsageArguments>(arguments)) throw std::runtime_error("no account");
    return page_result(*convert::ResultText::from_json(json{{"markdown", "converted"}, {"metadata", json::object()}}));
  }
  int calls = 0;
};

TEST(McpStdio, OneMessagePerLineAndBadLinesDoNotStopIt) {
  std::istringstream in(
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}})"
      "\n"
      R"({"jsonrpc":"2.0","method":"notifications/initialized"})"
      "\n"
      "\n"
      "this is not json\n"
      R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"convert_html","arguments":{"html":"<p>x</p>"}}})"
      "\n"
      R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"usage"}})"
      "\n"
      R"({"jsonrpc":"2.0","id":4,"method":"ping"})");  // the last line may lack its newline
  std::ostringstream out;
  EchoTools tools;
  EXPECT_EQ(serve_stdio(in, out, kDaemon, tools), 5U);
  std::istringstream answers(out.str());
  std::vector<json> lines;
  for (std::string line; std::getline(answers, line);) lines.push_back(json::parse(line));
  ASSERT_EQ(lines.size(), 5U);
  EXPECT_EQ(lines[0].at("id"), 1);
  EXPECT_EQ(lines[1].at("error").at("code"), rpc::kParseError);
  EXPECT_EQ(lines[2].at("result").at("content")[0].at("text"), "converted");
  EXPECT_EQ(lines[3].at("result").at("isError"), true);  // a tool that throws is an error result
  EXPECT_EQ(lines[4].at("id"), 4);
  EXPECT_EQ(tools.calls, 2);
}

}  // namespace
}  // namespace pagemd::mcp
