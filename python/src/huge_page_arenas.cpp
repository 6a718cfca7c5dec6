#include "huge_page_arenas.hpp"

#include <Python.h>
#include <sys/mman.h>

#include <cstddef>
#include <cstdint>

#include "mapped_column.hpp"

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
  char* block = static_cast<char*>(map_aligned(huge_page, huge_page));
  if (!block) return nullptr;
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
