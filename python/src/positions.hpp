// pawnkit.positions / pawnkit.iter_positions: one row per position of PGN or FEN/EPD
// files, built in C++ straight into column buffers (never through JSON).
//
// A background thread reads the files through the game pipeline (analysis/pipeline.hpp);
// each worker packs its rows into a compact binary record stream, which the pipeline hands
// back in input order and which is unpacked into columns here. Full chunks wait in a
// queue of two for Python, so memory stays bounded however large the input.
#pragma once

#include <pawnkit/pawns/report.hpp>

#include <algorithm>
#include <array>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "analysis/query.hpp"

namespace pawnkit::python {

// Every square-set key of the report in the contract's order (pattern keys, move keys,
// then the version 2 terms): one bitboard column per side and key. Walks report.hpp's tables, so
// keys added there appear here.
inline constexpr std::size_t bitboard_key_count =
    pattern_keys.size() + move_keys.size() + term_keys.size();
inline constexpr std::array<SquareSetKey, bitboard_key_count> bitboard_keys = [] {
  std::array<SquareSetKey, bitboard_key_count> keys{};
  std::size_t i = 0;
  for (const SquareSetKey& k : pattern_keys) keys[i++] = k;
  for (const SquareSetKey& k : move_keys) keys[i++] = k;
  for (const SquareSetKey& k : term_keys) keys[i++] = k;
  return keys;
}();

// Anonymous mapped memory that grows in place or by remapping (never by copying). Blocks of
// 2 MiB and more are asked for in transparent huge pages: on a virtual machine a fault on
// a 4 KiB page can cost ~15 us, so one fault per 2 MiB instead of 512 is most of the speed
// of pawnkit.positions there. Moves only; unmapped when destroyed.
struct MappedBlock {
  void* data = nullptr;
  std::size_t bytes = 0;

  MappedBlock() = default;
  MappedBlock(MappedBlock&& o) noexcept
      : data(std::exchange(o.data, nullptr)), bytes(std::exchange(o.bytes, 0)) {}
  MappedBlock& operator=(MappedBlock&&) = delete;
  ~MappedBlock();
  // Makes room for at least `wanted` bytes, keeping the contents. Throws std::bad_alloc.
  void grow(std::size_t wanted);
};

// A column of plain values in a MappedBlock, grown by doubling; numpy takes the block as
// it is (python/src/module.cpp), so every value is written once, where it stays.
template <class T>
class MappedColumn {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  std::size_t size() const { return size_; }
  T* data() { return static_cast<T*>(block_.data); }
  const T* data() const { return static_cast<const T*>(block_.data); }
  void reserve(std::size_t n) {
    if (n <= capacity_) return;
    block_.grow(n * sizeof(T));
    capacity_ = block_.bytes / sizeof(T);
  }
  void push_back(T value) { *extend(1) = value; }
  // Room for `n` more values at the end (uninitialised); returns where they go.
  T* extend(std::size_t n) {
    if (size_ + n > capacity_) reserve(std::max(size_ + n, 2 * capacity_));
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

// The rows of one chunk, column by column.
struct PositionColumns {
  MappedColumn<std::int64_t> game;  // 1-based game number in its file; 0 for FEN/EPD records
  MappedColumn<std::int32_t> ply;   // from the game's start; from the move counters for FEN/EPD
  MappedColumn<char> fen_text;      // every FEN back to back
  MappedColumn<std::uint64_t> fen_end;  // end offset of each row's FEN in fen_text
  // One block, row by row: bitboards[row * bitboard_columns + side * bitboard_key_count + key].
  // Rows are copied in whole, and numpy gets the block as it is (pandas keeps it as one
  // block, no copy).
  static constexpr std::size_t bitboard_columns = 2 * bitboard_key_count;
  MappedColumn<std::uint64_t> bitboards;
  std::array<MappedColumn<std::uint8_t>, 2> islands;
  MappedColumn<std::int8_t> structure;       // StructureId, -1 for none
  MappedColumn<std::int8_t> structure_side;  // 0 white, 1 black, -1 for none
  MappedColumn<std::uint32_t> game_slot;     // index into game_tags
  // The requested tags of each game with rows in this chunk (nullopt: the game has no such tag).
  std::vector<std::vector<std::optional<std::string>>> game_tags;

  std::size_t rows() const { return game.size(); }
};

struct PositionRequest {
  std::vector<std::string> paths;
  std::optional<analysis::Query> where;
  int min_plies = 1;  // `where` must hold this many consecutive plies of a game
  std::vector<std::string> tags;
  int threads = 1;
  std::size_t chunk_rows = 0;  // rows per chunk; 0: everything in one chunk
};

// What went wrong in the input: bad games and records are counted and their one-line
// messages (the CLI's text) kept; a file that cannot be opened stops the stream.
struct PositionProblems {
  std::size_t bad = 0, skipped = 0;
  std::vector<std::string> messages;
  std::string fatal;  // a file that cannot be opened, or a command-line-level problem
};

class PositionStream {
 public:
  explicit PositionStream(PositionRequest request);
  ~PositionStream();
  PositionStream(const PositionStream&) = delete;
  PositionStream& operator=(const PositionStream&) = delete;

  // The next chunk, or nullptr when the input is over. Blocks until one is ready.
  std::unique_ptr<PositionColumns> next();
  // Stops the reading thread early (the rest of the input is not read).
  void cancel();
  // Counts and messages so far; complete once next() returned nullptr.
  PositionProblems problems();
  const PositionRequest& request() const { return request_; }

 private:
  class Sink;
  void produce();
  // Hands a full chunk to the consumer; waits while two are queued. False once cancelled.
  bool deliver(std::unique_ptr<PositionColumns> chunk);

  PositionRequest request_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::unique_ptr<PositionColumns>> ready_;
  bool finished_ = false, cancelled_ = false;
  PositionProblems problems_;
  std::thread thread_;
};

}  // namespace pawnkit::python
