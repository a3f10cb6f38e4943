#include "pagemd/client/credentials.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "scratch_dir.hpp"

namespace pagemd::client {
namespace {

namespace fs = std::filesystem;

void write_file(const fs::path& path, const std::string& text,
                fs::perms perms = fs::perms::owner_read | fs::perms::owner_write) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
  fs::permissions(path, perms);
}

TEST(ResolveApiKey, TheKeyFileComesFirstAndOnlyItsFirstLineCounts) {
  testing::ScratchDir dir;
  write_file(dir.path() / "key", "  sk_live_fromfile \nsecond line\n");
  write_file(dir.path() / "xdg/pagemd/credentials", "sk_live_fromcredentials\n");
  const KeySources sources{(dir.path() / "key").string(), "sk_live_fromenv", (dir.path() / "xdg").string(),
                           "/nonexistent"};
  auto key = resolve_api_key(sources);
  ASSERT_TRUE(key);
  EXPECT_EQ(*key, "sk_live_fromfile");
}

TEST(ResolveApiKey, ThenTheEnvironmentThenTheCredentialsFile) {
  testing::ScratchDir dir;
  write_file(dir.path() / "xdg/pagemd/credentials", "sk_live_fromcredentials\n");
  KeySources sources{"", "sk_live_fromenv", (dir.path() / "xdg").string(), std::nullopt};
  EXPECT_EQ(*resolve_api_key(sources), "sk_live_fromenv");
  sources.env_key = "   ";  // set but blank: not a key
  EXPECT_EQ(*resolve_api_key(sources), "sk_live_fromcredentials");
  sources.env_key.reset();
  EXPECT_EQ(*resolve_api_key(sources), "sk_live_fromcredentials");
}

TEST(ResolveApiKey, FallsBackToHomeDotConfig) {
  testing::ScratchDir dir;
  write_file(dir.path() / ".config/pagemd/credentials", "sk_test_home\n");
  const KeySources sources{"", std::nullopt, "", dir.path().string()};
  EXPECT_EQ(credentials_path(sources), (dir.path() / ".config/pagemd/credentials").string());
  EXPECT_EQ(*resolve_api_key(sources), "sk_test_home");
}

TEST(ResolveApiKey, NoKeyAnywhereIsUnauthorizedAndSaysWhereToPutOne) {
  testing::ScratchDir dir;
  const KeySources sources{"", std::nullopt, dir.path().string(), std::nullopt};
  auto key = resolve_api_key(sources);
  ASSERT_FALSE(key);
  EXPECT_EQ(key.error().code, core::ErrorCode::unauthorized);
  EXPECT_NE(key.error().message.find("PAGEMD_API_KEY"), std::string::npos);
  EXPECT_NE(key.error().message.find((dir.path() / "pagemd/credentials").string()), std::string::npos);
  EXPECT_FALSE(resolve_api_key(KeySources{}));
}

TEST(ResolveApiKey, RefusesACredentialsFileOthersCanRead) {
  testing::ScratchDir dir;
  const fs::path path = dir.path() / "pagemd/credentials";
  write_file(path, "sk_live_secretsecret\n",
             fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read);
  const KeySources sources{"", std::nullopt, dir.path().string(), std::nullopt};
  auto key = resolve_api_key(sources);
  ASSERT_FALSE(key);
  EXPECT_EQ(key.error().code, core::ErrorCode::unauthorized);
  EXPECT_NE(key.error().message.find("chmod 600"), std::string::npos);
  EXPECT_EQ(key.error().message.find("secretsecret"), std::string::npos);
}

TEST(ResolveApiKey, AnEmptyOrUnreadableKeyFileFails) {
  testing::ScratchDir dir;
  write_file(dir.path() / "empty", "\n\n");
  auto empty = resolve_api_key(KeySources{(dir.path() / "empty").string(), "sk_live_env", std::nullopt, std::nullopt});
  ASSERT_FALSE(empty);  // the file named wins over the environment, even when it is useless
  EXPECT_NE(empty.error().message.find("is empty"), std::string::npos);
  auto missing =
      resolve_api_key(KeySources{(dir.path() / "missing").string(), std::nullopt, std::nullopt, std::nullopt});
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, core::ErrorCode::unauthorized);
  EXPECT_NE(missing.error().message.find("cannot read"), std::string::npos);
}

}  // namespace
}  // namespace pagemd::client
