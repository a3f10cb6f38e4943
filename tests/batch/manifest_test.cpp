#include "pagemd/batch/manifest.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "scratch_dir.hpp"

namespace pagemd::batch {
namespace {

ManifestEntry ok_entry(const std::string& url, const std::string& file) {
  ManifestEntry entry;
  entry.url = url;
  entry.file = file;
  entry.title = "Title of " + url;
  entry.word_count = 42;
  entry.page_type = "forum";
  entry.rendered = true;
  entry.content_type = "application/pdf";
  return entry;
}

TEST(Manifest, LinesHaveEveryFieldWithNullsWhereTheyDoNotApply) {
  const std::string ok_line = to_json_line(ok_entry("https://a.example/", "a.md"));
  EXPECT_TRUE(ok_line.starts_with(R"({"url":"https://a.example/","file":"a.md","status":"ok","title":)")) << ok_line;
  const auto ok = nlohmann::json::parse(ok_line);
  EXPECT_EQ(ok, nlohmann::json::parse(R"({"url":"https://a.example/","file":"a.md","status":"ok",
      "title":"Title of https://a.example/","word_count":42,"page_type":"forum","rendered":true,
      "content_type":"application/pdf","code":null,"error":null})"));
  ManifestEntry failed;
  failed.url = "https://b.example/";
  failed.status = EntryStatus::error;
  failed.code = "fetch_failed";
  failed.error = "HTTP 404";
  const std::string line = to_json_line(failed);
  EXPECT_TRUE(line.ends_with("}\n"));
  EXPECT_EQ(std::count(line.begin(), line.end(), '\n'), 1);
  EXPECT_EQ(nlohmann::json::parse(line), nlohmann::json::parse(R"({"url":"https://b.example/","file":null,
      "status":"error","title":null,"word_count":null,"page_type":null,"rendered":null,"content_type":null,
      "code":"fetch_failed","error":"HTTP 404"})"));
}

TEST(Manifest, AWallsLineSaysWhatTheWallWasAndReadsBack) {
  ManifestEntry blocked;
  blocked.url = "https://c.example/";
  blocked.status = EntryStatus::error;
  blocked.code = "page_blocked";
  blocked.error = "The site blocked the request.";
  blocked.vendor = "datadome";
  const auto line = nlohmann::json::parse(to_json_line(blocked));
  EXPECT_EQ(line["code"], "page_blocked");
  EXPECT_EQ(line["vendor"], "datadome");
  EXPECT_FALSE(line.contains("reason"));
  ManifestEntry unusable = blocked;
  unusable.code = "page_unusable";
  unusable.vendor.clear();
  unusable.reason = "soft_404";
  EXPECT_EQ(nlohmann::json::parse(to_json_line(unusable))["reason"], "soft_404");
  testing::ScratchDir dir;
  {
    auto writer = ManifestWriter::open(dir.path() / "manifest.jsonl");
    ASSERT_TRUE(writer);
    ASSERT_TRUE((*writer)->append(unusable));
  }
  const auto read = read_manifest(dir.path() / "manifest.jsonl");
  ASSERT_TRUE(read);
  EXPECT_EQ(read->at("https://c.example/").reason, "soft_404");
}

TEST(Manifest, InvalidUtf8IsReplacedNotThrownOver) {
  ManifestEntry failed;
  failed.url = "https://b.example/\xff\xfe";
  failed.status = EntryStatus::error;
  const auto parsed = nlohmann::json::parse(to_json_line(failed), nullptr, false);
  ASSERT_FALSE(parsed.is_discarded());
  EXPECT_TRUE(parsed["url"].get<std::string>().starts_with("https://b.example/"));
}

TEST(Manifest, ReadsBackTheLatestLineOfEachUrlAndSkipsBrokenOnes) {
  testing::ScratchDir dir;
  const auto path = dir.path() / "manifest.jsonl";
  {
    auto writer = ManifestWriter::open(path);
    ASSERT_TRUE(writer);
    ManifestEntry failed;
    failed.url = "https://a.example/";
    failed.status = EntryStatus::error;
    failed.code = "fetch_timeout";
    ASSERT_TRUE((*writer)->append(failed));
    ASSERT_TRUE((*writer)->append(ok_entry("https://b.example/", "b.md")));
    ASSERT_TRUE((*writer)->append(ok_entry("https://a.example/", "a.md")));  // redone later: this one wins
  }
  std::ofstream(path, std::ios::app) << "{\"url\":\"https://c.example/\",\"status\":\"ok\"}\n"  // ok without file
                                     << "[1,2]\n{\"url\":\"https://d.example/\",\"sta";         // cut short by a crash
  auto entries = read_manifest(path);
  ASSERT_TRUE(entries);
  ASSERT_EQ(entries->size(), 2U);
  EXPECT_EQ(entries->at("https://a.example/").status, EntryStatus::ok);
  EXPECT_EQ(entries->at("https://a.example/").file, "a.md");
  EXPECT_EQ(entries->at("https://b.example/").word_count, 42U);
  EXPECT_EQ(entries->at("https://b.example/").content_type, "application/pdf");

  // The next run's first line starts on a line of its own after the cut one.
  {
    auto writer = ManifestWriter::open(path);
    ASSERT_TRUE(writer);
    ASSERT_TRUE((*writer)->append(ok_entry("https://e.example/", "e.md")));
  }
  entries = read_manifest(path);
  ASSERT_TRUE(entries);
  EXPECT_TRUE(entries->contains("https://e.example/"));
}

TEST(Manifest, AMissingFileIsEmptyAndAnUnreadableOneFails) {
  testing::ScratchDir dir;
  auto missing = read_manifest(dir.path() / "manifest.jsonl");
  ASSERT_TRUE(missing);
  EXPECT_TRUE(missing->empty());
  std::filesystem::create_directory(dir.path() / "adir");
  EXPECT_FALSE(ManifestWriter::open(dir.path() / "adir"));
  EXPECT_FALSE(ManifestWriter::open(dir.path() / "no/such/dir/manifest.jsonl"));
}

}  // namespace
}  // namespace pagemd::batch
