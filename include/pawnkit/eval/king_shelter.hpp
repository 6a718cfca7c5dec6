// The king's pawn shelter and the enemy's pawn storm, as Stockfish 15.1's classical
// evaluation scores them (the king-safety part of its pawn entry; numbers and definitions
// from the published src/pawns.cpp of sf_15.1, see docs/engine.md). A pawn-and-king term:
// it depends on the pawns, the king squares and the castling rights only, so an engine
// caches it under pawn_king_key() (below) in a PawnTable.
//
// For a king square, on the king's file and its two neighbours (the b- to g-file for a
// king on an edge file), counting only pawns on the king's rank or in front of it:
// - shelter: our rearmost pawn on the file not attacked by an enemy pawn, scored by the
//   file's distance from the edge and its relative rank (0 when there is none);
// - storm: the enemy's pawn on the file nearest our side, scored the same way, with a
//   table of its own when it is blocked by that shelter pawn (it stands just in front);
// - the king's file: a bonus or penalty whether it is half-open for us and for them.
// The king takes the best middlegame value of its square and of the castled squares (g1,
// c1 relative) its castling rights still allow, then loses 16 per square (endgame) of the
// distance to its nearest own pawn (6 without pawns).
//
// Not part of evaluate_pawns (PawnWeights' default stays Stockfish's pawn score):
// Stockfish adds this to its "King safety" trace row. king_shelter_reference.hpp
// computes the same square by square.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <utility>

#include "pawnkit/bitboard.hpp"
#include "pawnkit/chess/attacks.hpp"
#include "pawnkit/chess/position.hpp"
#include "pawnkit/eval/score.hpp"
#include "pawnkit/fill.hpp"
#include "pawnkit/pawns/moves.hpp"

namespace pawnkit::eval {

// Tables by [distance of the file from the edge (0..3)][relative rank (0 = no pawn)].
using ByEdgeDistanceRank = std::array<std::array<int, 7>, 4>;

// Stockfish 15.1's values (internal units, score.hpp); shelter is added (mg), the storms and
// king_on_file subtracted.
struct KingShelterWeights {
  ByEdgeDistanceRank shelter{{{-2, 85, 95, 53, 39, 23, 25},
                              {-55, 64, 32, -55, -30, -11, -61},
                              {-11, 75, 19, -6, 26, 9, -47},
                              {-41, -11, -27, -58, -42, -66, -163}}};
  ByEdgeDistanceRank unblocked_storm{{{94, -280, -170, 90, 59, 47, 53},
                                      {43, -17, 128, 39, 26, -17, 15},
                                      {-9, 62, 170, 34, -5, -20, -11},
                                      {-27, -19, 106, 10, 2, -13, -24}}};
  // By the storming pawn's relative rank.
  std::array<Score, 7> blocked_storm{
      {{0, 0}, {0, 0}, {64, 75}, {-3, 14}, {-12, 19}, {-7, 4}, {-10, 5}}};
  // Subtracted, by [file half-open for us][file half-open for them].
  std::array<std::array<Score, 2>, 2> king_on_file{{{{{-18, 11}, {-6, -3}}}, {{{0, 0}, {5, -4}}}}};
  Score base{5, 5};
  int pawn_distance_eg = 16;  // per square to the nearest own pawn, endgame
};

inline constexpr KingShelterWeights stockfish_king_shelter{};

namespace detail {
constexpr int edge_distance(int file) { return std::min(file, 7 - file); }
// The relative rank of c's rearmost pawn in b (0 when b is empty).
template <Color C>
constexpr int rearmost_rank(Bitboard b) {
  if (!b) return 0;
  return relative_rank<C>(rank_of(C == White ? lsb(b) : msb(b)));
}
}  // namespace detail

// Shelter and storm of color C's king were it on `king` (no castling, no pawn distance).
template <Color C>
constexpr Score shelter_at(Bitboard own, Bitboard enemy, Square king,
                           const KingShelterWeights& w = stockfish_king_shelter) {
  // The king's rank and the ranks in front of it.
  const Bitboard ahead = rank_bb(king) | front_span<C>(rank_bb(king));
  const Bitboard shelter_pawns = own & ahead & ~pawn_attacks<~C>(enemy);
  const Bitboard storm_pawns = enemy & ahead;
  Score s = w.base;
  const int center = std::clamp(file_of(king), 1, 6);
  for (int f = center - 1; f <= center + 1; ++f) {
    const auto ours = std::size_t(detail::rearmost_rank<C>(shelter_pawns & file_bb(File(f))));
    const auto theirs = std::size_t(detail::rearmost_rank<C>(storm_pawns & file_bb(File(f))));
    const auto d = std::size_t(detail::edge_distance(f));
    s.mg += w.shelter[d][ours];
    if (ours != 0 && theirs == ours + 1)
      s -= w.blocked_storm[theirs];
    else
      s.mg -= w.unblocked_storm[d][theirs];
  }
  const bool half_open_us = !(own & file_bb(king));
  const bool half_open_them = !(enemy & file_bb(king));
  return s - w.king_on_file[half_open_us][half_open_them];
}

// Chebyshev distance from the king to its nearest own pawn, 6 when farther or none.
constexpr int nearest_pawn_distance(Bitboard own, Square king) {
  if (own & king_attacks(king)) return 1;
  int d = 6;
  for (const Square p : squares(own))
    d = std::min(
        d, std::max(std::abs(file_of(p) - file_of(king)), std::abs(rank_of(p) - rank_of(king))));
  return d;
}

// Stockfish 15.1's pawn-entry king safety of color C: the best shelter (by middlegame
// value, the king's square first on ties) of the king's square and the castled squares
// its rights allow, minus the distance to its nearest pawn.
template <Color C>
constexpr Score king_shelter(Bitboard own, Bitboard enemy, Square king, bool can_castle_king_side,
                             bool can_castle_queen_side,
                             const KingShelterWeights& w = stockfish_king_shelter) {
  Score best = shelter_at<C>(own, enemy, king, w);
  for (const auto& [allowed, file] :
       {std::pair{can_castle_king_side, File::G}, std::pair{can_castle_queen_side, File::C}}) {
    if (!allowed) continue;
    const Score castled = shelter_at<C>(own, enemy, relative_square(C, file, 0), w);
    if (best.mg < castled.mg) best = castled;
  }
  return best - Score{0, w.pawn_distance_eg * nearest_pawn_distance(own, king)};
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
