// The taper of a classical evaluation: how a Score{mg, eg} becomes one number by the game
// phase. pawnkit follows Stockfish 15.1's classical evaluation, whose weights it
// reproduces: the phase is the non-pawn material of both sides (in middlegame piece
// values), clamped between EndgameLimit and MidgameLimit and scaled to 0..128 (128: full
// middlegame). That is not the 24-point count of chess/phase.hpp, which names the game
// phase for people (opening, middlegame, endgame) and counts pieces rather than their
// values; the evaluation keeps Stockfish's taper so that tuned weights mean what
// Stockfish's mean. Stockfish's published values (src/types.h, src/evaluate.cpp of
// sf_15.1); its endgame scale factor is left out (a normal scale, 64/64).
#pragma once

#include <algorithm>
#include <array>
#include <bit>

#include "pawnkit/chess/position.hpp"
#include "pawnkit/eval/score.hpp"

namespace pawnkit::eval {

inline constexpr int PhaseMidgame = 128;
inline constexpr int MidgameLimit = 15258;
inline constexpr int EndgameLimit = 3915;

// Stockfish 15.1's material values, pawn to queen.
inline constexpr std::array<Score, 5> StockfishPieceValues{
    {{126, 208}, {781, 854}, {825, 915}, {1276, 1380}, {2538, 2682}}};

// Stockfish's classical phase of a non-pawn material sum: 0 (endgame) to 128 (middlegame).
constexpr int classical_phase(int non_pawn_material) {
  const int npm = std::clamp(non_pawn_material, EndgameLimit, MidgameLimit);
  return (npm - EndgameLimit) * PhaseMidgame / (MidgameLimit - EndgameLimit);
}

// Non-pawn material of both sides in middlegame values (the start position has 16604).
inline int non_pawn_material(const Position& pos) {
  using enum PieceType;
  int npm = 0;
  for (const PieceType pt : {Knight, Bishop, Rook, Queen})
    npm += std::popcount(pos.pieces(pt)) * StockfishPieceValues[std::size_t(pt)].mg;
  return npm;
}

inline int classical_phase(const Position& pos) { return classical_phase(non_pawn_material(pos)); }

// A score tapered by phase, exactly: mg * phase / 128 + eg * (128 - phase) / 128 without
// rounding (every value is a multiple of 1/128, which a double holds exactly).
constexpr double tapered(Score s, int phase) {
  return (s.mg * phase + s.eg * (PhaseMidgame - phase)) / double(PhaseMidgame);
}

static_assert(classical_phase(2 * (2 * 781 + 2 * 825 + 2 * 1276 + 2538)) == 128, "start");
static_assert(classical_phase(2 * 1276) == 0, "a rook each is an endgame");
// A rook and a knight each: (4114 - 3915) * 128 / 11343, rounded down.
static_assert(classical_phase(2 * (1276 + 781)) == 2);
static_assert(tapered({10, 20}, 64) == 15.0);

}  // namespace pawnkit::eval
