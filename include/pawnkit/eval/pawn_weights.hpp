// The weights of the classical pawn-structure evaluation (pawn_eval.hpp), tunable. The
// defaults are Stockfish 15.1's published values (src/pawns.cpp of the sf_15.1 release),
// in its internal units: with them, evaluate_pawns() prints what Stockfish 15.1's `eval`
// command shows in its "Pawns" row.
//
// `extended` holds the terms engines added after Stockfish 15's classical evaluation
// (extended_terms.hpp, docs/engine.md): all 0 by default, so the default stays Stockfish's.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <string_view>

#include "pawnkit/eval/score.hpp"

namespace pawnkit::eval {

// A Score per relative rank a pawn can stand on, 1 (its second rank) to 6 (its seventh):
// index rank - 1.
inline constexpr std::size_t pawn_rank_count = 6;
using ByPawnRank = std::array<Score, pawn_rank_count>;

// The extended terms' weights, each added once per pawn that has the term (negative: a
// penalty). The passed-pawn tables are split by whether the squares in front of the pawn
// up to promotion are empty ("free") and whether an enemy piece attacks its stop square
// ("attacked").
struct ExtendedWeights {
  Score isolated_opposed;
  Score isolated_open;
  Score backward_half_open;
  Score blocked_by_piece;
  ByPawnRank phalanx{};
  ByPawnRank candidate_passer{};
  ByPawnRank passed_free_safe{};
  ByPawnRank passed_free_attacked{};
  ByPawnRank passed_blocked_safe{};
  ByPawnRank passed_blocked_attacked{};

  friend constexpr bool operator==(const ExtendedWeights&, const ExtendedWeights&) = default;
};

// ExtendedWeights' members by name, in its order: the terms of one Score, then those
// scored by the pawn's relative rank (a Score each for ranks 1..6), the latter with their
// member pointers. The JSON members (pawn_weights_json.hpp) and the extended terms
// (extended_terms.hpp) are named after them.
inline constexpr std::array<std::string_view, 4> extended_score_names{
    "isolated_opposed", "isolated_open", "backward_half_open", "blocked_by_piece"};
inline constexpr std::array<std::string_view, 6> extended_by_rank_names{"phalanx",
                                                                        "candidate_passer",
                                                                        "passed_free_safe",
                                                                        "passed_free_attacked",
                                                                        "passed_blocked_safe",
                                                                        "passed_blocked_attacked"};
inline constexpr std::array<ByPawnRank ExtendedWeights::*, 6> extended_by_rank_members{
    &ExtendedWeights::phalanx,
    &ExtendedWeights::candidate_passer,
    &ExtendedWeights::passed_free_safe,
    &ExtendedWeights::passed_free_attacked,
    &ExtendedWeights::passed_blocked_safe,
    &ExtendedWeights::passed_blocked_attacked};

// True when some extended weight is not 0. The evaluation asks on every call, so this ORs
// the weights together as one array of ints (a few vector instructions) where the library
// has std::bit_cast, rather than comparing member by member.
constexpr bool uses_extended_terms(const ExtendedWeights& x) {
  int any = 0;
#if defined(__cpp_lib_bit_cast)
  static_assert(sizeof(ExtendedWeights) == 2 * sizeof(int) * (4 + 6 * pawn_rank_count) &&
                sizeof(ExtendedWeights) % 8 == 0);
  using Words = std::array<unsigned long long, sizeof(ExtendedWeights) / 8>;
  unsigned long long words = 0;
  for (const unsigned long long v : std::bit_cast<Words>(x)) words |= v;
  any = words != 0;
#else
  for (const Score s :
       {x.isolated_opposed, x.isolated_open, x.backward_half_open, x.blocked_by_piece})
    any |= s.mg | s.eg;
  for (const ByPawnRank* table :
       {&x.phalanx, &x.candidate_passer, &x.passed_free_safe, &x.passed_free_attacked,
        &x.passed_blocked_safe, &x.passed_blocked_attacked})
    for (const Score s : *table) any |= s.mg | s.eg;
#endif
  return any != 0;
}

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
  ExtendedWeights extended{};

  friend constexpr bool operator==(const PawnWeights&, const PawnWeights&) = default;
};

}  // namespace pawnkit::eval
