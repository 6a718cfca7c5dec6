// A score in two phases, middlegame and endgame, as a classical evaluation keeps it
// (the engine blends the two by game phase). Units are Stockfish's internal ones: in
// Stockfish 15.1 a pawn's material value is 126 in the middlegame and 208 in the endgame.
#pragma once

#include "pawnkit/version.hpp"  // first: the C++20 check

namespace pawnkit::eval {

struct Score {
  int mg = 0;
  int eg = 0;

  friend constexpr Score operator+(Score a, Score b) { return {a.mg + b.mg, a.eg + b.eg}; }
  friend constexpr Score operator-(Score a, Score b) { return {a.mg - b.mg, a.eg - b.eg}; }
  friend constexpr Score operator-(Score a) { return {-a.mg, -a.eg}; }
  friend constexpr Score operator*(Score a, int n) { return {a.mg * n, a.eg * n}; }
  friend constexpr Score operator*(int n, Score a) { return a * n; }
  constexpr Score& operator+=(Score b) { return *this = *this + b; }
  constexpr Score& operator-=(Score b) { return *this = *this - b; }
  friend constexpr bool operator==(Score, Score) = default;
};

// Stockfish 15.1's `eval` trace prints every term divided by this (UCI::NormalizeToPawnValue,
// the internal value its win-rate model calls one pawn), with two decimals: not by
// PawnValueEg (208), as older versions did. tests/scripts/pawn_eval_vs_stockfish.py
// compares with that trace.
inline constexpr int StockfishNormalizeToPawnValue = 361;

static_assert(Score{3, -4} * 2 - Score{1, 1} == Score{5, -9});

}  // namespace pawnkit::eval
