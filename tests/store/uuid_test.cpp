#include "pagemd/store/uuid.hpp"

#include <gtest/gtest.h>

#include <set>

namespace pagemd::store {
namespace {

TEST(Uuid, NewIsVersion4WithTheRfcVariant) {
  for (int i = 0; i < 200; ++i) {
    const std::string id = new_uuid_v4();
    ASSERT_TRUE(is_uuid(id)) << id;
    EXPECT_EQ(id[14], '4') << id;
    EXPECT_NE(std::string("89ab").find(id[19]), std::string::npos) << id;
    for (const char c : id) EXPECT_FALSE(c >= 'A' && c <= 'F') << id;
  }
}

TEST(Uuid, NewIsUnique) {
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) seen.insert(new_uuid_v4());
  EXPECT_EQ(seen.size(), 1000u);
}

TEST(Uuid, RecognisesTheTextForm) {
  EXPECT_TRUE(is_uuid("123e4567-e89b-42d3-a456-426614174000"));
  EXPECT_TRUE(is_uuid("123E4567-E89B-42D3-A456-426614174000"));
  for (const char* bad : {"", "123e4567e89b42d3a456426614174000", "123e4567-e89b-42d3-a456-42661417400",
                          "123e4567-e89b-42d3-a456-4266141740000", "123e4567-e89b-42d3-a456_426614174000",
                          "g23e4567-e89b-42d3-a456-426614174000", "{23e4567-e89b-42d3-a456-42661417400}",
                          "123e4567-e89b-42d3-a456-42661417400\n", "../../../../etc/passwd-aaaaaaaaaaaaa"}) {
    EXPECT_FALSE(is_uuid(bad)) << bad;
  }
}

}  // namespace
}  // namespace pagemd::store
