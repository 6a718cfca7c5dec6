#include "huge_page_arenas.hpp"

#include <sys/mman.h>

#include <cstdint>

namespace pawnkit::python {

namespace {
constexpr std::size_t huge_page = std::size_t(2) << 20;
}

HugePageArenas::HugePageArenas() {
  PyObject_GetArenaAllocator(&saved_);
  PyObjectArenaAllocator mine{this, &allocate, &release};
  PyObject_SetArenaAllocator(&mine);
  active_ = true;
}

HugePageArenas::~HugePageArenas() {
  if (!active_) return;
  PyObject_SetArenaAllocator(&saved_);
  if (spare_) munmap(spare_, spare_size_);
}

void* HugePageArenas::allocate(void* self_pointer, std::size_t size) {
  auto& self = *static_cast<HugePageArenas*>(self_pointer);
  if (self.spare_ && self.spare_size_ == size) {
    void* arena = self.spare_;
    self.spare_ = nullptr;
    return arena;
  }
  if (2 * size != huge_page) return self.saved_.alloc(self.saved_.ctx, size);
  // A block of twice the huge page size holds one aligned huge page; the rest is unmapped.
  void* p =
      mmap(nullptr, 2 * huge_page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return nullptr;
  const auto start = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t aligned = (start + huge_page - 1) & ~(huge_page - 1);
  if (aligned > start) munmap(p, aligned - start);
  if (aligned + huge_page < start + 2 * huge_page)
    munmap(reinterpret_cast<void*>(aligned + huge_page),
           start + 2 * huge_page - aligned - huge_page);
  char* block = reinterpret_cast<char*>(aligned);
  madvise(block, huge_page, MADV_HUGEPAGE);  // advice only: ordinary pages if refused
  if (self.spare_) munmap(self.spare_, self.spare_size_);
  self.spare_ = block + size;
  self.spare_size_ = size;
  return block;
}

void HugePageArenas::release(void* self_pointer, void* arena, std::size_t size) {
  auto& self = *static_cast<HugePageArenas*>(self_pointer);
  // Arenas from either allocator are whole mmap'd ranges: the default frees them alike.
  self.saved_.free(self.saved_.ctx, arena, size);
}

}  // namespace pawnkit::python
