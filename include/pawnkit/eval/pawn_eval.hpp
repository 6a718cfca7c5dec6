// Stockfish 15.1's classical pawn-structure evaluation (its "Pawns" term), set-wise:
// each penalty is a weight times the size of a set from pawn_terms.hpp; only the
// connected-pawn bonus, which depends on each pawn's rank and neighbours, is added pawn
// by pawn over the connected pawns. The result depends on the two pawn sets alone, so an
// engine caches it under Position::pawn_key() (pawn_table.hpp, or the fuller entry of
// pawn_entry.hpp). No board here: this header needs only the bitboard and pawn headers;
// position_eval.hpp evaluates a Position (with the extended terms that read the pieces).
// pawn_eval_reference.hpp computes the same pawn by pawn; docs/engine.md explains.
#pragma once

#include "pawnkit/bitboard.hpp"
#include "pawnkit/eval/extended_terms.hpp"
#include "pawnkit/eval/pawn_terms.hpp"
#include "pawnkit/eval/pawn_weights.hpp"
#include "pawnkit/eval/score.hpp"

namespace pawnkit::eval {

// The pawn evaluation of both sides, each from its own point of view (higher is better
// for that side), as Stockfish's trace prints them; the total for White is
// white - black.
struct PawnEval {
  Score white;
  Score black;
  friend constexpr bool operator==(const PawnEval&, const PawnEval&) = default;
};

// The connected-pawn bonus of side C (see PawnWeights::connected). Connected pawns on the
// second rank without a supporter (in practice every one there: a supporter would stand
// on the first rank) are phalanx pawns, so their bonus depends only on whether they are
// opposed: those are counted set-wise, and the few others are added pawn by pawn.
template <Color C>
constexpr Score connected_bonus(Bitboard own, Bitboard enemy, const PawnWeights& w = {}) {
  const Bitboard with_phalanx = phalanx(own), against = opposed<C>(own, enemy);
  const Bitboard from_west = supported_from_west<C>(own), from_east = supported_from_east<C>(own);
  const Bitboard all = connected<C>(own);

  const Bitboard second_rank = all & relative_rank_bb<C>(1) & ~(from_west | from_east);
  const int opposed_count = popcount(second_rank & against);
  const int unopposed_count = popcount(second_rank) - opposed_count;
  const int v_opposed = w.connected[1] * 2, v_unopposed = w.connected[1] * 3;
  Score bonus = Score{v_opposed, v_opposed * (1 - 2) / 4} * opposed_count +
                Score{v_unopposed, v_unopposed * (1 - 2) / 4} * unopposed_count;

  for (const Square s : squares(all & ~second_rank)) {
    const int rank = relative_rank<C>(rank_of(s));
    const int supporters = int(from_west >> s & 1) + int(from_east >> s & 1);
    const int v =
        w.connected[std::size_t(rank)] * (2 + int(with_phalanx >> s & 1) - int(against >> s & 1)) +
        w.supporter * supporters;
    bonus += Score{v, v * (rank - 2) / 4};
  }
  return bonus;
}

// The score of Stockfish's terms for side C: the connected bonus, the penalties and the
// blocked-pawn terms.
template <Color C>
constexpr Score stockfish_pawn_score(Bitboard own, Bitboard enemy, const PawnWeights& w) {
  Score score = connected_bonus<C>(own, enemy, w);
  score -= w.isolated * popcount(isolated_scored<C>(own, enemy));
  score -= w.doubled *
           (popcount(doubled_isolated<C>(own, enemy)) + popcount(unsupported_doubled<C>(own)));
  score -= w.backward * popcount(fixed_behind_neighbors<C>(own, enemy));
  score -= w.weak_unopposed * popcount(weak_unopposed<C>(own, enemy));
  score -= w.weak_lever * popcount(weak_lever<C>(own, enemy));
  score -= w.doubled_early * popcount(doubled_early<C>(own, enemy));
  score += w.blocked[0] * popcount(blocked_on_rank<C>(own, enemy, 4));
  score += w.blocked[1] * popcount(blocked_on_rank<C>(own, enemy, 5));
  return score;
}

// The score of the pawn-only extended terms for side C. Kept out of line: inlined, its
// code slowed the default evaluation, which never calls it, by a tenth (eval_bench).
template <Color C>
[[gnu::noinline]] constexpr Score extended_pawn_score(Bitboard own, Bitboard enemy,
                                                      const ExtendedWeights& w) {
  ExtendedCounts n{};
  count_pawn_terms<C>(n, own, enemy);
  return extended_score(n, w, 0, extended_pawn_only_count);
}

// The pawn-structure score of side C: Stockfish's terms, and the pawn-only extended terms
// when their weights are not all 0.
template <Color C>
constexpr Score evaluate_pawns(Bitboard own, Bitboard enemy, const PawnWeights& w = {}) {
  const Score score = stockfish_pawn_score<C>(own, enemy, w);
  return uses_extended_terms(w.extended) ? score + extended_pawn_score<C>(own, enemy, w.extended)
                                         : score;
}

// Runtime colour: the same for side c.
constexpr Score evaluate_pawns(Color c, Bitboard own, Bitboard enemy, const PawnWeights& w = {}) {
  return c == White ? evaluate_pawns<White>(own, enemy, w) : evaluate_pawns<Black>(own, enemy, w);
}

// Both sides at once.
constexpr PawnEval evaluate_pawns(Bitboard white, Bitboard black, const PawnWeights& w = {}) {
  PawnEval e{stockfish_pawn_score<White>(white, black, w),
             stockfish_pawn_score<Black>(black, white, w)};
  if (uses_extended_terms(w.extended)) {  // asked once for both sides
    e.white += extended_pawn_score<White>(white, black, w.extended);
    e.black += extended_pawn_score<Black>(black, white, w.extended);
  }
  return e;
}

}  // namespace pawnkit::eval
