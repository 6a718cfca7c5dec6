// The weights of the classical pawn-structure evaluation (pawn_eval.hpp), tunable. The
// defaults are Stockfish 15.1's published values (src/pawns.cpp of the sf_15.1 release),
// in its internal units: with them, evaluate_pawns() prints what Stockfish 15.1's `eval`
// command shows in its "Pawns" row.
#pragma once

#include <array>

#include "pawnkit/eval/score.hpp"

namespace pawnkit::eval {

struct PawnWeights {
  // Penalties, subtracted once per pawn that has the term (see pawn_terms.hpp).
  Score backward{6, 19};
  Score doubled{11, 51};
  Score doubled_early{17, 7};
  Score isolated{1, 20};
  Score weak_lever{2, 57};
  Score weak_unopposed{15, 18};
  // Added per blocked pawn on its fifth and sixth rank (negative: a penalty).
  std::array<Score, 2> blocked{{{-19, -8}, {-7, 3}}};
  // The connected-pawn bonus by relative rank (0 = the side's first rank). A connected
  // pawn gets v = connected[rank] * (2 + phalanx - opposed) + supporter * supporters in
  // the middlegame and v * (rank - 2) / 4 (rounded towards zero) in the endgame.
  std::array<int, 8> connected{0, 3, 7, 7, 15, 54, 86, 0};
  int supporter = 22;

  friend constexpr bool operator==(const PawnWeights&, const PawnWeights&) = default;
};

}  // namespace pawnkit::eval
