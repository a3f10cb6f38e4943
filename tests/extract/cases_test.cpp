// Data-driven extraction tests: every tests/data/extract/<case>.html is converted and compared
// with <case>.md byte for byte. A case may start with a comment line
//   <!-- pagemd-test: url=https://... scope=whole_body -->
// to set the page URL (default https://example.com/blog/post.html) and the scope.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "pagemd/extract/extractor.hpp"
#include "read_file.hpp"

namespace pagemd::extract {
namespace {

using pagemd::testing::read_file;

namespace fs = std::filesystem;

const fs::path kCaseDir = fs::path(PAGEMD_TEST_DATA_DIR) / "extract";

std::vector<std::string> case_names() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(kCaseDir)) {
    if (entry.path().extension() == ".html") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

ExtractOptions options_for(const std::string& html) {
  ExtractOptions options;
  options.page_url = "https://example.com/blog/post.html";
  const std::string marker = "<!-- pagemd-test:";
  if (html.rfind(marker, 0) != 0) return options;
  const std::string header = html.substr(marker.size(), html.find("-->") - marker.size());
  std::istringstream words(header);
  std::string word;
  while (words >> word) {
    if (word.rfind("url=", 0) == 0) options.page_url = word.substr(4);
    if (word == "scope=whole_body") options.scope = ContentScope::whole_body;
  }
  return options;
}

class ExtractCase : public ::testing::TestWithParam<std::string> {};

TEST_P(ExtractCase, MatchesExpectedMarkdown) {
  const std::string html = read_file(kCaseDir / (GetParam() + ".html"));
  const fs::path expected_path = kCaseDir / (GetParam() + ".md");
  ASSERT_TRUE(fs::exists(expected_path)) << "missing " << expected_path;
  const auto result = extract(html, options_for(html));
  ASSERT_TRUE(result.has_value()) << result.error().message;
  EXPECT_EQ(result->markdown, read_file(expected_path));
}

INSTANTIATE_TEST_SUITE_P(Data, ExtractCase, ::testing::ValuesIn(case_names()),
                         [](const ::testing::TestParamInfo<std::string>& param_info) {
                           std::string name = param_info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace pagemd::extract
