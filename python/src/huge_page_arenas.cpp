#include "huge_page_arenas.hpp"

#include <Python.h>
#include <sys/mman.h>

#include <cstddef>
#include <cstdint>

namespace pawnkit::python {

namespace {

constexpr std::size_t huge_page = std::size_t(2) << 20;

// Changed under the GIL only. Never destroyed: arenas may be freed while the process exits.
struct ArenaState {
  int users = 0;  // HugePageArenas alive, in any thread
  PyObjectArenaAllocator saved{};
  char* spare = nullptr;  // the second half of the last 2 MiB block, not handed out yet
  std::size_t spare_size = 0;
};
ArenaState& state() {
  static ArenaState* const instance = new ArenaState;
  return *instance;
}

void* allocate(void*, std::size_t size) {
  ArenaState& s = state();
  if (s.spare && s.spare_size == size) {
    void* arena = s.spare;
    s.spare = nullptr;
    return arena;
  }
  if (2 * size != huge_page) return s.saved.alloc(s.saved.ctx, size);
  // Twice the huge page size holds one aligned huge page; the rest is unmapped again.
  void* p =
      mmap(nullptr, 2 * huge_page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return nullptr;
  const auto start = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t aligned = (start + huge_page - 1) & ~(huge_page - 1);
  if (aligned > start) munmap(p, aligned - start);
  const std::uintptr_t end = start + 2 * huge_page;
  if (aligned + huge_page < end)
    munmap(reinterpret_cast<void*>(aligned + huge_page), end - aligned - huge_page);
  char* block = reinterpret_cast<char*>(aligned);
  madvise(block, huge_page, MADV_HUGEPAGE);  // advice only: ordinary pages if refused
  if (s.spare) munmap(s.spare, s.spare_size);
  s.spare = block + size;
  s.spare_size = size;
  return block;
}

void release(void*, void* arena, std::size_t size) {
  // Arenas from either allocator are whole mmap'd ranges: the default frees them alike.
  ArenaState& s = state();
  s.saved.free(s.saved.ctx, arena, size);
}

}  // namespace

HugePageArenas::HugePageArenas() {
  ArenaState& s = state();
  if (s.users++ > 0) return;
  PyObject_GetArenaAllocator(&s.saved);
  PyObjectArenaAllocator mine{nullptr, &allocate, &release};
  PyObject_SetArenaAllocator(&mine);
}

HugePageArenas::~HugePageArenas() {
  ArenaState& s = state();
  if (--s.users > 0) return;
  PyObject_SetArenaAllocator(&s.saved);
  if (s.spare) munmap(s.spare, s.spare_size);
  s.spare = nullptr;
}

}  // namespace pawnkit::python
