// pawnkit.positions / pawnkit.iter_positions: one row per position of PGN or FEN/EPD
// files, built in C++ straight into column buffers (never through JSON).
//
// A background thread reads the files through the game pipeline (analysis/pipeline.hpp);
// each worker packs its rows into a compact binary record stream, which the pipeline hands
// back in input order and which is unpacked into columns here. Full chunks wait in a
// queue of two for Python, so memory stays bounded however large the input.
#pragma once

#include <pawnkit/pawns/report.hpp>

#include <array>
#include <atomic>
#include <chrono>
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
#include <utility>
#include <vector>

#include "analysis/query/query.hpp"
#include "bindings.hpp"
#include "mapped_column.hpp"

namespace pawnkit::python {

// Every square-set key of the report in the pattern spec's order (pattern keys, move keys,
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

// The columns a call asked for (pawnkit.positions(columns=...)): the others are neither
// filled nor handed to Python, and the work only they need is skipped (the structure,
// the phase, the game key). The FEN is PositionRequest::fen, the tags PositionRequest::tags.
struct WantedColumns {
  bool file = true, game = true, game_id = true, ply = true, game_key = true;
  std::array<bool, 2> islands{true, true};
  bool structure = true, structure_side = true, phase = true;
  // One per bitboard column, in PositionColumns::bitboards' order.
  std::array<bool, 2 * bitboard_key_count> bitboards = [] {
    std::array<bool, 2 * bitboard_key_count> all{};
    all.fill(true);
    return all;
  }();
};

// The rows of one chunk, column by column.
struct PositionColumns {
  // Index of the row's input: first_file + its index in PositionRequest::inputs
  MappedColumn<std::int32_t> file{BlockRole::file};
  // 1-based game number in its file; the record number for FEN/EPD
  MappedColumn<std::int64_t> game{BlockRole::game};
  // file * 2^32 + game: unique over every input of a call (or a Dask collection)
  MappedColumn<std::int64_t> game_id{BlockRole::game_id};
  // From the game's start; from the move counters for FEN/EPD
  MappedColumn<std::int32_t> ply{BlockRole::ply};
  MappedColumn<char> fen_text{BlockRole::fen_text};  // every FEN back to back
  // End offset of each row's FEN in fen_text
  MappedColumn<std::uint64_t> fen_end{BlockRole::fen_end};
  // One contiguous column per side and key: bitboards[side * bitboard_key_count + key].
  // Each goes to numpy as it is and to pandas as a block of its own (no copy), so a
  // column operation runs at the speed of a fresh numpy array.
  static constexpr std::size_t bitboard_columns = 2 * bitboard_key_count;
  std::array<MappedColumn<std::uint64_t>, bitboard_columns> bitboards =
      mapped_columns<std::uint64_t, bitboard_columns>(BlockRole::bitboards);
  std::array<MappedColumn<std::uint8_t>, 2> islands{
      MappedColumn<std::uint8_t>(BlockRole::white_islands),
      MappedColumn<std::uint8_t>(BlockRole::black_islands)};
  MappedColumn<std::int8_t> structure{BlockRole::structure};  // StructureId, -1 for none
  // 0 white, 1 black, -1 for none
  MappedColumn<std::int8_t> structure_side{BlockRole::structure_side};
  MappedColumn<std::int8_t> phase{BlockRole::phase};            // GamePhase (chess/phase.hpp)
  MappedColumn<std::uint32_t> game_slot{BlockRole::game_slot};  // index into game_tags
  // The requested tags of each game with rows in this chunk (nullopt: the game has no such tag).
  std::vector<std::vector<std::optional<std::string>>> game_tags;
  // The key (content hash: high, low) of each game with rows in this chunk.
  std::vector<std::array<std::uint64_t, 2>> game_keys;

  std::size_t row_count = 0;  // set when the chunk is handed over (any column may be left out)
  std::size_t rows() const { return row_count; }
  // Calls f(column) for every wanted column of one value a row (all but fen_text; fen_end
  // only with the FEN column; game_slot for the game key and the tags).
  template <class F>
  void for_each_row_column(const WantedColumns& wanted, bool with_fen, bool with_slot, F&& f) {
    if (wanted.file) f(file);
    if (wanted.game) f(game);
    if (wanted.game_id) f(game_id);
    if (wanted.ply) f(ply);
    if (with_slot) f(game_slot);
    for (std::size_t side = 0; side < 2; ++side)
      if (wanted.islands[side]) f(islands[side]);
    if (wanted.structure) f(structure);
    if (wanted.structure_side) f(structure_side);
    if (wanted.phase) f(phase);
    if (with_fen) f(fen_end);
    for (std::size_t k = 0; k < bitboard_columns; ++k)
      if (wanted.bitboards[k]) f(bitboards[k]);
  }
};

struct PositionRequest {
  std::vector<Input> inputs;
  // The index of inputs[0] among every input of the Dask collection this call is a
  // partition of (0 for a call of its own): `file` and `game_id` count from it.
  int first_file = 0;
  std::optional<analysis::Query> where;
  int min_plies = 1;  // `where` must hold this many consecutive plies of a game
  std::vector<std::string> tags;
  bool fen = true;       // false: no FEN column (and no FEN made)
  WantedColumns wanted;  // the other columns asked for (every one unless said)
  bool strict = false;   // --strict: every repair of the input is an error
  int threads = 1;
  // Rows per chunk (0: everything in one chunk). Chunks hold whole games: one ends before
  // the game that would take it over the bound, and a game longer than the bound is a chunk
  // of its own. FEN/EPD records are games of one row each, so they fill chunks exactly.
  std::size_t chunk_rows = 0;
};

// What went wrong in the input: bad games and records are counted and their one-line
// messages (the CLI's text) kept; a file that cannot be opened stops the stream.
struct PositionProblems {
  std::size_t bad = 0, skipped = 0;
  std::vector<std::string> messages;  // errors: the bad and skipped games and records
  // The repairs of sloppy input (the CLI's warning lines), and how many
  std::size_t warnings = 0;
  std::vector<std::string> warning_messages;
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
  // Waits at most `timeout` for next() to have something (a chunk or the end) at once.
  bool wait_ready(std::chrono::milliseconds timeout);
  // Stops the reading thread early (the rest of the input is not read).
  void cancel();
  // cancel(), then waits until every thread of the stream has ended.
  void stop();
  // Games and bytes read so far (for a progress bar).
  Progress progress() const { return progress_.load(); }
  // Counts and messages so far; complete once next() returned nullptr.
  PositionProblems problems();
  const PositionRequest& request() const { return request_; }
  // Whether the chunks have game_slot (the row's game: for the game key and the tags).
  bool with_game_slot() const { return request_.wanted.game_key || !request_.tags.empty(); }

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
  ProgressCounter progress_;
  std::thread thread_;
};

}  // namespace pawnkit::python
