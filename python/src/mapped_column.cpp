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
  std::size_t bytes, ready;
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
  if (data) BlockPool::give(data, bytes, ready, role);
}

namespace {

std::size_t round_up(std::size_t n, std::size_t unit) { return (n + unit - 1) / unit * unit; }

}  // namespace

void MappedBlock::grow(std::size_t wanted, std::size_t used, std::size_t most) {
  if (wanted <= ready) return;
  if (wanted > bytes) {
    if (MappedBlock reused = BlockPool::take(role, wanted); reused.data) {
      if (data) std::memcpy(reused.data, data, used);
      std::swap(data, reused.data);
      std::swap(bytes, reused.bytes);
      std::swap(ready, reused.ready);  // the old block goes back to the pool
    } else {
      // Address space only (nothing is touched here), doubled, so that a column moves a
      // few times at most; on a 2 MiB boundary, where the kernel moves the page tables of
      // whole 2 MiB ranges at once. Ordinary pages even where transparent huge pages are
      // on for every mapping: a huge page would clear 2 MiB for the last rows of a column.
      const std::size_t new_bytes = std::max(2 * bytes, round_up(wanted, huge_page));
      void* p = map_aligned(new_bytes, huge_page);
      if (!p) throw std::bad_alloc();
      madvise(p, new_bytes, MADV_NOHUGEPAGE);  // advice only
      if (data && mremap(data, bytes, bytes, MREMAP_MAYMOVE | MREMAP_FIXED, p) == MAP_FAILED) {
        munmap(p, new_bytes);
        throw std::bad_alloc();
      }
      data = p;
      bytes = new_bytes;
    }
    if (wanted <= ready) return;
  }
  // Populated in one call per step instead of one fault per page (on a virtual machine a
  // fault costs more than the clearing of its page; Linux 5.14, refused harmlessly before,
  // the pages then fault one by one): 64 KiB, which is also the most a column leaves
  // unused at its end (with ~60 columns a chunk of iter_positions, a few of which are
  // alive at once, each page more is peak memory), and never past `most`.
  constexpr std::size_t step = std::size_t(64) << 10, page = 4096;
  const std::size_t bound = most >= bytes ? bytes : round_up(std::max(most, wanted), page);
  const std::size_t new_ready =
      std::min({bytes, std::max(round_up(wanted, step), ready + step), bound});
  madvise(static_cast<char*>(data) + ready, new_ready - ready, populate_write);
  ready = new_ready;
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
  block.ready = best->ready;
  p.bytes -= best->ready;
  p.blocks.erase(best);
  return block;
}

void BlockPool::give(void* data, std::size_t bytes, std::size_t ready, BlockRole role) {
  if (role == BlockRole::none || ready > limit) {
    munmap(data, bytes);
    return;
  }
  std::deque<KeptBlock> evicted;
  {
    Pool& p = pool();
    std::lock_guard lock(p.mutex);
    while (p.bytes + ready > limit) {
      evicted.push_back(p.blocks.front());
      p.bytes -= p.blocks.front().ready;
      p.blocks.pop_front();
    }
    p.blocks.push_back({data, bytes, ready, role});
    p.bytes += ready;
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
