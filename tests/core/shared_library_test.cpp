#include "pagemd/core/runtime/shared_library.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <stdexcept>
#include <string>

namespace pagemd::core {
namespace {

// zlib is on every machine this builds on, and its functions are plain C.
TEST(SharedLibrary, FindsALibrarysFunctionsByName) {
  const SharedLibrary zlib("libz.so.1");
  decltype(&::zlibVersion) version = nullptr;
  zlib.find("zlibVersion", version);
  ASSERT_NE(version, nullptr);
  EXPECT_EQ(std::string(version()), std::string(ZLIB_VERSION));
}

TEST(SharedLibrary, AMissingLibraryOrFunctionIsAnErrorThatNamesIt) {
  try {
    const SharedLibrary missing("libpagemd-no-such-library.so.9");
    FAIL() << "opened a library that does not exist";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("libpagemd-no-such-library.so.9 cannot be loaded"), std::string::npos)
        << error.what();
  }
  const SharedLibrary zlib("libz.so.1");
  decltype(&::zlibVersion) version = nullptr;
  EXPECT_THROW(zlib.find("zlibVersionOfNothing", version), std::runtime_error);
  EXPECT_EQ(version, nullptr);
}

}  // namespace
}  // namespace pagemd::core
