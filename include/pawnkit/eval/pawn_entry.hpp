// What an engine keeps per pawn structure in its pawn hash table, and the part of the
// evaluation that adds the pieces to it. The split is Stockfish's (its published
// definitions, docs/engine.md): an entry computed from the two pawn sets alone, cached
// under the pawn key, holds the pawn scores and the sets the rest of the evaluation reads
// again at every node (passed pawns, pawn attacks and attack spans, semi-open files, the
// king shelter and storm inputs per file); the terms that need the pieces (blocked by a
// piece, the passed pawns by whether their path is free and their stop square attacked,
// the king's shelter for the king's square and castling rights) are computed from the
// entry and the pieces, and are not cached.
//
//   PawnTable<PawnEntry, 16384> table;   // allocate it once, off the stack
//   const PawnEntry& e = table.probe(pos.pawn_key(), [&] {
//     return pawn_entry(pos.pawns(White), pos.pawns(Black), weights);
//   });
//   PawnEval pawns = e.score;                       // or, with the extended terms that
//   pawns = evaluate_pawns(pos, e, weights);        // read the pieces (position_eval.hpp)
//
// No board here: this header needs only the bitboard and pawn headers, so an engine with
// its own board includes it and passes its own bitboards.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "pawnkit/bitboard.hpp"
#include "pawnkit/eval/extended_terms.hpp"
#include "pawnkit/eval/king_shelter.hpp"
#include "pawnkit/eval/pawn_eval.hpp"
#include "pawnkit/eval/pawn_terms.hpp"
#include "pawnkit/eval/pawn_weights.hpp"
#include "pawnkit/eval/score.hpp"
#include "pawnkit/fill.hpp"
#include "pawnkit/pawns/moves.hpp"
#include "pawnkit/pawns/patterns.hpp"

namespace pawnkit::eval {

// Every array is indexed by side: index(White), index(Black).
struct PawnEntry {
  // evaluate_pawns(white, black, w): each side's pawn score from its own point of view.
  PawnEval score;
  // Passed pawns as the pattern spec defines them (pawns/patterns.hpp passed(): no enemy pawn
  // in front on their own or a neighbouring file), which the extended passed-pawn terms
  // score. Stockfish's entry keeps a wider set, adding pawns whose stoppers can be levered
  // away or outnumbered (the idea of pawnkit's candidates(), not the same set).
  std::array<Bitboard, 2> passed{};
  // The squares the side's pawns attack now.
  std::array<Bitboard, 2> attacks{};
  // The squares the side's pawns attack now or could attack after advancing, as Stockfish
  // defines its pawn attack span (an outpost is a square outside the enemy's): the
  // attacks, plus the attack front spans of the pawns that are neither backward
  // (fixed_behind_neighbors) nor blocked by an enemy pawn.
  std::array<Bitboard, 2> attack_span{};
  // The files without a pawn of the side (bit f for file f): open or half-open for its rooks.
  std::array<FileSet, 2> semi_open_files{};
  // The shelter and storm inputs of each king file (shelter_inputs, king_shelter.hpp) for
  // the side's king on its first rank, where it stands and castles to in the middlegame.
  std::array<std::array<std::uint8_t, 8>, 2> shelter_rank{};
  std::array<std::array<std::uint8_t, 8>, 2> storm_rank{};
  // Whether the weights the entry was made with score terms that read the pieces for these
  // pawns (needs_piece_terms): when false, e.score is the whole pawn evaluation and an
  // engine need not look at the pieces.
  bool needs_piece_terms = false;

  friend constexpr bool operator==(const PawnEntry&, const PawnEntry&) = default;
};

// True when the extended terms that read the pieces can add anything to an entry of these
// passed pawns: some side has a passed pawn and a passed-pawn weight is not 0, or the
// blocked-by-piece weight is not 0. pawn_entry() asks once and keeps the answer.
constexpr bool needs_piece_terms(const std::array<Bitboard, 2>& passed, const ExtendedWeights& w) {
  if (w.blocked_by_piece != Score{}) return true;
  if (!(passed[0] | passed[1])) return false;
  ExtendedWeights passed_only = w;
  passed_only.isolated_opposed = passed_only.isolated_open = passed_only.backward_half_open = {};
  passed_only.phalanx = passed_only.candidate_passer = {};
  return uses_extended_terms(passed_only);
}

namespace detail {

template <Color C>
constexpr void fill_entry_side(PawnEntry& e, Bitboard own, Bitboard enemy) {
  const std::size_t us = index(C);
  e.passed[us] = passed<C>(own, enemy);
  e.attacks[us] = pawn_attacks<C>(own);
  const Bitboard advancing = own & ~fixed_behind_neighbors<C>(own, enemy) & ~blocked<C>(own, enemy);
  e.attack_span[us] = e.attacks[us] | attack_front_span<C>(advancing);
  e.semi_open_files[us] = FileSet(~file_set(own));
  for (int f = 0; f < 8; ++f) {
    const ShelterInputs in = shelter_inputs<C>(own, enemy, 0, f);
    e.shelter_rank[us][std::size_t(f)] = std::uint8_t(in.ours);
    e.storm_rank[us][std::size_t(f)] = std::uint8_t(in.theirs);
  }
}

}  // namespace detail

// The entry of two pawn sets: what a pawn table stores under the pawn key.
constexpr PawnEntry pawn_entry(Bitboard white, Bitboard black, const PawnWeights& w = {}) {
  PawnEntry e;
  e.score = evaluate_pawns(white, black, w);
  detail::fill_entry_side<White>(e, white, black);
  detail::fill_entry_side<Black>(e, black, white);
  e.needs_piece_terms = needs_piece_terms(e.passed, w.extended);
  return e;
}

// --- The part that needs the pieces --------------------------------------------------------

// The extended terms of side C that read the pieces, from the entry: equal to
// extended_score(count_piece_terms<C>(own, enemy, occupied, enemy_attacks)) over those
// terms. `occupied` is every piece and pawn, `enemy_attacks` the squares the other side
// attacks (its pieces and pawns): the engine's own attack maps serve; only the passed
// pawns' stop squares are read, so those alone may be given.
template <Color C>
constexpr Score piece_terms_score(const PawnEntry& e, Bitboard own, Bitboard enemy,
                                  Bitboard occupied, Bitboard enemy_attacks,
                                  const ExtendedWeights& w) {
  Score s = w.blocked_by_piece * popcount(blocked_by_piece<C>(own, occupied & ~(own | enemy)));
  const Bitboard passers = e.passed[index(C)];
  if (!passers) return s;
  const Bitboard free = path_free<C>(passers, occupied);
  const Bitboard attacked = stop_square_attacked_by<C>(passers, enemy_attacks);
  for (const Square p : squares(passers)) {
    const auto r = std::size_t(relative_rank<C>(rank_of(p)) - 1);
    const Bitboard b = square_bb(p);
    const ByPawnRank& table =
        (free & b) ? ((attacked & b) ? w.passed_free_attacked : w.passed_free_safe)
                   : ((attacked & b) ? w.passed_blocked_attacked : w.passed_blocked_safe);
    s += table[r];
  }
  return s;
}

// The king shelter of color C (king_shelter.hpp's king_shelter<C>, the same value): from
// the entry's inputs when the king stands on its first rank, from the pawns otherwise.
template <Color C>
constexpr Score king_shelter(const PawnEntry& e, Bitboard own, Bitboard enemy, Square king,
                             bool can_castle_king_side, bool can_castle_queen_side,
                             const KingShelterWeights& w = stockfish_king_shelter) {
  const std::size_t us = index(C), them = index(~C);
  const auto on_first_rank = [&](int king_file) {
    const auto file_bit = FileSet(1u << king_file);
    return shelter_of_files(
        king_file, (e.semi_open_files[us] & file_bit) != 0,
        (e.semi_open_files[them] & file_bit) != 0,
        [&](int f) {
          return ShelterInputs{e.shelter_rank[us][std::size_t(f)],
                               e.storm_rank[us][std::size_t(f)]};
        },
        w);
  };
  const Score best =
      best_shelter(relative_rank<C>(rank_of(king)) == 0 ? on_first_rank(file_of(king))
                                                        : shelter_at<C>(own, enemy, king, w),
                   can_castle_king_side, can_castle_queen_side,
                   [&](File file) { return on_first_rank(int(file)); });
  return best - Score{0, w.pawn_distance_eg * nearest_pawn_distance(own, king)};
}

}  // namespace pawnkit::eval
