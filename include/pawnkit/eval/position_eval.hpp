// The pawn evaluation of a Position: the parts of eval/ that read a board. The rest of
// eval/ takes bitboards and needs no board (an engine with its own board includes those
// headers alone); this header adds the attacked squares, the extended terms of a
// position, evaluate_pawns(pos), the entry's piece terms for a position, the king shelter
// of a position's side and the key to cache it under.
#pragma once

#include <cstddef>
#include <cstdint>

#include "pawnkit/bitboard.hpp"
#include "pawnkit/chess/attacks.hpp"
#include "pawnkit/chess/position.hpp"
#include "pawnkit/eval/extended_terms.hpp"
#include "pawnkit/eval/king_shelter.hpp"
#include "pawnkit/eval/pawn_entry.hpp"
#include "pawnkit/eval/pawn_eval.hpp"
#include "pawnkit/eval/pawn_weights.hpp"
#include "pawnkit/eval/score.hpp"
#include "pawnkit/pawns/moves.hpp"

namespace pawnkit::eval {

// Every square side c attacks (pieces and pawns, through the occupied squares).
inline Bitboard attacked_squares(const Position& pos, Color c) {
  using enum PieceType;
  const Bitboard occupied = pos.occupied(), queens = pos.pieces(c, Queen);
  Bitboard attacks =
      c == White ? pawn_attacks<White>(pos.pawns(c)) : pawn_attacks<Black>(pos.pawns(c));
  for (const Square s : squares(pos.pieces(c, Knight))) attacks |= knight_attacks(s);
  for (const Square s : squares(pos.pieces(c, Bishop) | queens))
    attacks |= bishop_attacks(s, occupied);
  for (const Square s : squares(pos.pieces(c, Rook) | queens)) attacks |= rook_attacks(s, occupied);
  for (const Square s : squares(pos.pieces(c, King))) attacks |= king_attacks(s);
  return attacks;
}

// The squares of `targets` that side c attacks: attacked_squares(pos, c) & targets, looked
// up from each target (cheaper when the targets are few, as passed pawns' stop squares are).
inline Bitboard attacked_among(const Position& pos, Color c, Bitboard targets) {
  using enum PieceType;
  const Bitboard occupied = pos.occupied(), queens = pos.pieces(c, Queen);
  const Bitboard diagonal = pos.pieces(c, Bishop) | queens, straight = pos.pieces(c, Rook) | queens;
  Bitboard attacked = targets & (c == White ? pawn_attacks<White>(pos.pawns(c))
                                            : pawn_attacks<Black>(pos.pawns(c)));
  for (const Square s : squares(targets & ~attacked)) {
    const bool hit = (knight_attacks(s) & pos.pieces(c, Knight)) ||
                     (king_attacks(s) & pos.pieces(c, King)) ||
                     (diagonal && (bishop_attacks(s, occupied) & diagonal)) ||
                     (straight && (rook_attacks(s, occupied) & straight));
    if (hit) attacked |= square_bb(s);
  }
  return attacked;
}

// Every term of side C in a position.
template <Color C>
inline ExtendedCounts count_extended_terms(const Position& pos) {
  ExtendedCounts n{};
  const Bitboard own = pos.pawns(C), enemy = pos.pawns(~C);
  count_pawn_terms<C>(n, own, enemy);
  count_piece_terms<C>(n, own, enemy, pos.occupied(), attacked_squares(pos, ~C));
  return n;
}

// The evaluation of a position: evaluate_pawns of its pawns (which an engine caches under
// the pawn key) plus the extended terms that depend on the pieces, when their weights are
// not all 0 (with Stockfish's weights: evaluate_pawns of the pawns alone).
inline PawnEval evaluate_pawns(const Position& pos, const PawnWeights& w = {}) {
  const Bitboard white = pos.pawns(White), black = pos.pawns(Black);
  PawnEval e = evaluate_pawns(white, black, w);
  if (uses_extended_terms(w.extended)) {
    ExtendedCounts n_white{}, n_black{};
    count_piece_terms<White>(n_white, white, black, pos.occupied(), attacked_squares(pos, Black));
    count_piece_terms<Black>(n_black, black, white, pos.occupied(), attacked_squares(pos, White));
    e.white += extended_score(n_white, w.extended, extended_pawn_only_count);
    e.black += extended_score(n_black, w.extended, extended_pawn_only_count);
  }
  return e;
}

// The same from the position's (cached) pawn entry, pawn_entry(pos.pawns(White),
// pos.pawns(Black), w): its scores plus the terms that read the pieces, for which only the
// passed pawns' stop squares are looked up (piece_terms_score reads no other attacked
// square), and nothing when no weight scores them.
inline PawnEval evaluate_pawns(const Position& pos, const PawnEntry& e, const PawnWeights& w) {
  PawnEval result = e.score;
  if (!e.needs_piece_terms) return result;
  const Bitboard white = pos.pawns(White), black = pos.pawns(Black);
  const Bitboard white_stops = shift<Up<White>>(e.passed[index(White)]);
  const Bitboard black_stops = shift<Up<Black>>(e.passed[index(Black)]);
  result.white += piece_terms_score<White>(e, white, black, pos.occupied(),
                                           attacked_among(pos, Black, white_stops), w.extended);
  result.black += piece_terms_score<Black>(e, black, white, pos.occupied(),
                                           attacked_among(pos, White, black_stops), w.extended);
  return result;
}

// The same for a position's side c; {0, 0} when c has no king.
inline Score king_shelter(const Position& pos, Color c,
                          const KingShelterWeights& w = stockfish_king_shelter) {
  const Square king = pos.king_square(c);
  if (king == NoSquare) return {};
  const bool ks = pos.can_castle(c, CastlingSide::King);
  const bool qs = pos.can_castle(c, CastlingSide::Queen);
  return c == White ? king_shelter<White>(pos.pawns(White), pos.pawns(Black), king, ks, qs, w)
                    : king_shelter<Black>(pos.pawns(Black), pos.pawns(White), king, ks, qs, w);
}

// The key of everything king_shelter reads: the pawn key, both kings' squares and the
// castling rights, with Position's own Zobrist numbers (so an engine can update it
// incrementally as it does its pawn key).
inline std::uint64_t pawn_king_key(const Position& pos) {
  std::uint64_t k = pos.pawn_key();
  for (const Color c : {White, Black}) {
    const Square king = pos.king_square(c);
    if (king != NoSquare)
      k ^= zobrist.piece_square[std::size_t(make_piece(c, PieceType::King))][king];
    for (const CastlingSide side : {CastlingSide::King, CastlingSide::Queen})
      if (pos.can_castle(c, side))
        k ^= zobrist.castling_file[index(c)][std::size_t(file_of(pos.castling_rook(c, side)))];
  }
  return k;
}

}  // namespace pawnkit::eval
