// The pawn terms engines added after Stockfish 15's classical evaluation, set-wise, each
// optional (PawnWeights::extended, all 0 by default). Sources, in docs/engine.md: the
// Chessprogramming wiki (Isolated Pawn, Backward Pawn, Candidate Passed Pawn, Passed Pawn,
// Phalanx) and the published descriptions of engines that score them (Ethereal's tuned
// terms split passed pawns by rank, by whether the pawn can advance and whether its stop
// square is safe; Stockfish's classical evaluation splits isolated and backward pawns by
// whether they are opposed).
//
// The first terms depend on the pawns alone (they can be cached under the pawn key); the
// rest also on the pieces: the occupied squares and the squares the enemy attacks, given
// here as bitboards (position_eval.hpp counts them for a Position). No board here: this
// header needs only the bitboard and pawn headers.
// pawn_eval_reference.hpp counts the same square by square.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "pawnkit/bitboard.hpp"
#include "pawnkit/eval/name_list.hpp"
#include "pawnkit/eval/pawn_terms.hpp"
#include "pawnkit/eval/pawn_weights.hpp"
#include "pawnkit/eval/score.hpp"
#include "pawnkit/fill.hpp"
#include "pawnkit/pawns/patterns.hpp"

namespace pawnkit::eval {

// --- The terms as sets of own pawns -----------------------------------------------------

// Isolated pawns (no own pawn on a neighbouring file) with / without an enemy pawn in
// front of them on their file: an open one stands on a file the enemy's rooks can use.
template <Color C>
constexpr Bitboard isolated_opposed(Bitboard own, Bitboard enemy) {
  return isolated(own) & opposed<C>(own, enemy);
}
template <Color C>
constexpr Bitboard isolated_open(Bitboard own, Bitboard enemy) {
  return isolated(own) & ~opposed<C>(own, enemy);
}

// Stockfish's backward pawns (fixed_behind_neighbors, pawn_terms.hpp) with no enemy pawn in front
// of them: on a file half-open for the enemy.
template <Color C>
constexpr Bitboard backward_half_open(Bitboard own, Bitboard enemy) {
  return fixed_behind_neighbors<C>(own, enemy) & ~opposed<C>(own, enemy);
}

// Phalanx pawns are pawns/patterns.hpp's phalanx(own); candidate passers its
// candidates<C>(own, enemy) (open, not passed, helpers at least as many as sentries).

// Pawns with nothing (a piece or a pawn of either side) in front of them on their file.
template <Color C>
constexpr Bitboard path_free(Bitboard own, Bitboard occupied) {
  return own & ~rear_span<C>(occupied);
}

// Pawns whose stop square is one of `enemy_attacks`.
template <Color C>
constexpr Bitboard stop_square_attacked_by(Bitboard own, Bitboard enemy_attacks) {
  return own & shift<Down<C>>(enemy_attacks);
}

// Pawns whose stop square holds a piece other than a pawn, of either side (a pawn blocked
// by an enemy pawn is Stockfish's `blocked`).
template <Color C>
constexpr Bitboard blocked_by_piece(Bitboard own, Bitboard pieces_not_pawns) {
  return own & shift<Down<C>>(pieces_not_pawns);
}

// --- Counts, in parameter order ---------------------------------------------------------

// The Score terms, each rank of the by-rank ones a term of its own: the pawn-only terms
// first (isolated_opposed .. candidate_passer), then those that need the pieces.
inline constexpr std::size_t extended_term_count = 4 + 6 * pawn_rank_count;
inline constexpr std::size_t extended_pawn_only_count = 3 + 2 * pawn_rank_count;
inline constexpr std::size_t ext_phalanx = 3;
inline constexpr std::size_t ext_candidate_passer = ext_phalanx + pawn_rank_count;
inline constexpr std::size_t ext_blocked_by_piece = extended_pawn_only_count;
// passed_free_safe, passed_free_attacked, passed_blocked_safe, passed_blocked_attacked.
inline constexpr std::size_t ext_passed = ext_blocked_by_piece + 1;

// How many pawns of one side have each term.
using ExtendedCounts = std::array<int, extended_term_count>;

namespace detail {

// The term names in term order: "isolated_opposed", ..., "phalanx.1", ..., "phalanx.6",
// "candidate_passer.1", ..., "blocked_by_piece", "passed_free_safe.1", ...
constexpr NameList<extended_term_count> make_extended_term_names() {
  NameList<extended_term_count> names;
  const auto by_rank = [&](std::string_view term) {
    for (std::size_t r = 1; r <= pawn_rank_count; ++r) names.add({term, ".", digit(r)});
  };
  for (std::size_t i = 0; i < 3; ++i) names.add({extended_score_names[i]});
  by_rank(extended_by_rank_names[0]);
  by_rank(extended_by_rank_names[1]);
  names.add({extended_score_names[3]});
  for (std::size_t i = 2; i < extended_by_rank_names.size(); ++i)
    by_rank(extended_by_rank_names[i]);
  return names;
}

}  // namespace detail

inline constexpr std::array<std::string_view, extended_term_count> extended_term_names =
    names_made_by<detail::make_extended_term_names>;

// The weights in the same order.
constexpr std::array<Score, extended_term_count> extended_terms(const ExtendedWeights& w) {
  std::array<Score, extended_term_count> t{};
  t[0] = w.isolated_opposed;
  t[1] = w.isolated_open;
  t[2] = w.backward_half_open;
  t[ext_blocked_by_piece] = w.blocked_by_piece;
  for (std::size_t r = 0; r < pawn_rank_count; ++r) {
    t[ext_phalanx + r] = w.phalanx[r];
    t[ext_candidate_passer + r] = w.candidate_passer[r];
    t[ext_passed + r] = w.passed_free_safe[r];
    t[ext_passed + pawn_rank_count + r] = w.passed_free_attacked[r];
    t[ext_passed + 2 * pawn_rank_count + r] = w.passed_blocked_safe[r];
    t[ext_passed + 3 * pawn_rank_count + r] = w.passed_blocked_attacked[r];
  }
  return t;
}

constexpr ExtendedWeights extended_weights(const std::array<Score, extended_term_count>& t) {
  ExtendedWeights w;
  w.isolated_opposed = t[0];
  w.isolated_open = t[1];
  w.backward_half_open = t[2];
  w.blocked_by_piece = t[ext_blocked_by_piece];
  for (std::size_t r = 0; r < pawn_rank_count; ++r) {
    w.phalanx[r] = t[ext_phalanx + r];
    w.candidate_passer[r] = t[ext_candidate_passer + r];
    w.passed_free_safe[r] = t[ext_passed + r];
    w.passed_free_attacked[r] = t[ext_passed + pawn_rank_count + r];
    w.passed_blocked_safe[r] = t[ext_passed + 2 * pawn_rank_count + r];
    w.passed_blocked_attacked[r] = t[ext_passed + 3 * pawn_rank_count + r];
  }
  return w;
}

namespace detail {

// Adds the size of `pawns` on each relative rank 1..6 to n[first + rank - 1].
template <Color C>
constexpr void count_by_rank(ExtendedCounts& n, std::size_t first, Bitboard pawns) {
  for (std::size_t r = 0; r < pawn_rank_count; ++r)
    n[first + r] += popcount(pawns & relative_rank_bb<C>(int(r) + 1));
}

}  // namespace detail

// The pawn-only terms of side C.
template <Color C>
constexpr void count_pawn_terms(ExtendedCounts& n, Bitboard own, Bitboard enemy) {
  n[0] += popcount(isolated_opposed<C>(own, enemy));
  n[1] += popcount(isolated_open<C>(own, enemy));
  n[2] += popcount(backward_half_open<C>(own, enemy));
  detail::count_by_rank<C>(n, ext_phalanx, phalanx(own));
  detail::count_by_rank<C>(n, ext_candidate_passer, candidates<C>(own, enemy));
}

// The terms of side C that need the pieces: `occupied` (every piece and pawn) and
// `enemy_attacks` (every square an enemy piece or pawn attacks).
template <Color C>
constexpr void count_piece_terms(ExtendedCounts& n, Bitboard own, Bitboard enemy, Bitboard occupied,
                                 Bitboard enemy_attacks) {
  n[ext_blocked_by_piece] += popcount(blocked_by_piece<C>(own, occupied & ~(own | enemy)));
  const Bitboard passers = passed<C>(own, enemy);
  const Bitboard free = path_free<C>(passers, occupied);
  const Bitboard attacked = stop_square_attacked_by<C>(passers, enemy_attacks);
  const Bitboard variants[4] = {free & ~attacked, free & attacked, passers & ~free & ~attacked,
                                passers & ~free & attacked};
  for (std::size_t v = 0; v < 4; ++v)
    detail::count_by_rank<C>(n, ext_passed + v * pawn_rank_count, variants[v]);
}

// sum(n[i] * weight[i]) over the terms [first, last).
constexpr Score extended_score(const ExtendedCounts& n, const ExtendedWeights& w,
                               std::size_t first = 0, std::size_t last = extended_term_count) {
  const auto terms = extended_terms(w);
  Score s;
  for (std::size_t i = first; i < last; ++i) s += terms[i] * n[i];
  return s;
}

static_assert(extended_weights(extended_terms(ExtendedWeights{{1, 2}, {3, 4}, {5, 6}, {7, 8}})) ==
              ExtendedWeights{{1, 2}, {3, 4}, {5, 6}, {7, 8}});
static_assert(path_free<White>(square_bb(D5) | square_bb(E5), square_bb(D7)) == square_bb(E5));
static_assert(blocked_by_piece<Black>(square_bb(C6), square_bb(C5)) == square_bb(C6));
static_assert(backward_half_open<White>(square_bb(D3) | square_bb(E4), square_bb(C5)) ==
              square_bb(D3));

}  // namespace pawnkit::eval
