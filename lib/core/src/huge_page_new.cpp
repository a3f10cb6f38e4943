// The programs' operator new: big blocks come in huge pages.
//
// A conversion of a page of millions of small nodes writes a handful of buffers of tens of
// megabytes (the page's text, its node array, per-node sums, the Markdown), each from start to end.
// In 4 KiB pages that is one page fault per 4 KiB: 10,000-18,000 faults on a 10 MB page, a fifth
// of its time, and as many TLB misses on every later pass. A block of at least 2 MiB is therefore
// aligned to 2 MiB and advised to the kernel as huge pages (MADV_HUGEPAGE: a no-op where
// transparent huge pages are off), as glibc's `glibc.malloc.hugetlb=1` tunable would, but only
// for blocks this big, so that the many small ones stay dense.
//
// This file is linked into programs (pagemd, and the speed bench that stands for it), not into
// libraries: replacing operator new is a program's decision. Blocks come from glibc's aligned_alloc,
// so the standard operator delete (free) releases them. pagemdd is left out: it runs on jemalloc,
// whose own operator new and sized delete belong together (with this one in front, the load bench
// lost a tenth of its throughput). Sanitizer builds keep the sanitizers' own operator new.

#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)

#include <malloc.h>
#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <new>

namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

void* allocate(std::size_t bytes) noexcept {
  if (bytes < kHugePage) return std::malloc(bytes == 0 ? 1 : bytes);
  const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  if (rounded < bytes) return nullptr;  // the size wrapped around
  void* block = std::aligned_alloc(kHugePage, rounded);
  if (block != nullptr) madvise(block, rounded, MADV_HUGEPAGE);
  return block;
}

// Every block of 2 MiB or more gets a mapping of its own, which free() returns to the kernel.
// Left to glibc, the threshold grows with the blocks freed, so a big block would come from the heap
// and go back to it, where the small blocks later carved from it fault in 2 MiB at a time (10 MB
// more RSS on a 10 MB page).
[[maybe_unused]] const bool big_blocks_mapped = mallopt(M_MMAP_THRESHOLD, static_cast<int>(kHugePage)) == 1;

}  // namespace

// The array and nothrow forms of the standard library call this one.
void* operator new(std::size_t bytes) {
  for (;;) {
    if (void* block = allocate(bytes)) return block;
    const std::new_handler handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

#endif
