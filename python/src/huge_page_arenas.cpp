#include "huge_page_arenas.hpp"

#include <Python.h>
#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "mapped_column.hpp"

namespace pawnkit::python {

namespace {

// Changed under the GIL only. Never destroyed: arenas may be freed while the process exits.
struct ArenaState {
  bool installed = false;  // this allocator stays in place once installed
  int users = 0;           // HugePageArenas alive, in any thread
  PyObjectArenaAllocator saved{};
  char* spare = nullptr;  // the second half of the last 2 MiB block, not handed out yet
  std::size_t spare_size = 0;
  // Arenas freed since (FEN strings of a frame or chunk that was dropped), kept for the
  // next ones: their pages are there already, so the strings of the next chunk of
  // iter_positions, or of the next call, fault no page.
  std::vector<void*> kept;
  std::size_t kept_size = 0;  // the size of each kept arena (CPython's: 1 MiB in 3.11)
};
ArenaState& state() {
  static ArenaState* const instance = new ArenaState;
  return *instance;
}

constexpr std::size_t kept_limit = std::size_t(96) << 20;  // bytes of kept arenas at most

void* allocate(void*, std::size_t size) {
  ArenaState& s = state();
  if (!s.kept.empty() && s.kept_size == size) {
    void* arena = s.kept.back();
    s.kept.pop_back();
    return arena;
  }
  if (s.users == 0) return s.saved.alloc(s.saved.ctx, size);
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
  // Arenas from either allocator are whole mmap'd ranges: kept, or freed by the default.
  ArenaState& s = state();
  if ((s.kept.empty() || s.kept_size == size) && (s.kept.size() + 1) * size <= kept_limit) {
    s.kept_size = size;
    s.kept.push_back(arena);
    return;
  }
  s.saved.free(s.saved.ctx, arena, size);
}

}  // namespace

HugePageArenas::HugePageArenas() {
  ArenaState& s = state();
  ++s.users;
  if (s.installed) return;
  PyObject_GetArenaAllocator(&s.saved);
  PyObjectArenaAllocator mine{nullptr, &allocate, &release};
  PyObject_SetArenaAllocator(&mine);
  s.installed = true;
}

HugePageArenas::~HugePageArenas() {
  ArenaState& s = state();
  if (--s.users > 0) return;
  if (s.spare) munmap(s.spare, s.spare_size);
  s.spare = nullptr;
}

void HugePageArenas::release_kept() {
  ArenaState& s = state();
  for (void* arena : s.kept) s.saved.free(s.saved.ctx, arena, s.kept_size);
  s.kept.clear();
}

}  // namespace pawnkit::python
