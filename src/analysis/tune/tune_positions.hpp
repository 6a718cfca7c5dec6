// The positions Texel tuning fits, chosen from PGN games (docs/engine.md, "Tuning on
// games"): games with a result, both players rated (a number in WhiteElo and BlackElo,
// unless allowed otherwise) and at least min_game_plies plies; in them, positions from
// ply skip_plies on that are quiet in the simple sense tuners use: the side to move is
// not in check and the move that led there was no capture and no promotion. Then up to
// per_game of those a game, drawn with a generator seeded by the seed and the game, so
// that a run is the same whatever the threads.
#pragma once

#include <cstdint>
#include <tuple>
#include <vector>

#include "analysis/add_fields.hpp"
#include "analysis/game_workers.hpp"
#include "analysis/tune/trace_rows.hpp"
#include "io/game_record.hpp"

namespace pawnkit::analysis {

struct PositionSelection {
  int skip_plies = 16;
  int min_game_plies = 30;
  int per_game = 8;  // 0: every quiet position
  bool allow_unrated = false;
  std::uint64_t seed = 1;
};

struct TuningSample {
  std::uint64_t game = 0;  // file index << 32 | game number: the key of the held-out split
  int ply = 0;
  float label = 0;
  TraceRow row;
};

// Why games were left out.
struct SelectionCounts {
  std::size_t no_result = 0, unrated = 0, short_games = 0, used = 0;
  static auto fields(auto& c) { return std::tie(c.no_result, c.unrated, c.short_games, c.used); }
  void add(const SelectionCounts& o) { add_fields(fields(*this), fields(o)); }
};

// A 64-bit mix of a seed and a key (splitmix64's finaliser): the per-game generator seed
// and the split.
std::uint64_t mix(std::uint64_t seed, std::uint64_t key);

// Adds the chosen positions of `game` (its key `game_key`) to `out`.
void select_positions(const io::GameRecord& game, std::uint64_t game_key,
                      const PositionSelection& selection, const eval::PawnWeights& weights,
                      std::vector<TuningSample>& out, SelectionCounts& selected, GameCounts& counts,
                      std::vector<io::Diagnostic>& diagnostics);

}  // namespace pawnkit::analysis
