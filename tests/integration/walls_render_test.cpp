// Walls and the browser, through the real daemon and its real headless Chromium (issue 43): the
// same article built by four real framework bundles (tests/data/walls/frameworks) is rendered whole
// by "auto" and is needs_javascript without a browser; a bot challenge is never handed to the
// browser, even with "render": "always".

#include <filesystem>
#include <fstream>
#include <iterator>

#include "daemon_test.hpp"

namespace pagemd::testing {
namespace {

const std::filesystem::path kFrameworks = std::filesystem::path(PAGEMD_TEST_DATA_DIR) / "walls" / "frameworks";

std::string read_file(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// Every text of the article the pages are built from: its title, headings and paragraphs.
std::vector<std::string> article_texts() {
  const auto article = nlohmann::json::parse(read_file(kFrameworks / "article.json"));
  std::vector<std::string> texts{article["title"].get<std::string>()};
  for (const auto& section : article["sections"]) {
    texts.push_back(section["heading"].get<std::string>());
    for (const auto& paragraph : section["paragraphs"]) texts.push_back(paragraph.get<std::string>());
  }
  return texts;
}

// What a template's syntax leaves in text when it is not run.
bool holds_template_syntax(const std::string& markdown) {
  for (const char* sign : {"{{", "}}", "x-text", "ng-repeat", "v-for", "Loading…"}) {
    if (markdown.find(sign) != std::string::npos) return true;
  }
  return false;
}

class WallsRender : public DaemonTest {
 protected:
  nlohmann::json extract_with(const nlohmann::json& body, long expected_status) {
    const auto response = extract_body(body.dump(), account_->key);
    EXPECT_EQ(response.status, expected_status) << body.dump() << "\n" << response.body;
    return response.json();
  }
  std::int64_t pages_used() { return get("/extract/usage", account_->key).json()["used"].get<std::int64_t>(); }
};

TEST_F(WallsRender, TheSameArticleByFourFrameworksIsRenderedWholeAndWithoutABrowserNeedsJavascript) {
  if (!have_browser()) GTEST_SKIP() << "chromium-headless-shell is not installed";
  origin_.serve_directory("/frameworks/", kFrameworks);
  start_daemon({"--render-concurrency", "1"});
  const std::vector<std::string> texts = article_texts();
  int rendered_whole = 0;
  for (const char* page : {"react.html", "vue.html", "angularjs.html", "alpine.html"}) {
    const std::string url = origin_.url(std::string("/frameworks/") + page);
    const auto never = extract_with({{"url", url}, {"render", "never"}}, 422);
    EXPECT_EQ(never["code"], "page_unusable") << page;
    EXPECT_EQ(never["reason"], "needs_javascript") << page;

    const auto rendered = extract_with({{"url", url}}, 200);
    const std::string markdown = rendered.value("markdown", "");
    EXPECT_EQ(rendered["metadata"]["rendered"], true) << page;
    EXPECT_FALSE(holds_template_syntax(markdown)) << page << ":\n" << markdown;
    std::size_t found = 0;
    for (const std::string& text : texts) {
      if (markdown.find(text) != std::string::npos) {
        ++found;
      } else {
        ADD_FAILURE() << page << " lacks \"" << text << "\":\n" << markdown;
      }
    }
    if (found == texts.size() && !holds_template_syntax(markdown)) ++rendered_whole;
  }
  RecordProperty("frameworks_rendered_whole_of_4", rendered_whole);
  EXPECT_EQ(rendered_whole, 4);
  // The four refusals cost nothing; the four renders a page each.
  EXPECT_EQ(pages_used(), 4);
}

// A challenge served with 200 and no vendor header, so that nothing but the page tells what it is.
// Its script would load the vendor's orchestration script from the origin: a browser that ran it
// would ask for that path.
constexpr const char* kChallengeScriptPath = "/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1";

TEST_F(WallsRender, AlwaysNeverHandsAChallengeToTheBrowser) {
  if (!have_browser()) GTEST_SKIP() << "chromium-headless-shell is not installed";
  const std::string challenge =
      read_file(std::filesystem::path(PAGEMD_TEST_DATA_DIR) / "walls" / "cloudflare-managed-challenge.html");
  ASSERT_FALSE(challenge.empty());
  origin_.handle("/kettle", [challenge](const HttpRequest&, Responder& out) { out.send(200, "text/html", challenge); });
  origin_.handle(kChallengeScriptPath,
                 [](const HttpRequest&, Responder& out) { out.send(200, "text/javascript", "/* solving */"); });
  start_daemon({"--render-concurrency", "1"});

  const auto blocked = extract_with({{"url", origin_.url("/kettle")}, {"render", "always"}}, 502);
  EXPECT_EQ(blocked["code"], "page_blocked");
  EXPECT_EQ(blocked["vendor"], "cloudflare");
  const auto accepted =
      extract_with({{"url", origin_.url("/kettle")}, {"render", "always"}, {"accept_walls", true}}, 200);
  EXPECT_EQ(accepted["metadata"]["rendered"], false);
  EXPECT_EQ(accepted["metadata"]["wall"]["code"], "page_blocked");

  EXPECT_EQ(origin_.request_count("/kettle"), 2U);
  EXPECT_EQ(origin_.request_count(kChallengeScriptPath), 0U) << "the browser ran the challenge";
  const auto metrics = http_request("GET", daemon_->url("/metrics"), {}).body;
  for (const char* outcome : {"ok", "cut_short", "failed"}) {
    const std::string line = std::string("pagemd_renders_total{outcome=\"") + outcome + "\"} ";
    const std::size_t at = metrics.find(line);
    if (at != std::string::npos) {
      EXPECT_EQ(metrics.substr(at + line.size(), 2), "0\n") << metrics;
    }
  }
}

}  // namespace
}  // namespace pagemd::testing
