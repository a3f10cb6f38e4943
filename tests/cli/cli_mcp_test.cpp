// `pagemd mcp --local`: MCP on stdio fetching here and converting in a jailed worker, to the same Markdown as
// `pagemd convert`.
// (Through the daemon, both transports are driven by the official SDK client: tests/mcp/client.)
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

#include <sys/stat.h>

#include <nlohmann/json.hpp>

#include "child_process.hpp"
#include "fixture_server.hpp"
#include "proc_status.hpp"
#include "scratch_dir.hpp"
#include "strict_json.hpp"

namespace pagemd::testing {
namespace {

using nlohmann::json;

const std::string kPage =
    "<html><head><title>Local MCP</title></head><body><nav><a href=\"/\">Home</a></nav><article><h1>Local MCP</h1>"
    "<p>An agent asks for this page through <a href=\"/docs\">the stdio server</a>, which fetches and converts "
    "it in its own process.</p><p>A second paragraph, to be sure.</p></article><footer>Copyright</footer>"
    "</body></html>";

std::string line(const json& message) { return message.dump() + "\n"; }

json call(int id, const std::string& tool, const json& arguments) {
  return {
      {"jsonrpc", "2.0"}, {"id", id}, {"method", "tools/call"}, {"params", {{"name", tool}, {"arguments", arguments}}}};
}

// The answers of `pagemd mcp --local` (loopback allowed) to `input`: only JSON on stdout, each message
// one object whose keys are unique (as strict parsers demand).
std::vector<json> local_answers(const std::string& input) {
  const RunResult served =
      run_program({pagemd_binary(), "mcp", "--local", "--allow-private-targets", "127.0.0.0/8"}, {}, input);
  EXPECT_EQ(served.status, 0) << served.err;
  std::vector<json> answers;
  std::istringstream lines(served.out);
  for (std::string text; std::getline(lines, text);) answers.push_back(parse_strict_json(text));
  return answers;
}

TEST(CliMcp, TheLocalServerConvertsLikeConvertAndRefusesWhatItShould) {
  FixtureServer origin;
  origin.handle("/page.html", [](const HttpRequest&, Responder& out) { out.send(200, "text/html", kPage); });
  const std::string url = origin.url("/page.html");
  const std::string input =
      line({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "initialize"}, {"params", {{"protocolVersion", "2025-03-26"}}}}) +
      line({{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}}) +
      line({{"jsonrpc", "2.0"}, {"id", 2}, {"method", "tools/list"}}) + line(call(3, "extract", {{"url", url}})) +
      line(call(4, "extract", {{"url", "http://10.0.0.1/latest/meta-data/"}})) + "not json at all\n" +
      line(call(5, "usage", json::object())) + line(call(6, "convert_html", {{"html", kPage}, {"base_url", url}}));
  const std::vector<json> answers = local_answers(input);
  ASSERT_EQ(answers.size(), 7U);

  EXPECT_EQ(answers[0]["result"]["protocolVersion"], "2025-03-26");
  EXPECT_EQ(answers[1]["result"]["tools"].size(), 3U);  // no usage tool without the daemon, but discover
  const json& extracted = answers[2]["result"];
  ASSERT_EQ(extracted["isError"], false) << extracted.dump();
  EXPECT_EQ(extracted["structuredContent"]["final_url"], url);
  const json& refused = answers[3]["result"];
  EXPECT_EQ(refused["isError"], true);
  EXPECT_NE(refused["content"][0]["text"].get<std::string>().find("url_not_allowed"), std::string::npos);
  EXPECT_EQ(answers[4]["error"]["code"], -32700);
  EXPECT_EQ(answers[5]["error"]["code"], -32602);
  EXPECT_EQ(answers[5]["id"], 5);

  // The same page through `pagemd convert` gives the same Markdown: one conversion path.
  ScratchDir scratch;
  const auto file = scratch.path() / "page.html";
  std::ofstream(file) << kPage;
  const RunResult converted = run_program({pagemd_binary(), "convert", file.string(), "--base-url", url, "--json"});
  ASSERT_EQ(converted.status, 0) << converted.err;
  const std::string markdown = json::parse(converted.out)["markdown"];
  EXPECT_EQ(extracted["content"][0]["text"], markdown);
  EXPECT_EQ(answers[6]["result"]["content"][0]["text"], markdown);
}

TEST(CliMcp, TheLocalServersDiscoverToolListsASitesUrls) {
  FixtureServer origin;
  origin.handle("/sitemap.xml", [&origin](const HttpRequest&, Responder& out) {
    out.send(200, "application/xml",
             "<urlset><url><loc>" + origin.url("/a?utm_source=x") +
                 "</loc><lastmod>2024-05-06</lastmod></url><url><loc>" + origin.url("/b") +
                 "</loc></url><url><loc>https://elsewhere.example/c</loc></url></urlset>");
  });
  const std::string input = line(call(1, "discover", {{"url", origin.url("/")}, {"max", 1}})) +
                            line(call(2, "discover", {{"url", origin.url("/")}, {"from", "sitemap"}})) +
                            line(call(3, "discover", {{"url", origin.url("/nothing")}, {"from", "links"}}));
  const std::vector<json> answers = local_answers(input);
  ASSERT_EQ(answers.size(), 3U);
  const json& one = answers[0]["result"];
  ASSERT_EQ(one["isError"], false) << one.dump();
  EXPECT_EQ(one["structuredContent"]["urls"],
            json::array({{{"url", origin.url("/a")}, {"lastmod", "2024-05-06"}, {"source", "sitemap"}}}));
  const json& both = answers[1]["result"];
  EXPECT_EQ(both["content"][0]["text"], origin.url("/a") + "\n" + origin.url("/b") + "\n");
  EXPECT_EQ(both["structuredContent"]["urls"][1]["lastmod"], nullptr);
  EXPECT_NE(both["structuredContent"]["warnings"][0].get<std::string>().find("on other hosts dropped"),
            std::string::npos);
  const json& none = answers[2]["result"];
  EXPECT_EQ(none["isError"], true);
  EXPECT_NE(none["content"][0]["text"].get<std::string>().find("HTTP 404"), std::string::npos) << none.dump();
}

// A PDF fetched by the local server comes back as the daemon's would: Markdown, its content type and page count.
TEST(CliMcp, TheLocalServerConvertsAPdf) {
  std::ifstream file(std::filesystem::path(PAGEMD_TEST_DATA_DIR) / "pdf" / "article.pdf", std::ios::binary);
  const std::string pdf((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  FixtureServer origin;
  origin.handle("/report.pdf", [&pdf](const HttpRequest&, Responder& out) { out.send(200, "application/pdf", pdf); });
  origin.handle("/image.pdf", [](const HttpRequest&, Responder& out) {
    out.send(200, "application/pdf", std::string("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16));
  });
  const std::string input =
      line({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "initialize"}, {"params", {{"protocolVersion", "2025-03-26"}}}}) +
      line(call(2, "extract", {{"url", origin.url("/report.pdf")}})) +
      line(call(3, "extract", {{"url", origin.url("/image.pdf")}}));
  const RunResult served =
      run_program({pagemd_binary(), "mcp", "--local", "--allow-private-targets", "127.0.0.0/8"}, {}, input);
  ASSERT_EQ(served.status, 0) << served.err;
  std::istringstream lines(served.out);
  std::vector<json> answers;
  for (std::string text; std::getline(lines, text);) answers.push_back(parse_strict_json(text));
  ASSERT_EQ(answers.size(), 3U) << served.out;
  const json& extracted = answers[1]["result"];
  ASSERT_EQ(extracted["isError"], false) << extracted.dump();
  EXPECT_EQ(extracted["structuredContent"]["content_type"], "application/pdf");
  EXPECT_EQ(extracted["structuredContent"]["page_count"], 2);
  EXPECT_EQ(extracted["structuredContent"]["page_type"], "document");
  EXPECT_EQ(extracted["content"][0]["text"].get<std::string>().rfind("# Growing Onions in Cold Frames\n", 0), 0U);
  const json& refused = answers[2]["result"];
  EXPECT_EQ(refused["isError"], true);
  EXPECT_NE(refused["content"][0]["text"].get<std::string>().find("unsupported_content"), std::string::npos);
}

// A message over the daemon's MCP body bound is refused as a parse error, unread, and the server
// answers the next one.
TEST(CliMcp, AMessageOverTwoMebibytesIsRefusedAndTheServerGoesOn) {
  const std::string huge = line(call(1, "convert_html", {{"html", "<p>" + std::string(5'000'000, 'x') + "</p>"}}));
  const RunResult served = run_program({pagemd_binary(), "mcp", "--local"}, {},
                                       huge + line({{"jsonrpc", "2.0"}, {"id", 2}, {"method", "ping"}}));
  ASSERT_EQ(served.status, 0) << served.err;
  std::istringstream lines(served.out);
  std::string first;
  std::string second;
  ASSERT_TRUE(std::getline(lines, first) && std::getline(lines, second)) << served.out.substr(0, 300);
  EXPECT_EQ(parse_strict_json(first)["error"]["code"], -32700);
  EXPECT_NE(first.find("2097152 bytes"), std::string::npos) << first;
  EXPECT_EQ(parse_strict_json(second)["id"], 2);
}

// The bytes `pid` has read so far (rchar of /proc/<pid>/io); -1 when it cannot be read.
long long bytes_read_by(pid_t pid) {
  std::ifstream io("/proc/" + std::to_string(pid) + "/io");
  std::string field;
  long long value = -1;
  while (io >> field >> value) {
    if (field == "rchar:") return value;
  }
  return -1;
}

// Pages an agent hands over are converted as the daemon converts them: in a worker process under the
// converter's seccomp filter (no files, no sockets, no programs), not in the server that holds the agent's
// stdio and the network. The server waits on a FIFO for each next message while the test looks at its worker,
// which must have read the whole page it converted.
TEST(CliMcp, PagesAreConvertedInAJailedWorker) {
  ScratchDir scratch;
  const auto requests = scratch.path() / "requests";
  ASSERT_EQ(::mkfifo(requests.c_str(), 0600), 0);
  ChildProcess server({"/bin/sh", "-c", "exec \"$0\" mcp --local < \"$1\"", pagemd_binary(), requests.string()});
  std::ofstream to_server(requests);
  // Sends a convert_html of `html` and waits for its answer, however long the machine takes; the bound only
  // ends a server that never answers.
  std::size_t answered = 0;
  const auto convert = [&](int id, const std::string& html) {
    to_server << line(call(id, "convert_html", {{"html", html}, {"base_url", "https://example.com/"}})) << std::flush;
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds{60};
    std::string out = server.out();
    while (static_cast<std::size_t>(std::count(out.begin(), out.end(), '\n')) == answered &&
           std::chrono::steady_clock::now() < give_up) {
      std::this_thread::sleep_for(std::chrono::milliseconds{10});
      out = server.out();
    }
    std::istringstream lines(out);
    std::string text;
    for (std::size_t i = 0; i <= answered; ++i) std::getline(lines, text);
    ++answered;
    return parse_strict_json(text);
  };
  EXPECT_EQ(convert(1, kPage)["result"]["isError"], false);

  const std::vector<pid_t> workers = proc_children(server.pid());
  ASSERT_EQ(workers.size(), 1U) << "one converter worker";
  EXPECT_EQ(proc_status_field(workers[0], "Seccomp"), "2");
  EXPECT_EQ(proc_status_field(workers[0], "NoNewPrivs"), "1");
  EXPECT_GT(std::stoi("0" + proc_status_field(workers[0], "Seccomp_filters")),
            std::stoi("0" + proc_status_field(server.pid(), "Seccomp_filters")))
      << "the worker has a filter of its own";

  const long long before = bytes_read_by(workers[0]);
  std::string large = "<html><body><article>";
  while (large.size() < 1'000'000) large += "<p>A paragraph of a page the agent already has, converted elsewhere.</p>";
  EXPECT_EQ(convert(2, large + "</article></body></html>")["result"]["isError"], false);
  EXPECT_GE(bytes_read_by(workers[0]) - before, 1'000'000) << "the page went to the worker";
  to_server.close();
  EXPECT_EQ(server.wait_for_exit(std::chrono::seconds{60}), 0);
}

TEST(CliMcp, UsageErrorsExitBeforeServing) {
  EXPECT_EQ(run_program({pagemd_binary(), "mcp", "--allow-private-targets", "127.0.0.0/8"}, {}, "").status, 2);
  EXPECT_EQ(run_program({pagemd_binary(), "mcp", "--local", "--allow-private-targets", "nonsense"}, {}, "").status, 2);
  // Through the daemon it needs a key, like every client command.
  ScratchDir home;
  EXPECT_EQ(run_program({pagemd_binary(), "mcp"}, {"HOME=" + home.path().string()}, "").status, 3);
}

}  // namespace
}  // namespace pagemd::testing
