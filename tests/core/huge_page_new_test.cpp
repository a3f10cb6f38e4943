// The programs' operator new (lib/core/src/huge_page_new.cpp), linked into this suite alone.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <limits>
#include <memory>
#include <new>
#include <sstream>
#include <string>

namespace {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kReplaced = false;
#else
constexpr bool kReplaced = true;
#endif

constexpr std::size_t kHugePage = std::size_t{2} << 20;

std::uintptr_t address(const void* block) { return reinterpret_cast<std::uintptr_t>(block); }

// A size the compiler cannot see, so that it does not reject the impossible ones at build time.
std::size_t opaque(std::size_t size) {
  volatile std::size_t copy = size;
  return copy;
}

// The VmFlags of the mapping holding `block` in /proc/self/smaps, or "" when none holds it.
std::string mapping_flags(std::uintptr_t block) {
  std::ifstream smaps("/proc/self/smaps");
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    std::uintptr_t start = 0;
    std::uintptr_t end = 0;
    char dash = 0;
    std::istringstream range(line);
    if (range >> std::hex >> start >> dash >> end && dash == '-') {
      inside = start <= block && block < end;
    } else if (inside && line.starts_with("VmFlags:")) {
      return line;
    }
  }
  return "";
}

bool huge_pages_advisable() {
  std::ifstream setting("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string modes;
  std::getline(setting, modes);
  return modes.find("[never]") == std::string::npos && !modes.empty();
}

TEST(HugePageNew, BigBlocksAreAlignedToHugePagesAndAdvisedSo) {
  if (!kReplaced) GTEST_SKIP() << "sanitizer builds keep the sanitizers' operator new";
  const auto block = std::make_unique<char[]>(5 * kHugePage + 1);
  EXPECT_EQ(address(block.get()) % kHugePage, 0u);
  if (huge_pages_advisable()) {
    EXPECT_NE(mapping_flags(address(block.get())).find(" hg"), std::string::npos);
  }
}

TEST(HugePageNew, SmallBlocksAreLeftAsTheyAre) {
  if (!kReplaced) GTEST_SKIP() << "sanitizer builds keep the sanitizers' operator new";
  const auto block = std::make_unique<char[]>(kHugePage - 1);
  EXPECT_NE(address(block.get()) % kHugePage, 0u);
  EXPECT_EQ(mapping_flags(address(block.get())).find(" hg"), std::string::npos);
}

TEST(HugePageNew, FreedBigBlocksGoBackToTheKernel) {
  if (!kReplaced) GTEST_SKIP() << "sanitizer builds keep the sanitizers' operator new";
  // Grow and free blocks as a conversion does, so glibc would otherwise raise its mmap threshold
  // past them and keep them in the heap.
  void* first = ::operator new(12 * kHugePage);
  ::operator delete(first);
  void* block = ::operator new(3 * kHugePage);
  const std::uintptr_t at = address(block);
  ASSERT_FALSE(mapping_flags(at).empty());
  ::operator delete(block);
  EXPECT_TRUE(mapping_flags(at).empty());
}

TEST(HugePageNew, SizesPastTheAddressSpaceFail) {
  // AddressSanitizer aborts on such sizes instead of throwing.
  if (!kReplaced) GTEST_SKIP() << "sanitizer builds keep the sanitizers' operator new";
  const std::size_t impossible = opaque(std::numeric_limits<std::size_t>::max() - kHugePage / 2);
  EXPECT_THROW(static_cast<void>(::operator new(impossible)), std::bad_alloc);
  EXPECT_EQ(::operator new(impossible, std::nothrow), nullptr);
}

TEST(HugePageNew, TheNewHandlerIsAskedBeforeFailing) {
  if (!kReplaced) GTEST_SKIP() << "sanitizer builds keep the sanitizers' operator new";
  static int calls = 0;
  calls = 0;
  const std::new_handler previous = std::set_new_handler([] {
    if (++calls == 2) std::set_new_handler(nullptr);
  });
  EXPECT_THROW(static_cast<void>(::operator new(opaque(std::numeric_limits<std::size_t>::max() - 1))), std::bad_alloc);
  std::set_new_handler(previous);
  EXPECT_EQ(calls, 2);
}

}  // namespace
