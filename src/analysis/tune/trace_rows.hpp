// One row of tuning data per position: the pawn evaluation's trace (eval/pawn_trace.hpp),
// the material balance and the side to move, which `pawn-eval --trace` prints and `tune`
// fits, and each king's shelter trace (eval/king_shelter_trace.hpp), which `tune --shelter`
// fits; and the label, the game's result from White's point of view, read from a PGN
// result or from an EPD record in the forms tuning sets use.
#pragma once

#include <array>
#include <optional>
#include <pawnkit/chess/position.hpp>
#include <pawnkit/eval/king_shelter_trace.hpp>
#include <pawnkit/eval/pawn_trace.hpp>
#include <string_view>

namespace pawnkit::analysis {

struct TraceRow {
  eval::PawnTrace pawns;
  std::array<int, 5> material{};  // pawns, knights, bishops, rooks, queens: White's minus Black's
  int side_to_move = 1;           // +1 White, -1 Black
  std::array<eval::KingShelterTrace, 2> shelter{};  // White's king, Black's (none: no squares)
};

// The shelter trace of side c's king in `pos` (its square and castling rights).
eval::KingShelterTrace king_shelter_trace(const Position& pos, Color c);

TraceRow trace_row(const Position& pos, const eval::PawnWeights& weights = {});

// 1 for "1-0", 0 for "0-1", 0.5 for "1/2-1/2"; nullopt for "*" or anything else.
std::optional<double> result_label(std::string_view result);

// The label of an EPD record's operations: a `c9 "1-0"` operation (any of the three
// results), or a `[1.0]`, `[0.5]`, `[0.0]` or any `[0.73]`-style suffix, a number from 0 to
// 1; nullopt without one.
std::optional<double> epd_label(std::string_view operations);

}  // namespace pawnkit::analysis
