// Every line of the SSRF example file (tests/data/security, a copy of the project's shared examples)
// behaves as annotated: `reject` lines are refused by
// validation alone (parse_url decides without DNS, so no connection can follow), `accept` lines pass
// it. Nothing here fetches.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "pagemd/fetch/url.hpp"

namespace pagemd::fetch {
namespace {

struct Example {
  int line = 0;
  bool accept = false;
  std::string url;
};

std::vector<Example> read_examples(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << "cannot read " << path;
  std::vector<Example> examples;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (!text.empty() && text.back() == '\r') {
      text.pop_back();
    }
    if (text.empty() || text.front() == '#') {
      continue;
    }
    const std::size_t tab = text.find('\t');
    EXPECT_NE(tab, std::string::npos) << "line " << line << " has no tab";
    const std::string expect = text.substr(0, tab);
    EXPECT_TRUE(expect == "accept" || expect == "reject") << "line " << line << ": " << expect;
    examples.push_back({line, expect == "accept", text.substr(tab + 1)});
  }
  return examples;
}

TEST(SsrfExamples, EveryLineBehavesAsAnnotated) {
  const std::vector<Example> examples = read_examples(PAGEMD_TEST_DATA_DIR "/security/ssrf-examples.txt");
  ASSERT_GE(examples.size(), 30u);
  std::size_t accepted = 0;
  for (const Example& example : examples) {
    const core::Result<ParsedUrl> url = parse_url(example.url);
    const std::string where = "line " + std::to_string(example.line) + ": " + example.url.substr(0, 80);
    if (example.accept) {
      EXPECT_TRUE(url) << where << " -> " << url.error().message;
      accepted += url ? 1u : 0u;
    } else {
      ASSERT_FALSE(url) << where << " was accepted as " << url->normalized;
      EXPECT_TRUE(url.error().code == core::ErrorCode::invalid_url ||
                  url.error().code == core::ErrorCode::url_not_allowed)
          << where << " -> " << core::to_string(url.error().code);
    }
  }
  EXPECT_GT(accepted, 0u);
}

}  // namespace
}  // namespace pagemd::fetch
