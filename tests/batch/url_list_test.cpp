#include "pagemd/batch/url_list.hpp"

#include <gtest/gtest.h>

namespace pagemd::batch {
namespace {

TEST(ParseUrlList, SkipsBlankLinesAndCommentsTrimsAndDeduplicates) {
  const auto urls = parse_url_list(
      "# reading list\n"
      "https://a.example/1\r\n"
      "\n"
      "   \t\n"
      "  https://b.example/2  \n"
      "  # indented comment\n"
      "https://a.example/1\n"
      "not a url at all\n"
      "https://c.example/3");
  EXPECT_EQ(urls, (std::vector<std::string>{"https://a.example/1", "https://b.example/2", "not a url at all",
                                            "https://c.example/3"}));
}

TEST(ParseUrlList, EmptyInputHasNoUrls) {
  EXPECT_TRUE(parse_url_list("").empty());
  EXPECT_TRUE(parse_url_list("\n\n#\n").empty());
}

}  // namespace
}  // namespace pagemd::batch
