// Column storage for pawnkit.positions: anonymous mapped memory that numpy takes as it is.
//
// Why not std::vector: the columns of a million rows are ~450 MB that are written once.
// A vector copies on every doubling and faults its pages one at a time. A first call's
// cost is the fresh memory it touches (on the project's virtual machine the kernel clears
// every new page, and a page the VM has not used for a while costs up to ~2 ms per MiB).
// So blocks here grow by remapping (no copy), populate their pages in steps of 64 KiB
// (one call, not a fault per page) just ahead of the rows, and when numpy is done with
// one it goes to a BlockPool, from which the next chunk or call takes it back without a
// fault. Ordinary 4 KiB pages, not transparent huge pages: with ~60 columns, each
// column's last, half-used huge page and the copy from small to huge pages made 20% more
// fresh memory than the rows need, and the kernel hands out huge pages from the free 2 MiB
// blocks that a virtual machine gives back to its host first, so they are the freshest
// (measured on the Magnus games, first call of a process: 634 MiB fresh instead of
// 779 MiB, 0.21-0.25 s of system time instead of 0.3-1.1 s).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>

namespace pawnkit::python {

// What a block holds: the pool gives a block back to the column it came from, so that
// each column of the next chunk finds a block of its own size.
enum class BlockRole {
  none,  // not pooled: unmapped when freed
  file,
  game,
  game_id,
  ply,
  fen_text,
  fen_end,
  bitboards,
  white_islands,
  black_islands,
  structure,
  structure_side,
  phase,
  game_slot,
  count
};

// A transparent huge page on x86-64: the unit mapped blocks and arenas are carved in.
inline constexpr std::size_t huge_page = std::size_t(2) << 20;

// `bytes` of fresh mapped memory starting on a multiple of `alignment` (a power of two),
// or nullptr.
void* map_aligned(std::size_t bytes, std::size_t alignment);

// Mapped memory that grows in place or by remapping: `bytes` of address space, of which the
// first `ready` are populated (written to once, so that writing there faults no more).
// Moves only; given to the BlockPool (or unmapped) when destroyed.
struct MappedBlock {
  void* data = nullptr;
  std::size_t bytes = 0, ready = 0;
  BlockRole role = BlockRole::none;

  MappedBlock() = default;
  explicit MappedBlock(BlockRole r) : role(r) {}
  MappedBlock(MappedBlock&& o) noexcept
      : data(std::exchange(o.data, nullptr)),
        bytes(std::exchange(o.bytes, 0)),
        ready(std::exchange(o.ready, 0)),
        role(o.role) {}
  MappedBlock& operator=(MappedBlock&&) = delete;
  ~MappedBlock();
  // Makes at least `wanted` bytes ready, keeping the first `used`, and no more than `most`
  // (rounded up to a page) when the writer knows its size. Throws std::bad_alloc.
  void grow(std::size_t wanted, std::size_t used, std::size_t most = std::size_t(-1));
};

// Blocks freed by numpy, kept for reuse: at most `limit` populated bytes in all, the
// oldest unmapped first; pawnkit.release_memory() unmaps them all. Kept as they are, not
// MADV_FREE: on ordinary pages that costs a pass over every page when it is given and
// again when it is written next (~25 ms a call on the Magnus games, measured), and the
// pool is bounded anyway.
class BlockPool {
 public:
  static constexpr std::size_t limit = std::size_t(1) << 30;
  // A kept block of this role with at least `min_bytes`, the smallest such; or none.
  static MappedBlock take(BlockRole role, std::size_t min_bytes);
  // Keeps the block (its first `ready` bytes populated), or unmaps it.
  static void give(void* data, std::size_t bytes, std::size_t ready, BlockRole role);
  // Unmaps every kept block.
  static void clear();
  // The populated bytes kept now.
  static std::size_t kept();
};

// A column of plain values in a MappedBlock, grown by doubling; numpy takes the block as
// it is (python/src/module.cpp), so every value is written once, where it stays.
template <class T>
class MappedColumn {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  explicit MappedColumn(BlockRole role) : block_(role) {}
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  // For a writer that stores through data() itself: the first n values (n <= capacity())
  // are the column's.
  void set_size(std::size_t n) { size_ = n; }
  T* data() { return static_cast<T*>(block_.data); }
  const T* data() const { return static_cast<const T*>(block_.data); }
  // Room for n values; populated ahead by a step, but not past `most` values.
  void reserve(std::size_t n, std::size_t most = std::size_t(-1)) {
    if (n <= capacity_) return;
    const std::size_t most_bytes =
        most > std::size_t(-1) / sizeof(T) ? std::size_t(-1) : most * sizeof(T);
    block_.grow(n * sizeof(T), size_ * sizeof(T), most_bytes);
    capacity_ = block_.ready / sizeof(T);
  }
  void push_back(T value) { *extend(1) = value; }
  // Room for `n` more values at the end (uninitialised); returns where they go.
  T* extend(std::size_t n) {
    if (size_ + n > capacity_) reserve(size_ + n);  // the block adds a step at least
    T* end = data() + size_;
    size_ += n;
    return end;
  }
  // The block, for numpy to own; the column is left empty.
  MappedBlock release() {
    size_ = capacity_ = 0;
    return std::move(block_);
  }

 private:
  MappedBlock block_;
  std::size_t size_ = 0, capacity_ = 0;
};

// N columns of one role (blocks of one size, which the pool hands round among them).
template <class T, std::size_t N>
std::array<MappedColumn<T>, N> mapped_columns(BlockRole role) {
  return [role]<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<MappedColumn<T>, N>{((void)I, MappedColumn<T>(role))...};
  }
  (std::make_index_sequence<N>{});
}

}  // namespace pawnkit::python
