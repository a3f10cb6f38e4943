#include "pagemd/core/atomic_file.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

namespace pagemd::core {
namespace {

namespace fs = std::filesystem;

class AtomicFileTest : public ::testing::Test {
 protected:
  AtomicFileTest() {
    std::string pattern = fs::temp_directory_path().string() + "/pagemd-atomic-XXXXXX";
    dir_ = ::mkdtemp(pattern.data());
  }
  ~AtomicFileTest() override { fs::remove_all(dir_); }

  [[nodiscard]] std::size_t temporaries() const {
    std::size_t count = 0;
    for (const auto& entry : fs::directory_iterator(dir_)) {
      if (entry.path().filename().string().starts_with(kTemporaryFilePrefix)) ++count;
    }
    return count;
  }
  static std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

  fs::path dir_;
};

TEST_F(AtomicFileTest, ASymbolicLinkAtTheTargetIsRefusedAndLeftAlone) {
  const fs::path victim = dir_ / "victim.txt";
  std::ofstream(victim) << "precious";
  const fs::path target = dir_ / "page.md";
  fs::create_symlink(victim, target);
  auto written = write_file_atomically(target, "planted");
  ASSERT_FALSE(written);
  EXPECT_NE(written.error().message.find("symbolic link"), std::string::npos) << written.error().message;
  EXPECT_TRUE(fs::is_symlink(target));
  EXPECT_EQ(read(victim), "precious");
  EXPECT_EQ(temporaries(), 0U);
}

TEST_F(AtomicFileTest, WritesTheWholeContentReadableByOthers) {
  const fs::path target = dir_ / "page.md";
  ASSERT_TRUE(write_file_atomically(target, "first"));
  ASSERT_TRUE(write_file_atomically(target, std::string("second\0version", 14)));
  EXPECT_EQ(read(target), std::string("second\0version", 14));
  struct stat info {};
  ASSERT_EQ(::stat(target.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0644U);
  EXPECT_EQ(temporaries(), 0U);
}

TEST_F(AtomicFileTest, AFailedWriteNamesTheFileAndLeavesNothing) {
  const auto missing_dir = write_file_atomically(dir_ / "no-such-dir" / "page.md", "x");
  ASSERT_FALSE(missing_dir);
  EXPECT_EQ(missing_dir.error().code, ErrorCode::internal);
  EXPECT_NE(missing_dir.error().message.find("no-such-dir"), std::string::npos);
  fs::create_directory(dir_ / "taken");  // a directory where the file should go: the rename fails
  const auto over_directory = write_file_atomically(dir_ / "taken", "x");
  ASSERT_FALSE(over_directory);
  EXPECT_NE(over_directory.error().message.find("taken"), std::string::npos);
  EXPECT_EQ(temporaries(), 0U);
}

TEST_F(AtomicFileTest, ConcurrentWritersOfOneFileEachLeaveAWholeFile) {
  std::vector<std::thread> writers;
  std::atomic<int> failures{0};
  for (int w = 0; w < 4; ++w) {
    writers.emplace_back([&, w] {
      const std::string content(10000, static_cast<char>('a' + w));
      for (int i = 0; i < 50; ++i) {
        if (!write_file_atomically(dir_ / "shared.md", content)) ++failures;
      }
    });
  }
  for (auto& writer : writers) writer.join();
  EXPECT_EQ(failures.load(), 0);
  const std::string final_content = read(dir_ / "shared.md");
  ASSERT_EQ(final_content.size(), 10000U);
  EXPECT_EQ(final_content, std::string(10000, final_content.front()));
  EXPECT_EQ(temporaries(), 0U);
}

TEST_F(AtomicFileTest, LeftoverTemporariesAreRemovedAndNothingElse) {
  std::ofstream(dir_ / (std::string(kTemporaryFilePrefix) + "abc123")) << "half";
  std::ofstream(dir_ / "kept.md") << "kept";
  remove_temporary_files(dir_);
  EXPECT_EQ(temporaries(), 0U);
  EXPECT_TRUE(fs::exists(dir_ / "kept.md"));
  remove_temporary_files(dir_ / "missing");  // no directory: nothing to do, no exception
}

}  // namespace
}  // namespace pagemd::core
