#include "pagemd/batch/output_names.hpp"

#include <gtest/gtest.h>

namespace pagemd::batch {
namespace {

TEST(ReadableStem, JoinsHostAndPathAndDropsThePageExtension) {
  EXPECT_EQ(readable_stem("https://example.com/blog/2024/my-post.html"), "example.com_blog_2024_my-post");
  EXPECT_EQ(readable_stem("https://example.com/"), "example.com");
  EXPECT_EQ(readable_stem("http://127.0.0.1:8080/a/b/"), "127.0.0.1-8080_a_b");
  EXPECT_EQ(readable_stem("https://example.com/report.pdf"), "example.com_report.pdf");
}

TEST(ReadableStem, AQueryAddsAHashSoQueriesDoNotCollide) {
  const std::string one = readable_stem("https://example.com/list?page=1");
  const std::string two = readable_stem("https://example.com/list?page=2");
  EXPECT_TRUE(one.starts_with("example.com_list_page-1-")) << one;
  EXPECT_NE(one, two);
  EXPECT_EQ(one, readable_stem("https://example.com/list?page=1"));  // stable across runs
}

TEST(ReadableStem, UnsafeCharactersNeverEscapeOrHide) {
  const std::string stem = readable_stem("https://example.com/%2e%2e/..//x%2Fy/<script>?a=../../etc");
  EXPECT_EQ(stem.find('/'), std::string::npos) << stem;
  EXPECT_EQ(stem.find('%'), std::string::npos) << stem;
  EXPECT_EQ(stem.find('<'), std::string::npos) << stem;
  EXPECT_NE(stem.front(), '.');
  EXPECT_EQ(readable_stem("https://./"), "page");
}

TEST(ReadableStem, LongUrlsAreCutAndHashed) {
  const std::string a = readable_stem("https://example.com/" + std::string(300, 'a') + "1");
  const std::string b = readable_stem("https://example.com/" + std::string(300, 'a') + "2");
  EXPECT_LE(a.size(), 109U);
  EXPECT_NE(a, b);
}

TEST(NameAllocator, KeepsEarlierNamesAndNumbersCollisions) {
  NameAllocator names;
  names.reserve("https://example.com/a", "example.com_a.md");
  EXPECT_EQ(names.name_for("https://example.com/a", "https://example.com/a"), "example.com_a.md");
  // Another URL with the same readable stem ("a.html" and "a" both read as "a").
  EXPECT_EQ(names.name_for("https://example.com/a.html", "https://example.com/a.html"), "example.com_a-2.md");
  EXPECT_EQ(names.name_for("https://example.com/a.htm", "https://example.com/a.htm"), "example.com_a-3.md");
  EXPECT_EQ(names.name_for("https://example.com/a.html", "https://example.com/a.html"), "example.com_a-2.md");
}

}  // namespace
}  // namespace pagemd::batch
