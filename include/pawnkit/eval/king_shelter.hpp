// The king's pawn shelter and the enemy's pawn storm, as Stockfish 15.1's classical
// evaluation scores them (the king-safety part of its pawn entry; numbers and definitions
// from the published src/pawns.cpp of sf_15.1, see docs/engine.md). A pawn-and-king term:
// it depends on the pawns, the king squares and the castling rights only, so an engine
// caches it under pawn_king_key() (position_eval.hpp) in a PawnTable, or keeps the inputs
// per king file in its pawn entry (pawn_entry.hpp). No board here: this header needs only
// the bitboard and pawn headers; position_eval.hpp has king_shelter(pos, c).
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

#include <array>
#include <cstddef>
#include <cstdint>

#include "pawnkit/bitboard.hpp"
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

  friend constexpr bool operator==(const KingShelterWeights&, const KingShelterWeights&) = default;
};

inline constexpr KingShelterWeights stockfish_king_shelter{};

namespace detail {
// Small helpers rather than <algorithm> and <cstdlib>: an engine that includes this header
// alone pays for the few lines it needs (bench/include_cost.sh).
constexpr int min(int a, int b) { return a < b ? a : b; }
constexpr int max(int a, int b) { return a < b ? b : a; }
constexpr int distance(int a, int b) { return a < b ? b - a : a - b; }
constexpr int edge_distance(int file) { return min(file, 7 - file); }
// The relative rank of c's rearmost pawn in b (0 when b is empty).
template <Color C>
constexpr int rearmost_rank(Bitboard b) {
  if (!b) return 0;
  return relative_rank<C>(rank_of(C == White ? lsb(b) : msb(b)));
}
}  // namespace detail

// What the shelter and storm read on one file: the relative ranks (0: none) of our shelter
// pawn (the rearmost not attacked by an enemy pawn) and of their storm pawn (the nearest
// to us), among the pawns on the king's rank or in front of it.
struct ShelterInputs {
  int ours = 0;
  int theirs = 0;
  friend constexpr bool operator==(ShelterInputs, ShelterInputs) = default;
};

// The inputs of file f for color C's king on relative rank `king_rank` (0: its first).
template <Color C>
constexpr ShelterInputs shelter_inputs(Bitboard own, Bitboard enemy, int king_rank, int f) {
  const Bitboard rank = relative_rank_bb<C>(king_rank);
  const Bitboard on_file_ahead = (rank | front_span<C>(rank)) & file_bb(File(f));
  return {detail::rearmost_rank<C>(own & on_file_ahead & ~pawn_attacks<~C>(enemy)),
          detail::rearmost_rank<C>(enemy & on_file_ahead)};
}

// The shelter and storm score of file f from its inputs.
constexpr Score shelter_file_score(int f, ShelterInputs in, const KingShelterWeights& w) {
  const auto d = std::size_t(detail::edge_distance(f));
  const auto ours = std::size_t(in.ours), theirs = std::size_t(in.theirs);
  Score s{w.shelter[d][ours], 0};
  if (ours != 0 && theirs == ours + 1)
    s -= w.blocked_storm[theirs];
  else
    s.mg -= w.unblocked_storm[d][theirs];
  return s;
}

// The files a king on file `king_file` shelters behind: its own and its two neighbours,
// the b- to g-file for a king on an edge file. The first of three.
constexpr int first_shelter_file(int king_file) {
  return detail::min(detail::max(king_file, 1), 6) - 1;
}

// The base and the king's-file term, by whether that file is half-open for us and them.
constexpr Score king_file_score(bool half_open_us, bool half_open_them,
                                const KingShelterWeights& w) {
  return w.base - w.king_on_file[half_open_us][half_open_them];
}

// Shelter and storm of a king on file `king_file`, from whether that file is half-open for
// us and for them and from inputs_of(f), the ShelterInputs of file f: shelter_at's sum, and
// the pawn entry's from its cached inputs (pawn_entry.hpp).
template <class InputsOf>
constexpr Score shelter_of_files(int king_file, bool half_open_us, bool half_open_them,
                                 const InputsOf& inputs_of, const KingShelterWeights& w) {
  Score s = king_file_score(half_open_us, half_open_them, w);
  const int first = first_shelter_file(king_file);
  for (int f = first; f < first + 3; ++f) s += shelter_file_score(f, inputs_of(f), w);
  return s;
}

// Shelter and storm of color C's king were it on `king` (no castling, no pawn distance).
template <Color C>
constexpr Score shelter_at(Bitboard own, Bitboard enemy, Square king,
                           const KingShelterWeights& w = stockfish_king_shelter) {
  const int king_rank = relative_rank<C>(rank_of(king));
  return shelter_of_files(
      file_of(king), !(own & file_bb(king)), !(enemy & file_bb(king)),
      [&](int f) { return shelter_inputs<C>(own, enemy, king_rank, f); }, w);
}

// The best of `own_square` (the shelter of the king's square) and castled_on(file), the
// shelter on the first rank of that file, for the castled squares (g1, c1 relative) the
// rights allow, by middlegame value, the king's square first on ties.
template <class CastledOn>
constexpr Score best_shelter(Score own_square, bool can_castle_king_side,
                             bool can_castle_queen_side, const CastledOn& castled_on) {
  Score best = own_square;
  const struct {
    bool allowed;
    File file;
  } castled_squares[] = {{can_castle_king_side, File::G}, {can_castle_queen_side, File::C}};
  for (const auto& [allowed, file] : castled_squares) {
    if (!allowed) continue;
    const Score castled = castled_on(file);
    if (best.mg < castled.mg) best = castled;
  }
  return best;
}

// The squares next to a square (a king's moves on an empty board).
constexpr Bitboard neighbor_squares(Square s) {
  const Bitboard b = square_bb(s), row = b | shift<Direction::East>(b) | shift<Direction::West>(b);
  return (row | shift<Direction::North>(row) | shift<Direction::South>(row)) & ~b;
}

// Chebyshev distance from the king to its nearest own pawn, 6 when farther or none.
constexpr int nearest_pawn_distance(Bitboard own, Square king) {
  if (own & neighbor_squares(king)) return 1;
  int d = 6;
  for (const Square p : squares(own))
    d = detail::min(d, detail::max(detail::distance(file_of(p), file_of(king)),
                                   detail::distance(rank_of(p), rank_of(king))));
  return d;
}

// Stockfish 15.1's pawn-entry king safety of color C: the best shelter (by middlegame
// value, the king's square first on ties) of the king's square and the castled squares
// its rights allow, minus the distance to its nearest pawn.
template <Color C>
constexpr Score king_shelter(Bitboard own, Bitboard enemy, Square king, bool can_castle_king_side,
                             bool can_castle_queen_side,
                             const KingShelterWeights& w = stockfish_king_shelter) {
  const Score best = best_shelter(
      shelter_at<C>(own, enemy, king, w), can_castle_king_side, can_castle_queen_side,
      [&](File file) { return shelter_at<C>(own, enemy, relative_square(C, file, 0), w); });
  return best - Score{0, w.pawn_distance_eg * nearest_pawn_distance(own, king)};
}

static_assert(neighbor_squares(A1) == (square_bb(A2) | square_bb(B1) | square_bb(B2)));
static_assert(popcount(neighbor_squares(E4)) == 8 && popcount(neighbor_squares(H5)) == 5);

}  // namespace pawnkit::eval
