#pragma once

// Stage 2, parse: an allocator for the Document's node array.
//
// A page of a million tiny elements needs a node array of tens of megabytes, written once from
// start to end. In 4 KiB pages that is ten thousand page faults, which took a third of such a
// conversion; an array past 2 MiB is therefore aligned to huge pages and advised to the kernel as
// such (MADV_HUGEPAGE: a no-op where transparent huge pages are off). Smaller arrays, most pages',
// come from the ordinary allocator.

#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>

namespace pagemd::extract {

template <typename T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;

  HugePageAllocator() noexcept = default;
  template <typename U>
  explicit HugePageAllocator(const HugePageAllocator<U>& /*other*/) noexcept {}

  T* allocate(std::size_t count) {
    const std::size_t bytes = count * sizeof(T);
    if (bytes < kHugePage) return std::allocator<T>{}.allocate(count);
    const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    void* memory = std::aligned_alloc(kHugePage, rounded);
    if (memory == nullptr) throw std::bad_alloc();
    madvise(memory, rounded, MADV_HUGEPAGE);
    return static_cast<T*>(memory);
  }

  void deallocate(T* memory, std::size_t count) noexcept {
    if (count * sizeof(T) < kHugePage) {
      std::allocator<T>{}.deallocate(memory, count);
    } else {
      std::free(memory);
    }
  }

  template <typename U>
  bool operator==(const HugePageAllocator<U>& /*other*/) const noexcept {
    return true;
  }
};

}  // namespace pagemd::extract
