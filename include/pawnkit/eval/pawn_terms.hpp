// The terms of Stockfish 15.1's classical pawn evaluation, set-wise: each function takes
// the pawn sets of side C (`own`) and of the other side (`enemy`) and returns the set of
// own pawns that have the term. Some differ from the pattern spec's patterns of the same
// idea (pawns/patterns.hpp): Stockfish's doubled pawn needs its twin directly behind it,
// and its backward pawn is also one whose stop square an enemy pawn blocks. Where the
// sets differ, the names differ too (Stockfish's backward pawns are
// fixed_behind_neighbors, not the pattern spec's pawnkit::backward), so that a file using
// both namespaces gets one meaning per name and no ambiguous call. Each definition says
// which. docs/engine.md shows how they add up.
#pragma once

#include "pawnkit/bitboard.hpp"
#include "pawnkit/fill.hpp"
#include "pawnkit/pawns/moves.hpp"
#include "pawnkit/pawns/patterns.hpp"

namespace pawnkit::eval {

// Pawns with an enemy pawn anywhere in front of them on their file.
template <Color C>
constexpr Bitboard opposed(Bitboard own, Bitboard enemy) {
  return own & front_span<~C>(enemy);
}

// Pawns whose stop square (the square in front) holds an enemy pawn.
template <Color C>
constexpr Bitboard blocked(Bitboard own, Bitboard enemy) {
  return own & shift<Down<C>>(enemy);
}

// Pawns whose stop square an enemy pawn attacks (Stockfish's "lever push").
template <Color C>
constexpr Bitboard stop_square_attacked(Bitboard own, Bitboard enemy) {
  return own & shift<Down<C>>(pawn_attacks<~C>(enemy));
}

// Pawns that two enemy pawns attack.
template <Color C>
constexpr Bitboard attacked_twice(Bitboard own, Bitboard enemy) {
  return own & pawn_attacks_west<~C>(enemy) & pawn_attacks_east<~C>(enemy);
}

// Pawns protected by an own pawn on the west / east neighbouring file (a pawn protected
// from both sides has two supporters).
template <Color C>
constexpr Bitboard supported_from_west(Bitboard own) {
  return own & pawn_attacks_east<C>(own);
}
template <Color C>
constexpr Bitboard supported_from_east(Bitboard own) {
  return own & pawn_attacks_west<C>(own);
}

// Stockfish's connected pawns (protected by an own pawn or standing beside one on the same
// rank) are the pattern spec's: connected<C>(own) of pawns/patterns.hpp, one function under
// one name (eval::connected names the same function, no ambiguity).
using pawnkit::connected;

// Pawns with an own pawn directly behind them: the front pawn of every adjacent pair
// on a file (Stockfish's "doubled"; the pattern spec's doubled() counts both pawns of a
// file holding two, wherever they stand).
template <Color C>
constexpr Bitboard directly_doubled(Bitboard own) {
  return own & shift<Up<C>>(own);
}

// Pawns with no own pawn on a neighbouring file level with them or behind: every own
// neighbour, if any, is in front (the mask inside the pattern spec's backward()).
template <Color C>
constexpr Bitboard ahead_of_neighbors(Bitboard own) {
  return own & ~front_fill<C>(shift<Direction::East>(own) | shift<Direction::West>(own));
}

// Stockfish's backward pawns (its weight PawnWeights::backward): pawns with own pawns on a
// neighbouring file, all of them in front, whose stop square an enemy pawn attacks or
// blocks. Not the pattern spec's pawnkit::backward (pawns/patterns.hpp), which also counts an
// isolated pawn whose stop square is attacked and not one that is only blocked.
template <Color C>
constexpr Bitboard fixed_behind_neighbors(Bitboard own, Bitboard enemy) {
  return ahead_of_neighbors<C>(own) & ~isolated(own) &
         (blocked<C>(own, enemy) | stop_square_attacked<C>(own, enemy));
}

// Isolated pawns that Stockfish scores as doubled rather than isolated: opposed, with an
// own pawn behind them on their file, and no enemy pawn on a neighbouring file.
template <Color C>
constexpr Bitboard doubled_isolated(Bitboard own, Bitboard enemy) {
  const Bitboard enemy_neighbor_files = east_attack_file_fill(enemy) | west_attack_file_fill(enemy);
  return isolated(own) & opposed<C>(own, enemy) & in_front_of_own<C>(own) & ~enemy_neighbor_files;
}

// Isolated pawns scored as isolated: every isolated pawn but the doubled_isolated ones.
template <Color C>
constexpr Bitboard isolated_scored(Bitboard own, Bitboard enemy) {
  return isolated(own) & ~doubled_isolated<C>(own, enemy);
}

// Isolated (as scored) and backward pawns with no enemy pawn in front, backward ones off
// the a- and h-files: the weaknesses an enemy rook can attack down a half-open file.
template <Color C>
constexpr Bitboard weak_unopposed(Bitboard own, Bitboard enemy) {
  const Bitboard weak =
      isolated_scored<C>(own, enemy) | (fixed_behind_neighbors<C>(own, enemy) & ~(FileA | FileH));
  return weak & ~opposed<C>(own, enemy);
}

// Unprotected pawns that two enemy pawns attack.
template <Color C>
constexpr Bitboard weak_lever(Bitboard own, Bitboard enemy) {
  return attacked_twice<C>(own, enemy) & ~defended<C>(own);
}

// Unprotected pawns with an own pawn directly behind them.
template <Color C>
constexpr Bitboard unsupported_doubled(Bitboard own) {
  return directly_doubled<C>(own) & ~defended<C>(own);
}

// Pawns with an own pawn directly behind them while no own pawn is fixed yet (none has
// its stop square blocked or attacked by an enemy pawn): doubled early in the game.
template <Color C>
constexpr Bitboard doubled_early(Bitboard own, Bitboard enemy) {
  const Bitboard fixed = blocked<C>(own, enemy) | stop_square_attacked<C>(own, enemy);
  return fixed ? 0 : directly_doubled<C>(own);
}

// Blocked pawns on the given relative rank (Stockfish scores ranks 5 and 6: index 4, 5).
template <Color C>
constexpr Bitboard blocked_on_rank(Bitboard own, Bitboard enemy, int relative_rank_index) {
  return blocked<C>(own, enemy) & relative_rank_bb<C>(relative_rank_index);
}

// A few definitions pinned on small boards.
static_assert(fixed_behind_neighbors<White>(square_bb(D3) | square_bb(E4), square_bb(D4)) ==
                  square_bb(D3),
              "blocked behind its neighbour");
static_assert(fixed_behind_neighbors<White>(square_bb(D3) | square_bb(E4), square_bb(C5)) ==
                  square_bb(D3),
              "stop square attacked");
static_assert(fixed_behind_neighbors<White>(square_bb(D3) | square_bb(E3), square_bb(D4)) == 0,
              "a neighbour level with it");
static_assert(directly_doubled<Black>(square_bb(C7) | square_bb(C6) | square_bb(C4)) ==
              square_bb(C6));
static_assert(doubled_isolated<White>(square_bb(B2) | square_bb(B4), square_bb(B6)) ==
              square_bb(B4));
static_assert(weak_lever<White>(square_bb(D4), square_bb(C5) | square_bb(E5)) == square_bb(D4));

}  // namespace pawnkit::eval
