#include "mapped_column.hpp"

#include <sys/mman.h>

#include <cstdint>
#include <cstring>
#include <deque>
#include <mutex>
#include <new>

namespace pawnkit::python {

namespace {

struct KeptBlock {
  void* data;
  std::size_t bytes;
  BlockRole role;
};

// The chunks' producer thread takes, numpy's deallocations (under the GIL) give. Never
// destroyed: arrays may still be freed while the process exits.
struct Pool {
  std::mutex mutex;
  std::deque<KeptBlock> blocks;  // oldest first
  std::size_t bytes = 0;
};
Pool& pool() {
  static Pool* const instance = new Pool;
  return *instance;
}

#ifdef MADV_POPULATE_WRITE
constexpr int populate_write = MADV_POPULATE_WRITE;
#else
constexpr int populate_write = 23;  // Linux's value; older headers lack the name
#endif

}  // namespace

void* map_aligned(std::size_t bytes, std::size_t alignment) {
  // One alignment more than asked holds an aligned range; the rest is unmapped again.
  void* p =
      mmap(nullptr, bytes + alignment, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return nullptr;
  const auto start = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t aligned = (start + alignment - 1) & ~(alignment - 1);
  const std::uintptr_t end = start + bytes + alignment;
  if (aligned > start) munmap(p, aligned - start);
  if (aligned + bytes < end)
    munmap(reinterpret_cast<void*>(aligned + bytes), end - aligned - bytes);
  return reinterpret_cast<void*>(aligned);
}

MappedBlock::~MappedBlock() {
  if (data) BlockPool::give(data, bytes, role);
}

void MappedBlock::grow(std::size_t wanted, std::size_t used) {
  constexpr std::size_t huge_page = std::size_t(2) << 20, small = std::size_t(64) << 10;
  if (wanted <= bytes) return;
  // Small blocks (a short chunk's columns) stay in ordinary pages: a huge page would
  // clear 2 MiB for a few rows.
  const std::size_t unit = wanted >= huge_page ? huge_page : small;
  const std::size_t new_bytes = (wanted + unit - 1) / unit * unit;
  if (MappedBlock reused = BlockPool::take(role, new_bytes); reused.data) {
    if (data) std::memcpy(reused.data, data, used);
    std::swap(data, reused.data);
    std::swap(bytes, reused.bytes);
    return;  // the old block goes back to the pool
  }
  void* p;
  if (unit == huge_page) {
    // On a huge page boundary, and so is the old block when it moves there. A block the
    // kernel places anywhere (mremap with MREMAP_MAYMOVE) keeps only the huge pages that
    // happen to align, and the rest faults one 4 KiB page at a time; so does a huge page
    // that shares its 2 MiB with a block of small pages. With 58 columns that was a third
    // of their memory and 30,000 more faults on the Magnus games (measured): a block of
    // small pages is copied (at most 2 MiB, once), a block of huge pages moved.
    p = map_aligned(new_bytes, huge_page);
    if (!p) throw std::bad_alloc();
    madvise(p, new_bytes, MADV_HUGEPAGE);  // advice only: fine if refused
    if (data && bytes < huge_page) {
      std::memcpy(p, data, used);
      munmap(data, bytes);
    } else if (data && mremap(data, bytes, bytes, MREMAP_MAYMOVE | MREMAP_FIXED, p) == MAP_FAILED) {
      munmap(p, new_bytes);
      throw std::bad_alloc();
    }
  } else {
    p = data ? mremap(data, bytes, new_bytes, MREMAP_MAYMOVE)
             : mmap(nullptr, new_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    // Small pages in one call instead of one fault each: a table of many columns grows
    // each through its first 2 MiB in small pages, and on a virtual machine a fault costs
    // more than the clearing of its page. (Linux 5.14; refused harmlessly before.)
    madvise(static_cast<char*>(p) + bytes, new_bytes - bytes, populate_write);
  }
  data = p;
  bytes = new_bytes;
}

MappedBlock BlockPool::take(BlockRole role, std::size_t min_bytes) {
  MappedBlock block(role);
  if (role == BlockRole::none) return block;
  Pool& p = pool();
  std::lock_guard lock(p.mutex);
  auto best = p.blocks.end();
  for (auto it = p.blocks.begin(); it != p.blocks.end(); ++it)
    if (it->role == role && it->bytes >= min_bytes &&
        (best == p.blocks.end() || it->bytes < best->bytes))
      best = it;
  if (best == p.blocks.end()) return block;
  block.data = best->data;
  block.bytes = best->bytes;
  p.bytes -= best->bytes;
  p.blocks.erase(best);
  return block;
}

void BlockPool::give(void* data, std::size_t bytes, BlockRole role) {
  if (role == BlockRole::none || bytes > limit) {
    munmap(data, bytes);
    return;
  }
  madvise(data, bytes, MADV_FREE);
  std::deque<KeptBlock> evicted;
  {
    Pool& p = pool();
    std::lock_guard lock(p.mutex);
    while (p.bytes + bytes > limit) {
      evicted.push_back(p.blocks.front());
      p.bytes -= p.blocks.front().bytes;
      p.blocks.pop_front();
    }
    p.blocks.push_back({data, bytes, role});
    p.bytes += bytes;
  }
  for (const KeptBlock& b : evicted) munmap(b.data, b.bytes);
}

void BlockPool::clear() {
  std::deque<KeptBlock> all;
  {
    Pool& p = pool();
    std::lock_guard lock(p.mutex);
    all.swap(p.blocks);
    p.bytes = 0;
  }
  for (const KeptBlock& b : all) munmap(b.data, b.bytes);
}

std::size_t BlockPool::kept() {
  Pool& p = pool();
  std::lock_guard lock(p.mutex);
  return p.bytes;
}

}  // namespace pawnkit::python
