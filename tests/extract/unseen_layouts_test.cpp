// The unseen-layout set (tests/data/unseen-layouts, written by bench/make_unseen_layouts.py): random
// articles with an exact Markdown truth inside layouts that leak chrome the most (hashed class
// names, a table portal, an article split by advertising, a wiki page, short pages under heavy
// chrome). Every page must give back its article's words and little else; the set's Markdown
// structure is scored by bench/quality_roundtrip.py --set-dir.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pagemd/extract/extractor.hpp"
#include "read_file.hpp"

namespace pagemd::extract {
namespace {

using pagemd::testing::read_file;

namespace fs = std::filesystem;

const fs::path kSetDir = fs::path(PAGEMD_TEST_DATA_DIR) / "unseen-layouts";

struct SetPage {
  std::string id;
  std::string url;
  std::string title;
};

void PrintTo(const SetPage& page, std::ostream* out) { *out << page.id << " " << page.url; }

std::vector<SetPage> set_pages() {
  const nlohmann::json manifest = nlohmann::json::parse(read_file(kSetDir / "manifest.json"));
  std::vector<SetPage> pages;
  for (const auto& page : manifest.at("pages")) {
    pages.push_back(
        {page.at("id").get<std::string>(), page.at("url").get<std::string>(), page.at("title").get<std::string>()});
  }
  return pages;
}

// The words of Markdown text, lower-cased, without link targets: what a reader reads.
std::map<std::string, int> reader_words(const std::string& markdown) {
  std::map<std::string, int> words;
  std::string word;
  auto flush = [&] {
    if (!word.empty()) ++words[word];
    word.clear();
  };
  for (std::size_t i = 0; i < markdown.size(); ++i) {
    const auto c = static_cast<unsigned char>(markdown[i]);
    if (c == ']' && i + 1 < markdown.size() && markdown[i + 1] == '(') {
      flush();
      i = markdown.find(')', i);  // the generated links hold no parentheses
      if (i == std::string::npos) break;
      continue;
    }
    if (std::isalnum(c) != 0 || c >= 0x80) {
      word.push_back(static_cast<char>(std::tolower(c)));
    } else {
      flush();
    }
  }
  flush();
  return words;
}

struct Overlap {
  double precision = 0;
  double recall = 0;
};

Overlap overlap(const std::map<std::string, int>& got, const std::map<std::string, int>& want) {
  int common = 0;
  int got_total = 0;
  int want_total = 0;
  for (const auto& [word, count] : got) {
    got_total += count;
    if (const auto it = want.find(word); it != want.end()) common += std::min(count, it->second);
  }
  for (const auto& entry : want) want_total += entry.second;
  return {got_total == 0 ? 0.0 : static_cast<double>(common) / got_total,
          want_total == 0 ? 0.0 : static_cast<double>(common) / want_total};
}

class UnseenLayout : public ::testing::TestWithParam<SetPage> {};

TEST_P(UnseenLayout, GivesTheArticleAndLittleElse) {
  const SetPage& page = GetParam();
  ExtractOptions options;
  options.page_url = page.url;
  const auto result = extract(read_file(kSetDir / "pages" / (page.id + ".html")), options);
  ASSERT_TRUE(result.has_value()) << result.error().message;
  EXPECT_EQ(result->metadata.title, page.title);
  const std::string truth = read_file(kSetDir / "truth" / (page.id + ".md"));
  const Overlap words = overlap(reader_words(result->markdown), reader_words(truth));
  // Chrome kept costs precision (a teaser, a response or a pitch is a few per cent of a page);
  // article text lost costs recall.
  EXPECT_GE(words.precision, 0.97) << result->markdown;
  EXPECT_GE(words.recall, 0.97) << result->markdown;
}

TEST(UnseenLayouts, WordsIgnoreLinkTargetsAndCase) {
  const auto words = reader_words("# Big Bridge\n\nThe [old bridge](https://a.example/x-y) is *old*.");
  EXPECT_EQ(words, (std::map<std::string, int>{{"big", 1}, {"bridge", 2}, {"the", 1}, {"old", 2}, {"is", 1}}));
  EXPECT_LT(overlap(words, reader_words("# Big Bridge")).precision, 0.5);
}

INSTANTIATE_TEST_SUITE_P(Set, UnseenLayout, ::testing::ValuesIn(set_pages()),
                         [](const ::testing::TestParamInfo<SetPage>& param_info) { return param_info.param.id; });

}  // namespace
}  // namespace pagemd::extract
